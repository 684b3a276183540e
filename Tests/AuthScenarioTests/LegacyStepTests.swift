import AuthModel
import Testing

@testable import AuthScenario

/// The steps, `start` keys and expectations of the legacy CLLocationManager services (RULES.md
/// §8b) in the scenario format: read, written back, and played.
@Suite struct LegacyStepTests {
  static func read(_ text: String) -> Result<Scenario, DiagnosticError> {
    ScenarioFile.parse(Array(text.utf8), path: "legacy.yaml").scenario
  }

  @Test("every legacy event's action reads back from its words")
  func eventsReadBack() throws {
    let names = Names(managers: ["m0", "m 1"], regions: ["home", "a:b"])
    let m0 = ManagerID(0)
    let events: [AuthorizationEvent] = [
      .terminateByUser,
      .createManager(m0, ManagerProperties(allowsBackgroundLocationUpdates: true)),
      .createManager(
        ManagerID(1),
        ManagerProperties(
          allowsBackgroundLocationUpdates: false, showsBackgroundLocationIndicator: true,
          pausesLocationUpdatesAutomatically: false)),
      .configureManager(m0, ManagerProperties(showsBackgroundLocationIndicator: false)),
      .request(.whenInUse, by: m0), .request(.always, by: ManagerID(1)),
      .request(.temporaryFullAccuracy(PurposeKey(index: 0)), by: m0),
      .startUpdatingLocation(m0), .stopUpdatingLocation(m0),
      .startMonitoringSignificantLocationChanges(m0),
      .stopMonitoringSignificantLocationChanges(m0), .startMonitoringVisits(m0),
      .stopMonitoringVisits(m0), .startMonitoring(m0, region: RegionID(0)),
      .stopMonitoring(ManagerID(1), region: RegionID(1)), .pauseUpdates,
      .settingsChanges([.location(.always), .locationServices(false)]),
    ]
    let script = ScenarioScript(
      name: "legacy", configuration: AppConfiguration(infoPlist: InfoPlist()),
      start: StartingState(significantChanges: true, visits: true, regions: ["home", "a:b"]),
      steps: events.map { .action(ScenarioAction($0, names: names), refused: nil) } + [
        .expect([
          .init(.value(.locationUpdates), .locationUpdates(.reduced)),
          .init(.value(.significantChanges), .significantChanges(.delivered)),
          .init(.value(.visits), .visits(.none)),
          .init(.value(.regionEvents), .regionEvents(.delivered)),
          .init(.value(.monitoredRegions), .monitoredRegions(unordered: ["home", "a:b"])),
          .init(
            .callbacks(manager: "m0"),
            .callbacks([.didPause, .monitoringDidFail(region: "a:b")])),
        ])
      ])
    let text = ScenarioWriter.text(script)
    let back = try Self.read(text).get()
    #expect(back.script == script, "\(text)")
  }

  @Test("a manager's properties are true or false; configure needs one; a region needs its id")
  func errors() {
    let cases: [(String, String)] = [
      ("  - manager: m\n    allowsBackgroundLocationUpdates: yes\n", "expected 'true' or 'false'"),
      ("  - configure: m\n", "a 'configure' step needs one or more of"),
      ("  - startMonitoring: m\n", "a 'startMonitoring' step needs 'region: ID'"),
      ("  - terminate: now\n", "unknown value 'now'; expected terminate: 'user'"),
      ("  - system: pause\n", "pauseUpdates"),
    ]
    for (step, message) in cases {
      let result = Self.read("scenario: x\nsteps:\n  - launch\n" + step)
      guard case .failure(let error) = result else {
        Issue.record("'\(step)' was read")
        continue
      }
      #expect(
        error.diagnostics.contains { $0.message.contains(message) },
        "\(error.diagnostics.map(\.message))")
    }
  }

  @Test("start regions: each once, at most 20")
  func startRegions() {
    let twice = Self.read("scenario: x\nstart:\n  regions: [a, a]\nsteps:\n  - launch\n")
    #expect(throws: DiagnosticError.self) { try twice.get() }
    let many = (1...21).map { "r\($0)" }.joined(separator: ", ")
    let tooMany = Self.read("scenario: x\nstart:\n  regions: [\(many)]\nsteps:\n  - launch\n")
    #expect(throws: DiagnosticError.self) { try tooMany.get() }
  }

  @Test("a Settings mapping of two keys is one step: one callback, a refusal at its key")
  func settingsMapping() throws {
    let text = """
      scenario: x
      start:
        location: never
        restrictions: on
      steps:
        - launch
        - manager: map
        - background
        - settings:
            locationServices: off
            location: always
          refused: R38
        - settings:
            restrictions: off
            location: always
            locationServices: off
        - expect:
            callbacks:
              map: [denied/fullAccuracy]

      """
    let result = ScenarioRunner.run(try Self.read(text).get())
    #expect(result.passed, "\(result.failure?.message ?? "")")
  }
}
