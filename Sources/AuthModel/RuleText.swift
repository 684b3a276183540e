/// What a rule of the model says, where it comes from, what it assumes, and the choices the model
/// makes where the rule leaves room: one entry of the rule book.
///
/// Text is Markdown inline (`` `code` ``); a statement's paragraphs are separated by `"\n"`, and a
/// paragraph that starts with `1. `, `2. `… is an item of a numbered list.
public struct RuleText: Hashable, Sendable {
  /// What the rule says.
  public let statement: String
  /// Where it comes from, in the order the rule cites them.
  public let sources: [RuleSource]
  /// What the rule assumes where Apple's documents are silent or disagree; `nil` when the rule
  /// assumes nothing.
  public let assumed: String?
  /// The model's own choices where the rule leaves room, each refining this rule; tested like
  /// the rule.
  public let modelChoices: [String]

  /// Whether any part of the rule is assumed rather than documented by Apple.
  public var isAssumed: Bool { assumed != nil }

  init(
    _ statement: String, sources: [RuleSource], assumed: String? = nil,
    modelChoices: [String] = []
  ) {
    self.statement = statement
    self.sources = sources
    self.assumed = assumed
    self.modelChoices = modelChoices
  }
}
