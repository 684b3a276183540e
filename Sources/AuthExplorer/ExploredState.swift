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

  /// Whether an upgrade prompt (app-requested or R14's) appears on the step from `before` to
  /// `after`: what sets the ghost, and what P7 counts.
  static func upgradePromptAppears(
    from before: AuthorizationState, to after: AuthorizationState
  ) -> Bool {
    isUpgrade(after.pendingPrompt) && !isUpgrade(before.pendingPrompt)
  }

  /// Pattern matching rather than comparing `prompt`: this runs for every transition.
  private static func isUpgrade(_ prompt: PendingPrompt?) -> Bool {
    if case .alwaysUpgrade? = prompt { return true }
    return false
  }
}
