import AuthExplorer
import AuthModel
import Testing

/// Each ``Reduction`` claims that it forgets only what nothing later reads. On catalogues small
/// enough to explore both ways, every property and witness must get the same verdict, and
/// every shortest path the same length, with and without them.
@Suite struct ReductionTests {
  struct ReductionCase: CustomTestStringConvertible, Sendable {
    var configuration: AppConfiguration
    var sessions: String
    var reducedStates: Int
    var reducedTransitions: Int
    var fullStates: Int
    var fullTransitions: Int
    var testDescription: String {
      "\(ConfigurationUnderTest(configuration).name), sessions '\(sessions)'"
    }
  }

  @Test("each reduction alone forgets something: fewer states than with none")
  func eachReductionReduces() throws {
    let configuration = AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseAndBackground)
    let none = try Fixtures.explore(configuration, sessions: "", reductions: [])
    for reduction in Reduction.allCases {
      let one = try Fixtures.explore(configuration, sessions: "", reductions: [reduction])
      #expect(one.states < none.states, "\(reduction.rawValue) forgets nothing")
    }
  }

  @Test(
    "exploring with and without the reductions gives the same verdicts",
    arguments: [
      // Prompts, the request result, and a relaunch reading what was iterated at termination.
      ReductionCase(
        configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseAndBackground),
        sessions: "", reducedStates: 6_396, reducedTransitions: 95_860,
        fullStates: 35_096, fullTransitions: 523_184),
      ReductionCase(
        configuration: AppConfiguration(ios: .ios17, infoPlist: Fixtures.whenInUseOnly),
        sessions: "", reducedStates: 4_752, reducedTransitions: 70_356,
        fullStates: 24_448, fullTransitions: 357_476),
      // A session: the termination record, its createdInUse marks, the rejoin window (R19) and
      // a relaunch that reads the record (R36).
      ReductionCase(
        configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.backgroundOnly),
        sessions: "none", reducedStates: 17_536, reducedTransitions: 280_064,
        fullStates: 130_432, fullTransitions: 2_099_904),
    ])
  func sameVerdicts(_ test: ReductionCase) throws {
    let reduced = try Fixtures.explore(test.configuration, sessions: test.sessions)
    let full = try Fixtures.explore(test.configuration, sessions: test.sessions, reductions: [])
    print(
      "\(test.testDescription): \(reduced.states) states, \(reduced.transitions) transitions "
        + "with \(Reduction.allCases.map(\.rawValue)); \(full.states) states, "
        + "\(full.transitions) transitions without")
    #expect(reduced.isComplete && full.isComplete)
    #expect(reduced.states == test.reducedStates)
    #expect(reduced.transitions == test.reducedTransitions)
    #expect(full.states == test.fullStates)
    #expect(full.transitions == test.fullTransitions)
    #expect(reduced.states < full.states)

    let findings = reduced.properties + reduced.witnesses
    let unreduced = full.properties + full.witnesses
    #expect(findings.map(\.id) == unreduced.map(\.id))
    for (a, b) in zip(findings, unreduced) {
      #expect(a.outcome == b.outcome, "\(a.id)")
      #expect(a.path.count == b.path.count, "\(a.id): shortest paths of different lengths")
    }
    // The comparison means something only if both outcomes occur.
    #expect(reduced.witnesses.contains { $0.outcome == .reached })
  }

  @Test("a mutated model is caught the same way with and without the reductions")
  func sameViolations() throws {
    let configuration = AppConfiguration(
      ios: .ios18, infoPlist: Fixtures.whenInUseOnly, mutation: .allowOnceNeverLapses)
    let reduced = try Fixtures.explore(configuration, sessions: "")
    let full = try Fixtures.explore(configuration, sessions: "", reductions: [])
    #expect(reduced.states < full.states)
    #expect(reduced.violations.map(\.id) == ["P6"])
    #expect(reduced.violations.map(\.id) == full.violations.map(\.id))
    #expect(reduced.violations.map(\.path) == full.violations.map(\.path))
  }

  @Test("forgetRequestResult forgets only the request result")
  func forgetRequestResult() {
    var model = AuthorizationState(configuration: AppConfiguration(infoPlist: Fixtures.noKeys))
    model.lastRequestResult = .noEffect
    model.app = .foreground
    var state = ExploredState(model: model, upgradePromptAnswered: true)
    Reduction.forgetRequestResult.apply(to: &state)
    model.lastRequestResult = nil
    #expect(state == ExploredState(model: model, upgradePromptAnswered: true))
  }

  @Test("forgetTerminationRecord keeps the record while it can still be read")
  func forgetTerminationRecord() {
    let configuration = AppConfiguration(infoPlist: Fixtures.whenInUseOnly)
    var model = AuthorizationState(configuration: configuration)
    model.sessionsAtTermination = HeldSessions([
      HeldSession(id: SessionID(0), authorization: .whenInUse, createdInUse: true)
    ])
    model.iteratingAtTermination = true

    // Not running: a background relaunch reads all of it (R36).
    var notRunning = ExploredState(model: model)
    Reduction.forgetTerminationRecord.apply(to: &notRunning)
    #expect(notRunning == ExploredState(model: model))

    // Running with the rejoin window open: only which sessions were held matters (R19).
    model.app = .foreground
    model.rejoinWindowOpen = true
    var rejoining = ExploredState(model: model)
    Reduction.forgetTerminationRecord.apply(to: &rejoining)
    #expect(rejoining.model.sessionsAtTermination.map(\.id) == [SessionID(0)])
    #expect(rejoining.model.sessionsAtTermination.allSatisfy { !$0.createdInUse })
    #expect(!rejoining.model.iteratingAtTermination)

    // Running, window closed: nothing of it.
    model.rejoinWindowOpen = false
    var running = ExploredState(model: model)
    Reduction.forgetTerminationRecord.apply(to: &running)
    #expect(running.model.sessionsAtTermination.isEmpty)
    #expect(!running.model.iteratingAtTermination)
  }
}
