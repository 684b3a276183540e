/// The prompt that is pending, with what the model must remember about it (R6).
public enum PendingPrompt: Hashable, Sendable {
  /// The when-in-use prompt; `forAlways` when `requestAlwaysAuthorization()` showed it from
  /// notDetermined, so that Allow While Using grants provisional Always (R14).
  case whenInUse(forAlways: Bool)
  /// The upgrade to Always; `bySystem` when Core Location showed it for a provisional-Always app
  /// (R14): the system's prompt is answered wherever the app is and survives termination (R6).
  case alwaysUpgrade(bySystem: Bool)
  /// The temporary full accuracy prompt for one purpose key (R16, R18).
  case temporaryFullAccuracy(PurposeKey)

  /// The prompt as the user sees it.
  public var prompt: Prompt {
    switch self {
    case .whenInUse: .whenInUse
    case .alwaysUpgrade: .alwaysUpgrade
    case .temporaryFullAccuracy: .temporaryFullAccuracy
    }
  }

  /// The buttons the prompt shows (R9–R11), in ``PromptButton`` order.
  public var buttons: [PromptButton] { PromptButton.allCases.filter(offers) }

  /// Whether the prompt shows `button` (R9–R11).
  public func offers(_ button: PromptButton) -> Bool {
    switch (self, button) {
    case (.whenInUse, .allowOnce), (.whenInUse, .allowWhileUsing), (.whenInUse, .dontAllow),
      (.alwaysUpgrade, .changeToAlwaysAllow), (.alwaysUpgrade, .keepOnlyWhileUsing),
      (.temporaryFullAccuracy, .allowOnce), (.temporaryFullAccuracy, .dontAllow):
      true
    default:
      false
    }
  }

  /// Whether the prompt shows the Precise toggle, so that an answer may set it (R9): only the
  /// when-in-use prompt does, and only for an app whose Info.plist does not ask for reduced
  /// accuracy by default.
  public func offersPreciseToggle(_ c: AppConfiguration) -> Bool {
    prompt == .whenInUse && c.defaultPrecise
  }

  /// The rule that says what its answers do.
  public var answerRule: Rule {
    switch self {
    case .whenInUse: .r9
    case .alwaysUpgrade: .r10
    case .temporaryFullAccuracy: .r11
    }
  }

  /// Whether the system shows it on its own, outside the foreground (R14).
  public var isSystemPrompt: Bool { self == .alwaysUpgrade(bySystem: true) }
}
