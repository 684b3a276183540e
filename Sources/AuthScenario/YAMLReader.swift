/// Reads the strict subset of YAML 1.2 that scenario files are written in.
///
/// The subset (see `docs/SCENARIOS.md`): block mappings and block sequences nested by indentation,
/// plain, single-quoted, double-quoted and literal block scalars, and one-line flow sequences of
/// scalars. Every file the reader accepts means the same to any YAML 1.2 parser; everything
/// else (anchors, aliases, tags, flow mappings, complex keys, directives, document markers,
/// multi-line plain or quoted scalars, tabs in indentation, duplicate keys…) is an error with
/// a position and what was expected, never a silent reinterpretation.
///
/// Every scalar is a string. An empty value (`key:` or `-` with nothing after it, and nothing
/// more indented below) is an empty plain scalar (`YAMLNode.Scalar.isNull`).
///
/// Line breaks are LF, CRLF or a lone CR (all three are YAML 1.2 line breaks). A byte order mark
/// at the start is skipped and not counted as a column.
///
/// The reader reports every error it can, sorted by position: after a bad line it goes on with
/// the next line at the same or a lower indentation. It stops after a structural error that
/// makes the rest meaningless (a second document, too deep nesting) or after
/// `maximumErrorCount` errors.
///
/// Hostile input cannot crash or hang it: the work is linear in the input, and recursion is
/// bounded by `maximumDepth`.
public enum YAMLReader {
  /// The deepest nesting of mappings and sequences, the root counting as 1.
  public static let maximumDepth = 64
  /// The longest scalar value, in UTF-8 bytes.
  public static let maximumScalarLength = 65_536
  /// The longest line, in characters.
  public static let maximumLineLength = 16_384
  /// The longest key, in Unicode scalars from its first character to its `:` (YAML's own limit
  /// for implicit keys).
  public static let maximumKeyLength = 1_024
  /// The largest input, in UTF-8 bytes: far more than any scenario needs, and small enough to
  /// read in well under a second whatever it holds.
  public static let maximumInputLength = 1_048_576
  /// The number of errors after which the reader stops, with a note.
  public static let maximumErrorCount = 100

  /// Reads one YAML document from `text`.
  ///
  /// - Returns: the root node, `nil` for an empty document or when there are errors, and
  ///   every diagnostic sorted by position.
  public static func read(_ text: String) -> YAMLReadResult {
    if text.utf8.count > maximumInputLength {
      return tooLarge()
    }
    // The string's own scalars when there is no byte order mark: a substring's are slower to
    // step through, each index checked.
    let parser =
      text.unicodeScalars.first == "\u{FEFF}"
      ? YAMLParser(lines: YAMLLine.split(text.unicodeScalars.dropFirst()))
      : YAMLParser(lines: YAMLLine.split(text.unicodeScalars))
    guard parser.checkCharacters() else {
      return YAMLReadResult(root: nil, diagnostics: parser.diagnostics)
    }
    let root = parser.parseDocument()
    let result = YAMLReadResult(root: root, diagnostics: parser.diagnostics)
    return result.hasErrors ? YAMLReadResult(root: nil, diagnostics: result.diagnostics) : result
  }

  /// Reads one YAML document from UTF-8 bytes, such as a file's contents.
  ///
  /// Invalid UTF-8 is reported at the line and column of the offending byte (columns count the
  /// characters before it on its line); the document is then not read.
  public static func read(utf8 bytes: some Collection<UInt8>) -> YAMLReadResult {
    let bytes = Array(bytes)
    if bytes.count > maximumInputLength {
      return tooLarge()
    }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      let diagnostic = Diagnostic.error(
        YAMLMessage.utf16, at: SourcePosition(line: 1, column: 1))
      return YAMLReadResult(root: nil, diagnostics: [diagnostic])
    }
    let invalid = invalidUTF8(in: bytes)
    guard invalid.isEmpty else {
      return YAMLReadResult(root: nil, diagnostics: invalid)
    }
    return read(String(decoding: bytes, as: UTF8.self))
  }

  /// Reads one YAML document from `text`, throwing its diagnostics if there is an error.
  ///
  /// - Returns: the root node, or `nil` for an empty document.
  /// - Throws: every diagnostic, sorted by position, if any is an error.
  public static func parse(_ text: String) throws(DiagnosticError) -> YAMLNode? {
    let result = read(text)
    if result.hasErrors { throw DiagnosticError(result.diagnostics) }
    return result.root
  }

  private static func tooLarge() -> YAMLReadResult {
    let diagnostic = Diagnostic.error(
      YAMLMessage.fileTooLarge(maximumInputLength), at: SourcePosition(line: 1, column: 1))
    return YAMLReadResult(root: nil, diagnostics: [diagnostic])
  }
}
