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
  public func offers(_ button: PromptButton) -> Bool { prompt.offers(button) }

  /// Whether the prompt shows the Precise toggle, so that an answer may set it (R9): only the
  /// when-in-use prompt does, and only for an app whose Info.plist does not ask for reduced
  /// accuracy by default.
  public func offersPreciseToggle(_ c: AppConfiguration) -> Bool {
    prompt.offersPreciseToggle(defaultPrecise: c.defaultPrecise)
  }

  /// The rule that says what its answers do.
  public var answerRule: Rule { prompt.answerRule }

  /// Whether the system shows it on its own, outside the foreground (R14).
  public var isSystemPrompt: Bool { self == .alwaysUpgrade(bySystem: true) }
}

extension Prompt {
  /// Whether the prompt shows `button` (R9–R11); no prompt shows none.
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

  /// Whether the prompt shows the Precise toggle (R9): only the when-in-use prompt, and only for
  /// an app that does not ask for reduced accuracy by default (`defaultPrecise`).
  public func offersPreciseToggle(defaultPrecise: Bool) -> Bool {
    self == .whenInUse && defaultPrecise
  }

  /// The rule that says what its answers do (R6 for no prompt: there is nothing to answer).
  public var answerRule: Rule {
    switch self {
    case .none: .r6
    case .whenInUse: .r9
    case .alwaysUpgrade: .r10
    case .temporaryFullAccuracy: .r11
    }
  }
}
