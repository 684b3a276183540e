/// An invariant that must hold everywhere, or a witness that must be reached somewhere.
///
/// An `always` property is a safety invariant: the explorer checks it on every initial state
/// and every transition, and reports the shortest path to a violation. A `sometimes` property
/// is a witness: it must be reached at least once. A witness that is never reached in a complete
/// exploration means the system never does what the witness describes, so every invariant that
/// talks about it may hold vacuously.
///
/// A condition sees either a state or a transition:
/// - a state condition is evaluated once on every stored state (initial states included), when
///   the explorer expands it;
/// - a transition condition is evaluated on every transition that is not refused, as
///   `(before, action, after)`; it is never evaluated on initial states.
///
/// Once a property is decided (an invariant violated, a witness reached), the explorer stops
/// evaluating it after the current breadth-first level.
///
/// Conditions are called from several threads at once and must be pure.
public struct Property<System: TransitionSystem>: Sendable {
  /// Whether a property must hold everywhere or be reached somewhere.
  public enum Kind: Sendable, Hashable {
    /// An invariant: the condition must be true on every state or transition.
    case always
    /// A witness: the condition must be true on at least one state or transition.
    case sometimes
  }

  /// What a condition is evaluated on.
  @usableFromInline
  enum Condition: Sendable {
    case state(@Sendable (System.State) -> Bool)
    case transition(@Sendable (System.State, System.Action, System.State) -> Bool)
    /// Hit when the checked state's findings have the bit set.
    case stateFinding(UInt64)
    /// Hit when the successor's findings have the bit set.
    case transitionFinding(UInt64)
  }

  /// A short identifier, such as `"P3"`, matching the specification.
  public let id: String
  /// A one-line description of what the property says.
  public let description: String
  /// Whether this is an invariant or a witness.
  public let kind: Kind
  @usableFromInline let condition: Condition

  @usableFromInline
  init(id: String, description: String, kind: Kind, condition: Condition) {
    self.id = id
    self.description = description
    self.kind = kind
    self.condition = condition
  }

  /// An invariant on states: `condition` must be true on every reachable state.
  public static func always(
    _ id: String, _ description: String, state condition: @escaping @Sendable (System.State) -> Bool
  ) -> Self {
    Self(id: id, description: description, kind: .always, condition: .state(condition))
  }

  /// An invariant on transitions: `condition(before, action, after)` must be true on every
  /// transition that is not refused.
  public static func always(
    _ id: String, _ description: String,
    transition condition:
      @escaping @Sendable (System.State, System.Action, System.State) -> Bool
  ) -> Self {
    Self(id: id, description: description, kind: .always, condition: .transition(condition))
  }

  /// A witness on states: some reachable state must satisfy `condition`.
  public static func sometimes(
    _ id: String, _ description: String, state condition: @escaping @Sendable (System.State) -> Bool
  ) -> Self {
    Self(id: id, description: description, kind: .sometimes, condition: .state(condition))
  }

  /// A witness on transitions: some transition must satisfy `condition(before, action, after)`.
  public static func sometimes(
    _ id: String, _ description: String,
    transition condition:
      @escaping @Sendable (System.State, System.Action, System.State) -> Bool
  ) -> Self {
    Self(id: id, description: description, kind: .sometimes, condition: .transition(condition))
  }

  /// An invariant violated in a state whose ``TransitionSystem/findings(of:)`` has `bit` set.
  public static func always(_ id: String, _ description: String, violatedInStatesWith bit: UInt64)
    -> Self
  {
    Self(id: id, description: description, kind: .always, condition: .stateFinding(bit))
  }

  /// An invariant violated by a step whose successor's findings have `bit` set.
  public static func always(_ id: String, _ description: String, violatedByStepsWith bit: UInt64)
    -> Self
  {
    Self(id: id, description: description, kind: .always, condition: .transitionFinding(bit))
  }

  /// A witness reached in a state whose findings have `bit` set.
  public static func sometimes(_ id: String, _ description: String, reachedInStatesWith bit: UInt64)
    -> Self
  {
    Self(id: id, description: description, kind: .sometimes, condition: .stateFinding(bit))
  }

  /// A witness reached by a step whose successor's findings have `bit` set.
  public static func sometimes(_ id: String, _ description: String, reachedByStepsWith bit: UInt64)
    -> Self
  {
    Self(id: id, description: description, kind: .sometimes, condition: .transitionFinding(bit))
  }
}
