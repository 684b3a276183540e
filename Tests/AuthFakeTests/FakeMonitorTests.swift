import AuthFake
import AuthModel
import Foundation
import LocationSeam
import Testing

#if canImport(Darwin) && canImport(CoreLocation)
  import CoreLocation
#endif

/// App code that holds `any LocationServices` gets the fake device's `CLMonitor`: its
/// conditions, and their events where the model delivers monitor events (R17, R34).
@MainActor
@Suite struct FakeMonitorTests {
  static let station = CLLocationCoordinate2D(latitude: 48.14, longitude: 11.56)

  static func device(_ location: LocationSetting = .askNextTime) -> FakeDevice {
    FakeDevice(
      configuration: AppConfiguration(
        ios: .ios18,
        infoPlist: InfoPlist(
          whenInUseUsageDescription: "Shows stations near you",
          alwaysAndWhenInUseUsageDescription: "Tells you when you reach a station")),
      start: StartingState(location: location, precise: location == .askNextTime ? nil : true))
  }

  /// The app's code: a monitor of the station it watches, from the services it is given.
  static func watch(_ services: any LocationServices) async -> any LocationMonitor {
    let monitor = await services.monitor("Stations")
    await monitor.add(
      .circularGeographic(center: station, radius: 100), identifier: "Central",
      assuming: .unsatisfied)
    return monitor
  }

  @Test("R34: events of each condition, with why none come, and a crossing where delivered")
  func events() async throws {
    let device = Self.device()
    try device.launch()
    let monitor = await Self.watch(device)
    #expect(await monitor.identifiers == ["Central"])
    var events = monitor.events.makeAsyncIterator()
    let first = try #require(await events.next())
    #expect(first.identifier == "Central")
    #expect(first.state == .unsatisfied, "the assumed state")
    #expect(first.authorizationRequestInProgress, "the implicit session prompts (R17, R18)")
    #expect(device.simulator.monitorEvents == .none)
    #expect(device.deliverMonitorEvent("Central", state: .satisfied) == [], "not delivered")
    try device.tap(.allowWhileUsing, precise: true)
    let second = try #require(await events.next())
    #expect(second.state == .unsatisfied, "the crossing that was not delivered changed nothing")
    #expect(!second.authorizationRequestInProgress)
    #expect(device.simulator.monitorEvents == .delivered)
    #expect(device.deliverMonitorEvent("Central", state: .satisfied) == ["Stations"])
    #expect(device.deliverMonitorEvent("Elsewhere", state: .satisfied) == [], "no such condition")
    let entered = try #require(await events.next())
    #expect(entered.identifier == "Central")
    #expect(entered.state == .satisfied)
    try device.enterBackground()
    try device.wait()
    let suspended = try #require(await events.next())
    #expect(suspended.insufficientlyInUse, "When In Use, out of use (R28, R34)")
    #expect(suspended.state == .satisfied)
    #expect(device.deliverMonitorEvent("Central", state: .unsatisfied) == [])
    try device.terminate()
    #expect(await events.next() == nil, "termination finishes the stream")
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("conditions are kept by the monitor's name across launches; remove forgets one")
  func conditionsPersist() async throws {
    let device = Self.device(.always)
    try device.launch()
    let monitor = await Self.watch(device)
    await monitor.add(
      .beaconIdentity(uuid: UUID(), major: 7), identifier: "Platform", assuming: .unknown)
    try device.terminate()
    try device.launch()
    let again = await device.monitor("Stations")
    #expect(await again.identifiers == ["Central", "Platform"])
    #expect(await device.monitor("Other").identifiers == [])
    await again.remove("Central")
    var events = again.events.makeAsyncIterator()
    let first = try #require(await events.next())
    #expect(first.identifier == "Platform")
    #expect(first.state == .unknown)
    #expect(device.deliverMonitorEvent("Platform", state: .satisfied) == ["Stations"])
    #expect(await events.next()?.state == .satisfied)
  }

  @Test("a second iteration of monitor events is refused and its stream finishes at once")
  func secondIteration() async throws {
    let device = Self.device(.whileUsing)
    try device.launch()
    let first = await Self.watch(device)
    var events = first.events.makeAsyncIterator()
    #expect(await events.next() != nil)
    let second = await Self.watch(device)
    var none = second.events.makeAsyncIterator()
    #expect(await none.next() == nil)
    #expect(device.refusedAppCalls.map(\.rule) == [.r34])
    #expect(device.deliverMonitorEvent("Central", state: .satisfied) == ["Stations"])
  }
}
