/// Rebuilds the explorer's shortest paths by searching again from the initial states.
///
/// The explorer stores no parent links. For each property it decides, it keeps only where:
/// a stored state's packed key and depth, and the action taken from it (`Target`). Afterwards
/// this search repeats the explorer's breadth-first search on one thread, in exactly the same
/// order (initial states in order, each level's states in discovery order, actions in order),
/// and notes each state's first discoverer, up to the deepest target's depth, stopping as soon
/// as every target is found. Since the order is the same, every state gets the parent the
/// explorer's own search discovered it from, and each path is the one a search keeping parent
/// links would report: a shortest one, and among those the first in the order of
/// `TransitionSystem.initialStates` and `TransitionSystem.actions`.
///
/// The parent links live in an ordinary `Dictionary`, 22 to 43 bytes per state, but only for
/// the states up to the deepest target, and only after the explorer has released its own
/// memory.
@usableFromInline
struct PathSearch<System, Hints: SearchHints> where Hints.System == System {
  /// Where the explorer decided a property: a state it stored, and the step taken from it.
  @usableFromInline
  struct Target: Sendable {
    /// The packed state.
    @usableFromInline let key: UInt64
    /// The state's distance from the initial states.
    @usableFromInline let depth: Int
    /// The index of the action taken from the state, or -1 when the state itself decided.
    @usableFromInline let action: Int

    @usableFromInline
    init(key: UInt64, depth: Int, action: Int) {
      self.key = key
      self.depth = depth
      self.action = action
    }
  }

  @usableFromInline let system: System
  /// The hints the explorer searched with, which this search takes too.
  @usableFromInline let hints: Hints
  @usableFromInline let actions: [System.Action]
  /// Whether the explorer skipped the steps marked as self-loops
  /// (``ExplorationHints/selfLoopActions(in:refused:)``), as this search then does too.
  @usableFromInline let skipsSelfLoops: Bool
  /// The most bytes the search held at once: the parent links and two levels of states.
  @usableFromInline var peakBytes = 0

  @inlinable
  init(system: System, hints: Hints, actions: [System.Action], skipsSelfLoops: Bool) {
    self.system = system
    self.hints = hints
    self.actions = actions
    self.skipsSelfLoops = skipsSelfLoops
  }

  /// The path to each of `targets`, in order: the states that lead to the target's state, then
  /// the target's action, if any.
  ///
  /// - Parameter states: how many states the explorer stored up to the deepest target's depth;
  ///   room for their parent links is made up front.
  /// - Complexity: one call of `next` per action for each state up to the deepest target's
  ///   depth, on the calling thread.
  @inlinable
  mutating func paths(to targets: [Target], states: Int) -> [Path<System>] {
    guard let deepest = targets.map(\.depth).max() else { return [] }
    // The depth of each target state not found yet.
    var unfound = Dictionary(targets.map { ($0.key, $0.depth) }, uniquingKeysWith: { a, _ in a })
    // Each state's first discoverer; an initial state is its own.
    var parents: [UInt64: UInt64] = [:]
    parents.reserveCapacity(states)
    var level: [UInt64] = []
    var next: [UInt64] = []
    var depth = 0
    func discover(_ key: UInt64, from parent: UInt64) {
      guard parents[key] == nil else { return }
      parents[key] = parent
      next.append(key)
      if let expected = unfound.removeValue(forKey: key), expected != depth {
        preconditionFailure(
          "a stored state is found again at another depth: check that next is pure and that "
            + "unpack undoes pack")
      }
    }
    for state in system.initialStates {
      let key = system.pack(state)
      discover(key, from: key)
    }
    while true {
      peakBytes = max(
        peakBytes, Self.bytes(parents.capacity) + (level.capacity + next.capacity) * 8)
      swap(&level, &next)
      next.removeAll(keepingCapacity: true)
      guard !unfound.isEmpty && depth < deepest else { break }
      depth += 1
      for key in level where !unfound.isEmpty {
        let state = system.unpack(key)
        // The same skips as the search's, so the same discoveries in the same order.
        var skipped = hints.refusedActions(in: state)
        if skipsSelfLoops { skipped |= hints.selfLoopActions(in: state, refused: skipped) }
        var after = state
        for index in System.unmarkedActions(skipped, count: actions.count) {
          guard hints.next(state, actions[index], into: &after) else { continue }
          discover(system.pack(after), from: key)
        }
      }
    }
    guard unfound.isEmpty else {
      preconditionFailure(
        "searching again misses a stored state: check that next is pure and that unpack undoes "
          + "pack")
    }
    return targets.map { path(to: $0, parents: parents) }
  }

  /// The path to `target` along `parents`, rebuilt by replaying the actions.
  ///
  /// The action between each pair of states is the first that leads from one to the next,
  /// which is the action that first discovered it.
  @inlinable
  func path(to target: Target, parents: [UInt64: UInt64]) -> Path<System> {
    var keys = [target.key]
    while let parent = parents[keys[keys.count - 1]], parent != keys[keys.count - 1] {
      keys.append(parent)
    }
    keys.reverse()
    let initialState = system.unpack(keys[0])
    var state = initialState
    var steps: [Path<System>.Step] = []
    for key in keys.dropFirst() {
      guard
        let step = actions.indices.lazy.compactMap({ index -> Path<System>.Step? in
          guard let after = self.system.next(state, self.actions[index]),
            self.system.pack(after) == key
          else { return nil }
          return Path<System>.Step(action: self.actions[index], actionIndex: index, state: after)
        }).first
      else {
        preconditionFailure("no action leads to a stored successor: check pack and unpack")
      }
      steps.append(step)
      state = step.state
    }
    guard target.action >= 0 else { return Path(initialState: initialState, steps: steps) }
    guard let after = system.next(state, actions[target.action]) else {
      preconditionFailure("a recorded action is refused on replay: check pack and unpack")
    }
    steps.append(
      Path.Step(action: actions[target.action], actionIndex: target.action, state: after))
    return Path(initialState: initialState, steps: steps)
  }

  /// The bytes of a `[UInt64: UInt64]` of `capacity`: Swift's dictionary keeps a power of two
  /// of buckets at most 3/4 full, each with a key, a value and a bit of occupancy.
  @inlinable
  static func bytes(_ capacity: Int) -> Int {
    guard capacity > 0 else { return 0 }
    var buckets = 1
    while buckets * 3 / 4 < capacity { buckets *= 2 }
    return buckets * 16 + buckets / 8
  }
}
