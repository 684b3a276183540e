/// A deliberately broken rule, for checking the tools that check the model.
///
/// authcheck's own tests and its `--mutation` option use these to show that the explorer
/// catches a broken model and that its counterexample fails when run as a scenario. A faithful
/// fake has none: ``AppConfiguration/mutation`` is `nil` unless you ask for one.
public enum ModelMutation: String, Hashable, Sendable, CaseIterable {
  /// R18 acts on the app's goal in the background too: a prompt appears while the app is not in
  /// the foreground, breaking R5 (and property P1).
  case promptsFromBackground = "prompts-from-background"
  /// Allow Once survives a `wait` outside use, breaking R12 (and property P6).
  case allowOnceNeverLapses = "allow-once-never-lapses"
}
