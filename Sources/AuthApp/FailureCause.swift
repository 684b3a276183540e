import AuthModel

/// What the user or the system did that left a need unmet, read from a story's steps: the last
/// choice made (a button, a Settings change, a switch of the system), whether Precise was off
/// after it, whether the app waited in the background since it last left the foreground, and
/// whether the app paused the feature itself.
///
/// A cause is read from the story's step values, never from the model's worded causes: the
/// story is a shortest one, so each choice in it is one the failure needed, and the last is the
/// one a reader acts on.
public struct FailureCause: Hashable, Sendable {
  /// The last choice of the story.
  public enum Choice: String, Hashable, Sendable, CaseIterable {
    /// Don't Allow on the when-in-use prompt.
    case dontAllow
    /// Allow Once on the when-in-use prompt.
    case allowOnce
    /// Allow While Using on the prompt, or While Using in Settings.
    case whileUsing
    /// Change to Always Allow, or Always in Settings.
    case always
    /// Keep Only While Using on the Always upgrade prompt.
    case keepOnlyWhileUsing
    /// Never in Settings.
    case never
    /// Ask Next Time in Settings.
    case askNextTime
    /// Location Services switched off.
    case locationServicesOff
    /// Restrictions (parental controls, MDM) switched on.
    case restrictions
    /// Reset Location & Privacy.
    case reset
    /// Don't Allow on the temporary full accuracy prompt.
    case temporaryFullAccuracyDeclined

    /// The choice as a reader names it: `Don't Allow`, `Location Services off`.
    public var name: String {
      switch self {
      case .dontAllow: "Don't Allow"
      case .allowOnce: "Allow Once"
      case .whileUsing: "While Using"
      case .always: "Always"
      case .keepOnlyWhileUsing: "Keep Only While Using"
      case .never: "Never"
      case .askNextTime: "Ask Next Time"
      case .locationServicesOff: "Location Services off"
      case .restrictions: "restrictions"
      case .reset: "Reset Location & Privacy"
      case .temporaryFullAccuracyDeclined: "temporary full accuracy declined"
      }
    }

    /// Whether the choice gives the app location at all, so that Precise and the grace
    /// period can matter after it.
    var grants: Bool {
      switch self {
      case .allowOnce, .whileUsing, .always, .keepOnlyWhileUsing, .temporaryFullAccuracyDeclined:
        true
      case .dontAllow, .never, .askNextTime, .locationServicesOff, .restrictions, .reset: false
      }
    }
  }

  /// The last choice of the story; `nil` when the story has none.
  public var choice: Choice?
  /// Precise was off after the last choice (the prompt's toggle or Settings).
  public var preciseOff: Bool
  /// The app waited in the background since it last left the foreground.
  public var pastGracePeriod: Bool
  /// The app paused the feature itself (`inBackground: pause`).
  public var paused: Bool

  public init(
    choice: Choice?, preciseOff: Bool = false, pastGracePeriod: Bool = false,
    paused: Bool = false
  ) {
    self.choice = choice
    self.preciseOff = preciseOff
    self.pastGracePeriod = pastGracePeriod
    self.paused = paused
  }

  /// The cause in words: `paused by the app` when the app paused the feature (whatever the
  /// user chose, a paused feature holds nothing); otherwise the choice, then `with Precise off`
  /// and `past the grace period` where they follow a choice that grants location: `Never`,
  /// `While Using with Precise off`, `Always past the grace period`; `the app's own flow`
  /// when the story has no choice.
  public var name: String {
    if paused { return "paused by the app" }
    var words = choice?.name ?? ""
    if choice?.grants ?? true {
      if preciseOff { words = words.isEmpty ? "Precise off" : "\(words) with Precise off" }
      if pastGracePeriod {
        words = words.isEmpty ? "past the grace period" : "\(words) past the grace period"
      }
    }
    return words.isEmpty ? "the app's own flow" : words
  }

  /// Whether the user or the system withheld location or its precision: a choice that does
  /// not grant location, Precise off after one that does, or temporary full accuracy
  /// declined; not the app's own pause.
  public var deniesLocation: Bool {
    guard !paused, let choice else { return !paused && preciseOff }
    return !choice.grants || preciseOff || choice == .temporaryFullAccuracyDeclined
  }

  /// What the app should show instead, for a cause the user or the system chose; `nil` when
  /// the app itself is the cause (it paused the feature, or nothing was chosen).
  public var fallback: String? {
    guard !paused else { return nil }
    if choice?.grants ?? true {
      if preciseOff || choice == .temporaryFullAccuracyDeclined {
        return "work with approximate location, and say what precise location would add"
      }
      if pastGracePeriod {
        return choice == .always
          ? "say the feature stops in the background until the app is opened again"
          : "say the feature stops in the background, and offer Always in Settings"
      }
    }
    switch choice {
    case .dontAllow, .never:
      return "say location is off for this feature, with a button to the app's Settings"
    case .askNextTime, .reset:
      return "explain the feature, then ask again: the next request shows the prompt"
    case .allowOnce:
      return "ask again at the next use: Allow Once lasts until the app is no longer in use"
    case .locationServicesOff:
      return "say Location Services are off for the whole device (Settings > Privacy & Security)"
    case .restrictions:
      return "say location is restricted on this device; no button to Settings, which the user "
        + "cannot change"
    case .keepOnlyWhileUsing, .whileUsing, .always:
      return "say what the feature needs, with a button to the app's Settings"
    case .temporaryFullAccuracyDeclined, nil:
      return nil
    }
  }
}

extension AppSystem {
  /// The cause of a story of `actions` from `state` that ends where the app paused the
  /// feature (`paused`) or not.
  func cause(from state: State, _ actions: [Action], paused: Bool) -> FailureCause {
    var state = state
    var cause = FailureCause(choice: nil, paused: paused)
    for action in actions {
      let before = state.explored.model
      if let next = self.next(state, action) { state = next }
      guard case .event(let event) = action else { continue }
      switch event {
      case .tap(let button, let precise):
        if case .temporaryFullAccuracy = before.pendingPrompt {
          if button == .dontAllow { cause.choice = .temporaryFullAccuracyDeclined }
          continue
        }
        switch button {
        case .allowOnce: cause.choice = .allowOnce
        case .allowWhileUsing: cause.choice = .whileUsing
        case .dontAllow: cause.choice = .dontAllow
        case .changeToAlwaysAllow: cause.choice = .always
        case .keepOnlyWhileUsing: cause.choice = .keepOnlyWhileUsing
        }
        if let precise { cause.preciseOff = !precise }
      case .settings(.location(let setting)):
        cause.choice =
          switch setting {
          case .askNextTime: .askNextTime
          case .never: .never
          case .whileUsing: .whileUsing
          case .always: .always
          }
      case .settings(.precise(let on)): cause.preciseOff = !on
      case .settings(.locationServices(let on)): if !on { cause.choice = .locationServicesOff }
      case .settings(.restrictions(let on)): if on { cause.choice = .restrictions }
      case .settings(.reset): cause.choice = .reset
      case .wait: if before.app == .background { cause.pastGracePeriod = true }
      case .enterForeground, .launch: cause.pastGracePeriod = false
      default: break
      }
    }
    return cause
  }
}
