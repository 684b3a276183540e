import AuthExplorer
import AuthModel
import AuthScenario
import Testing

/// The explorer must catch each deliberately broken rule, with a shortest path, and write a
/// counterexample that fails on the broken model at its last expectation and passes on the
/// faithful one.
@Suite struct MutationTests {
  struct MutationCase: CustomTestStringConvertible, Sendable {
    var mutation: ModelMutation
    var property: AuthorizationProperty
    var path: [AuthorizationEvent]
    var states: Int
    var testDescription: String { mutation.rawValue }
  }

  static let s0 = AuthorizationEvent.createSession(
    SessionID(0), authorization: .whenInUse, fullAccuracyPurposeKey: nil)

  static let cases: [MutationCase] = [
    // A session created in the background prompts at once (R18 without R5).
    MutationCase(
      mutation: .promptsFromBackground, property: .p1, path: [.launch, .enterBackground, s0],
      states: 12_124),
    // Allow Once outlives a wait outside use (R12 broken).
    MutationCase(
      mutation: .allowOnceNeverLapses, property: .p6,
      path: [.launch, s0, .tap(.allowOnce, precise: nil), .enterBackground, .wait],
      states: 13_116),
  ]

  static let faithful = AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly)

  static func mutated(_ mutation: ModelMutation) -> AppConfiguration {
    AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly, mutation: mutation)
  }

  @Test(
    "the explorer finds the broken property, and only it, with a shortest path", arguments: cases)
  func caught(_ test: MutationCase) throws {
    let report = try Fixtures.explore(Self.mutated(test.mutation), sessions: "whenInUse")
    #expect(report.isComplete)
    #expect(report.states == test.states)
    #expect(!report.propertiesHold)
    #expect(report.violations.map(\.id) == [test.property.rawValue])
    let finding = try #require(report[test.property.rawValue])
    #expect(finding.outcome == .violated)
    #expect(finding.path == test.path)
    #expect(finding.counterexample != nil)
    // AuthorizationExplorationTests explores the faithful model here: every property holds.
  }

  @Test(
    "the counterexample fails at its last expectation on the broken model, passes on the faithful",
    arguments: cases)
  func counterexampleRuns(_ test: MutationCase) throws {
    let report = try Fixtures.explore(Self.mutated(test.mutation), sessions: "whenInUse")
    let text = try #require(report[test.property.rawValue]?.counterexample)
    let file = ScenarioFile.parse(Array(text.utf8), path: "\(test.property.rawValue).yaml")
    let scenario: Scenario
    switch file.scenario {
    case .success(let parsed): scenario = parsed
    case .failure(let error):
      Issue.record("the counterexample does not parse: \(error.diagnostics)\n\(text)")
      return
    }
    // The file describes the faithful configuration: a mutation is not part of a scenario.
    #expect(scenario.configuration == Self.faithful)
    #expect(scenario.steps.count == test.path.count + 1)

    // Its last step is one expectation, on the file's last line.
    let last = try #require(scenario.steps.last)
    guard case .expect(let expectations) = last.kind else {
      Issue.record("the last step is not an expectation")
      return
    }
    let expectation = try #require(expectations.last)
    let lines = text.split(separator: "\n")
    #expect(expectation.position.line == lines.count)

    var broken = scenario
    broken.configuration = Self.mutated(test.mutation)
    let failed = ScenarioRunner.run(broken)
    let failure = try #require(failed.failure, "the counterexample passes on the broken model")
    #expect(failure.position == expectation.position)
    #expect(failure.stepsTaken.count == test.path.count)

    let passed = ScenarioRunner.run(scenario)
    #expect(passed.passed, "\(passed.failure?.message ?? "")")
  }

  @Test("writes the P1 counterexample as this scenario")
  func counterexampleText() throws {
    let report = try Fixtures.explore(Self.mutated(.promptsFromBackground), sessions: "whenInUse")
    #expect(
      report["P1"]?.counterexample == """
        # Counterexample to P1: a prompt other than the provisional upgrade only appears, and is \
        only answered, while the app is in the foreground.
        # Written by authcheck explore on configuration 'ios18 whenInUse', sessions 'whenInUse', \
        mutation 'prompts-from-background'.
        # Its last expectation is what P1 demands; on the model explored it fails.
        scenario: 'counterexample to P1 (ios18 whenInUse)'
        ios: 18
        info:
          NSLocationWhenInUseUsageDescription: 'Shows what is near you'
        steps:
          - launch
          - background
          - session: s0
            authorization: whenInUse
          - expect:
              prompt: none

        """)
  }
}
