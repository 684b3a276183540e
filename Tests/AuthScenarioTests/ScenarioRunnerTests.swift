import AuthModel
import TestSupport
import Testing

@testable import AuthScenario

@Suite struct ScenarioRunnerTests {
  /// Checks and runs `text`, which must be a valid scenario.
  static func run(_ text: String) throws -> ScenarioResult {
    let read = YAMLReader.read(text)
    #expect(read.diagnostics == [])
    let scenario = try ScenarioSchema.check(read.root) { _ in
      .failure(InfoPlistError("no Info.plist files here"))
    }.get()
    return ScenarioRunner.run(scenario)
  }

  static let both = """
    info:
      NSLocationWhenInUseUsageDescription: Shows stations near you
      NSLocationAlwaysAndWhenInUseUsageDescription: Reminds you when you arrive
      NSLocationTemporaryUsageDescriptionDictionary:
        Navigation: Turn-by-turn directions
      UIBackgroundModes: [location]
    """

  // MARK: Expectations

  @Test("a wrong expectation fails at its value, with expected, actual and the rules behind it")
  func wrongExpectationFails() throws {
    let marked = MarkedSource(
      """
      scenario: wrong status
      \(Self.both)
      steps:
        - 1️⃣launch
        - 2️⃣request: whenInUse
        - 3️⃣tap: allowWhileUsing
        - expect:
            prompt: none
            authorizationStatus: 4️⃣authorizedAlways
            accuracyAuthorization: fullAccuracy

      """)
    let result = try Self.run(marked.text)
    #expect(
      result.failure
        == ScenarioFailure(
          position: marked[3],
          message: "expected authorizationStatus 'authorizedAlways', got 'authorizedWhenInUse'",
          expected: "authorizedAlways", actual: "authorizedWhenInUse",
          because: [
            Citation(.r1, "the stored choice is While Using the App"),
            Citation(.r9, "Allow While Using stores While Using the App"),
          ],
          stepsTaken: [
            TakenStep(summary: "launch", position: marked[0]),
            TakenStep(summary: "request: whenInUse", position: marked[1]),
            TakenStep(summary: "tap: allowWhileUsing", position: marked[2]),
          ]))
    #expect(!result.passed)
  }

  @Test("a wrong diagnostics list fails with both lists in Core Location's order")
  func wrongDiagnosticsFail() throws {
    let marked = MarkedSource(
      """
      scenario: wrong flags
      \(Self.both)
      steps:
        - launch
        - session: app
          authorization: whenInUse
        - expect:
            diagnostics:
              app: 1️⃣[insufficientlyInUse, authorizationDenied]

      """)
    let failure = try #require(try Self.run(marked.text).failure)
    #expect(failure.position == marked[0])
    #expect(failure.expected == "[authorizationDenied, insufficientlyInUse]")
    #expect(failure.actual == "[authorizationRequestInProgress]")
    #expect(failure.because.map(\.rule) == [.r27])
    #expect(
      failure.message
        == "expected diagnostics of 'app' '[authorizationDenied, insufficientlyInUse]', "
        + "got '[authorizationRequestInProgress]'")
  }

  @Test("requestResult with no request in this run of the app fails, citing R13")
  func requestResultWithoutRequestFails() throws {
    let marked = MarkedSource(
      """
      scenario: request result of an earlier run
      \(Self.both)
      steps:
        - launch
        - request: whenInUse
        - expect:
            requestResult: prompted
        - terminate
        - launch
        - expect:
            requestResult: 1️⃣prompted

      """)
    let failure = try #require(try Self.run(marked.text).failure)
    #expect(failure.position == marked[0])
    #expect(failure.expected == "prompted")
    #expect(failure.actual == "no request this run")
    #expect(failure.because == [Citation(.r13, "the app made no legacy request in this run")])
  }

  struct HolderCase: CustomTestStringConvertible, Sendable {
    var name: String
    var ios: Int
    /// The steps before the check, one a line, as written after `  - `.
    var steps: [String]
    var holder: String
    var actual: String
    var because: Citation
    var testDescription: String { name }
  }

  static let holderCases: [HolderCase] = [
    HolderCase(
      name: "a session never created", ios: 18, steps: ["launch"], holder: "app",
      actual: "not held", because: Citation(.r17, "the app holds no 'app' now; holders: none")),
    HolderCase(
      name: "a session invalidated, others held", ios: 18,
      steps: [
        "launch", "session: app\n    authorization: whenInUse",
        "session: nav\n    authorization: none", "liveUpdates: start", "invalidate: app",
      ], holder: "app", actual: "not held",
      because: Citation(.r17, "the app holds no 'app' now; holders: nav, liveUpdates")),
    HolderCase(
      name: "live updates not iterated", ios: 18, steps: ["launch"], holder: "liveUpdates",
      actual: "not held",
      because: Citation(.r17, "the app holds no 'liveUpdates' now; holders: none")),
    HolderCase(
      name: "a session of a terminated app", ios: 18,
      steps: ["launch", "session: app\n    authorization: none", "terminate"], holder: "app",
      actual: "not held", because: Citation(.r17, "the app holds no 'app' now; holders: none")),
    HolderCase(
      name: "anything on iOS 17", ios: 17, steps: ["launch", "liveUpdates: start"],
      holder: "liveUpdates", actual: "no diagnostics",
      because: Citation(.r39, "iOS 17 has no CLServiceSession diagnostics")),
  ]

  @Test(
    "diagnostics of a holder the app does not hold fail and say what is held",
    arguments: holderCases)
  func diagnosticsOfAbsentHolderFail(_ testCase: HolderCase) throws {
    let marked = MarkedSource(
      "scenario: absent holder\nios: \(testCase.ios)\n\(Self.both)\nsteps:\n"
        + testCase.steps.map { "  - \($0)\n" }.joined()
        + "  - expect:\n      diagnostics:\n        \(testCase.holder): 1️⃣[]\n")
    let failure = try #require(try Self.run(marked.text).failure)
    #expect(failure.position == marked[0])
    #expect(failure.expected == "[]")
    #expect(failure.actual == testCase.actual)
    #expect(failure.because == [testCase.because])
  }

  // MARK: Steps that cannot happen

  struct ImpossibleCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// The scenario, with `1️⃣` where the failure points.
    var source: String
    /// The refused step as reports write it.
    var summary: String
    var rule: Rule
    var reason: String
    var testDescription: String { name }
  }

  static let impossibleCases: [ImpossibleCase] = [
    ImpossibleCase(
      name: "a tap with no prompt up",
      source: "steps:\n  - launch\n  - 1️⃣tap: allowOnce\n", summary: "tap: allowOnce",
      rule: .r6, reason: "no prompt is up"),
    ImpossibleCase(
      name: "Settings in the foreground",
      source: "steps:\n  - launch\n  - settings:\n      1️⃣location: never\n",
      summary: "settings: location never", rule: .r38,
      reason:
        "the user can only change Settings while the app is in the background or not running"),
    ImpossibleCase(
      name: "a session on iOS 17",
      source: "ios: 17\nsteps:\n  - launch\n  - 1️⃣session: app\n    authorization: whenInUse\n",
      summary: "session: app (authorization: whenInUse)", rule: .r39,
      reason: "CLServiceSession needs iOS 18"),
    ImpossibleCase(
      name: "launch while running", source: "steps:\n  - launch\n  - 1️⃣launch\n",
      summary: "launch", rule: .r37, reason: "the app is already running"),
    ImpossibleCase(
      name: "a background relaunch of an app never authorized",
      source: "steps:\n  - 1️⃣launch: background\n", summary: "launch: background", rule: .r36,
      reason: "Core Location relaunches only an authorized app into the background"),
    ImpossibleCase(
      name: "precise on the upgrade prompt",
      source: """
        steps:
          - launch
          - request: whenInUse
          - tap: allowWhileUsing
          - request: always
          - 1️⃣tap: keepOnlyWhileUsing
            precise: on

        """, summary: "tap: keepOnlyWhileUsing (precise: on)", rule: .r9,
      reason: "the alwaysUpgrade prompt has no Precise toggle"),
    ImpossibleCase(
      name: "an app step before launch", source: "steps:\n  - 1️⃣request: whenInUse\n",
      summary: "request: whenInUse", rule: .r13, reason: "the app is not running"),
    ImpossibleCase(
      name: "a background event while in use",
      source: "steps:\n  - launch\n  - 1️⃣system: backgroundEvent\n",
      summary: "system: backgroundEvent", rule: .r14,
      reason: "Core Location holds events that need Always only while the app is not in use"),
    ImpossibleCase(
      name: "stopping live updates never started",
      source: "steps:\n  - launch\n  - 1️⃣liveUpdates: stop\n", summary: "liveUpdates: stop",
      rule: .r33, reason: "the app does not iterate live updates"),
    ImpossibleCase(
      name: "invalidating a session not held",
      source: "steps:\n  - launch\n  - 1️⃣invalidate: nav\n", summary: "invalidate: nav",
      rule: .r21, reason: "session 'nav' is not held"),
    ImpossibleCase(
      name: "Settings locked by restrictions, at the change they lock",
      source: """
        steps:
          - settings:
              restrictions: on
              1️⃣location: always

        """, summary: "settings: restrictions on, location always", rule: .r38,
      reason: "restrictions prevent changes to the app's location settings"),
  ]

  @Test("a step that cannot happen fails at that step, citing its rule", arguments: impossibleCases)
  func impossibleStepFails(_ testCase: ImpossibleCase) throws {
    let marked = MarkedSource("scenario: impossible\n\(Self.both)\n" + testCase.source)
    let result = try Self.run(marked.text)
    let failure = try #require(result.failure)
    #expect(failure.position == marked[0])
    #expect(
      failure.message
        == "step '\(testCase.summary)' cannot happen: \(testCase.reason) (\(testCase.rule.id))")
    #expect(failure.because == [Citation(testCase.rule, testCase.reason)])
    #expect(failure.expected == nil)
    #expect(failure.actual == nil)
    #expect(result.exercisedRules.contains(testCase.rule))
  }

  // MARK: R41 callbacks

  @Test("R41 a wrong callbacks list fails with each call's step and the rule that changed the pair")
  func callbacksExplained() throws {
    let marked = MarkedSource(
      """
      scenario: callbacks
      \(Self.both)
      steps:
        - launch
        - manager: map
        - request: whenInUse
        - tap: allowOnce
        - expect:
            callbacks:
              map: 1️⃣[]

      """)
    let failure = try #require(try Self.run(marked.text).failure)
    #expect(failure.position == marked[0])
    #expect(failure.actual == "[notDetermined/fullAccuracy, authorizedWhenInUse/fullAccuracy]")
    #expect(
      failure.because == [
        Citation(
          .r41, "after 'manager: map' (line 10): notDetermined/fullAccuracy, the call at creation"),
        Citation(
          .r9,
          "after 'tap: allowOnce' (line 12) the pair became authorizedWhenInUse/fullAccuracy: "
            + "Allow Once grants when-in-use until the app stops being in use"),
      ])
  }

  @Test("R41 checking consumes; a released manager keeps its list; an unknown name fails")
  func callbacksConsumed() throws {
    let result = try Self.run(
      """
      scenario: consumed
      \(Self.both)
      steps:
        - launch
        - manager: map
        - expect:
            callbacks:
              map: [notDetermined/fullAccuracy]
        - request: whenInUse
        - tap: dontAllow
        - release: map
        - request: always
        - expect:
            callbacks:
              map: [denied/fullAccuracy]
        - expect:
            callbacks:
              map: []
        - manager: map
        - expect:
            callbacks:
              map: [denied/fullAccuracy]

      """)
    #expect(result.failure == nil)
    #expect(result.checkedObservables.contains("callbacks"))
    #expect(result.exercisedRules.contains(.r41))
    let unknown = try Self.run(
      "scenario: unknown\nsteps:\n  - expect:\n      callbacks:\n        map: []\n")
    #expect(unknown.failure?.actual == "never created")
    #expect(unknown.failure?.because.map(\.rule) == [.r41])
  }

  // MARK: R42 refused steps

  @Test("R42 a step refused by the expected rule passes; the state and the prompt stay")
  func refusedAsExpected() throws {
    let marked = MarkedSource(
      """
      scenario: refused Settings
      \(Self.both)
      steps:
        - launch
        - request: whenInUse
        - 1️⃣settings:
            location: always
          refused: R38
        - expect:
            prompt: whenInUse
            authorizationStatus: notDetermined
        - terminate
        - terminate:
          refused: R37

      """)
    let result = try Self.run(marked.text)
    #expect(result.failure == nil)
    #expect(result.exercisedRules.isSuperset(of: [.r37, .r38, .r42]))
    #expect(result.checkedObservables.contains("refused"))
  }

  @Test("R42 a Settings mapping with one refused change is refused whole")
  func refusedSettingsWhole() throws {
    let result = try Self.run(
      """
      scenario: one locked change
      start:
        location: whileUsing
        restrictions: on
      steps:
        - settings:
            locationServices: off
            location: always
          refused: R38
        - expect:
            authorizationStatus: authorizedWhenInUse

      """)
    #expect(result.failure == nil)
  }

  @Test("R42 a step that happens fails at 'refused', naming what happened")
  func refusedButHappened() throws {
    let marked = MarkedSource(
      """
      scenario: not refused
      \(Self.both)
      steps:
        - 1️⃣launch
        - request: whenInUse
          refused: 2️⃣R13

      """)
    let failure = try #require(try Self.run(marked.text).failure)
    #expect(failure.position == marked[1])
    #expect(
      failure.message
        == "expected step 'request: whenInUse' to be refused by R13, but it happened")
    #expect(failure.because.map(\.rule).contains(.r13))
    #expect(failure.stepsTaken == [TakenStep(summary: "launch", position: marked[0])])
  }

  @Test("R42 a step refused by another rule fails at 'refused', naming that rule")
  func refusedByAnotherRule() throws {
    let marked = MarkedSource(
      """
      scenario: refused by R6
      \(Self.both)
      steps:
        - launch
        - tap: allowOnce
          refused: 1️⃣R9

      """)
    let failure = try #require(try Self.run(marked.text).failure)
    #expect(failure.position == marked[0])
    #expect(
      failure.message
        == "expected step 'tap: allowOnce' to be refused by R9, but R6 refused it: "
        + "no prompt is up")
    #expect(failure.because == [Citation(.r6, "no prompt is up")])
  }

  @Test("a Settings step in the foreground fails at its first change")
  func settingsInForegroundFailsAtFirstKey() throws {
    let marked = MarkedSource(
      """
      scenario: settings in the foreground
      start:
        app: foreground
      steps:
        - settings:
            1️⃣precise: off
            location: always

      """)
    let failure = try #require(try Self.run(marked.text).failure)
    #expect(failure.position == marked[0])
    #expect(failure.because.map(\.rule) == [.r38])
    #expect(failure.stepsTaken == [])
  }

  @Test("a refused change after accepted ones fails at its own key; the step is not taken")
  func settingsChangesBeforeRefusalAreMade() throws {
    let marked = MarkedSource(
      """
      scenario: partial settings
      steps:
        - settings:
            location: never
            restrictions: on
            1️⃣precise: off

      """)
    let failure = try #require(try Self.run(marked.text).failure)
    #expect(failure.position == marked[0])
    #expect(
      failure.message.hasPrefix("step 'settings: location never, restrictions on, precise off'"))
    #expect(failure.stepsTaken == [])
  }

  // MARK: The run

  @Test("the run stops at the first failure")
  func stopsAtFirstFailure() throws {
    let marked = MarkedSource(
      """
      scenario: two failures
      \(Self.both)
      steps:
        - 1️⃣launch
        - expect:
            prompt: 2️⃣whenInUse
            authorizationStatus: denied
        - request: whenInUse
        - expect:
            prompt: none

      """)
    let result = try Self.run(marked.text)
    let failure = try #require(result.failure)
    #expect(failure.position == marked[1])
    #expect(failure.stepsTaken == [TakenStep(summary: "launch", position: marked[0])])
    #expect(!result.exercisedRules.contains(.r13), "the request after the failure never ran")
    #expect(result.checkedObservables == ["prompt"])
  }

  @Test("steps taken lists every step before the failure, as written, with its position")
  func listsStepsTaken() throws {
    let marked = MarkedSource(
      """
      scenario: steps taken
      \(Self.both)
      start:
        precise: off
      steps:
        - 1️⃣launch
        - 2️⃣session: nav
          authorization: whenInUse
          fullAccuracyPurposeKey: Navigation
        - 3️⃣tap: allowWhileUsing
          precise: off
        - 4️⃣expect:
            authorizationStatus: authorizedWhenInUse
        - 5️⃣request: temporaryFullAccuracy
          purposeKey: Navigation
        - 6️⃣background
        - 7️⃣settings:
            location: always
            precise: on
        - 8️⃣monitor: start
        - expect:
            prompt: 9️⃣alwaysUpgrade

      """)
    let failure = try #require(try Self.run(marked.text).failure)
    #expect(failure.position == marked[8])
    #expect(
      failure.stepsTaken == [
        TakenStep(summary: "launch", position: marked[0]),
        TakenStep(
          summary: "session: nav (authorization: whenInUse, fullAccuracyPurposeKey: Navigation)",
          position: marked[1]),
        TakenStep(summary: "tap: allowWhileUsing (precise: off)", position: marked[2]),
        TakenStep(summary: "expect", position: marked[3]),
        TakenStep(
          summary: "request: temporaryFullAccuracy (purposeKey: Navigation)", position: marked[4]),
        TakenStep(summary: "background", position: marked[5]),
        TakenStep(summary: "settings: location always, precise on", position: marked[6]),
        TakenStep(summary: "monitor: start", position: marked[7]),
      ])
  }

  @Test("a scenario whose steps all happen and whose expectations all hold passes")
  func passes() throws {
    let result = try Self.run(
      """
      scenario: staged upgrade
      \(Self.both)
      steps:
        - launch
        - session: app
          authorization: whenInUse
        - expect:
            prompt: whenInUse
            diagnostics:
              app: [authorizationRequestInProgress]
        - tap: allowWhileUsing
          precise: off
        - expect:
            authorizationStatus: authorizedWhenInUse
            accuracyAuthorization: reducedAccuracy

      """)
    #expect(result.failure == nil)
    #expect(result.passed)
  }

  // MARK: Coverage

  @Test("exercisedRules holds the rules of the accepted steps and of the checked values")
  func exercisedRulesOfPassingRun() throws {
    let result = try Self.run(
      """
      scenario: coverage
      \(Self.both)
      steps:
        - launch
        - session: app
          authorization: whenInUse
        - expect:
            prompt: whenInUse
            diagnostics:
              app: [authorizationRequestInProgress]
        - tap: allowWhileUsing
          precise: off
        - expect:
            accuracyAuthorization: reducedAccuracy

      """)
    #expect(result.failure == nil)
    // The same story on the model directly: the rules each step cites and each check explains.
    var simulator = AuthorizationSimulator(
      configuration: result.scenario.configuration, start: result.scenario.start)
    var expected = Set<Rule>()
    expected.formUnion(try simulator.launch().map(\.rule))
    expected.formUnion(try simulator.createSession("app", authorization: .whenInUse).map(\.rule))
    expected.formUnion(simulator.explanation(of: .prompt).map(\.rule))
    let app = try #require(simulator.holder(named: "app"))
    expected.formUnion(simulator.explanation(of: .diagnostics(app)).map(\.rule))
    expected.formUnion(try simulator.tap(.allowWhileUsing, precise: false).map(\.rule))
    expected.formUnion(simulator.explanation(of: .accuracyAuthorization).map(\.rule))
    #expect(result.exercisedRules == expected)
    #expect(result.exercisedRules.isSuperset(of: [.r2, .r9, .r18, .r19, .r27]))
    #expect(
      result.checkedObservables == [
        "prompt", "diagnostics", "diagnostics.authorizationRequestInProgress",
        "accuracyAuthorization",
      ])
  }

  @Test("a requestResult with no request this run cites R13 but does not exercise it")
  func requestResultWithoutRequestExercisesNothing() throws {
    let result = try Self.run(
      "scenario: x\nsteps:\n  - launch\n  - expect:\n      requestResult: prompted\n")
    let failure = try #require(result.failure)
    #expect(failure.because.map(\.rule) == [.r13])
    #expect(!result.exercisedRules.contains(.r13), "no request was made, so R13 decided nothing")
    #expect(result.checkedObservables == ["requestResult"])
  }

  @Test("exercisedRules of a failed run holds the rule that refused the step")
  func exercisedRulesOfRefusal() throws {
    let result = try Self.run("scenario: x\nsteps:\n  - launch\n  - tap: allowOnce\n  - wait\n")
    #expect(result.exercisedRules.contains(.r6))
    #expect(!result.exercisedRules.contains(.r12), "'wait' never ran")
  }
}
