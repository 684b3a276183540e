import AuthModel

/// A state of the explored app: the model's state plus what the properties remember.
public struct ExploredState: Hashable, Sendable {
  public var model: AuthorizationState
  /// Ghost variable for P7: an upgrade prompt has appeared since the last reset (or the start).
  public var upgradePromptShown: Bool

  public init(model: AuthorizationState, upgradePromptShown: Bool = false) {
    self.model = model
    self.upgradePromptShown = upgradePromptShown
  }
}
