/// Explores every state of a transition system reachable from its initial states, breadth
/// first, and checks its properties.
///
/// States are stored packed, 8 bytes per slot of the visited set, which keeps no parent links:
/// about 10 bytes per state when `ExplorationOptions.maxStates` sizes the set up front, 12 to
/// 14 otherwise (its shards grow one after another, each at most 4/5 full: by half while small,
/// twice as large once large). The
/// frontier is 8 bytes per queued state, freed as it is expanded. All told, a search holds
/// under 16 bytes per stored state at its peak, growth included, once it stores more than
/// some tens of thousands of states.
///
/// Paths are rebuilt after the search: a second search, on one thread and in the same order,
/// notes each state's first discoverer up to the deepest path needed, and the actions are
/// replayed along those links. Each reported path is a shortest one, and among the shortest
/// the first in the order of `TransitionSystem.initialStates` and `TransitionSystem.actions`.
/// The result, paths included, is the same for every thread count.
///
/// ```swift
/// let result = Explorer(system, options: ExplorationOptions(maxStates: 100_000_000)).run()
/// for property in result.properties where !property.passed { … }
/// ```
public struct Explorer<System: TransitionSystem>: Sendable {
  /// The system to explore.
  public let system: System
  /// The limits and threads of the search.
  public var options: ExplorationOptions

  /// Creates an explorer of `system`.
  public init(_ system: System, options: ExplorationOptions = ExplorationOptions()) {
    self.system = system
    self.options = options
  }

  /// Searches the system and returns what it found.
  ///
  /// - Complexity: O(states × actions) calls of `next` and `pack`, on `options.threads`
  ///   threads; O(states) memory.
  @inlinable
  public func run() -> ExplorationResult<System> {
    ExplorationRun(system: system, hints: WithoutHints(system), options: options).run()
  }
}

extension Explorer where System: ExplorationHints {
  /// Searches the system, with its hints unless `options.usesHints` is off, and returns what
  /// it found: the same, with or without the hints.
  ///
  /// - Complexity: O(states × actions) calls of `next` and `pack`, on `options.threads`
  ///   threads; O(states) memory.
  @inlinable
  public func run() -> ExplorationResult<System> {
    options.usesHints
      ? ExplorationRun(system: system, hints: WithHints(system), options: options).run()
      : ExplorationRun(system: system, hints: WithoutHints(system), options: options).run()
  }
}
