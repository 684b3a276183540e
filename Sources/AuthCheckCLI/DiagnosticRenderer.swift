import AuthScenario

/// Renders diagnostics as text: a machine-readable first line, then the source line with a
/// caret under the column.
///
/// ```
/// scenarios/upgrade.yaml:7:5: error: unknown step 'tapp'; did you mean 'tap'?
///   7 |   - tapp: allowWhileUsing
///     |     ^
/// ```
///
/// The caret is placed by character columns. Tabs before it are repeated in the caret line, so
/// it lines up whatever the terminal's tab width; wide characters (East Asian wide, emoji) count
/// two cells. Control characters in the source line are shown as `�`. A line longer than 120
/// characters is shown as the 120 around the column, with `…` where it is cut, so the output of
/// a diagnostic is bounded whatever the line.
public struct DiagnosticRenderer: Sendable {
  /// Whether to colour the output with ANSI escape codes.
  public var useColor: Bool

  /// Creates a renderer.
  ///
  /// - Parameter useColor: whether to colour the output; the caller decides (only on a
  ///   terminal, never when `NO_COLOR` is set).
  public init(useColor: Bool = false) {
    self.useColor = useColor
  }

  /// Renders one diagnostic about `file`, whose text is `source`.
  ///
  /// - Returns: the text, without a final line break; only the first line when the position's
  ///   line is not in `source`, or `source` is empty.
  public func render(_ diagnostic: Diagnostic, file: String, source: String) -> String {
    // An empty source (a file that could not be read, or holds nothing) has no line to show.
    render(
      diagnostic, file: file,
      line: source.isEmpty ? nil : Self.line(diagnostic.position.line, of: source))
  }

  /// Renders one diagnostic whose source line is `line` (`nil` when there is none).
  private func render(_ diagnostic: Diagnostic, file: String, line: Substring?) -> String {
    let position = diagnostic.position
    let header =
      style("\(file):\(position.line):\(position.column):", .bold) + " "
      + style("\(diagnostic.severity.rawValue):", color(diagnostic.severity)) + " "
      + style(SystemPath.displayed(diagnostic.message), .bold)
    guard let line else { return header }
    let number = String(position.line)
    let gutter = String(repeating: " ", count: number.count)
    let window = Self.window(of: line, around: position.column)
    let shown =
      (window.cutBefore ? "…" : "")
      + String(String.UnicodeScalarView(window.text.unicodeScalars.map(Self.displayable)))
      + (window.cutAfter ? "…" : "")
    var padding = window.cutBefore ? " " : ""
    var characters = window.text.makeIterator()
    for _ in 0..<window.caretOffset {
      guard let character = characters.next() else {
        padding += " "
        continue
      }
      padding += character == "\t" ? "\t" : String(repeating: " ", count: Self.width(character))
    }
    return [
      header,
      "  \(number) |" + (shown.isEmpty ? "" : " \(shown)"),
      "  \(gutter) | " + padding + style("^", color(diagnostic.severity)),
    ].joined(separator: "\n")
  }

  /// Renders diagnostics about one file, one after the other.
  ///
  /// - Complexity: O(*n* + *m*) for a source of length *n* and diagnostics of total length
  ///   *m*: the source is split into lines once, not once per diagnostic.
  public func render(_ diagnostics: [Diagnostic], file: String, source: String) -> String {
    guard diagnostics.count > 1, !source.isEmpty else {
      return diagnostics.map { render($0, file: file, source: source) }.joined(separator: "\n")
    }
    let lines = Self.lines(of: source)
    return diagnostics.map { diagnostic in
      let number = diagnostic.position.line
      let line = number >= 1 && number <= lines.count ? lines[number - 1] : nil
      return render(diagnostic, file: file, line: line)
    }.joined(separator: "\n")
  }

  // MARK: Colour

  private enum ANSI: String {
    case bold = "1"
    case red = "1;31"
    case yellow = "1;33"
    case cyan = "1;36"
  }

  private func color(_ severity: Diagnostic.Severity) -> ANSI {
    switch severity {
    case .error: .red
    case .warning: .yellow
    case .note: .cyan
    }
  }

  private func style(_ text: String, _ code: ANSI) -> String {
    useColor ? "\u{1B}[\(code.rawValue)m\(text)\u{1B}[0m" : text
  }

  // MARK: Source lines

  /// The most characters of a source line shown under a diagnostic.
  static let windowWidth = 120

  /// The part of `line` shown for a diagnostic at `column`: all of it when it has at most
  /// `windowWidth` characters, else `windowWidth` of them with the column about a third of the
  /// way in, and whether characters were cut before and after (shown as `…`).
  ///
  /// - Complexity: O(*column* + `windowWidth`), whatever the length of the line.
  static func window(
    of line: Substring, around column: Int
  ) -> (text: Substring, cutBefore: Bool, cutAfter: Bool, caretOffset: Int) {
    let offset = max(0, column - 1)
    let skipped = max(0, offset - windowWidth / 3)
    let start =
      line.index(line.startIndex, offsetBy: skipped, limitedBy: line.endIndex)
      ?? line.endIndex
    let end = line.index(start, offsetBy: windowWidth, limitedBy: line.endIndex) ?? line.endIndex
    return (line[start..<end], skipped > 0, end < line.endIndex, offset - skipped)
  }

  /// Line `number` (1-based) of `source`, split as the YAML reader splits lines (LF, CRLF, CR),
  /// without a byte order mark at the start.
  static func line(_ number: Int, of source: String) -> Substring? {
    guard number >= 1 else { return nil }
    var scalars = Substring(source).unicodeScalars
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    var current = 1
    var start = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\n" || scalar == "\r" {
        if current == number { return Substring(scalars[start..<index]) }
        var after = scalars.index(after: index)
        if scalar == "\r", after < scalars.endIndex, scalars[after] == "\n" {
          after = scalars.index(after: after)
        }
        current += 1
        start = after
        index = after
      } else {
        index = scalars.index(after: index)
      }
    }
    return current == number ? Substring(scalars[start...]) : nil
  }

  /// The lines of `source`, split as `line(_:of:)` splits them.
  static func lines(of source: String) -> [Substring] {
    var scalars = Substring(source).unicodeScalars
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    var lines: [Substring] = []
    var start = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\n" || scalar == "\r" {
        lines.append(Substring(scalars[start..<index]))
        var after = scalars.index(after: index)
        if scalar == "\r", after < scalars.endIndex, scalars[after] == "\n" {
          after = scalars.index(after: after)
        }
        start = after
        index = after
      } else {
        index = scalars.index(after: index)
      }
    }
    lines.append(Substring(scalars[start...]))
    return lines
  }

  /// `scalar`, or U+FFFD for a control character other than a tab.
  private static func displayable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    return isControl && scalar != "\t" ? "\u{FFFD}" : scalar
  }

  /// The number of terminal cells `character` takes: 2 for East Asian wide characters and
  /// emoji, 1 otherwise.
  static func width(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 1 }
    if first.properties.isEmojiPresentation
      || character.unicodeScalars.contains("\u{FE0F}") && first.properties.isEmoji
    {
      return 2
    }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}
