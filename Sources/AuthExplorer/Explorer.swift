/// Explores every state of a transition system reachable from its initial states, breadth
/// first, and checks its properties.
///
/// States are stored packed, 12 bytes per slot of the visited set (the packed state and the id
/// of its parent) at most 3/4 full: 16 bytes per state when `ExplorationOptions.maxStates` sizes
/// the set up front, 16 to 24 between growths otherwise, and up to about 30 for the moment of a
/// growth (the set grows by half). The frontier is 4 bytes per queued state. Paths are rebuilt
/// from parent links by replaying the actions, so each reported path is a shortest one, and
/// among the shortest the first in the order of `TransitionSystem.initialStates` and
/// `TransitionSystem.actions`. The result, paths included, is the same for every thread count.
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
    ExplorationRun(system: system, options: options).run()
  }
}
