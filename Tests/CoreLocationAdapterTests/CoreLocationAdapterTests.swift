import CoreLocation
import Foundation
import LocationSeamOnStandIn
import Testing

/// The seam's `CLLocationManager` conformance, compiled against the Core Location stand-in:
/// the manager is `any LocationManaging`, and each `CLLocationManagerDelegate` call Core
/// Location makes reaches the seam's delegate through the proxy.
@MainActor
@Suite struct CoreLocationAdapterTests {
  /// A seam delegate that writes down each call, and the manager it came with.
  final class Recorder: LocationManagingDelegate {
    var calls: [String] = []
    var managers: [ObjectIdentifier] = []

    private func record(_ call: String, _ manager: any LocationManaging) {
      calls.append(call)
      managers.append(ObjectIdentifier(manager))
    }
    func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
      record("didChangeAuthorization", manager)
    }
    func locationManager(
      _ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]
    ) {
      record("didUpdateLocations \(locations.map(\.coordinate.latitude))", manager)
    }
    func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error) {
      record("didFailWithError", manager)
    }
    func locationManagerDidPauseLocationUpdates(_ manager: any LocationManaging) {
      record("didPause", manager)
    }
    func locationManagerDidResumeLocationUpdates(_ manager: any LocationManaging) {
      record("didResume", manager)
    }
    func locationManager(_ manager: any LocationManaging, didEnterRegion region: CLRegion) {
      record("didEnterRegion \(region.identifier)", manager)
    }
    func locationManager(_ manager: any LocationManaging, didExitRegion region: CLRegion) {
      record("didExitRegion \(region.identifier)", manager)
    }
    func locationManager(
      _ manager: any LocationManaging, monitoringDidFailFor region: CLRegion?,
      withError error: any Error
    ) {
      record("monitoringDidFail \(region?.identifier ?? "nil")", manager)
    }
    func locationManager(_ manager: any LocationManaging, didVisit visit: CLVisit) {
      record("didVisit", manager)
    }
  }

  struct Failure: Error {}

  @Test("a CLLocationManager is a LocationManaging whose members are its own")
  func conforms() {
    let manager = CLLocationManager()
    let seam: any LocationManaging = manager
    seam.allowsBackgroundLocationUpdates = true
    #expect(manager.allowsBackgroundLocationUpdates)
    #expect(seam.pausesLocationUpdatesAutomatically == manager.pausesLocationUpdatesAutomatically)
    #expect(seam.authorizationStatus == .notDetermined)
    #expect(seam.monitoredRegions.isEmpty)
  }

  @Test("every CLLocationManagerDelegate call reaches the seam's delegate, with the manager")
  func forwardsEveryCall() throws {
    let manager = CLLocationManager()
    let recorder = Recorder()
    manager.locationDelegate = recorder
    #expect(manager.locationDelegate === recorder)
    // Core Location calls what it holds: the manager's `delegate`, as a CLLocationManagerDelegate.
    let core: any CLLocationManagerDelegate = try #require(manager.delegate)
    let region = CLCircularRegion(
      center: CLLocationCoordinate2D(latitude: 48.1, longitude: 11.6), radius: 100,
      identifier: "station")
    core.locationManagerDidChangeAuthorization(manager)
    core.locationManager(manager, didUpdateLocations: [CLLocation(latitude: 48.1, longitude: 11.6)])
    core.locationManager(manager, didFailWithError: Failure())
    core.locationManagerDidPauseLocationUpdates(manager)
    core.locationManagerDidResumeLocationUpdates(manager)
    core.locationManager(manager, didEnterRegion: region)
    core.locationManager(manager, didExitRegion: region)
    core.locationManager(manager, monitoringDidFailFor: region, withError: Failure())
    core.locationManager(manager, didVisit: CLVisit())
    #expect(
      recorder.calls == [
        "didChangeAuthorization", "didUpdateLocations [48.1]", "didFailWithError", "didPause",
        "didResume", "didEnterRegion station", "didExitRegion station",
        "monitoringDidFail station", "didVisit",
      ])
    #expect(recorder.managers == Array(repeating: ObjectIdentifier(manager), count: 9))
  }

  @Test("the proxy lives as long as its manager, though the manager's delegate is weak")
  func keepsTheProxy() throws {
    let manager = CLLocationManager()
    let recorder = Recorder()
    manager.locationDelegate = recorder
    let other = CLLocationManager()
    other.locationDelegate = Recorder()
    let core = try #require(manager.delegate)
    core.locationManagerDidChangeAuthorization(manager)
    #expect(recorder.calls == ["didChangeAuthorization"])
    manager.locationDelegate = nil
    #expect(manager.delegate == nil)
    #expect(manager.locationDelegate == nil)
    #expect(other.delegate != nil)
  }
}

/// The seam's iOS 17 and 18 services, compiled against the Core Location stand-in: each factory
/// makes Core Location's object, and a stream ends with Core Location's sequence (the stand-in's
/// are empty).
@MainActor
@Suite struct CoreLocationServicesTests {
  @Test("CoreLocationServices makes Core Location's objects behind the seam's protocols")
  func factories() async {
    let services: any LocationServices = CoreLocationServices()
    let session = services.serviceSession(authorization: .whenInUse, fullAccuracyPurposeKey: "Walk")
    #expect(session is CoreLocationServiceSession)
    #expect(services.backgroundActivitySession() is CLBackgroundActivitySession)
    var diagnostics = session.diagnostics.makeAsyncIterator()
    #expect(await diagnostics.next() == nil)
    var updates = services.liveUpdates().makeAsyncIterator()
    #expect(await updates.next() == nil)
    session.invalidate()
    let monitor = await services.monitor("Stations")
    #expect(monitor is CoreLocationMonitor)
    #expect(monitor.name == "Stations")
    await monitor.add(
      .circularGeographic(
        center: CLLocationCoordinate2D(latitude: 48.14, longitude: 11.56), radius: 100),
      identifier: "Central", assuming: .unsatisfied)
    await monitor.add(
      .beaconIdentity(uuid: UUID(), major: 1, minor: 2), identifier: "Platform", assuming: .unknown)
    await monitor.remove("Platform")
    #expect(await monitor.identifiers == [])
    var events = monitor.events.makeAsyncIterator()
    #expect(await events.next() == nil)
  }
}
