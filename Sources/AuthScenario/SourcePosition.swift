/// A place in a source file: a line and a column, both 1-based.
///
/// Columns count characters (Swift `Character`s, that is extended grapheme clusters), not bytes
/// or Unicode scalars: an `é` or an emoji before a position moves it by exactly one column, so a
/// caret drawn under the column lands on the right character. A byte order mark at the start of
/// a file is not counted. Positions order by line, then by column.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The line number, starting at 1.
  public var line: Int
  /// The column, in characters, starting at 1.
  public var column: Int

  /// Creates a position from a 1-based line and a 1-based column.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `line:column`, as in the first line of a rendered diagnostic.
  public var description: String { "\(line):\(column)" }
}

/// A half-open stretch of a source file: from `start` up to, but not including, `end`.
///
/// An empty range (`start == end`) marks a place with no text, such as the missing value of
/// `key:`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  /// The position of the first character.
  public var start: SourcePosition
  /// The position just after the last character.
  public var end: SourcePosition

  /// Creates a range from its first position and the position just after its last character.
  public init(start: SourcePosition, end: SourcePosition) {
    self.start = start
    self.end = end
  }

  /// Creates an empty range at `position`.
  public init(at position: SourcePosition) {
    self.init(start: position, end: position)
  }

  /// `start-end`, both as `line:column`.
  public var description: String { "\(start)-\(end)" }
}
