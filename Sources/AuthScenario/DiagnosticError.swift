/// An error that carries every diagnostic found in a file, sorted by position.
public struct DiagnosticError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The diagnostics, sorted by position.
  public var diagnostics: [Diagnostic]

  /// Creates an error from `diagnostics`, sorting them by position.
  public init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = Diagnostic.sortedByPosition(diagnostics)
  }

  /// One diagnostic a line, as `line:column: severity: message`.
  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }
}
