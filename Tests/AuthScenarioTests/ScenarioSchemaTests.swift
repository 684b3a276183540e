import AuthModel
import TestSupport
import Testing

@testable import AuthScenario

@Suite struct ScenarioSchemaTests {
  /// Checks `text` against the schema; `info:` paths are read by `loadInfoPlist`.
  static func check(
    _ text: String,
    loadInfoPlist: @escaping ScenarioSchema.InfoPlistLoader = { path in
      .failure(InfoPlistError("unexpected read of '\(path)'"))
    }
  ) -> Result<Scenario, DiagnosticError> {
    let read = YAMLReader.read(text)
    if read.hasErrors { return .failure(DiagnosticError(read.diagnostics)) }
    return ScenarioSchema.check(read.root, loadInfoPlist: loadInfoPlist)
  }

  // MARK: Valid files

  @Test("decodes the top-level keys, inline info and every start key")
  func decodesTopLevel() throws {
    let marked = MarkedSource(
      """
      # a comment before the scenario
      scenario: 'inline info: every key'
      description: |
        Two lines
        of text.
      ios: 17
      info:
        NSLocationWhenInUseUsageDescription: Shows stations near you
        NSLocationAlwaysAndWhenInUseUsageDescription: 'Alerts when you arrive'
        NSLocationDefaultAccuracyReduced: true
        NSLocationRequireExplicitServiceSession: false
        NSLocationTemporaryUsageDescriptionDictionary:
          Navigation: Turn-by-turn directions
          Parking: Finds your car
        UIBackgroundModes: [location, audio]
      start:
        location: whileUsing
        precise: off
        locationServices: off
        restrictions: on
        alwaysPromptSpent: true
        app: background
      steps:
        - 1️⃣foreground

      """)
    let scenario = try Self.check(marked.text).get()
    let expected = Scenario(
      name: "inline info: every key", description: "Two lines\nof text.\n",
      configuration: AppConfiguration(
        ios: .ios17,
        infoPlist: InfoPlist(
          whenInUseUsageDescription: "Shows stations near you",
          alwaysAndWhenInUseUsageDescription: "Alerts when you arrive",
          defaultAccuracyReduced: true,
          temporaryUsageDescriptions: [
            "Navigation": "Turn-by-turn directions", "Parking": "Finds your car",
          ],
          requireExplicitServiceSession: false, backgroundModes: ["location", "audio"])),
      start: StartingState(
        location: .whileUsing, precise: false, locationServicesEnabled: false,
        restrictionsEnabled: true, alwaysPromptSpent: true, app: .background),
      steps: [ScenarioStep(.action(.foreground), at: marked[0])])
    #expect(scenario == expected)
  }

  @Test("leaves out keys at their defaults: iOS 18, an empty Info.plist, a fresh install")
  func decodesDefaults() throws {
    let scenario = try Self.check("scenario: x\nsteps: [launch]\n").get()
    #expect(
      scenario
        == Scenario(
          name: "x", configuration: AppConfiguration(ios: .ios18, infoPlist: InfoPlist()),
          start: StartingState(),
          steps: [ScenarioStep(.action(.launch), at: SourcePosition(line: 2, column: 9))]))
  }

  @Test("ios: 26 and ios: 27 are accepted and kept as given", arguments: [26, 27])
  func acceptsLaterIOS(version: Int) throws {
    let scenario = try Self.check("scenario: x\nios: \(version)\nsteps: [launch]\n").get()
    #expect(scenario.configuration.ios.rawValue == version)
    #expect(scenario.configuration.ios.rules == .ios18)
    #expect(scenario.configuration.hasServiceSessions)
  }

  @Test("R42 refused: RULE on a step, and a bare-word step in mapping form to carry it")
  func decodesRefused() throws {
    let marked = MarkedSource(
      """
      scenario: x
      steps:
        - 1️⃣terminate:
          refused: 2️⃣R37
        - 3️⃣wait:
        - 4️⃣request: always
          refused: 5️⃣R14

      """)
    let scenario = try Self.check(marked.text).get()
    #expect(
      scenario.steps == [
        ScenarioStep(
          .action(.terminate), at: marked[0], refused: ExpectedRefusal(.r37, at: marked[1])),
        ScenarioStep(.action(.wait), at: marked[2]),
        ScenarioStep(
          .action(.requestAlways), at: marked[3], refused: ExpectedRefusal(.r14, at: marked[4])),
      ])
  }

  @Test("R41 manager and release steps, and the callbacks expectation")
  func decodesManagers() throws {
    let marked = MarkedSource(
      """
      scenario: x
      steps:
        - 1️⃣manager: map
        - 2️⃣release: map
        - expect:
            callbacks:
              map: 3️⃣[notDetermined/fullAccuracy, denied/reducedAccuracy]
              list: 4️⃣[]

      """)
    let scenario = try Self.check(marked.text).get()
    #expect(
      scenario.steps.prefix(2) == [
        ScenarioStep(.action(.manager(name: "map")), at: marked[0]),
        ScenarioStep(.action(.release(name: "map")), at: marked[1]),
      ])
    #expect(
      scenario.steps.last?.kind
        == .expect([
          Expectation(
            .callbacks(manager: "map"),
            .callbacks([
              AuthorizationPair(
                authorizationStatus: .notDetermined, accuracyAuthorization: .fullAccuracy),
              AuthorizationPair(
                authorizationStatus: .denied, accuracyAuthorization: .reducedAccuracy),
            ]),
            at: marked[2]),
          Expectation(.callbacks(manager: "list"), .callbacks([]), at: marked[3]),
        ]))
  }

  @Test("start: precise on and app foreground")
  func decodesStartOn() throws {
    let scenario = try Self.check(
      "scenario: x\nstart:\n  precise: on\n  app: foreground\nsteps: [wait]\n"
    ).get()
    #expect(scenario.start == StartingState(precise: true, app: .foreground))
  }

  struct StepCase: CustomTestStringConvertible, Sendable {
    var step: String
    var action: ScenarioAction
    var testDescription: String { step.replacingOccurrences(of: "\n", with: " ") }
    init(_ step: String, _ action: ScenarioAction) {
      self.step = step
      self.action = action
    }
  }

  static let stepCases: [StepCase] = [
    StepCase("launch", .launch),
    StepCase("launch: background", .relaunchInBackground),
    StepCase("background", .background),
    StepCase("foreground", .foreground),
    StepCase("wait", .wait),
    StepCase("terminate", .terminate),
    StepCase(
      "session: app\n    authorization: whenInUse",
      .session(id: "app", authorization: .whenInUse, fullAccuracyPurposeKey: nil)),
    StepCase(
      "session: nav\n    authorization: none\n    fullAccuracyPurposeKey: Navigation",
      .session(id: "nav", authorization: .none, fullAccuracyPurposeKey: "Navigation")),
    StepCase(
      "session: 'x y'\n    authorization: always",
      .session(id: "x y", authorization: .always, fullAccuracyPurposeKey: nil)),
    StepCase("invalidate: app", .invalidate(id: "app")),
    StepCase("liveUpdates: start", .liveUpdates(start: true)),
    StepCase("liveUpdates: stop", .liveUpdates(start: false)),
    StepCase("monitor: start", .monitor(start: true)),
    StepCase("monitor: stop", .monitor(start: false)),
    StepCase("backgroundActivity: start", .backgroundActivity(start: true)),
    StepCase("backgroundActivity: stop", .backgroundActivity(start: false)),
    StepCase("request: whenInUse", .requestWhenInUse),
    StepCase("request: always", .requestAlways),
    StepCase(
      "request: temporaryFullAccuracy\n    purposeKey: Navigation",
      .requestTemporaryFullAccuracy(purposeKey: "Navigation")),
    StepCase("tap: allowOnce", .tap(.allowOnce, precise: nil)),
    StepCase("tap: allowWhileUsing\n    precise: on", .tap(.allowWhileUsing, precise: true)),
    StepCase("tap: allowWhileUsing\n    precise: off", .tap(.allowWhileUsing, precise: false)),
    StepCase("tap: dontAllow", .tap(.dontAllow, precise: nil)),
    StepCase("tap: changeToAlwaysAllow", .tap(.changeToAlwaysAllow, precise: nil)),
    StepCase("tap: keepOnlyWhileUsing", .tap(.keepOnlyWhileUsing, precise: nil)),
    StepCase("settings: reset", .settings([.reset])),
    StepCase("system: backgroundEvent", .backgroundEvent),
  ]

  @Test("decodes every step", arguments: stepCases)
  func decodesStep(_ testCase: StepCase) throws {
    let scenario = try Self.check("scenario: x\nsteps:\n  - \(testCase.step)\n").get()
    #expect(scenario.steps.map(\.kind) == [.action(testCase.action)])
    #expect(scenario.steps.map(\.position) == [SourcePosition(line: 3, column: 5)])
  }

  @Test("a Settings mapping keeps its changes in the order written, each at its key")
  func decodesSettingsMapping() throws {
    let marked = MarkedSource(
      """
      scenario: x
      steps:
        - 1️⃣settings:
            2️⃣restrictions: on
            3️⃣location: never
            4️⃣precise: off
            5️⃣locationServices: on

      """)
    let scenario = try Self.check(marked.text).get()
    let changes: [SettingsChange] = [
      .restrictions(true), .location(.never), .precise(false), .locationServices(true),
    ]
    #expect(
      scenario.steps == [
        ScenarioStep(
          .action(.settings(changes)), at: marked[0],
          changePositions: [marked[1], marked[2], marked[3], marked[4]])
      ])
  }

  @Test("decodes every value expectation, in the order written, each at its value")
  func decodesValueExpectations() throws {
    let marked = MarkedSource(
      """
      scenario: x
      steps:
        - 1️⃣expect:
            requestResult: 2️⃣promptDeclined
            authorizationStatus: 3️⃣authorizedAlways
            accuracyAuthorization: 4️⃣reducedAccuracy
            prompt: 5️⃣temporaryFullAccuracy
            settingsShows: 6️⃣askNextTime
            updates: 7️⃣reduced
            monitorEvents: 8️⃣delivered
            backgroundActivity: 9️⃣inactive

      """)
    let scenario = try Self.check(marked.text).get()
    let checks = [
      Expectation(.requestResult, .requestResult(.promptDeclined), at: marked[1]),
      Expectation(.authorizationStatus, .authorizationStatus(.authorizedAlways), at: marked[2]),
      Expectation(.accuracyAuthorization, .accuracyAuthorization(.reducedAccuracy), at: marked[3]),
      Expectation(.prompt, .prompt(.temporaryFullAccuracy), at: marked[4]),
      Expectation(.settingsShows, .settingsShows(.askNextTime), at: marked[5]),
      Expectation(.updates, .updates(.reduced), at: marked[6]),
      Expectation(.monitorEvents, .monitorEvents(.delivered), at: marked[7]),
      Expectation(.backgroundActivity, .backgroundActivity(.inactive), at: marked[8]),
    ]
    #expect(scenario.steps == [ScenarioStep(.expect(checks), at: marked[0])])
  }

  @Test("decodes backgroundIndicator and diagnostics, flags in Core Location's order")
  func decodesDiagnosticsExpectations() throws {
    let marked = MarkedSource(
      """
      scenario: x
      steps:
        - 1️⃣expect:
            backgroundIndicator: 2️⃣shown
            diagnostics:
              app: 3️⃣[accuracyLimited, authorizationDenied, insufficientlyInUse]
              liveUpdates: 4️⃣[]
              reminders:
                5️⃣- alwaysAuthorizationDenied

      """)
    let scenario = try Self.check(marked.text).get()
    let checks = [
      Expectation(.backgroundIndicator, .backgroundIndicator(.shown), at: marked[1]),
      Expectation(
        .diagnostics(holder: "app"),
        .diagnostics([.accuracyLimited, .authorizationDenied, .insufficientlyInUse]),
        at: marked[2]),
      Expectation(.diagnostics(holder: "liveUpdates"), .diagnostics([]), at: marked[3]),
      Expectation(
        .diagnostics(holder: "reminders"), .diagnostics([.alwaysAuthorizationDenied]),
        at: marked[4]),
    ]
    #expect(scenario.steps == [ScenarioStep(.expect(checks), at: marked[0])])
    #expect(
      checks[1].expected.description
        == "[authorizationDenied, insufficientlyInUse, accuracyLimited]")
  }

  @Test("info given as a path is read by the loader with the path as written")
  func readsInfoPath() throws {
    let plist = InfoPlist(whenInUseUsageDescription: "from the file")
    let scenario = try Self.check("scenario: x\ninfo: app/Info.plist\nsteps: [launch]\n") { path in
      path == "app/Info.plist" ? .success(plist) : .failure(InfoPlistError("wrong path '\(path)'"))
    }.get()
    #expect(scenario.configuration.infoPlist == plist)
  }

  @Test("an Info.plist the loader cannot read is an error at the path")
  func reportsInfoPathFailure() {
    let marked = MarkedSource("scenario: x\ninfo: 1️⃣Missing.plist\nsteps: [launch]\n")
    let result = Self.check(marked.text) { _ in .failure(InfoPlistError("cannot read it")) }
    #expect(result == .failure(DiagnosticError([.error("cannot read it", at: marked[0])])))
  }

  // MARK: Schema errors

  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// The source, with `1️⃣`, `2️⃣`… at the positions of the expected errors.
    var source: String
    /// The expected messages, one for each marker, in marker order.
    var messages: [String]
    var testDescription: String { name }

    init(_ name: String, _ source: String, _ messages: String...) {
      self.name = name
      self.source = source
      self.messages = messages
    }
  }

  static let errorCases: [ErrorCase] = [
    ErrorCase(
      "unknown top-level key with a suggestion",
      "scenario: x\n1️⃣stepz: [launch]\nsteps: [launch]\n",
      "unknown key 'stepz' in a scenario; did you mean 'steps'?"),
    ErrorCase(
      "unknown top-level key without a suggestion",
      "scenario: x\n1️⃣author: me\nsteps: [launch]\n",
      "unknown key 'author' in a scenario; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"
    ),
    ErrorCase(
      "missing scenario", "# story\n1️⃣steps: [launch]\n", "missing required key 'scenario'"),
    ErrorCase("missing steps", "1️⃣scenario: x\n", "missing required key 'steps'"),
    ErrorCase(
      "empty scenario name", "scenario:1️⃣\nsteps: [launch]\n",
      "expected a name for 'scenario'; got nothing"),
    ErrorCase(
      "empty steps", "scenario: x\nsteps: 1️⃣[]\n",
      "'steps' is empty; a scenario needs at least one step"),
    ErrorCase(
      "steps without a value", "scenario: x\nsteps:1️⃣\n",
      "expected a sequence for 'steps'; got nothing"),
    ErrorCase(
      "steps as a scalar", "scenario: x\nsteps: 1️⃣launch\n",
      "expected a sequence for 'steps'; got a scalar"),
    ErrorCase(
      "a file that is a sequence", "1️⃣- launch\n", "expected a mapping for the file; got a sequence"),
    ErrorCase(
      "a file with only comments", "1️⃣# nothing here\n",
      "the file is empty; expected a mapping with 'scenario' and 'steps'"),
    ErrorCase(
      "unknown step verb with a suggestion",
      "scenario: x\nsteps:\n  - launch\n  - 1️⃣tapp: allowWhileUsing\n",
      "unknown step 'tapp'; did you mean 'tap'?"),
    ErrorCase(
      "unknown bare step with a suggestion", "scenario: x\nsteps:\n  - 1️⃣lanch\n",
      "unknown step 'lanch'; did you mean 'launch'?"),
    ErrorCase(
      "session ids that YAML 1.2 reads as numbers, booleans or null",
      "scenario: x\nsteps:\n  - session: 1️⃣01\n    authorization: whenInUse\n"
        + "  - invalidate: 2️⃣true\n  - session: 3️⃣~\n    authorization: always\n"
        + "  - session: '01'\n    authorization: whenInUse\n",
      "a session id '01' is a number to YAML 1.2, not text; use a name, or quote it",
      "a session id 'true' is a boolean to YAML 1.2, not text; use a name, or quote it",
      "a session id '~' is null to YAML 1.2, not text; use a name, or quote it"),
    ErrorCase(
      "a diagnostics holder that YAML 1.2 reads as a number",
      "scenario: x\nsteps:\n  - expect:\n      diagnostics:\n        1️⃣.5: []\n",
      "a diagnostics holder '.5' is a number to YAML 1.2, not text; use a name, or quote it"),
    ErrorCase(
      "empty, null and ~ usage strings",
      "scenario: x\ninfo:\n  NSLocationWhenInUseUsageDescription: 1️⃣''\n"
        + "  NSLocationAlwaysAndWhenInUseUsageDescription: 2️⃣~\n"
        + "  NSLocationTemporaryUsageDescriptionDictionary:\n    Nav: 3️⃣null\n"
        + "steps: [launch]\n",
      "NSLocationWhenInUseUsageDescription is empty; iOS shows this text in the prompt: write it, or remove the key to model an app without it (R7)",
      "NSLocationAlwaysAndWhenInUseUsageDescription is empty; iOS shows this text in the prompt: write it, or remove the key to model an app without it (R7)",
      "the purpose key 'Nav' is empty; iOS shows this text in the prompt: write it, or remove the key to model an app without it (R7)"
    ),
    ErrorCase(
      "a quoted boolean",
      "scenario: x\ninfo:\n  NSLocationDefaultAccuracyReduced: 1️⃣'true'\n"
        + "steps: [launch]\n",
      "a boolean is written true or false without quotes; YAML reads 'true' in quotes as a string"),
    ErrorCase(
      "a capitalised boolean",
      "scenario: x\nstart:\n  alwaysPromptSpent: 1️⃣True\nsteps: [launch]\n",
      "a boolean is written in lower case: 'true', not 'True'"),
    ErrorCase(
      "an empty step", "scenario: x\nsteps:\n  - launch\n  -1️⃣\n",
      "empty step; write a step such as '- launch' or '- tap: allowOnce'"),
    ErrorCase(
      "a quoted empty step", "scenario: x\nsteps:\n  - 1️⃣''\n",
      "empty step; write a step such as '- launch' or '- tap: allowOnce'"),
    ErrorCase(
      "a null step", "scenario: x\nsteps:\n  - 1️⃣~\n",
      "empty step; write a step such as '- launch' or '- tap: allowOnce'"),
    ErrorCase(
      "an unknown step quoted to 40 characters",
      "scenario: x\nsteps:\n  - 1️⃣\(String(repeating: "z", count: 50))\n",
      "unknown step '\(String(repeating: "z", count: 39))…'; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"
    ),
    ErrorCase(
      "unknown step without a suggestion", "scenario: x\nsteps:\n  - 1️⃣reboot: now\n",
      "unknown step 'reboot'; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"
    ),
    ErrorCase(
      "bare tap", "scenario: x\nsteps:\n  - 1️⃣tap\n", "step 'tap' needs a value, as in 'tap: …'"),
    ErrorCase(
      "tap with an empty value", "scenario: x\nsteps:\n  - tap:1️⃣\n",
      "expected button: 'allowOnce', 'allowWhileUsing', 'dontAllow', 'changeToAlwaysAllow', "
        + "'keepOnlyWhileUsing'; got nothing"),
    ErrorCase(
      "background with a value", "scenario: x\nsteps:\n  - 1️⃣background: x\n",
      "step 'background' takes no value; write '- background'"),
    ErrorCase(
      "R41 a callback that is not STATUS/ACCURACY",
      "scenario: x\nsteps:\n  - expect:\n      callbacks:\n        map: [1️⃣authorizedWhenInUse]\n",
      "expected a callback as STATUS/ACCURACY, e.g. 'authorizedWhenInUse/reducedAccuracy'; "
        + "got 'authorizedWhenInUse'"),
    ErrorCase(
      "R41 manager without a name", "scenario: x\nsteps:\n  - manager:1️⃣\n",
      "expected a manager name; got nothing"),
    ErrorCase(
      "R42 refused on expect",
      "scenario: x\nsteps:\n  - expect:\n      prompt: none\n    1️⃣refused: R6\n",
      "'refused' goes on a step that may be refused, not on 'expect'"),
    ErrorCase(
      "R42 refused with an unknown rule",
      "scenario: x\nsteps:\n  - launch:\n    refused: 1️⃣R51\n",
      "unknown rule 'R51'; expected a rule id, R1–R50"),
    ErrorCase(
      "R42 refused with no rule", "scenario: x\nsteps:\n  - wait:\n    refused:1️⃣\n",
      "expected a rule id, R1–R50; got nothing"),
    ErrorCase(
      "a bare-word step in mapping form with another key",
      "scenario: x\nsteps:\n  - wait:\n    1️⃣precise: on\n",
      "unexpected key 'precise' in a 'wait' step"),
    ErrorCase(
      "a step that is a sequence", "scenario: x\nsteps:\n  - 1️⃣[launch]\n",
      "expected a mapping for a step; got a sequence"),
    ErrorCase(
      "unknown value with a suggestion", "scenario: x\nsteps:\n  - tap: 1️⃣allowWhileUsin\n",
      "unknown value 'allowWhileUsin'; did you mean 'allowWhileUsing'?"),
    ErrorCase(
      "unknown value without a suggestion lists the values",
      "scenario: x\nsteps:\n  - expect:\n      prompt: 1️⃣maybe\n",
      "unknown value 'maybe'; expected prompt: 'none', 'whenInUse', 'alwaysUpgrade', "
        + "'temporaryFullAccuracy'"),
    ErrorCase(
      "launch into the foreground spelled as a value",
      "scenario: x\nsteps:\n  - launch: 1️⃣foreground\n",
      "unknown value 'foreground'; expected launch: 'background'"),
    ErrorCase(
      "session without authorization", "scenario: x\nsteps:\n  - 1️⃣session: app\n",
      "a 'session' step needs 'authorization: none|whenInUse|always'"),
    ErrorCase(
      "session with an unknown authorization",
      "scenario: x\nsteps:\n  - session: app\n    authorization: 1️⃣whenInUs\n",
      "unknown value 'whenInUs'; did you mean 'whenInUse'?"),
    ErrorCase(
      "session id liveUpdates",
      "scenario: x\nsteps:\n  - session: 1️⃣liveUpdates\n    authorization: whenInUse\n",
      "'liveUpdates' names an implicit diagnostics holder; choose another session id"),
    ErrorCase(
      "session with a misspelt purpose key",
      "scenario: x\nsteps:\n  - session: app\n    authorization: always\n"
        + "    1️⃣fullAccuracyPurpose: Navigation\n",
      "unexpected key 'fullAccuracyPurpose' in a 'session' step; "
        + "did you mean 'fullAccuracyPurposeKey'?"),
    ErrorCase(
      "an extra key on a step that takes none",
      "scenario: x\nsteps:\n  - invalidate: app\n    1️⃣authorization: none\n",
      "unexpected key 'authorization' in an 'invalidate' step"),
    ErrorCase(
      "purposeKey on request: always",
      "scenario: x\nsteps:\n  - request: always\n    1️⃣purposeKey: Navigation\n",
      "'purposeKey' goes only with 'request: temporaryFullAccuracy'"),
    ErrorCase(
      "temporaryFullAccuracy without purposeKey",
      "scenario: x\nsteps:\n  - 1️⃣request: temporaryFullAccuracy\n",
      "'request: temporaryFullAccuracy' needs 'purposeKey: KEY'"),
    ErrorCase(
      "precise: yes", "scenario: x\nsteps:\n  - tap: allowWhileUsing\n    precise: 1️⃣yes\n",
      "unknown value 'yes'; expected 'on' or 'off'"),
    ErrorCase(
      "misspelt precise on a tap", "scenario: x\nsteps:\n  - tap: allowOnce\n    1️⃣precis: on\n",
      "unexpected key 'precis' in a 'tap' step; did you mean 'precise'?"),
    ErrorCase(
      "ios: 16", "scenario: x\nios: 1️⃣16\nsteps: [launch]\n",
      "unknown value '16'; expected iOS version: '17', '18', '26', '27'"),
    ErrorCase(
      "info with a misspelt key",
      "scenario: x\ninfo:\n  1️⃣NSLocationWhenInUseUsageDescriptio: x\nsteps: [launch]\n",
      "unknown key 'NSLocationWhenInUseUsageDescriptio' in 'info'; "
        + "did you mean 'NSLocationWhenInUseUsageDescription'?"),
    ErrorCase(
      "info with a key Core Location does not read",
      "scenario: x\ninfo:\n  1️⃣CFBundleName: Stations\nsteps: [launch]\n",
      "unknown key 'CFBundleName' in 'info'; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"
    ),
    ErrorCase(
      "info with a boolean written yes",
      "scenario: x\ninfo:\n  NSLocationDefaultAccuracyReduced: 1️⃣yes\nsteps: [launch]\n",
      "unknown value 'yes'; expected 'true' or 'false'"),
    ErrorCase(
      "info with background modes as a scalar",
      "scenario: x\ninfo:\n  UIBackgroundModes: 1️⃣location\nsteps: [launch]\n",
      "expected a sequence for 'UIBackgroundModes'; got a scalar"),
    ErrorCase(
      "info as a sequence", "scenario: x\ninfo: 1️⃣[a]\nsteps: [launch]\n",
      "expected a mapping for 'info'; got a sequence"),
    ErrorCase(
      "start with an unknown location",
      "scenario: x\nstart:\n  location: 1️⃣sometimes\nsteps: [launch]\n",
      "unknown value 'sometimes'; expected location setting: 'askNextTime', 'never', "
        + "'whileUsing', 'always'"),
    ErrorCase(
      "start with an unknown key",
      "scenario: x\nstart:\n  1️⃣preciseLocation: on\nsteps: [launch]\n",
      "unknown key 'preciseLocation' in 'start'; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"
    ),
    ErrorCase(
      "settings with a word other than reset", "scenario: x\nsteps:\n  - settings: 1️⃣off\n",
      "expected 'reset' or a mapping of location, precise, locationServices, restrictions; "
        + "got 'off'"),
    ErrorCase(
      "settings with a misspelt key",
      "scenario: x\nsteps:\n  - settings:\n      1️⃣locationService: off\n",
      "unknown key 'locationService' in 'settings'; did you mean 'locationServices'?"),
    ErrorCase(
      "liveUpdates with neither start nor stop", "scenario: x\nsteps:\n  - liveUpdates: 1️⃣go\n",
      "unknown value 'go'; expected 'start' or 'stop'"),
    ErrorCase(
      "misspelt system event", "scenario: x\nsteps:\n  - system: 1️⃣backgroundEvents\n",
      "unknown value 'backgroundEvents'; did you mean 'backgroundEvent'?"),
    ErrorCase(
      "expect without a value", "scenario: x\nsteps:\n  - expect:1️⃣\n",
      "expected a mapping for 'expect'; got nothing"),
    ErrorCase(
      "expect: {} is outside the YAML subset", "scenario: x\nsteps:\n  - expect: 1️⃣{}\n",
      YAMLMessage.flowMapping),
    ErrorCase(
      "expect with a misspelt key",
      "scenario: x\nsteps:\n  - expect:\n      1️⃣authorisationStatus: denied\n",
      "unknown key 'authorisationStatus' in 'expect'; did you mean 'authorizationStatus'?"),
    ErrorCase(
      "duplicate flag in a diagnostics list",
      "scenario: x\nsteps:\n  - expect:\n      diagnostics:\n"
        + "        app: [authorizationDenied, 1️⃣authorizationDenied]\n",
      "diagnostic flag 'authorizationDenied' is listed twice"),
    ErrorCase(
      "misspelt diagnostic flag",
      "scenario: x\nsteps:\n  - expect:\n      diagnostics:\n        app: [1️⃣accuracyLimted]\n",
      "unknown value 'accuracyLimted'; did you mean 'accuracyLimited'?"),
    ErrorCase(
      "diagnostics of a holder as a scalar",
      "scenario: x\nsteps:\n  - expect:\n      diagnostics:\n        app: 1️⃣none\n",
      "expected a sequence for a list of diagnostic flags; got a scalar"),
    // §8b: the legacy services' start keys, steps and expectations.
    ErrorCase(
      "R49 a start region listed twice",
      "scenario: x\nstart:\n  regions: [a, 1️⃣a]\nsteps: [launch]\n",
      "region 'a' is listed twice"),
    ErrorCase(
      "R49 a 21st start region",
      "scenario: x\nstart:\n  regions: [r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16, r17, r18, r19, r20, 1️⃣r21]\nsteps: [launch]\n",
      "at most 20 regions are registered at a time (R49)"),
    ErrorCase(
      "R47 R48 start registrations are true or false",
      "scenario: x\nstart:\n  significantChanges: 1️⃣yes\n  visits: 2️⃣on\nsteps: [launch]\n",
      "unknown value 'yes'; expected 'true' or 'false'",
      "unknown value 'on'; expected 'true' or 'false'"),
    ErrorCase(
      "R44 a manager property is true or false",
      "scenario: x\nsteps:\n  - manager: m\n    allowsBackgroundLocationUpdates: 1️⃣yes\n",
      "unknown value 'yes'; expected 'true' or 'false'"),
    ErrorCase(
      "R44 configure sets a property",
      "scenario: x\nsteps:\n  - 1️⃣configure: m\n",
      "a 'configure' step needs one or more of allowsBackgroundLocationUpdates, "
        + "showsBackgroundLocationIndicator, pausesLocationUpdatesAutomatically"),
    ErrorCase(
      "R49 a region step needs its region",
      "scenario: x\nsteps:\n  - 1️⃣stopMonitoring: m\n    2️⃣regoin: home\n",
      "a 'stopMonitoring' step needs 'region: ID'",
      "unexpected key 'regoin' in a 'stopMonitoring' step; did you mean 'region'?"),
    ErrorCase(
      "R6 by names a manager",
      "scenario: x\nsteps:\n  - request: whenInUse\n    by:1️⃣\n  - request: always\n    by: 2️⃣[m]\n",
      "expected a manager name; got nothing", "expected a manager name; got a sequence"),
    ErrorCase(
      "R6 by goes on a request only",
      "scenario: x\nsteps:\n  - startUpdatingLocation: m\n    1️⃣by: n\n",
      "unexpected key 'by' in a 'startUpdatingLocation' step"),
    ErrorCase(
      "R50 terminate by the user",
      "scenario: x\nsteps:\n  - terminate: 1️⃣usr\n  - terminate: 2️⃣now\n",
      "unknown value 'usr'; did you mean 'user'?", "unknown value 'now'; expected terminate: 'user'"
    ),
    ErrorCase(
      "R46 the pause is a system event",
      "scenario: x\nsteps:\n  - system: 1️⃣pause\n",
      "unknown value 'pause'; expected system event: 'backgroundEvent', 'pauseUpdates'"),
    ErrorCase(
      "R49 monitored regions listed twice",
      "scenario: x\nsteps:\n  - expect:\n      monitoredRegions: [a, 1️⃣a]\n",
      "region 'a' is listed twice"),
    ErrorCase(
      "R49 monitored regions as a scalar",
      "scenario: x\nsteps:\n  - expect:\n      monitoredRegions: 1️⃣home\n",
      "expected a sequence for a list of region ids; got a scalar"),
    ErrorCase(
      "R41 R46 R49 a delegate call of no form",
      "scenario: x\nsteps:\n  - expect:\n      callbacks:\n"
        + "        m: [didPause, 1️⃣'monitoringDidFail:', 2️⃣paused]\n",
      "expected 'monitoringDidFail:ID' with the id of the region that failed; "
        + "got 'monitoringDidFail:'",
      "expected a callback as STATUS/ACCURACY, 'didPause' or 'monitoringDidFail:ID'; got 'paused'"),
    ErrorCase(
      "R43 R49 a legacy delivery's values",
      "scenario: x\nsteps:\n  - expect:\n      locationUpdates: 1️⃣delivered\n"
        + "      regionEvents: 2️⃣full\n",
      "unknown value 'delivered'; expected locationUpdates: 'full', 'reduced', 'none'",
      "unknown value 'full'; expected regionEvents: 'delivered', 'none'"),
  ]

  @Test("reports schema errors with exact messages and positions", arguments: errorCases)
  func reportsSchemaError(_ testCase: ErrorCase) {
    let marked = MarkedSource(testCase.source)
    #expect(marked.positions.count == testCase.messages.count, "one marker for each message")
    let expected = zip(marked.positions, testCase.messages).map { Diagnostic.error($1, at: $0) }
    #expect(Self.check(marked.text) == .failure(DiagnosticError(expected)))
  }

  @Test("has at least 25 schema error cases")
  func countsErrorCases() {
    #expect(Self.errorCases.count >= 25)
  }

  @Test("reports every error in a file, sorted by position")
  func reportsEveryErrorSorted() {
    // The top-level keys are checked before the values, so 'author' is found first; the
    // diagnostics still come out in file order.
    let marked = MarkedSource(
      """
      scenario: several errors
      ios: 1️⃣25
      info:
        2️⃣NSLocationUsageDescription: x
      start:
        app: 3️⃣running
      4️⃣author: me
      steps:
        - 5️⃣launh
        - tap: allowOnce
          6️⃣precis: on
        - expect:
            prompt: 7️⃣alwaysUpgrad

      """)
    let expected = DiagnosticError([
      .error("unknown value '25'; expected iOS version: '17', '18', '26', '27'", at: marked[0]),
      .error(
        "unknown key 'NSLocationUsageDescription' in 'info': authcheck does not model the usage "
          + "string of macOS and of iOS 7 and earlier; the nearest it models is "
          + "NSLocationWhenInUseUsageDescription; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")",
        at: marked[1]),
      .error(
        "unknown value 'running'; expected app state: 'notRunning', 'foreground', 'background'",
        at: marked[2]),
      .error(
        "unknown key 'author' in a scenario; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")",
        at: marked[3]),
      .error("unknown step 'launh'; did you mean 'launch'?", at: marked[4]),
      .error("unexpected key 'precis' in a 'tap' step; did you mean 'precise'?", at: marked[5]),
      .error("unknown value 'alwaysUpgrad'; did you mean 'alwaysUpgrade'?", at: marked[6]),
    ])
    #expect(Self.check(marked.text) == .failure(expected))
  }
}
