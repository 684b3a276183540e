/// What a search found out about one property.
public struct PropertyResult<System: TransitionSystem> {
  /// The finding for one property.
  public enum Verdict {
    /// An `always` property held on every state and transition of a complete search.
    case holds
    /// An `always` property was violated; the path is a shortest one, ending with the
    /// violating state or transition.
    case violated(Path<System>)
    /// A `sometimes` property was reached; the path is a shortest one to it, or `nil` when the
    /// search was run without witness paths (`ExplorationOptions.witnessPaths` false).
    case reached(Path<System>?)
    /// A `sometimes` property was not reached anywhere in a complete search.
    case notReached
    /// The search was incomplete and found neither a violation nor a witness.
    case unknown
  }

  /// The property, as the system declared it.
  public let property: Property<System>
  /// What the search found.
  public let verdict: Verdict

  @usableFromInline
  init(property: Property<System>, verdict: Verdict) {
    self.property = property
    self.verdict = verdict
  }

  /// The path that violates or reaches the property, if any.
  public var path: Path<System>? {
    switch verdict {
    case .violated(let path): path
    case .reached(let path): path
    case .holds, .notReached, .unknown: nil
    }
  }

  /// Whether the property passed: an invariant that holds, or a witness that was reached.
  public var passed: Bool {
    switch verdict {
    case .holds, .reached: true
    case .violated, .notReached, .unknown: false
    }
  }
}

extension PropertyResult.Verdict: Sendable where System.State: Sendable, System.Action: Sendable {}
extension PropertyResult: Sendable where System.State: Sendable, System.Action: Sendable {}
