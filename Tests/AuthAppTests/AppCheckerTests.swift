import AuthApp
import AuthEngine
import AuthExplorer
import AuthModel
import AuthScenario
import TestSupport
import Testing

@Suite struct AppCheckerTests {
  @Test("a static error fails the app, which is not explored")
  func staticErrorFails() {
    let app = AppDescription(
      name: "No strings", configuration: AppConfiguration(infoPlist: InfoPlist()),
      features: [Feature("map", holds: [Holding(.liveUpdates)])])
    let report = AppChecker.check(app)
    #expect(!report.passed && !report.explored)
    #expect(report.failures.map(\.kind) == [.staticCheck(.a1)])
  }

  /// The documented example, its second check over every user (as the format's own example).
  static var example: AppDescription {
    get throws {
      let text = MarkedSource(AppSchemaTests.ekiBright).text
        .replacingOccurrences(of: "user: cooperative", with: "user: any")
      return try AppSchemaTests.check(text).get()
    }
  }

  @Test("the documented example passes; only a non-cooperative answer reaches 'denied'")
  func examplePasses() throws {
    let report = AppChecker.check(try Self.example)
    #expect(report.findings.isEmpty)
    #expect(report.failures == [])
    #expect(report.explored)
    // States, transitions and depth of the cooperative user's exploration, then every user's.
    #expect(
      report.explorations.map { [$0.states, $0.transitions, $0.depth] } == [
        [121, 463, 10], [31579, 245423, 20],
      ])
    // The same check over the cooperative user only: no story of theirs reaches 'denied'.
    let app = try AppSchemaTests.check(MarkedSource(AppSchemaTests.ekiBright).text).get()
    #expect(app.checks[1].users == .cooperative)
    let cooperative = AppChecker.check(app)
    #expect(cooperative.failures.map(\.kind) == [.check(index: 1)])
    #expect(cooperative.failures.first?.position == app.checks[1].position)
    #expect(
      cooperative.failures.first?.message
        == "check 'a denied user can still open the app and see stations' does not hold: no "
        + "story reaches such a state for the cooperative user")
  }

  @Test("a check a user's denial breaks: no edit fixes it, the hint is the fallback to show")
  func fallbackHint() throws {
    let app = try AppSchemaTests.check(
      """
      app: Precise Map
      info:
        NSLocationWhenInUseUsageDescription: x
      features:
        map:
          startedBy: foreground
          holds:
            - session: s
              authorization: whenInUse
            - liveUpdates
      checks:
        - when:
            app: foreground
            features: [map]
            authorizationStatus: authorizedWhenInUse
          expect:
            updates: full
      """
    ).get()
    let failure = try #require(AppChecker.check(app).failures.first)
    #expect(failure.kind == .check(index: 0))
    #expect(
      failure.hint
        == "a user's choice (Allow Once with Precise off): work with approximate location, "
        + "and say what precise location would add")
    // No rule decides: they are in rule order.
    #expect(failure.because.map(\.rule.id) == ["R1", "R2", "R3", "R4", "R33"])
    // The same check over the cooperative user, who keeps Precise on, holds.
    var cooperative = app
    cooperative.checks[0].users = .cooperative
    #expect(AppChecker.check(cooperative).passed)
  }

  @Test("an exploration that stops early fails the app as incomplete, never passes it")
  func incomplete() throws {
    let report = AppChecker.check(try Self.example, options: ExplorationOptions(maxStates: 50))
    #expect(!report.passed && !report.explored)
    #expect(report.failures.contains { $0.kind == .incomplete })
    // Only what the search decided fails it besides: nothing undecided reads as a violation.
    #expect(report.failures.allSatisfy { $0.kind == .incomplete })
  }

  @Test("warnings alone do not fail an app")
  func warningsDoNotFail() {
    let app = AppDescription(
      name: "Legacy",
      configuration: AppConfiguration(infoPlist: InfoPlist(whenInUseUsageDescription: "x")),
      features: [Feature("map", requests: [FeatureRequest(.whenInUse)])])
    let report = AppChecker.check(app)
    #expect(report.warnings.map(\.check) == [.a4])
    #expect(!report.failures.contains { $0.kind == .staticCheck(.a4) })
  }
}

extension AppCheckerTests {
  @Test("INCOMPLETE says the states stored, the features, and the ones that hold the most")
  func incompleteMessage() throws {
    let app = try Self.example
    #expect(
      AppChecker.incomplete(
        "exploration of every user's stories", states: 1_234_567, app, limit: nil)
        == "INCOMPLETE: the exploration of every user's stories stopped after 1,234,567 states "
        + "stored, its limit, and the states of the app's 3 features were still growing; "
        + "nothing is proved: split the app into smaller app files, e.g. 'arrivalAlert' (the "
        + "feature that holds the most) in a file of its own")
    var many = app
    many.features += app.features.map {
      var copy = $0
      copy.name += "Again"
      return copy
    }
    #expect(
      AppChecker.incomplete("search", states: 12, many, limit: "--max-states")
        .hasSuffix(
          "stopped after 12 states stored, its limit (--max-states), and the states of the "
            + "app's 6 features were still growing; nothing is proved: split the app into "
            + "smaller app files, e.g. 'arrivalAlert', 'arrivalAlertAgain' and 'nearbyStations' "
            + "(the features that hold the most) in a file of their own"))
    var one = app
    one.features = [app.features[0]]
    #expect(
      AppChecker.incomplete("search", states: 1_000, one, limit: nil)
        .hasSuffix(
          "1,000 states stored, its limit, and the states of the app's 1 feature were still "
            + "growing; nothing is proved: the app's one feature holds too much to explore: "
            + "give it fewer holdings"))
  }
}
