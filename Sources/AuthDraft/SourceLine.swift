/// A line of a file of the project drafted: where a drafted line comes from.
public struct SourceLine: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The file's path, relative to the folder drafted.
  public var path: String
  /// The 1-based line, or `nil` for a file without lines (a binary property list).
  public var line: Int?
  /// The 1-based column of what the line is drafted from, for a diagnostic; not in
  /// `description`, and not compared.
  public var column: Int

  public init(_ path: String, line: Int?, column: Int = 1) {
    self.path = path
    self.line = line
    self.column = column
  }

  public static func == (lhs: SourceLine, rhs: SourceLine) -> Bool {
    lhs.path == rhs.path && lhs.line == rhs.line
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(line)
  }

  public static func < (lhs: SourceLine, rhs: SourceLine) -> Bool {
    (lhs.path, lhs.line ?? 0) < (rhs.path, rhs.line ?? 0)
  }

  /// `PATH:LINE`, or `PATH` without a line.
  public var description: String { line.map { "\(path):\($0)" } ?? path }
}
