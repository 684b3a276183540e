/// What the YAML reader found in a file: the root node and every diagnostic.
public struct YAMLReadResult: Hashable, Sendable {
  /// The document's root node.
  ///
  /// `nil` when the document is empty (no content, or only comments and blank lines) or when
  /// `diagnostics` holds an error: the reader never hands out a half-read tree. An empty
  /// document is not an error to the reader; the caller decides.
  public var root: YAMLNode?
  /// Every diagnostic, sorted by position.
  public var diagnostics: [Diagnostic]

  /// Creates a result, sorting `diagnostics` by position.
  public init(root: YAMLNode?, diagnostics: [Diagnostic]) {
    self.root = root
    self.diagnostics = Diagnostic.sortedByPosition(diagnostics)
  }

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
