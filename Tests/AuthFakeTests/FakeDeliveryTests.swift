import AuthFake
import AuthModel
import Foundation
import LocationSeam
import Testing

#if canImport(Darwin) && canImport(CoreLocation)
  import CoreLocation
#endif

/// What a seam delegate receives of the legacy services' events, in order.
@MainActor
final class EventRecorder: LocationManagingDelegate {
  var events: [String] = []
  func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation])
  {
    events.append(
      "locations:\(locations.map { "\($0.coordinate.latitude)" }.joined(separator: ","))")
  }
  func locationManager(_ manager: any LocationManaging, didEnterRegion region: CLRegion) {
    events.append("enter:\(region.identifier)")
  }
  func locationManager(_ manager: any LocationManaging, didExitRegion region: CLRegion) {
    events.append("exit:\(region.identifier)")
  }
  func locationManager(_ manager: any LocationManaging, didVisit visit: CLVisit) {
    events.append("visit:\(visit.coordinate.latitude)")
  }
}

/// `FakeDevice`'s deliveries of locations, visits and region crossings: each reaches the
/// managers the model delivers to, and nothing is called where the model delivers none
/// (R43, R47–R49).
@MainActor
@Suite struct FakeDeliveryTests {
  static func device(
    _ location: LocationSetting, precise: Bool = true, start: StartingState? = nil
  ) -> FakeDevice {
    FakeDevice(
      configuration: AppConfiguration(
        ios: .ios18,
        infoPlist: InfoPlist(
          whenInUseUsageDescription: "Shows stations near you",
          alwaysAndWhenInUseUsageDescription: "Reminds you when you arrive",
          backgroundModes: ["location"])),
      start: start ?? StartingState(location: location, precise: precise))
  }

  /// A manager of the running app with a recording seam delegate.
  static func manager(_ device: FakeDevice) -> (FakeLocationManager, EventRecorder) {
    let manager = FakeLocationManager(device: device)
    let recorder = EventRecorder()
    manager.locationDelegate = recorder
    return (manager, recorder)
  }

  static func location(_ latitude: Double) -> CLLocation {
    CLLocation(latitude: latitude, longitude: 11.56)
  }

  static func visit(_ latitude: Double) -> CLVisit {
    #if canImport(Darwin) && canImport(CoreLocation)
      return CLVisit()
    #else
      return CLVisit(
        coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: 11.56),
        horizontalAccuracy: 50, arrivalDate: Date(timeIntervalSince1970: 0),
        departureDate: .distantFuture)
    #endif
  }

  @Test("R43: updates reach the updating managers in use, none once the app is suspended")
  func continuousUpdates() throws {
    let device = Self.device(.whileUsing)
    try device.launch()
    let (updating, recorder) = Self.manager(device)
    let (idle, idleRecorder) = Self.manager(device)
    #expect(device.deliverLocations([Self.location(1)]) == [], "no manager updates")
    updating.startUpdatingLocation()
    #expect(device.deliverLocations([Self.location(2), Self.location(3)]) == [updating.name])
    try device.enterBackground()
    #expect(device.deliverLocations([Self.location(4)]) == [updating.name], "the grace period")
    try device.wait()
    #expect(device.simulator.locationUpdates == .none)
    #expect(device.deliverLocations([Self.location(5)]) == [], "suspended: out of use (R43)")
    try device.enterForeground()
    #expect(device.deliverLocations([]) == [], "Core Location never delivers no location")
    #expect(device.deliverLocations([Self.location(6)]) == [updating.name])
    updating.stopUpdatingLocation()
    #expect(device.deliverLocations([Self.location(7)]) == [])
    #expect(recorder.events == ["locations:2.0,3.0", "locations:4.0", "locations:6.0"])
    #expect(idleRecorder.events == [])
    #expect(idle.name != updating.name)
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("R43, R44: a continuous background session of an Always app keeps updates coming")
  func backgroundSession() throws {
    let device = Self.device(.always)
    try device.launch()
    let (manager, recorder) = Self.manager(device)
    manager.allowsBackgroundLocationUpdates = true
    manager.startUpdatingLocation()
    try device.enterBackground()
    try device.wait()
    #expect(device.deliverLocations([Self.location(1)]) == [manager.name])
    try device.changeSettings(.location(.never))
    #expect(device.deliverLocations([Self.location(2)]) == [], "not authorized (R4)")
    try device.terminate()
    #expect(device.deliverLocations([Self.location(3)]) == [], "the app is not running")
    #expect(recorder.events == ["locations:1.0"])
  }

  @Test("R47: significant changes reach the manager that started them, with Always out of use")
  func significantChanges() throws {
    let whenInUse = Self.device(.whileUsing, precise: false)
    try whenInUse.launch()
    let (manager, recorder) = Self.manager(whenInUse)
    manager.startMonitoringSignificantLocationChanges()
    #expect(whenInUse.deliverLocations([Self.location(1)]) == [manager.name], "in use")
    try whenInUse.enterBackground()
    try whenInUse.wait()
    #expect(whenInUse.simulator.significantChanges == .none)
    #expect(whenInUse.deliverLocations([Self.location(2)]) == [], "When In Use, out of use")
    #expect(recorder.events == ["locations:1.0"])

    let always = Self.device(.always, precise: false)
    try always.launch()
    let (first, firstRecorder) = Self.manager(always)
    first.startMonitoringSignificantLocationChanges()
    try always.enterBackground()
    try always.wait()
    #expect(always.deliverLocations([Self.location(3)]) == [first.name], "Always, out of use")
    try always.terminate()
    #expect(always.deliverLocations([Self.location(4)]) == [], "terminated")
    try always.relaunchInBackground()
    let (next, nextRecorder) = Self.manager(always)
    #expect(always.deliverLocations([Self.location(5)]) == [], "not started again (R47)")
    next.startMonitoringSignificantLocationChanges()
    #expect(always.deliverLocations([Self.location(6)]) == [next.name])
    #expect(firstRecorder.events == ["locations:3.0"])
    #expect(nextRecorder.events == ["locations:6.0"])
    #expect(always.refusedAppCalls.isEmpty)
  }

  @Test("R48: visits reach the manager that started them; after a relaunch, any manager")
  func visits() throws {
    let whenInUse = Self.device(.whileUsing)
    try whenInUse.launch()
    let (watcher, recorder) = Self.manager(whenInUse)
    watcher.startMonitoringVisits()
    #expect(whenInUse.deliverVisit(Self.visit(1)) == [watcher.name])
    try whenInUse.enterBackground()
    try whenInUse.wait()
    #expect(whenInUse.deliverVisit(Self.visit(2)) == [], "When In Use, out of use")
    #expect(recorder.events.count == 1)

    let always = Self.device(.always)
    try always.launch()
    let (first, firstRecorder) = Self.manager(always)
    let (other, otherRecorder) = Self.manager(always)
    first.startMonitoringVisits()
    #expect(always.deliverVisit(Self.visit(3)) == [first.name], "only the manager that started")
    try always.terminate()
    #expect(always.deliverVisit(Self.visit(4)) == [])
    try always.relaunchInBackground()
    let (next, nextRecorder) = Self.manager(always)
    #expect(always.deliverVisit(Self.visit(5)) == [next.name], "no new start needed (R48)")
    next.stopMonitoringVisits()
    #expect(always.deliverVisit(Self.visit(6)) == [], "stopped")
    #expect(firstRecorder.events.count == 1)
    #expect(otherRecorder.events.isEmpty)
    #expect(nextRecorder.events.count == 1)
    #expect(other.name != first.name)
    #if !(canImport(Darwin) && canImport(CoreLocation))
      #expect(firstRecorder.events == ["visit:3.0"])
      #expect(nextRecorder.events == ["visit:5.0"])
    #endif
  }

  @Test("R49: a crossing needs full accuracy and a registered region; it reaches every manager")
  func regionCrossings() throws {
    let device = Self.device(.whileUsing, precise: false)
    try device.launch()
    let (first, firstRecorder) = Self.manager(device)
    let (second, secondRecorder) = Self.manager(device)
    first.startMonitoring(
      for: CLCircularRegion(
        center: CLLocationCoordinate2D(latitude: 48.14, longitude: 11.56), radius: 100,
        identifier: "office"))
    #expect(device.simulator.regionEvents == .none)
    #expect(device.crossRegion("office", entering: true) == [], "Precise off (R49)")
    try device.enterBackground()
    try device.changeSettings(.precise(true))
    try device.enterForeground()
    #expect(device.crossRegion("office", entering: true) == [first.name, second.name])
    #expect(device.crossRegion("home", entering: true) == [], "not registered")
    #expect(device.crossRegion("office", entering: false) == [first.name, second.name])
    second.stopMonitoring(for: device.region("office"))
    #expect(device.crossRegion("office", entering: false) == [], "any manager stops a region")
    #expect(firstRecorder.events == ["enter:office", "exit:office"])
    #expect(secondRecorder.events == firstRecorder.events)
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("R49: regions of an earlier run reach a manager after a relaunch, not while terminated")
  func regionsAfterRelaunch() throws {
    let device = Self.device(
      .always, start: StartingState(location: .always, precise: true, regions: ["home"]))
    #expect(device.crossRegion("home", entering: false) == [], "the app is not running")
    try device.relaunchInBackground()
    #expect(device.crossRegion("home", entering: false) == [], "no manager yet")
    let (manager, recorder) = Self.manager(device)
    #expect(device.crossRegion("home", entering: false) == [manager.name])
    #expect(recorder.events == ["exit:home"])
  }
}
