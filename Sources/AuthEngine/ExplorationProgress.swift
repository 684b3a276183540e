/// A snapshot of a running search, passed to `ExplorationOptions.progress`.
public struct ExplorationProgress: Sendable {
  /// Distinct states stored so far.
  public let states: Int
  /// Transitions computed so far (refused actions are not counted).
  public let transitions: Int
  /// The breadth-first level being expanded: the distance of the states being expanded.
  public let depth: Int
  /// New distinct states per second since the previous report.
  public let statesPerSecond: Double
  /// States waiting to be expanded: the rest of this level plus the next level so far.
  public let queued: Int
  /// Bytes currently held by the explorer's structures.
  public let bytes: Int
  /// Seconds since the search started.
  public let seconds: Double
}
