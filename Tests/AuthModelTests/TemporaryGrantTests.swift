import AuthModel
import Testing

/// RULES.md §4: Allow Once and temporary grants (R12).
@Suite struct TemporaryGrantTests {
  enum Grant: String, Sendable, CaseIterable {
    case allowOnce, temporaryFullAccuracy
  }

  struct ExpiryCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info = makeInfo()
    var steps: @Sendable (inout AuthorizationSimulator) throws -> Void
    var kept: Bool
    var testDescription: String { name }
  }

  static let expiryTable: [ExpiryCase] = [
    ExpiryCase(name: "still in the foreground", steps: { _ in }, kept: true),
    ExpiryCase(name: "wait in the foreground", steps: { try $0.wait() }, kept: true),
    ExpiryCase(
      name: "a short trip to the background", steps: { try $0.enterBackground() }, kept: true),
    ExpiryCase(
      name: "back from a short trip, then wait",
      steps: {
        try $0.enterBackground()
        try $0.enterForeground()
        try $0.wait()
      }, kept: true),
    ExpiryCase(
      name: "wait in the background", steps: { try $0.backgroundPastGrace() }, kept: false),
    ExpiryCase(name: "termination", steps: { try $0.terminate() }, kept: false),
    ExpiryCase(
      name: "termination during the grace period",
      steps: {
        try $0.enterBackground()
        try $0.terminate()
      }, kept: false),
    ExpiryCase(
      name: "wait in the background with an active background activity session",
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
      }, kept: true),
    ExpiryCase(
      name: "background activity session without the location background mode",
      info: makeInfo(locationBackgroundMode: false),
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
      }, kept: false),
    ExpiryCase(
      name: "wait after the app stopped its background activity session",
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
        try $0.enterForeground()
        try $0.backgroundActivity(held: false)
        try $0.backgroundPastGrace()
      }, kept: false),
    ExpiryCase(
      name: "termination carried by an active background activity session",
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
        try $0.terminate()
        try $0.wait()
      }, kept: true),
    ExpiryCase(
      name: "carried session resumed at a background relaunch, then wait",
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.terminate()
        try $0.relaunchInBackground()
        try $0.backgroundActivity(held: true)
        try $0.wait()
      }, kept: true),
    ExpiryCase(
      name: "carried session not resumed at a background relaunch, then wait",
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.terminate()
        try $0.relaunchInBackground()
        try $0.wait()
      }, kept: false),
  ]

  /// The expiry table, once for each temporary grant.
  static let grantTable: [(Grant, ExpiryCase)] = Grant.allCases.flatMap { grant in
    expiryTable.map { (grant, $0) }
  }

  @Test("R12 temporary grants end when the app stops being in use", arguments: grantTable)
  func expiry(grant: Grant, c: ExpiryCase) throws {
    var location: AuthorizationSimulator
    switch grant {
    case .allowOnce:
      location = try launched(info: c.info)
      try location.requestWhenInUseAuthorization()
      try location.tap(.allowOnce, precise: false)
    case .temporaryFullAccuracy:
      location = try launched(info: c.info, start: .init(location: .whileUsing, precise: false))
      try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
      try location.tap(.allowOnce)
    }
    try c.steps(&location)
    switch grant {
    case .allowOnce:
      // Allow Once reverts to Ask Next Time when it lapses.
      #expect(location.state.allowOnce == c.kept)
      #expect(location.authorizationStatus == (c.kept ? .authorizedWhenInUse : .notDetermined))
      #expect(location.settingsShows == .askNextTime)
    case .temporaryFullAccuracy:
      #expect(location.state.temporaryFullAccuracy == c.kept)
      #expect(location.accuracyAuthorization == (c.kept ? .fullAccuracy : .reducedAccuracy))
      #expect(location.authorizationStatus == .authorizedWhenInUse)
    }
  }

  @Test("R12 the lapse of Allow Once is explained by R12")
  func lapseIsExplained() throws {
    var location = try launched()
    try location.requestWhenInUseAuthorization()
    try location.tap(.allowOnce)
    try location.enterBackground()
    let citations = try location.wait()
    #expect(citations.contains { $0.rule == .r12 })
    #expect(location.state.location == .askNextTime)
  }
}
