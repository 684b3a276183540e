/// A message about a place in a source file: an error, a warning or a note.
///
/// The YAML reader, the scenario schema checker and the runner all report problems as
/// diagnostics; only AuthCheckCLI renders them as text. Messages follow the house style:
/// lowercase, no final period, the user's text in single quotes
/// (`unknown step 'tapp'; did you mean 'tap'?`).
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Hashable, Sendable, CaseIterable {
    /// The file is invalid or the scenario failed.
    case error
    /// Something is suspicious but not wrong.
    case warning
    /// Extra information attached to a nearby error or warning.
    case note
  }

  /// How serious the diagnostic is.
  public var severity: Severity
  /// Where the diagnostic points (1-based line and character column).
  public var position: SourcePosition
  /// What is wrong and, where it helps, what was expected.
  public var message: String

  /// The most characters a message keeps: a longer one (which can only come from quoting a
  /// long text of the file) is cut there and ends with `…`, so that every report of a
  /// diagnostic stays within a few kilobytes, whatever the file holds.
  public static let maximumMessageLength = 500

  /// Creates a diagnostic; a message longer than `maximumMessageLength` is cut.
  public init(severity: Severity, position: SourcePosition, message: String) {
    self.severity = severity
    self.position = position
    self.message =
      message.count > Self.maximumMessageLength
      ? String(message.prefix(Self.maximumMessageLength - 1)) + "…" : message
  }

  /// An error at `position`.
  public static func error(_ message: String, at position: SourcePosition) -> Diagnostic {
    Diagnostic(severity: .error, position: position, message: message)
  }

  /// A warning at `position`.
  public static func warning(_ message: String, at position: SourcePosition) -> Diagnostic {
    Diagnostic(severity: .warning, position: position, message: message)
  }

  /// A note at `position`.
  public static func note(_ message: String, at position: SourcePosition) -> Diagnostic {
    Diagnostic(severity: .note, position: position, message: message)
  }

  /// `line:column: severity: message`, without a file name.
  public var description: String { "\(position): \(severity.rawValue): \(message)" }

  /// The note after the most errors a file reports (`YAMLReader.maximumErrorCount`).
  package static let tooManyErrors = YAMLMessage.tooManyErrors

  /// Returns `diagnostics` sorted by position; diagnostics at the same position keep their order.
  public static func sortedByPosition(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated()
      .sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
      .map(\.element)
  }
}
