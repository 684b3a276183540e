import AuthModel
import Foundation
import Testing

@testable import AuthScenario

@Suite struct ScenarioWriterTests {
  static let scenarios = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scenarios")

  /// Every scenario file of scenarios/ (app files, under apps/, are not scenarios).
  static let files: [String] = {
    let enumerator = FileManager.default.enumerator(atPath: scenarios.path)
    var found: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".yaml"), !relative.hasPrefix("apps/") else { continue }
      found.append(scenarios.appendingPathComponent(relative).path)
    }
    return found.sorted()
  }()

  static func read(_ text: String, path: String = "written.yaml") throws -> Scenario {
    try ScenarioFile.parse(Array(text.utf8), path: path).scenario.get()
  }

  @Test("scenarios/ holds the scenario files this suite writes back")
  func library() {
    #expect(Self.files.count > 50)
  }

  @Test("every scenario of scenarios/, written and read back, says the same", arguments: files)
  func roundTrip(_ path: String) throws {
    let script = try ScenarioFile.load(path: path).scenario.get().script
    let text = ScenarioWriter.text(script)
    let back = try Self.read(text)
    #expect(back.script == script, "\(text)")
    #expect(ScenarioWriter.text(back.script) == text)
  }

  /// A script with every step kind, names that must be quoted, `refused`, several Settings
  /// changes and every kind of expectation.
  static let everything = ScenarioScript(
    name: "it's: a # story", description: "one\\line 'quoted'\n\n  indented: line\n",
    configuration: AppConfiguration(
      ios: .ios26,
      infoPlist: InfoPlist(
        whenInUseUsageDescription: "Finds 'stations'\nnear you",
        alwaysAndWhenInUseUsageDescription: "Alerts",
        defaultAccuracyReduced: true,
        temporaryUsageDescriptions: ["Nav key": "Turn by turn", "true": "odd key"],
        requireExplicitServiceSession: true, backgroundModes: ["location", "fetch"])),
    start: StartingState(
      location: .whileUsing, precise: false, locationServicesEnabled: false,
      restrictionsEnabled: true, alwaysPromptSpent: true, app: .background,
      significantChanges: true, visits: true, regions: ["home", "01", "a b"]),
    steps: [
      .action(.launch, refused: nil),
      .action(.relaunchInBackground, refused: .r36),
      .action(.background, refused: nil),
      .action(.foreground, refused: nil),
      .action(.wait, refused: nil),
      .action(.terminate, refused: .r3),
      .action(
        .session(id: "true", authorization: .always, fullAccuracyPurposeKey: "Nav key"),
        refused: nil),
      .action(.session(id: "01", authorization: .none, fullAccuracyPurposeKey: nil), refused: nil),
      .action(.invalidate(id: "it's"), refused: .r17),
      .action(.liveUpdates(start: true), refused: nil),
      .action(.liveUpdates(start: false), refused: nil),
      .action(.monitor(start: true), refused: nil),
      .action(.backgroundActivity(start: false), refused: nil),
      .action(.requestWhenInUse, refused: nil),
      .action(.requestAlways, refused: .r7),
      .action(.requestTemporaryFullAccuracy(purposeKey: "true"), refused: nil),
      .action(.tap(.allowWhileUsing, precise: false), refused: nil),
      .action(.tap(.dontAllow, precise: nil), refused: .r9),
      .action(
        .settings([.location(.never), .precise(true), .locationServices(false)]), refused: nil),
      .action(.settings([.restrictions(true)]), refused: .r38),
      .action(.settings([.reset]), refused: nil),
      .action(.backgroundEvent, refused: nil),
      .action(.manager(name: "main map"), refused: nil),
      .action(.release(name: "null"), refused: .r41),
      .action(
        .manager(
          name: "tracker",
          properties: ManagerProperties(
            allowsBackgroundLocationUpdates: true, showsBackgroundLocationIndicator: false,
            pausesLocationUpdatesAutomatically: true)),
        refused: .r45),
      .action(
        .configure(
          name: "true", properties: ManagerProperties(pausesLocationUpdatesAutomatically: false)),
        refused: nil),
      .action(.request(.whenInUse, by: "main map"), refused: nil),
      .action(.request(.always, by: "01"), refused: .r41),
      .action(.request(.temporaryFullAccuracy(purposeKey: "Nav key"), by: "true"), refused: nil),
      .action(.managerCall(.startUpdatingLocation, manager: "tracker"), refused: nil),
      .action(.managerCall(.stopUpdatingLocation, manager: "tracker"), refused: .r43),
      .action(
        .managerCall(.startMonitoringSignificantLocationChanges, manager: "main map"),
        refused: nil),
      .action(
        .managerCall(.stopMonitoringSignificantLocationChanges, manager: "null"), refused: .r47),
      .action(.managerCall(.startMonitoringVisits, manager: "tracker"), refused: nil),
      .action(.managerCall(.stopMonitoringVisits, manager: "tracker"), refused: .r48),
      .action(.startMonitoring(manager: "tracker", region: "a b"), refused: nil),
      .action(.stopMonitoring(manager: "true", region: "01"), refused: .r49),
      .action(.pauseUpdates, refused: .r46),
      .action(.terminateByUser, refused: nil),
      .action(.terminateByUser, refused: .r37),
      .expect([
        .init(.authorizationStatus, .authorizationStatus(.authorizedWhenInUse)),
        .init(.accuracyAuthorization, .accuracyAuthorization(.reducedAccuracy)),
        .init(.prompt, .prompt(.none)),
        .init(.settingsShows, .settingsShows(.whileUsing)),
        .init(
          .diagnostics(holder: "true"), .diagnostics([.authorizationDenied, .accuracyLimited])),
        .init(.diagnostics(holder: "liveUpdates"), .diagnostics([])),
        .init(.updates, .updates(.reduced)),
        .init(.monitorEvents, .monitorEvents(.delivered)),
        .init(.backgroundActivity, .backgroundActivity(.inactive)),
        .init(.backgroundIndicator, .backgroundIndicator(.shown)),
        .init(.requestResult, .requestResult(.promptDeclined)),
        .init(.locationUpdates, .locationUpdates(.full)),
        .init(.significantChanges, .significantChanges(.delivered)),
        .init(.visits, .visits(.none)),
        .init(.regionEvents, .regionEvents(.delivered)),
        .init(.monitoredRegions, .monitoredRegions(unordered: ["home", "01", "a b"])),
        .init(
          .callbacks(manager: "main map"),
          .callbacks([
            .didChangeAuthorization(
              AuthorizationPair(authorizationStatus: .denied, accuracyAuthorization: .fullAccuracy)),
            .didPause, .monitoringDidFail(region: "a b"), .monitoringDidFail(region: "01"),
          ])),
        .init(.callbacks(manager: "tracker"), .callbacks([])),
      ]),
    ])

  @Test("a script with every step kind, quoted names and refusals reads back equal")
  func everyStepKind() throws {
    let text = ScenarioWriter.text(
      Self.everything, comment: ["written # here"], notes: [0: ["first"]])
    let back = try Self.read(text)
    #expect(back.script == Self.everything, "\(text)")
    #expect(text.hasPrefix("# written # here\nscenario: 'it''s: a # story'\n"))
    #expect(text.contains("\n  # first\n  - launch\n"))
    #expect(text.contains("\n  - session: 'true'\n"))
    #expect(text.contains("\n  - session: '01'\n"))
    #expect(text.contains("\n  - terminate:\n    refused: R3\n"))
    #expect(text.contains("\n  regions: [home, '01', 'a b']\n"))
    #expect(text.contains("\n  - terminate: user\n    refused: R37\n"))
    #expect(text.contains("\n  - startMonitoring: tracker\n    region: 'a b'\n"))
    #expect(text.contains("\n  - request: always\n    by: '01'\n    refused: R41\n"))
  }

  @Test("a Settings action that mixes reset with other changes is written as consecutive steps")
  func mixedReset() throws {
    let action = ScenarioAction.settings([.precise(false), .reset, .location(.never), .reset])
    #expect(
      action.summary
        == "settings: precise off; settings: reset; settings: location never; settings: reset")
    let script = ScenarioScript(
      name: "mixed", configuration: AppConfiguration(infoPlist: InfoPlist()),
      steps: [.action(action, refused: .r38)])
    let back = try Self.read(ScenarioWriter.text(script))
    #expect(
      back.script.steps == [
        .action(.settings([.precise(false)]), refused: nil),
        .action(.settings([.reset]), refused: nil),
        .action(.settings([.location(.never)]), refused: nil),
        .action(.settings([.reset]), refused: .r38),
      ])
  }

  @Test(
    "a name or description with control characters, line breaks or bidi controls reads back",
    arguments: [
      "Geo\nPASS forged\u{1B}[2J\u{202E}", "a\tb", "tab\tand 'quote' and \\ and \"", "\u{7F}\u{85}",
      "line\nbreak", "ends with a break\n", "\u{2066}isolate\u{2069}", "bom\u{FEFF}inside",
    ])
  func escapedText(_ text: String) throws {
    let script = ScenarioScript(
      name: text, description: text, configuration: AppConfiguration(infoPlist: InfoPlist()),
      steps: [
        .action(.launch, refused: nil),
        .action(
          .session(id: text, authorization: .whenInUse, fullAccuracyPurposeKey: nil), refused: nil),
      ])
    let written = ScenarioWriter.text(script, comment: ["about \(text)"], notes: [1: [text]])
    let back = try Self.read(written)
    #expect(back.script == script, "\(written)")
    // Every comment stays one line, and the file shows no control character but its breaks.
    #expect(written.split(separator: "\n").filter { $0.hasPrefix("# ") }.count == 1, "\(written)")
    #expect(
      !written.unicodeScalars.contains {
        $0 != "\n" && $0 != "\t" && StepWords.needsEscape($0)
      }, "\(written)")
  }

  @Test("a name is written plain only where a reader reads it back as itself")
  func plainNames() {
    #expect(StepWords.Value.name("s0").written == "s0")
    #expect(StepWords.Value.name("map-view.v2").written == "map-view.v2")
    for name in ["true", "False", "NULL", "01", "1.5", "a b", "a:b", "#x", "-x", "é", "", "it's"] {
      #expect(StepWords.Value.name(name).written.hasPrefix("'"), "\(name)")
    }
  }

  @Test("a model event and the action read back from its words are the same step")
  func eventsReadBack() throws {
    let names = Names(
      sessions: ["s0", "x y"], purposeKeys: ["Nav"], managers: ["m0", "run screen"],
      regions: ["home", "01"])
    let events: [AuthorizationEvent] = [
      .launch, .relaunchInBackground, .enterBackground, .enterForeground, .wait, .terminate,
      .createSession(
        SessionID(1), authorization: .whenInUse, fullAccuracyPurposeKey: PurposeKey(index: 0)),
      .invalidateSession(SessionID(0)), .liveUpdates(iterating: true), .monitor(iterating: false),
      .backgroundActivity(held: true), .requestWhenInUseAuthorization, .requestAlwaysAuthorization,
      .requestTemporaryFullAccuracyAuthorization(PurposeKey(index: 0)),
      .tap(.allowOnce, precise: true), .settings(.precise(false)), .settings(.reset),
      .backgroundEvent, .createManager(ManagerID(0)), .releaseManager(ManagerID(0)),
      // §8b, R6, R50: the legacy services' steps.
      .terminateByUser, .settingsChanges([.location(.always), .precise(false)]),
      .createManager(
        ManagerID(1),
        ManagerProperties(
          allowsBackgroundLocationUpdates: true, showsBackgroundLocationIndicator: true,
          pausesLocationUpdatesAutomatically: false)),
      .configureManager(ManagerID(1), ManagerProperties(allowsBackgroundLocationUpdates: false)),
      .request(.whenInUse, by: ManagerID(1)), .request(.always, by: ManagerID(0)),
      .request(.temporaryFullAccuracy(PurposeKey(index: 0)), by: ManagerID(1)),
      .startUpdatingLocation(ManagerID(1)), .stopUpdatingLocation(ManagerID(1)),
      .startMonitoringSignificantLocationChanges(ManagerID(0)),
      .stopMonitoringSignificantLocationChanges(ManagerID(1)),
      .startMonitoringVisits(ManagerID(0)), .stopMonitoringVisits(ManagerID(0)),
      .startMonitoring(ManagerID(1), region: RegionID(0)),
      .stopMonitoring(ManagerID(0), region: RegionID(1)), .pauseUpdates,
    ]
    let script = ScenarioScript(
      name: "events", configuration: AppConfiguration(infoPlist: InfoPlist()),
      steps: events.map { .action(ScenarioAction($0, names: names), refused: nil) })
    let back = try Self.read(ScenarioWriter.text(script))
    #expect(back.script == script)
  }
}
