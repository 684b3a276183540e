import AuthModel
import Testing

/// ``AuthorizationSimulator`` takes the legacy services' steps (§8b) and explains their values
/// with their rules.
@Suite struct LegacySimulatorTests {
  @Test("the simulator takes every legacy step")
  func everyStep() throws {
    var location = try launched(start: StartingState(location: .always))
    try location.createManager(
      "map",
      properties: ManagerProperties(
        allowsBackgroundLocationUpdates: true, showsBackgroundLocationIndicator: true,
        pausesLocationUpdatesAutomatically: true))
    try location.configureManager(
      "map", properties: ManagerProperties(pausesLocationUpdatesAutomatically: true))
    try location.startUpdatingLocation("map")
    try location.startMonitoringSignificantLocationChanges("map")
    try location.startMonitoringVisits("map")
    try location.startMonitoring("map", region: "home")
    try location.enterBackground()
    try location.pauseUpdates()
    try location.stopMonitoring("map", region: "home")
    try location.stopMonitoringVisits("map")
    try location.stopMonitoringSignificantLocationChanges("map")
    try location.startUpdatingLocation("map")
    try location.stopUpdatingLocation("map")
    try location.changeSettings([.precise(false), .locationServices(true)])
    try location.enterForeground()
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation", by: "map")
    try location.releaseManager("map")
    try location.terminate(byUser: true)
    #expect(location.state.legacy.isIdle)
    #expect(
      location.takeCalls("map") == [
        "authorizedAlways/fullAccuracy", "didPause", "authorizedAlways/reducedAccuracy",
      ])
  }

  @Test("each new value's explanation names the rules that decide it")
  func explanations() throws {
    var location = try withManager(.always, properties: allowsBackground)
    try location.startUpdatingLocation("map")
    try location.startMonitoringSignificantLocationChanges("map")
    try location.startMonitoringVisits("map")
    try location.startMonitoring("map", region: "home")
    try location.backgroundPastGrace()
    #expect(location.rules(of: .locationUpdates).isSuperset(of: [.r4, .r43, .r44]))
    #expect(location.rules(of: .significantChanges).isSuperset(of: [.r4, .r47]))
    #expect(location.rules(of: .visits).isSuperset(of: [.r4, .r48]))
    #expect(location.rules(of: .regionEvents).isSuperset(of: [.r2, .r4, .r49]))
    #expect(location.rules(of: .monitoredRegions) == [.r49])
    #expect(location.rules(of: .backgroundIndicator).contains(.r44))
    #expect(location.describe(.monitoredRegions) == "[home]")
    #expect(location.observation(of: .monitoredRegions).value == .monitoredRegions(["home"]))
    #expect(location.describe(.locationUpdates) == "full")
    #expect(location.describe(.visits) == "delivered")
  }

  @Test("the observables are in the one vocabulary, with their values")
  func vocabulary() throws {
    let legacy = ObservableKey.allCases.filter(\.isLegacyService)
    #expect(
      legacy == [.locationUpdates, .significantChanges, .visits, .regionEvents, .monitoredRegions])
    #expect(ObservableKey.locationUpdates.value(spelled: "reduced") == .locationUpdates(.reduced))
    #expect(ObservableKey.regionEvents.value(spelled: "delivered") == .regionEvents(.delivered))
    #expect(ObservableKey.monitoredRegions.form == .regionIDs)
    #expect(ObservedValue.monitoredRegions(unordered: ["b", "a"]).description == "[a, b]")
    #expect(
      ObservedValue.callbacks([.didPause, .monitoringDidFail(region: "home")]).description
        == "[didPause, monitoringDidFail:home]")
  }
}
