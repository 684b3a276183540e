import AuthScenario

/// One token of Swift source, as ``SwiftLexer`` reads it.
public struct SwiftToken: Hashable, Sendable, CustomStringConvertible {
  /// What a token is.
  public enum Kind: UInt8, Hashable, Sendable {
    /// A name or a keyword (`func`, `startUpdatingLocation`, `` `default` `` without its
    /// backticks, `$0`).
    case identifier
    /// An integer or floating-point literal, as written (`20`, `0x1F`, `1_000.5`).
    case number
    /// A whole string literal, single-line, multi-line or raw. Its text is what the literal
    /// holds between its quotes, the code of its interpolations left out; that code comes as
    /// tokens of its own right after this one.
    case string
    /// One character of punctuation or of an operator (`(`, `.`, `=`, `?`).
    case punctuation
  }

  public var kind: Kind
  /// The identifier's name, the number as written, the string's contents, or the character.
  public var text: String
  /// Where the token starts: 1-based line, and 1-based column counted in Unicode scalars.
  public var position: SourcePosition

  public init(_ kind: Kind, _ text: String, at position: SourcePosition) {
    self.kind = kind
    self.text = text
    self.position = position
  }

  /// Whether this is the punctuation character `character`.
  @inlinable
  public func isPunctuation(_ character: String) -> Bool {
    kind == .punctuation && text == character
  }

  /// Whether this is the identifier or keyword `name`.
  @inlinable
  public func isIdentifier(_ name: String) -> Bool {
    kind == .identifier && text == name
  }

  public var description: String { "\(position) \(kind) '\(text)'" }
}
