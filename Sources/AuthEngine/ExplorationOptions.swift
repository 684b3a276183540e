import Foundation

/// How far and how fast an `Explorer` searches.
public struct ExplorationOptions: Sendable {
  /// The most distinct states to store, or `nil` for no limit.
  ///
  /// When a new state would go beyond it, the search stops and the result is incomplete: no
  /// invariant is reported as holding and no witness as unreached. Setting it also sizes the
  /// visited set once, up front, for about 10 bytes per state, instead of growing it.
  public var maxStates: Int?

  /// How many states to make room for up front (about 10 bytes each), or `nil` for
  /// `maxStates`. Room reserved up front makes the search faster; `0` grows the visited set as
  /// states arrive (about 12 bytes per state, whatever their number), which costs more time but
  /// nothing unused.
  public var reservedStates: Int?

  /// The number of threads to search with; at least 1.
  public var threads: Int

  /// Stops at the end of the first level where every `always` property has been violated.
  ///
  /// Off by default: witnesses need the whole state space. When it stops a search, the result
  /// is incomplete and unreached witnesses are reported as unknown.
  public var stopWhenEveryInvariantIsViolated: Bool

  /// Whether a reached witness comes with its path (`PropertyResult.Verdict.reached(_:)`).
  ///
  /// On by default. The explorer keeps no parent links: once the search is over, it searches
  /// again, on one thread, as deep as the deepest path it must rebuild, keeping a parent link
  /// for every state up to there in a dictionary (22 to 43 bytes per state). Off, a reached
  /// witness is reported as `.reached(nil)`, and that search runs only for violated
  /// invariants, whose paths are always rebuilt.
  public var witnessPaths: Bool

  /// Whether the search uses the system's ``ExplorationHints``; on by default.
  ///
  /// Off, it unpacks every state whole and calls `next` for every action in every state: the
  /// same result, more slowly, which is how the hints are checked.
  public var usesHints: Bool

  /// Called about once per `progressInterval` on the thread that called `Explorer.run()`.
  public var progress: (@Sendable (ExplorationProgress) -> Void)?

  /// How often `progress` is called.
  public var progressInterval: Duration

  /// Creates options; the defaults explore everything with one thread per active processor.
  public init(
    maxStates: Int? = nil,
    reservedStates: Int? = nil,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    stopWhenEveryInvariantIsViolated: Bool = false,
    witnessPaths: Bool = true,
    usesHints: Bool = true,
    progressInterval: Duration = .seconds(1),
    progress: (@Sendable (ExplorationProgress) -> Void)? = nil
  ) {
    self.maxStates = maxStates
    self.reservedStates = reservedStates
    self.threads = max(1, threads)
    self.stopWhenEveryInvariantIsViolated = stopWhenEveryInvariantIsViolated
    self.witnessPaths = witnessPaths
    self.usesHints = usesHints
    self.progressInterval = progressInterval
    self.progress = progress
  }
}
