/// One line of YAML text, as Unicode scalars, with the character column of each scalar.
///
/// The reader parses scalars, not `Character`s, so that a combining mark after a space or a
/// colon cannot hide that space or colon; columns are counted in characters for positions.
struct YAMLLine {
  /// The 1-based line number.
  let number: Int
  /// The line's scalars, without its line break.
  let scalars: [Unicode.Scalar]
  /// `columns[i]` is the 1-based character column of `scalars[i]`, and `columns[scalars.count]`
  /// the column just after the last character; empty for an ASCII line, where the column of
  /// `scalars[i]` is `i + 1`.
  private let columns: [Int]
  /// Whether a line break (LF, CRLF or CR) ends the line.
  let hasLineBreak: Bool
  /// The number of spaces that start the line.
  let indent: Int

  init(number: Int, scalars: [Unicode.Scalar], hasLineBreak: Bool) {
    self.number = number
    self.scalars = scalars
    self.hasLineBreak = hasLineBreak
    var indent = 0
    while indent < scalars.count, scalars[indent] == " " { indent += 1 }
    self.indent = indent
    // In ASCII text without line breaks, every scalar is a character of its own.
    guard !scalars.allSatisfy(\.isASCII) else {
      self.columns = []
      return
    }
    var columns: [Int] = []
    columns.reserveCapacity(scalars.count + 1)
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    var column = 1
    for character in String(view) {
      for _ in character.unicodeScalars { columns.append(column) }
      column += 1
    }
    columns.append(column)
    self.columns = columns
  }

  /// The number of scalars in the line.
  var count: Int { scalars.count }

  /// The 1-based character column of the scalar at `index`; past the end of the line, the
  /// column just after its last character.
  func column(at index: Int) -> Int {
    let index = min(max(index, 0), scalars.count)
    return columns.isEmpty ? index + 1 : columns[index]
  }

  /// The number of characters in the line.
  var characterCount: Int { column(at: scalars.count) - 1 }

  /// The scalar at `index`, or nil past the end of the line.
  subscript(safe index: Int) -> Unicode.Scalar? {
    index >= 0 && index < scalars.count ? scalars[index] : nil
  }

  /// Splits text into lines at LF, CRLF and lone CR (YAML 1.2 line breaks).
  ///
  /// Text after the last line break becomes a last line only if it is not empty.
  static func split(_ text: some Swift.Sequence<Unicode.Scalar>) -> [YAMLLine] {
    var lines: [YAMLLine] = []
    var current: [Unicode.Scalar] = []
    var afterCarriageReturn = false
    for scalar in text {
      if afterCarriageReturn {
        afterCarriageReturn = false
        if scalar == "\n" { continue }
      }
      if scalar == "\n" || scalar == "\r" {
        lines.append(YAMLLine(number: lines.count + 1, scalars: current, hasLineBreak: true))
        // The next line gets a buffer of this one's size at once, rather than growing to it.
        current.removeAll(keepingCapacity: true)
        afterCarriageReturn = scalar == "\r"
      } else {
        current.append(scalar)
      }
    }
    if !current.isEmpty {
      lines.append(YAMLLine(number: lines.count + 1, scalars: current, hasLineBreak: false))
    }
    return lines
  }
}
