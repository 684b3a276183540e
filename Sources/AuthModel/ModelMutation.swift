/// A deliberately broken rule, for checking the tools that check the model.
///
/// authcheck's own tests and its `--mutation` option use these to show that the explorer
/// catches a broken model and that its counterexample fails when run as a scenario, and that a
/// story of the legacy services fails when one of their readings is flipped. A faithful
/// fake has none: ``AppConfiguration/mutation`` is `nil` unless you ask for one.
public enum ModelMutation: String, Hashable, Sendable, CaseIterable {
  /// R18 acts on the app's goal in the background too: a prompt appears while the app is not in
  /// the foreground, breaking R5 (and property P1).
  case promptsFromBackground = "prompts-from-background"
  /// Allow Once survives a `wait` outside use, breaking R12 (and property P6).
  case allowOnceNeverLapses = "allow-once-never-lapses"
  /// R44 without its indicator clause: a continuous background session never shows the
  /// indicator, so it keeps no When In Use app in use (R3) and its updates stop (R43).
  case continuousSessionWithoutIndicator = "continuous-session-without-indicator"
  /// R49 without its limit: a 21st region is registered and nothing fails.
  case regionsWithoutLimit = "regions-without-limit"
  /// R6 without the withdrawal: a prompt raised by a manager's request stays up after that
  /// manager is released.
  case promptOutlivesManager = "prompt-outlives-manager"

  /// Whether the exploration of the model (`authcheck explore`) takes the steps the mutation
  /// breaks without the legacy services (§8b): theirs need `authcheck explore --legacy`, and
  /// their stories catch them.
  public var isExplored: Bool {
    switch self {
    case .promptsFromBackground, .allowOnceNeverLapses: true
    case .continuousSessionWithoutIndicator, .regionsWithoutLimit, .promptOutlivesManager: false
    }
  }
}
