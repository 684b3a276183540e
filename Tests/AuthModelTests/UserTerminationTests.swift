import AuthModel
import Testing

/// RULES.md §8b: termination by the user (R50).
@Suite struct UserTerminationTests {
  @Test("R50 no CLBackgroundActivitySession carries the app across the user's termination")
  func noCarriedSession() throws {
    var system = try launched(start: StartingState(location: .whileUsing))
    try system.backgroundActivity(held: true)
    try system.enterBackground()
    var user = system
    try system.terminate()
    #expect(system.backgroundIndicator == .shown)
    #expect(system.mayRelaunch)
    let cited = try user.terminate(byUser: true)
    #expect(rules(cited).contains(.r50))
    #expect(user.backgroundIndicator == .hidden)
    #expect(!user.state.carriedBackgroundActivity)
    #expect(!user.mayRelaunch)
  }

  /// Whether an Always app on iOS 17 that did `start` is relaunched after a termination.
  static func relaunches(
    byUser: Bool, _ start: (inout AuthorizationSimulator) throws -> Void
  ) throws -> Bool {
    var location = try launched(ios: .ios17, start: StartingState(location: .always))
    try start(&location)
    try location.terminate(byUser: byUser)
    return location.mayRelaunch
  }

  @Test("R50, R36 live updates do not relaunch after the user's termination; the monitoring does")
  func relaunchReasons() throws {
    #expect(try Self.relaunches(byUser: false) { try $0.liveUpdates(iterating: true) })
    #expect(try !Self.relaunches(byUser: true) { try $0.liveUpdates(iterating: true) })
    #expect(try Self.relaunches(byUser: true) { try $0.monitor(iterating: true) })
    #expect(
      try Self.relaunches(byUser: true) {
        try $0.createManager("map")
        try $0.startMonitoringSignificantLocationChanges("map")
      })
  }

  @Test("R50, R37 the user's termination is refused while the app is not running")
  func notRunning() {
    var location = makeSimulator()
    expectRefusal(.r37, .appNotRunning, &location) { try $0.terminate(byUser: true) }
  }
}
