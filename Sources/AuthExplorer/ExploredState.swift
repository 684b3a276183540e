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

  /// Whether an upgrade prompt (app-requested or R14's) appears on a step whose pending prompt
  /// goes from `before` to `after`: what sets the ghost, and what P7 counts.
  ///
  /// It takes the prompts alone: passing whole states copied them on every transition.
  static func upgradePromptAppears(from before: PendingPrompt?, to after: PendingPrompt?) -> Bool {
    isUpgrade(after) && !isUpgrade(before)
  }

  /// Pattern matching rather than comparing `prompt`: this runs for every transition.
  private static func isUpgrade(_ prompt: PendingPrompt?) -> Bool {
    if case .alwaysUpgrade? = prompt { return true }
    return false
  }
}
