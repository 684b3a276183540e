import AuthModel
import Testing

/// RULES.md R36 as amended: relaunch for the legacy monitoring services.
@Suite struct LegacyRelaunchTests {
  typealias Register = @Sendable (inout AuthorizationSimulator) throws -> Void

  static let registrations: [(String, Register)] = [
    ("significant changes", { try $0.startMonitoringSignificantLocationChanges("map") }),
    ("visits", { try $0.startMonitoringVisits("map") }),
    ("a region", { try $0.startMonitoring("map", region: "home") }),
  ]

  /// The app of `setting`, terminated after `register`.
  static func terminated(
    _ setting: LocationSetting, precise: Bool = true, _ register: Register
  ) throws -> AuthorizationSimulator {
    var location = try withManager(setting, precise: precise)
    try register(&location)
    try location.terminate()
    return location
  }

  @Test("R36 significant changes, visits and a region relaunch an Always app, with no session")
  func always() throws {
    for (name, register) in Self.registrations {
      var location = try Self.terminated(.always, register)
      let cited = try location.relaunchInBackground()
      #expect(cited.contains { $0.rule == .r36 }, "\(name)")
      #expect(location.state.sessionsAtTermination.isEmpty)
    }
  }

  @Test("R36 a When In Use app is never relaunched by them")
  func whenInUse() throws {
    for (_, register) in Self.registrations {
      var location = try Self.terminated(.whileUsing, register)
      expectRefusal(.r36, .relaunchNotAllowed(.noAlwaysInEffect), &location) {
        try $0.relaunchInBackground()
      }
    }
  }

  @Test("R36 provisional Always is not enough")
  func provisionalAlways() throws {
    var location = try withManager(.askNextTime)
    try location.requestAlwaysAuthorization()
    try location.tap(.allowWhileUsing)
    try location.startMonitoringSignificantLocationChanges("map")
    try location.terminate()
    #expect(location.authorizationStatus == .authorizedAlways)
    expectRefusal(.r36, .relaunchNotAllowed(.noAlwaysInEffect), &location) {
      try $0.relaunchInBackground()
    }
  }

  @Test("R36 a region relaunches only with full accuracy (assumed)")
  func regionNeedsFullAccuracy() throws {
    let register: Register = { try $0.startMonitoring("map", region: "home") }
    var reduced = try Self.terminated(.always, precise: false, register)
    #expect(!reduced.mayRelaunch)
    let visits = try Self.terminated(.always, precise: false) {
      try $0.startMonitoringVisits("map")
    }
    #expect(visits.mayRelaunch, "visits need no full accuracy")
    try reduced.changeSettings(.precise(true))
    #expect(reduced.mayRelaunch)
  }

  @Test("R36 nothing relaunches an app that is not authorized")
  func notAuthorized() throws {
    var location = try Self.terminated(.always) {
      try $0.startMonitoringSignificantLocationChanges("map")
    }
    try location.changeSettings(.location(.never))
    expectRefusal(.r36, .relaunchNotAllowed(.notAuthorized), &location) {
      try $0.relaunchInBackground()
    }
  }
}
