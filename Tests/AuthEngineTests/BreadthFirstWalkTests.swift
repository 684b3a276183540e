import AuthEngine
import Testing
import ToySystems

/// Records what a walk shows: every state with its key and depth, every step.
struct Recorder<System: TransitionSystem>: WalkVisitor {
  var keys: [UInt64] = []
  var depths: [Int] = []
  var steps: [(from: UInt64, to: UInt64)] = []
  var system: System
  /// The actions not to take, by a predicate on the action.
  var forbidden: (System.Action) -> Bool = { _ in false }

  init(_ system: System) { self.system = system }

  mutating func visit(_ state: System.State, key: UInt64, depth: Int) {
    keys.append(key)
    depths.append(depth)
  }

  func allows(_ action: System.Action, in state: System.State) -> Bool { !forbidden(action) }

  mutating func visit(step from: System.State, _ action: System.Action, to: System.State) {
    steps.append((system.pack(from), system.pack(to)))
  }
}

@Suite struct BreadthFirstWalkTests {
  @Test(
    "shows every state of a counter grid once, at its distance, and every step",
    arguments: [[1], [2], [3, 4, 5], [20, 20, 20]])
  func showsGrid(bounds: [Int]) {
    let grid = CounterGrid(bounds: bounds)
    var recorder = Recorder(grid)
    let result = BreadthFirstWalk(grid).run(&recorder)
    let explored = Explorer(grid).run()
    #expect(result.isComplete)
    #expect(result.states == explored.states)
    #expect(result.transitions == explored.transitions)
    #expect(result.depth == explored.depth)
    #expect(recorder.keys.count == bounds.reduce(1, *))
    #expect(Set(recorder.keys).count == recorder.keys.count)
    #expect(recorder.steps.count == result.transitions)
    for (key, depth) in zip(recorder.keys, recorder.depths) {
      let distance = bounds.indices.map { grid.counter($0, in: key) }.reduce(0, +)
      #expect(depth == distance)
    }
  }

  @Test("counts 60 states, 266 steps and depth 9 on a 3×4×5 grid")
  func exactCounts() {
    var recorder = Recorder(CounterGrid(bounds: [3, 4, 5]))
    let result = BreadthFirstWalk(CounterGrid(bounds: [3, 4, 5])).run(&recorder)
    #expect(result.states == 60)
    #expect(result.transitions == 266)
    #expect(result.depth == 9)
    #expect(result.isComplete)
  }

  @Test("shows states in the explorer's order: level by level, in discovery order")
  func order() {
    let counter = ModularCounter(modulus: 10, steps: [2, 1])
    var recorder = Recorder(counter)
    _ = BreadthFirstWalk(counter).run(&recorder)
    #expect(recorder.keys == [0, 2, 1, 4, 3, 6, 5, 8, 7, 9])
    #expect(recorder.depths == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5])
    // Steps to states already stored are shown too, in action order.
    #expect(recorder.steps.prefix(4).map(\.to) == [2, 1, 4, 3])
  }

  @Test("stops at maxStates, says so, and shows no state past the limit")
  func stateLimit() {
    let grid = CounterGrid(bounds: [20, 20, 20])
    var recorder = Recorder(grid)
    let stopped = BreadthFirstWalk(grid, maxStates: 100).run(&recorder)
    #expect(!stopped.isComplete)
    #expect(stopped.states == 100)
    #expect(recorder.keys.count < 100)
    var exact = Recorder(grid)
    let complete = BreadthFirstWalk(grid, maxStates: 8000).run(&exact)
    #expect(complete.isComplete)
    #expect(complete.states == 8000)
  }

  @Test("reports progress at every 65,536 states stored")
  func progress() {
    let grid = CounterGrid(bounds: [256, 256, 3])
    var recorder = Recorder(grid)
    var heard: [Int] = []
    let result = BreadthFirstWalk(grid).run(&recorder) { heard.append($0) }
    #expect(result.states == 196_608)
    #expect(heard == [65_536, 131_072, 196_608])
  }

  @Test("skips the steps the system marks as refused, and takes those a visitor allows only")
  func marksAndAllowed() {
    var marked = Recorder(MarkedCounter(actionCount: 3))
    let result = BreadthFirstWalk(MarkedCounter(actionCount: 3)).run(&marked)
    #expect(result.states == 10)
    #expect(result.transitions == 20)
    #expect(!marked.keys.contains(99))
    // Self-loop marks are not read: the walk shows every step it takes.
    var looping = Recorder(LoopingCounter())
    #expect(BreadthFirstWalk(LoopingCounter()).run(&looping).states == 11)
    var onlyOnes = Recorder(ModularCounter(modulus: 10, steps: [1, 5]))
    onlyOnes.forbidden = { $0 == 5 }
    let walked = BreadthFirstWalk(ModularCounter(modulus: 10, steps: [1, 5])).run(&onlyOnes)
    #expect(walked.transitions == 10)
    #expect(walked.depth == 9)
  }

  @Test("stores and expands a state that packs to the empty-slot value")
  func sentinel() {
    let counter = SentinelCounter(count: 6, sentinelState: 2)
    var recorder = Recorder(counter)
    let result = BreadthFirstWalk(counter).run(&recorder)
    #expect(result.states == 6)
    #expect(result.transitions == 5)
    #expect(result.depth == 5)
    #expect(recorder.keys.contains(UInt64.max))
  }

  @Test("rebuilds the shortest path, first in action order, to a state a visitor kept")
  func paths() throws {
    struct FourLitres: WalkVisitor {
      typealias System = WaterJugs
      var found: (key: UInt64, depth: Int)?
      mutating func visit(_ state: WaterJugs.State, key: UInt64, depth: Int) {
        if state.big == 4 && found == nil { found = (key, depth) }
      }
    }
    var visitor = FourLitres()
    let walk = BreadthFirstWalk(WaterJugs())
    let result = walk.run(&visitor)
    #expect(result.states == 16)
    #expect(result.transitions == 58)
    #expect(result.depth == 7)
    let target = try #require(visitor.found)
    #expect(target.depth == 6)
    let path = try #require(walk.paths(to: [target]).first)
    #expect(
      path.actions == [
        .fillBig, .pourBigIntoSmall, .emptySmall, .pourBigIntoSmall, .fillBig, .pourBigIntoSmall,
      ])
    #expect(path.states.map(\.big) == [0, 5, 2, 2, 0, 5, 4])
  }
}
