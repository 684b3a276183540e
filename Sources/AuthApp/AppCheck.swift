import AuthScenario

/// A check of the developer's own, over every reachable state of the app.
public struct AppCheck: Hashable, Sendable {
  /// What must hold.
  public enum Kind: Hashable, Sendable {
    /// Every reachable state satisfies the condition.
    case always(Condition)
    /// No reachable state satisfies the condition.
    case never(Condition)
    /// Every reachable state that satisfies `when` satisfies `expect`.
    case when(Condition, expect: Condition)
    /// At least one reachable state satisfies the condition.
    case reachable(Condition)

    /// The conditions, in the order written.
    public var conditions: [Condition] {
      switch self {
      case .always(let c), .never(let c), .reachable(let c): [c]
      case .when(let when, let expect): [when, expect]
      }
    }
  }

  /// Whose stories a check is checked over.
  public enum Users: String, Hashable, Sendable, CaseIterable {
    /// Every user: every answer, every Settings change (the default).
    case any
    /// The cooperative user, who answers each prompt at once with its most generous button
    /// and never changes Settings.
    case cooperative
  }

  /// The name shown in reports; `nil` for an unnamed check.
  public var name: String?
  public var kind: Kind
  public var users: Users
  /// The check's `-` in `checks`.
  public var position: SourcePosition?

  public init(
    _ name: String? = nil, _ kind: Kind, users: Users = .any, at position: SourcePosition? = nil
  ) {
    self.name = name
    self.kind = kind
    self.users = users
    self.position = position
  }
}
