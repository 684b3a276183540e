import AuthEngine
import EngineBenchmark
import Foundation
import Testing
import ToySystems

@Suite struct ExplorerTests {
  struct GridCase: CustomTestStringConvertible, Sendable {
    let bounds: [Int]
    let states: Int
    let transitions: Int
    let depth: Int
    var testDescription: String { "bounds \(bounds)" }
  }

  @Test(
    "counts a counter grid's states, transitions and depth exactly",
    arguments: [
      GridCase(bounds: [1], states: 1, transitions: 0, depth: 0),
      GridCase(bounds: [2], states: 2, transitions: 2, depth: 1),
      GridCase(bounds: [3, 4, 5], states: 60, transitions: 266, depth: 9),
      GridCase(bounds: [20, 20, 20], states: 8000, transitions: 45600, depth: 57),
    ])
  func countsGrid(_ grid: GridCase) {
    let result = Explorer(CounterGrid(bounds: grid.bounds)).run()
    #expect(result.states == grid.states)
    #expect(result.transitions == grid.transitions)
    #expect(result.depth == grid.depth)
    #expect(result.completion == .complete)
    #expect(result.passed)
  }

  @Test("counts every state, transition and level of a counter modulo 10")
  func countsModularCounter() {
    let result = Explorer(ModularCounter(modulus: 10)).run()
    #expect(result.states == 10)
    #expect(result.transitions == 10)
    #expect(result.depth == 9)
  }

  @Test(
    "never tries an action the system marks as refused; from index 64 on, every action is tried",
    arguments: [3, 64, 65])
  func honoursRefusedActions(actionCount: Int) {
    for threads in [1, 2] {
      let result = Explorer(
        MarkedCounter(actionCount: actionCount), options: ExplorationOptions(threads: threads)
      ).run()
      // Index 64 and up cannot be marked, so the trap is reached there, and only there.
      let trapped = actionCount > 64
      #expect(result.states == (trapped ? 11 : 10))
      #expect(result.transitions == (trapped ? 33 : 20))
      #expect(result.passed == !trapped)
    }
  }

  @Test("counts a step marked as a self-loop without taking it")
  func countsSelfLoopsWithoutTakingThem() {
    for threads in [1, 2] {
      let result = Explorer(LoopingCounter(), options: ExplorationOptions(threads: threads)).run()
      #expect(result.states == 10)
      #expect(result.transitions == 20)
      #expect(result.passed)
    }
  }

  @Test("without hints, tries every action, marked refused or as a self-loop, and unpacks whole")
  func usesNoHintsWhenAsked() {
    for threads in [1, 2] {
      let options = ExplorationOptions(threads: threads, usesHints: false)
      // Both marks are false on purpose, so a search that honoured them would miss the trap.
      let marked = Explorer(MarkedCounter(actionCount: 3), options: options).run()
      #expect(marked.states == 11)
      #expect(marked.transitions == 33)
      #expect(marked.passed == false)
      let looping = Explorer(LoopingCounter(), options: options).run()
      #expect(looping.states == 11)
      #expect(looping.passed == false)
      let unpacking = Explorer(WantedFindingsCounter(), options: options).run()
      #expect(unpacking["even"]?.passed == false)
    }
    // With them, the finding the hinted unpack leaves out is never seen.
    #expect(Explorer(WantedFindingsCounter()).run()["even"]?.passed == true)
  }

  @Test("a system's hints are seen only where its type conforms: not through a generic caller")
  func genericCallerSeesNoHints() {
    func explore<System: TransitionSystem>(_ system: System) -> ExplorationResult<System> {
      Explorer(system).run()
    }
    #expect(explore(LoopingCounter()).states == 11)
    #expect(Explorer(LoopingCounter()).run().states == 10)
  }

  @Test("takes every step, marked or not, while a closure checks transitions")
  func takesSelfLoopsUnderTransitionClosures() {
    var counter = LoopingCounter()
    counter.properties.append(
      .always(
        "steps", "every step stays within the counter",
        transition: { _, _, after in
          after < 10
        }))
    let result = Explorer(counter).run()
    // The marked step is taken, so it reaches the trap, and the closure sees it.
    #expect(result.states == 11)
    #expect(result.passed == false)
    #expect(result["steps"]?.passed == false)
  }

  @Test("finds the shortest way to measure 4 litres with 3- and 5-litre jugs")
  func waterJugs() throws {
    var jugs = WaterJugs()
    jugs.properties = [.sometimes("J1", "the big jug holds 4 litres") { $0.big == 4 }]
    let result = Explorer(jugs).run()
    #expect(result.states == 16)
    #expect(result.transitions == 58)
    #expect(result.depth == 7)
    let path = try #require(result["J1"]?.path)
    #expect(
      path.actions == [
        .fillBig, .pourBigIntoSmall, .emptySmall, .pourBigIntoSmall, .fillBig,
        .pourBigIntoSmall,
      ])
    #expect(path.finalState == WaterJugs.State(small: 3, big: 4))
    #expect(path.states.map(\.big) == [0, 5, 2, 2, 0, 5, 4])
    #expect(result.passed)
  }

  @Test("reports the first shortest counterexample in action order")
  func firstShortestCounterexample() throws {
    let counter = ModularCounter(
      modulus: 20, steps: [1, 3], properties: [.always("C1", "never 7") { $0 != 7 }])
    let result = Explorer(counter).run()
    #expect(result.states == 20)
    #expect(result.transitions == 40)
    #expect(result.depth == 7)
    guard case .violated(let path) = result["C1"]?.verdict else {
      Issue.record("C1 should be violated")
      return
    }
    #expect(path.actions == [1, 3, 3])
    #expect(path.steps.map(\.actionIndex) == [0, 1, 1])
    #expect(path.states == [0, 1, 4, 7])
    #expect(!result.passed)
  }

  @Test("reports a transition invariant's violation ending with the breaking step")
  func transitionInvariant() throws {
    let counter = ModularCounter(
      modulus: 5,
      properties: [.always("C2", "never wraps around") { before, _, after in after > before }])
    let result = Explorer(counter).run()
    guard case .violated(let path) = result["C2"]?.verdict else {
      Issue.record("C2 should be violated")
      return
    }
    #expect(path.states == [0, 1, 2, 3, 4, 0])
  }

  @Test("checks state invariants on initial states and reports the first in order")
  func initialStateInvariant() throws {
    let counter = ModularCounter(
      modulus: 10, initialStates: [3, 5, 6],
      properties: [.always("C3", "below 5") { $0 < 5 }])
    let result = Explorer(counter).run()
    guard case .violated(let path) = result["C3"]?.verdict else {
      Issue.record("C3 should be violated")
      return
    }
    #expect(path.initialState == 5)
    #expect(path.steps.isEmpty)
  }

  @Test("reports an unreachable witness as not reached and the run as failed")
  func unreachableWitness() {
    let counter = ModularCounter(
      modulus: 10, steps: [2],
      properties: [
        .sometimes("W1", "an odd count") { $0 % 2 == 1 },
        .always("C4", "even") { $0 % 2 == 0 },
      ])
    let result = Explorer(counter).run()
    #expect(result.states == 5)
    guard case .notReached = result["W1"]?.verdict else {
      Issue.record("W1 should not be reached")
      return
    }
    guard case .holds = result["C4"]?.verdict else {
      Issue.record("C4 should hold")
      return
    }
    #expect(!result.passed)
  }

  @Test("reaches a transition witness by its shortest path")
  func transitionWitness() throws {
    let counter = ModularCounter(
      modulus: 6, steps: [1, 2],
      properties: [
        .sometimes("W2", "a step of 2 onto 5") { _, step, after in
          step == 2 && after == 5
        }
      ])
    let result = Explorer(counter).run()
    let path = try #require(result["W2"]?.path)
    #expect(path.actions == [1, 2, 2])
    #expect(result.passed)
  }

  @Test("stores, expands and traces through a state that packs to the empty-slot value")
  func sentinelState() throws {
    let counter = SentinelCounter(
      count: 6, sentinelState: 2, properties: [.always("S1", "never 5") { $0 != 5 }])
    #expect(counter.pack(2) == UInt64.max)
    let result = Explorer(counter).run()
    #expect(result.states == 6)
    #expect(result.transitions == 5)
    #expect(result.depth == 5)
    let path = try #require(result["S1"]?.path)
    #expect(path.states == [0, 1, 2, 3, 4, 5])
  }

  @Test("starts from a state that packs to the empty-slot value")
  func sentinelInitialState() {
    let result = Explorer(SentinelCounter(count: 4, sentinelState: 0)).run()
    #expect(result.states == 4)
    #expect(result.depth == 3)
  }

  @Test("stops at maxStates, keeps the first states found and never reports a pass")
  func stateLimit() {
    let grid = CounterGrid(bounds: [10, 10])
    let corner = grid.state([9, 9])
    let system = CounterGrid(
      bounds: [10, 10],
      properties: [
        .always("G1", "in the grid") { _ in true },
        .sometimes("G2", "the far corner") { $0 == corner },
      ])
    let result = Explorer(system, options: ExplorationOptions(maxStates: 30)).run()
    #expect(result.states == 30)
    #expect(result.completion == .stateLimitReached)
    #expect(result.depth == 7)
    #expect(!result.passed)
    for property in result.properties {
      guard case .unknown = property.verdict else {
        Issue.record("\(property.property.id) should be unknown")
        continue
      }
    }
  }

  @Test("finishes when maxStates equals the number of states")
  func stateLimitExact() {
    let result = Explorer(
      CounterGrid(bounds: [10, 10]), options: ExplorationOptions(maxStates: 100)
    ).run()
    #expect(result.states == 100)
    #expect(result.completion == .complete)
  }

  @Test("stops after the level where every invariant is violated, only when asked")
  func stopsEarly() {
    let counter = ModularCounter(
      modulus: 1000, properties: [.always("C5", "below 5") { $0 < 5 }])
    let early = Explorer(
      counter, options: ExplorationOptions(stopWhenEveryInvariantIsViolated: true)
    ).run()
    #expect(early.completion == .stoppedEarly)
    #expect(early.states == 7)
    #expect(early["C5"]?.path?.finalState == 5)
    let full = Explorer(counter).run()
    #expect(full.completion == .complete)
    #expect(full.states == 1000)
  }

  @Test("gives the same counts and paths with 1, 2 and 3 threads")
  func deterministicAcrossThreads() throws {
    let bounds = [30, 25, 40]
    let grid = CounterGrid(bounds: bounds)
    let target = grid.state([17, 3, 29])
    let system = CounterGrid(
      bounds: bounds,
      properties: [
        .always("D1", "not the target") { $0 != target },
        .sometimes("D2", "counter 1 at 20 after a decrement") { before, action, after in
          action.delta < 0 && grid.counter(1, in: after) == 20
        },
      ])
    let results = [1, 2, 3].map {
      Explorer(system, options: ExplorationOptions(threads: $0)).run()
    }
    for result in results {
      #expect(result.states == 30_000)
      #expect(result.transitions == results[0].transitions)
      #expect(result.depth == 29 + 24 + 39)
      #expect(
        result["D1"]?.path?.steps.map(\.actionIndex)
          == [
            Array(repeating: 0, count: 17), Array(repeating: 2, count: 3),
            Array(repeating: 4, count: 29),
          ].flatMap { $0 })
      // Increment counter 0 first, so that its decrement can end the path.
      #expect(
        result["D2"]?.path?.steps.map(\.actionIndex)
          == [0] + Array(repeating: 2, count: 20) + [1])
    }
  }

  @Test("without witness paths, a reached witness has no path and a violation still has one")
  func withoutWitnessPaths() throws {
    let counter = ModularCounter(
      modulus: 20, steps: [1, 3],
      properties: [
        .sometimes("W3", "reaches 11") { $0 == 11 },
        .always("C6", "never 7") { $0 != 7 },
      ])
    let result = Explorer(counter, options: ExplorationOptions(witnessPaths: false)).run()
    #expect(result.states == 20)
    guard case .reached(nil) = result["W3"]?.verdict else {
      Issue.record("W3 should be reached, without a path")
      return
    }
    #expect(result["C6"]?.path?.actions == [1, 3, 3])
    #expect(result.passed == false)
  }

  @Test(
    "holds under 16 bytes per stored state at its peak, growing or sized up front",
    arguments: [nil, 30_000])
  func bytesPerState(maxStates: Int?) {
    let result = Explorer(
      CounterGrid(bounds: [30, 25, 40]),
      options: ExplorationOptions(maxStates: maxStates, threads: 2)
    ).run()
    #expect(result.states == 30_000)
    #expect(result.peakBytes > 8 * result.states)
    #expect(result.peakBytes < 16 * result.states)
  }

  @Test("reports progress from the calling thread while it searches")
  func reportsProgress() {
    let reports = ProgressLog()
    let options = ExplorationOptions(threads: 2, progressInterval: .zero) { reports.append($0) }
    let result = Explorer(CounterGrid(bounds: [200, 200]), options: options).run()
    let states = reports.states
    #expect(!states.isEmpty)
    #expect(states == states.sorted())
    #expect(states.allSatisfy { $0 <= result.states })
  }

  @Test("measures the toy benchmark on a tiny grid")
  func benchmark() {
    let result = benchmarkToySystem(bounds: [4, 4], threads: 2)
    #expect(result.states == 16)
    #expect(result.transitions == 48)
    #expect(result.depth == 6)
    #expect(result.peakBytes >= 16 * 12)
    #expect(result.bytesPerState == Double(result.peakBytes) / 16)
  }
}

/// Progress reports, collected under a lock.
final class ProgressLog: @unchecked Sendable {
  private let lock = NSLock()
  private var reports: [ExplorationProgress] = []

  func append(_ report: ExplorationProgress) {
    lock.withLock { reports.append(report) }
  }

  var states: [Int] { lock.withLock { reports.map(\.states) } }
}
