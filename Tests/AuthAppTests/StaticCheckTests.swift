import AuthApp
import AuthModel
import AuthScenario
import TestSupport
import Testing

@Suite struct StaticCheckTests {
  /// The static findings of a marked app file, as diagnostics.
  static func findings(_ marked: MarkedSource) throws -> [Diagnostic] {
    try AppSchemaTests.check(marked.text).get().staticFindings().map(\.diagnostic)
  }

  static let fullInfo = """
    info:
      NSLocationWhenInUseUsageDescription: x
      NSLocationAlwaysAndWhenInUseUsageDescription: x
      NSLocationTemporaryUsageDescriptionDictionary:
        Walk: x
      UIBackgroundModes: [location]
    """

  @Test("the documented example has no finding")
  func exampleIsClean() throws {
    #expect(try Self.findings(MarkedSource(AppSchemaTests.ekiBright)) == [])
  }

  @Test("A1: each missing key at what needs it")
  func missingKeys() throws {
    let marked = MarkedSource(
      """
      app: Bare
      info:
        NSLocationDefaultAccuracyReduced: true
      features:
        passive:
          holds:
            - session: quiet
              authorization: none
            - manager: main
        alerts:
          restore: true
          holds:
            1️⃣- session: alerts
              authorization: always
              fullAccuracyPurposeKey: 2️⃣Walk
            3️⃣- backgroundActivity
          requests:
            4️⃣- always
          needs:
            background:
              monitorEvents: delivered
        legacy:
          requests:
            5️⃣- temporaryFullAccuracy: 6️⃣Nav
      """)
    let a1When =
      "A1: Info.plist has no NSLocationWhenInUseUsageDescription, which feature 'alerts' needs "
      + "to use location; without it no prompt is shown (R7)"
    let a1Always =
      "A1: Info.plist has no NSLocationAlwaysAndWhenInUseUsageDescription, which session "
      + "'alerts' needs to ask for Always (R7)"
    let key: (String) -> String = {
      "A1: purpose key '\($0)' is not in NSLocationTemporaryUsageDescriptionDictionary; full "
        + "accuracy is never asked for with it (R23)"
    }
    let a4: (String) -> String = {
      "A4: legacy request in feature '\($0)' on iOS 18 and later (anti-pattern 7, ignoring "
        + "CLServiceSession); hold a session with the authorization the feature needs instead"
    }
    #expect(
      try Self.findings(marked) == [
        .error(a1When, at: marked[0]),
        .error(a1Always, at: marked[0]),
        .error(key("Walk"), at: marked[1]),
        .error(
          "A1: UIBackgroundModes has no 'location', which the background activity session of "
            + "feature 'alerts' needs (R35)", at: marked[2]),
        .error(
          "A1: Info.plist has no NSLocationAlwaysAndWhenInUseUsageDescription, which "
            + "'request: always' of feature 'alerts' needs (R7)", at: marked[3]),
        .warning(a4("alerts"), at: marked[3]),
        .error(
          "A1: Info.plist has no NSLocationWhenInUseUsageDescription, which feature 'legacy' "
            + "needs to use location; without it no prompt is shown (R7)", at: marked[4]),
        .warning(a4("legacy"), at: marked[4]),
        .error(key("Nav"), at: marked[5]),
      ])
  }

  /// An app file whose Info.plist has the usage strings but no background mode, with one
  /// restored user feature that keeps what it holds in the background.
  static func withoutBackgroundMode(_ feature: String) -> String {
    """
    app: No Mode
    info:
      NSLocationWhenInUseUsageDescription: x
      NSLocationAlwaysAndWhenInUseUsageDescription: x
    features:
      f:
        restore: true
        inBackground: keep
    \(feature.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    " + $0 }.joined(separator: "\n"))
    """
  }

  struct BackgroundModeCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// The feature's `holds` and `needs`, marked where A1 is expected.
    let feature: String
    /// The A1 message, or `nil` when A1 finds nothing.
    let message: String?
    var testDescription: String { name }
  }

  static let backgroundModeCases = [
    BackgroundModeCase(
      name: "a monitor with an always session needs no mode (R34)",
      feature: """
        holds:
          - session: alerts
            authorization: always
          - monitor
        needs:
          background:
            monitorEvents: delivered
        """, message: nil),
    BackgroundModeCase(
      name: "live updates in the background need it (R33)",
      feature: """
        holds:
          - session: track
            authorization: always
          - liveUpdates
        needs:
          1️⃣background:
            updates: [full, reduced]
        """,
      message:
        "A1: UIBackgroundModes has no 'location', which feature 'f' needs for 'updates' in the "
        + "background (R33)"),
    BackgroundModeCase(
      name: "a background need that accepts no updates does not",
      feature: """
        holds:
          - session: track
            authorization: always
          - liveUpdates
        needs:
          background:
            updates: [reduced, none]
            authorizationStatus: authorizedAlways
        """, message: nil),
    BackgroundModeCase(
      name: "a background activity session needs it, at the holding (R35)",
      feature: """
        holds:
          - session: alerts
            authorization: always
          - monitor
          1️⃣- backgroundActivity
        needs:
          background:
            monitorEvents: delivered
        """,
      message:
        "A1: UIBackgroundModes has no 'location', which the background activity session of "
        + "feature 'f' needs (R35)"),
  ]

  @Test(
    "A1 asks for the location background mode only where a rule needs it",
    arguments: backgroundModeCases)
  func backgroundMode(_ example: BackgroundModeCase) throws {
    let marked = MarkedSource(Self.withoutBackgroundMode(example.feature))
    let expected = example.message.map { [Diagnostic.error($0, at: marked[0])] } ?? []
    #expect(try Self.findings(marked) == expected)
  }

  @Test("a geofence with an always session and no background mode is explored, and works")
  func geofenceWithoutBackgroundMode() throws {
    let app = try AppSchemaTests.check(
      Self.withoutBackgroundMode(Self.backgroundModeCases[0].feature)
    ).get()
    let report = AppChecker.check(app)
    #expect(report.findings.isEmpty)
    #expect(report.explored)
    #expect(report.failures.isEmpty)
  }

  @Test("A1: sessions and diagnostics conditions on iOS 17")
  func ios17() throws {
    let marked = MarkedSource(
      """
      app: Old
      ios: 17
      \(Self.fullInfo)
      features:
        map:
          holds:
            1️⃣- session: s
              authorization: whenInUse
          requests: [whenInUse]
      checks:
        - never:
            diagnostics:
              2️⃣s: [authorizationDenied]
      """)
    #expect(
      try Self.findings(marked) == [
        .error(
          "A1: session 's' of feature 'map' needs iOS 18: iOS 17 has no CLServiceSession (R39); "
            + "use requests", at: marked[0]),
        .error(
          "A1: diagnostics of 's' need iOS 18: iOS 17 has no CLServiceSession diagnostics (R39)",
          at: marked[1]),
      ])
  }

  @Test("A2, A3 and A4 warn; a user feature asking for Always does not")
  func warnings() throws {
    let marked = MarkedSource(
      """
      app: Eager
      \(Self.fullInfo)
      features:
        tracker:
          startedBy: launch
          holds:
            1️⃣- session: track
              authorization: always
        screen:
          startedBy: foreground
          holds: [liveUpdates]
          requests:
            2️⃣- always
        trip:
          inBackground: keep
          holds:
            - session: trip
              authorization: always
            - backgroundActivity
          needs:
            3️⃣background:
              updates: full
      """)
    let a2: (String, String, String) -> String = { what, feature, by in
      "A2: premature Always (anti-pattern 1): \(what) asks for Always in feature '\(feature)', "
        + "which the app starts by itself ('startedBy: \(by)'), before the user asked for "
        + "anything that needs Always"
    }
    #expect(
      try Self.findings(marked) == [
        .warning(a2("session 'track'", "tracker", "launch"), at: marked[0]),
        .warning(a2("'request: always'", "screen", "foreground"), at: marked[1]),
        .warning(
          "A4: legacy request in feature 'screen' on iOS 18 and later (anti-pattern 7, ignoring "
            + "CLServiceSession); hold a session with the authorization the feature needs instead",
          at: marked[1]),
        .warning(
          "A3: feature 'trip' needs location in the background but is not restored: after the "
            + "system terminates the app it stays off until the user starts it again; add "
            + "'restore: true'", at: marked[2]),
      ])
  }

  @Test("a description built in Swift gets the same findings, without positions")
  func swiftDescription() {
    let app = AppDescription(
      name: "Built",
      configuration: AppConfiguration(infoPlist: InfoPlist(whenInUseUsageDescription: "x")),
      features: [
        Feature(
          "alerts", startedBy: .launch,
          holds: [Holding(.session(id: "a", authorization: .always, fullAccuracyPurposeKey: nil))])
      ])
    #expect(app.staticFindings().map(\.check) == [.a1, .a2])
    #expect(app.staticFindings().allSatisfy { $0.position == nil })
  }
}
