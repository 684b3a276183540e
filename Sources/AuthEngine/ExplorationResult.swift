/// The outcome of a search: how much of the state space it covered and each property's verdict.
public struct ExplorationResult<System: TransitionSystem> {
  /// Whether the search covered every reachable state.
  public enum Completion: Sendable, Hashable {
    /// Every reachable state was stored and expanded.
    case complete
    /// A new state would have gone beyond `ExplorationOptions.maxStates`.
    case stateLimitReached
    /// Every invariant was violated and `stopWhenEveryInvariantIsViolated` was set.
    case stoppedEarly
  }

  /// Distinct states stored (for a complete search: every reachable state).
  public let states: Int
  /// Transitions computed: actions tried in stored states that were not refused.
  public let transitions: Int
  /// The greatest distance, in transitions, from an initial state to a stored state.
  public let depth: Int
  /// Wall-clock seconds the search took.
  public let seconds: Double
  /// The most bytes the explorer's structures held at once: during the search, or, if more,
  /// while it searched again for the paths of the properties it decided.
  public let peakBytes: Int
  /// Whether the search covered every reachable state.
  public let completion: Completion
  /// One result per property, in the order of `TransitionSystem.properties`.
  public let properties: [PropertyResult<System>]

  @usableFromInline
  init(
    states: Int, transitions: Int, depth: Int, seconds: Double, peakBytes: Int,
    completion: Completion, properties: [PropertyResult<System>]
  ) {
    self.states = states
    self.transitions = transitions
    self.depth = depth
    self.seconds = seconds
    self.peakBytes = peakBytes
    self.completion = completion
    self.properties = properties
  }

  /// Whether the search was complete; an incomplete search never passes.
  public var isComplete: Bool { completion == .complete }

  /// Whether the search was complete, every invariant held and every witness was reached.
  public var passed: Bool { isComplete && properties.allSatisfy(\.passed) }

  /// The result for the property with identifier `id`, if there is one.
  public subscript(id: String) -> PropertyResult<System>? {
    properties.first { $0.property.id == id }
  }
}

extension ExplorationResult: Sendable where System.State: Sendable, System.Action: Sendable {}
