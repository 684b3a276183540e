import AuthModel
import Testing

/// RULES.md §8b: significant-change monitoring (R47).
@Suite struct SignificantChangesTests {
  @Test("R47 a start registers the app and delivers while it is served, at any accuracy")
  func delivers() throws {
    var location = try withManager(precise: false)
    #expect(location.significantChanges == .none)
    try location.startMonitoringSignificantLocationChanges("map")
    #expect(location.significantChanges == .delivered)
    #expect(location.state.legacy.significantChangesRegistered)
    try location.backgroundPastGrace()
    #expect(location.significantChanges == .none, "a When In Use app out of use")
    var always = try withManager(.always, precise: false)
    try always.startMonitoringSignificantLocationChanges("map")
    try always.backgroundPastGrace()
    #expect(always.significantChanges == .delivered)
    #expect(always.rules(of: .significantChanges).contains(.r47))
  }

  @Test("R47 nothing while the app is not authorized, or for provisional Always out of use")
  func notServed() throws {
    var denied = try withManager(.never)
    try denied.startMonitoringSignificantLocationChanges("map")
    #expect(denied.significantChanges == .none)
    var provisional = try withManager(.askNextTime)
    try provisional.requestAlwaysAuthorization()
    try provisional.tap(.allowWhileUsing)
    try provisional.startMonitoringSignificantLocationChanges("map")
    #expect(provisional.significantChanges == .delivered)
    try provisional.backgroundPastGrace()
    #expect(provisional.significantChanges == .none)
  }

  @Test("R47 the registration survives termination; after a relaunch the app starts it again")
  func persisted() throws {
    var location = try withManager(.always)
    try location.startMonitoringSignificantLocationChanges("map")
    try location.terminate()
    #expect(location.state.legacy.significantChangesRegistered)
    try location.relaunchInBackground()
    try location.createManager("map")
    #expect(location.significantChanges == .none)
    try location.startMonitoringSignificantLocationChanges("map")
    #expect(location.significantChanges == .delivered)
  }

  @Test("R47 any manager stops it; a released manager's start no longer counts")
  func stopAndRelease() throws {
    var location = try withManager()
    try location.createManager("list")
    try location.startMonitoringSignificantLocationChanges("map")
    try location.releaseManager("map")
    #expect(location.significantChanges == .none)
    #expect(location.state.legacy.significantChangesRegistered, "the registration stays")
    try location.stopMonitoringSignificantLocationChanges("list")
    #expect(!location.state.legacy.significantChangesRegistered)
    expectRefusal(.r47, .significantChangesNotRegistered, &location) {
      try $0.stopMonitoringSignificantLocationChanges("list")
    }
  }
}
