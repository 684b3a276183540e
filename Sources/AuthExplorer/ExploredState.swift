import AuthModel

/// A state of the explored app: the model's state plus what the properties remember.
public struct ExploredState: Hashable, Sendable {
  public var model: AuthorizationState
  /// Ghost variable for P7: an upgrade prompt has been answered since the last reset (or the
  /// start).
  public var upgradePromptAnswered: Bool

  public init(model: AuthorizationState, upgradePromptAnswered: Bool = false) {
    self.model = model
    self.upgradePromptAnswered = upgradePromptAnswered
  }

  /// Whether `event`, taken where `before` is pending, answers an upgrade prompt
  /// (app-requested or R14's): what sets the ghost, and what P7 counts. A prompt withdrawn by
  /// Settings is not answered, and R14's may be shown again (R38).
  ///
  /// It takes the prompt alone: passing whole states copied them on every transition.
  @inline(__always)
  static func upgradePromptAnswered(before: PendingPrompt?, by event: AuthorizationEvent) -> Bool {
    if case .tap = event { return isUpgrade(before) }
    return false
  }

  /// Pattern matching rather than comparing `prompt`: this runs for every transition.
  private static func isUpgrade(_ prompt: PendingPrompt?) -> Bool {
    if case .alwaysUpgrade? = prompt { return true }
    return false
  }
}
