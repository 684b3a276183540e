/// What a ``BreadthFirstWalk`` tells as it goes: each state it expands and each step it takes.
///
/// A report that needs more than the explorer's verdicts (groups of states, the states where
/// something holds, the depth at which it first does) is a visitor of the engine's search
/// rather than a search of its own: the walk owns the visited set, the frontier and the order,
/// and the visitor only looks.
public protocol WalkVisitor<System> {
  associatedtype System: TransitionSystem

  /// Called once for each state the walk expands, before its steps: initial states first, in
  /// order, then level by level in discovery order.
  ///
  /// - Parameters:
  ///   - key: the state's packing (``TransitionSystem/pack(_:)``), which
  ///     ``BreadthFirstWalk/paths(to:)`` takes.
  ///   - depth: the state's distance from the initial states, in steps.
  mutating func visit(_ state: System.State, key: UInt64, depth: Int)

  /// Whether the walk may take `action` in `state`; the default takes every action. A step
  /// it may not take is neither visited nor counted, and what only it reaches is not reached.
  func allows(_ action: System.Action, in state: System.State) -> Bool

  /// Called for each step the walk takes, in action order, before the successor is stored: a
  /// step to a state already stored, or back to `state` itself, is called too. The default
  /// does nothing.
  mutating func visit(step from: System.State, _ action: System.Action, to: System.State)
}

extension WalkVisitor {
  @inlinable
  public func allows(_ action: System.Action, in state: System.State) -> Bool { true }

  @inlinable
  public mutating func visit(step from: System.State, _ action: System.Action, to: System.State) {}
}

/// A breadth-first walk over every reachable state of a transition system, on one thread, that
/// shows each state and each step to a ``WalkVisitor``.
///
/// The order is the explorer's: the initial states in order (duplicates by packing ignored),
/// then each level in discovery order, each state's actions in the order of
/// ``TransitionSystem/actions``. The states are stored as the explorer stores them, packed in
/// its visited set, and queued in its frontier; nothing else is kept per state, so a visitor
/// that wants a path to a state keeps its key and depth and asks ``paths(to:)`` afterwards.
///
/// The walk reads the system's ``ExplorationHints`` refusal marks, when its type conforms where
/// `run` is called, to skip the steps certainly refused: the visitor sees the same states and
/// steps either way. It takes every other step, self-loops included.
///
/// ```swift
/// var visitor = DepthCounter()
/// let result = BreadthFirstWalk(system, maxStates: 1_000_000).run(&visitor)
/// guard result.isComplete else { … }
/// ```
public struct BreadthFirstWalk<System: TransitionSystem>: Sendable {
  /// How far a walk went.
  public struct Result: Hashable, Sendable {
    /// Distinct states stored: for a complete walk, every reachable state.
    public let states: Int
    /// Steps taken: actions tried in expanded states that were not refused or disallowed.
    public let transitions: Int
    /// The greatest distance, in steps, from an initial state to a stored state.
    public let depth: Int
    /// Whether every reachable state was stored and expanded. When `false`, a new state would
    /// have gone beyond ``BreadthFirstWalk/maxStates``, and the walk stopped there, in the
    /// middle of a state's steps.
    public let isComplete: Bool

    @usableFromInline
    init(states: Int, transitions: Int, depth: Int, isComplete: Bool) {
      self.states = states
      self.transitions = transitions
      self.depth = depth
      self.isComplete = isComplete
    }
  }

  /// The system to walk.
  public let system: System
  /// The most states the walk stores, or `nil` for no limit. A walk that would store one more
  /// stops, incomplete (``Result/isComplete``); the initial states are always stored.
  public var maxStates: Int?

  /// A walk over `system`, storing at most `maxStates` states.
  public init(_ system: System, maxStates: Int? = nil) {
    self.system = system
    self.maxStates = maxStates
  }

  /// Walks the system, showing `visitor` every state and step.
  ///
  /// - Parameter progress: hears the number of states stored, each time it reaches a multiple
  ///   of 65,536.
  /// - Complexity: one call of `next` per action not refused, for each reachable state; about
  ///   12 to 14 bytes per stored state (the visited set), and 8 per queued state.
  @inlinable
  public func run<Visitor: WalkVisitor>(
    _ visitor: inout Visitor, progress: ((Int) -> Void)? = nil
  ) -> Result where Visitor.System == System {
    walk(hints: WithoutHints(system), &visitor, progress: progress)
  }

  /// The shortest path to each of `targets` (a state's key and depth, as given to
  /// ``WalkVisitor/visit(_:key:depth:)``), in order: among the shortest, the first in the
  /// order of the initial states and of ``TransitionSystem/actions``, the path the walk
  /// discovered the state along.
  ///
  /// A second walk, in the same order, notes each state's first discoverer up to the deepest
  /// target (the explorer's path search); the walk itself keeps no parent links.
  ///
  /// - Precondition: each target was stored at that depth by a walk of the same system.
  @inlinable
  public func paths(to targets: [(key: UInt64, depth: Int)]) -> [Path<System>] {
    var search = PathSearch(
      system: system, hints: WithoutHints(system), actions: system.actions, skipsSelfLoops: false)
    return search.paths(
      to: targets.map { .init(key: $0.key, depth: $0.depth, action: -1) }, states: 0)
  }

  /// The walk, reading the system through `hints`: its refusal marks only.
  @inlinable
  func walk<Hints: SearchHints, Visitor: WalkVisitor>(
    hints: Hints, _ visitor: inout Visitor, progress: ((Int) -> Void)?
  ) -> Result where Hints.System == System, Visitor.System == System {
    let actions = system.actions
    let visited = VisitedSet(expectedStates: 0)
    var frontier = Frontier()
    var next = Frontier()
    var stored = 0
    var transitions = 0
    var depth = 0
    for state in system.initialStates {
      let key = system.pack(state)
      guard visited.insertGrowing(key, hash: VisitedSet.hash(key)) else { continue }
      stored += 1
      frontier.append(key)
    }
    while true {
      for position in 0..<frontier.count {
        let key = frontier[position]
        let state = system.unpack(key)
        visitor.visit(state, key: key, depth: depth)
        var after = state
        let refused = hints.refusedActions(in: state)
        for index in System.unmarkedActions(refused, count: actions.count) {
          let action = actions[index]
          guard visitor.allows(action, in: state),
            system.next(state, action, into: &after)
          else { continue }
          transitions &+= 1
          visitor.visit(step: state, action, to: after)
          let successor = system.pack(after)
          let hash = VisitedSet.hash(successor)
          guard !visited.reader.contains(successor, hash: hash) else { continue }
          if let maxStates, stored >= maxStates {
            return Result(
              states: stored, transitions: transitions, depth: depth + 1, isComplete: false)
          }
          _ = visited.insertGrowing(successor, hash: hash)
          stored += 1
          next.append(successor)
          if stored & 0xFFFF == 0 { progress?(stored) }
        }
        // The chunks already expanded are freed as the walk goes.
        if position & (Frontier.chunkSize - 1) == Frontier.chunkSize - 1 {
          frontier.release(below: position + 1)
        }
      }
      guard !next.isEmpty else { break }
      swap(&frontier, &next)
      next.removeAll()
      depth += 1
    }
    return Result(states: stored, transitions: transitions, depth: depth, isComplete: true)
  }
}

extension BreadthFirstWalk where System: ExplorationHints {
  /// Walks the system, showing `visitor` every state and step, skipping the steps the
  /// system's refusal marks (``ExplorationHints/refusedActions(in:)``) say it refuses: the
  /// same states and steps as without them, sooner.
  ///
  /// - Parameter progress: hears the number of states stored, each time it reaches a multiple
  ///   of 65,536.
  @inlinable
  public func run<Visitor: WalkVisitor>(
    _ visitor: inout Visitor, progress: ((Int) -> Void)? = nil
  ) -> Result where Visitor.System == System {
    walk(hints: WithHints(system), &visitor, progress: progress)
  }
}
