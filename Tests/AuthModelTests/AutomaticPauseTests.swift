import AuthModel
import Testing

/// RULES.md §8b: the automatic pause (R46).
@Suite struct AutomaticPauseTests {
  @Test("R46 a pause happens only in the background, with a manager that pauses automatically")
  func whenItCanHappen() throws {
    var location = try withManager()
    try location.startUpdatingLocation("map")
    expectRefusal(.r46, .pauseInForeground, &location) { try $0.pauseUpdates() }
    try location.stopUpdatingLocation("map")
    try location.enterBackground()
    expectRefusal(.r46, .nothingToPause, &location) { try $0.pauseUpdates() }
    try location.configureManager(
      "map", properties: ManagerProperties(pausesLocationUpdatesAutomatically: false))
    try location.startUpdatingLocation("map")
    expectRefusal(.r46, .nothingToPause, &location) { try $0.pauseUpdates() }
    try location.configureManager(
      "map", properties: ManagerProperties(pausesLocationUpdatesAutomatically: true))
    try location.pauseUpdates()
    #expect(location.locationUpdates == .none)
    try location.terminate()
    expectRefusal(.r46, .nothingToPause, &location) { try $0.pauseUpdates() }
  }

  @Test("R46 the paused managers stop and get didPause; one that does not pause goes on")
  func pausesOnlyThosePausing() throws {
    var location = try withManager()
    try location.createManager(
      "list", properties: ManagerProperties(pausesLocationUpdatesAutomatically: false))
    _ = location.takeCalls("list")
    try location.startUpdatingLocation("map")
    try location.startUpdatingLocation("list")
    try location.enterBackground()
    try location.pauseUpdates()
    #expect(location.takeCalls("map") == ["didPause"])
    #expect(location.takeCalls("list") == [])
    #expect(location.locationUpdates == .full, "'list' updates, in the grace period")
    expectRefusal(.r43, .updatesNotRunning(ManagerID(0)), &location) {
      try $0.stopUpdatingLocation("map")
    }
  }

  @Test("R46 a pause in the grace period ends the session, not the grace period")
  func pauseInGrace() throws {
    var location = try withManager(.askNextTime, properties: allowsBackground)
    try location.requestWhenInUseAuthorization()
    try location.tap(.allowOnce)
    try location.startUpdatingLocation("map")
    try location.enterBackground()
    let cited = try location.pauseUpdates()
    #expect(rules(cited).isSuperset(of: [.r46, .r44]))
    #expect(location.isInUse, "the grace period goes on")
    #expect(location.authorizationStatus == .authorizedWhenInUse, "a pause ends no grant")
    try location.wait()
    #expect(location.authorizationStatus == .notDetermined)
    #expect(location.backgroundIndicator == .hidden)
  }

  @Test("R46 a restart in the grace period is a start in use; out of use, nothing (assumed)")
  func restart() throws {
    var inGrace = try withManager(properties: allowsBackground)
    try inGrace.startUpdatingLocation("map")
    try inGrace.enterBackground()
    try inGrace.pauseUpdates()
    try inGrace.startUpdatingLocation("map")
    try inGrace.wait()
    #expect(inGrace.backgroundIndicator == .shown)
    #expect(inGrace.locationUpdates == .full)

    var outOfUse = try withManager(properties: allowsBackground)
    try outOfUse.startUpdatingLocation("map")
    try outOfUse.backgroundPastGrace()
    try outOfUse.pauseUpdates()
    #expect(!outOfUse.isInUse)
    try outOfUse.startUpdatingLocation("map")
    #expect(outOfUse.locationUpdates == .none)
    #expect(outOfUse.backgroundIndicator == .hidden)
  }
}
