import AuthScenario

/// A small lexer for Swift source: enough to find calls, declarations and literals without
/// mistaking what a comment or a string literal says for code.
///
/// It knows line comments, block comments (nested, as Swift nests them), string literals
/// (single-line, multi-line `"""`, raw `#"…"#` with any number of `#`, and escapes), numbers,
/// identifiers (with backticks, `$0`, and non-ASCII letters) and punctuation. An
/// interpolation's code (`\(…)`, or `\#(…)` in a raw string) is code that runs, so it is lexed
/// as code: its tokens follow the string token. The text of a literal never becomes a token.
///
/// It does not know regular expression literals (`/…/` is punctuation) or operators of more
/// than one character (each character is a token). Source that is not valid Swift, such as an
/// unterminated string or comment, still lexes: the literal or comment runs to the end of the
/// file (or, for a single-line string, of the line).
///
/// - Complexity: O(*n*) for *n* bytes of source.
public struct SwiftLexer {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var column = 1
  private var tokens: [SwiftToken] = []
  /// How many string literals the lexer is inside, through interpolations.
  private var nesting = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The tokens of `source`, in order.
  public static func tokens(_ source: String) -> [SwiftToken] {
    tokens(utf8: Array(source.utf8))
  }

  /// The tokens of the UTF-8 bytes `utf8`, in order.
  public static func tokens(utf8: [UInt8]) -> [SwiftToken] {
    var lexer = SwiftLexer(utf8)
    // A byte order mark at the start is not counted.
    if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { lexer.index = 3 }
    lexer.tokens.reserveCapacity(utf8.count / 4)
    lexer.code(nested: false)
    return lexer.tokens
  }

  // MARK: Reading bytes

  private func peek(_ offset: Int = 0) -> UInt8? {
    let at = index + offset
    return at < bytes.count ? bytes[at] : nil
  }

  /// Moves past one byte, keeping the line and the column.
  private mutating func advance() {
    let byte = bytes[index]
    index += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      // Each scalar's first byte moves the column; continuation bytes do not.
      column += 1
    }
  }

  private mutating func advance(_ count: Int) {
    for _ in 0..<count where index < bytes.count { advance() }
  }

  private var position: SourcePosition { SourcePosition(line: line, column: column) }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  // MARK: Code

  /// Lexes code up to the end, or, when `nested` (an interpolation's code), up to the `)` that
  /// closes it, which it consumes.
  private mutating func code(nested: Bool) {
    var depth = 0
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B,
        0x0C:
        advance()
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        while let next = peek(), next != UInt8(ascii: "\n") { advance() }
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        blockComment()
      case UInt8(ascii: "\""):
        string(hashes: 0)
      case UInt8(ascii: "#"):
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if peek(hashes) == UInt8(ascii: "\"") {
          string(hashes: hashes)
        } else {
          punctuation()
        }
      case UInt8(ascii: "`"):
        let start = position
        advance()
        let from = index
        while let next = peek(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") {
          advance()
        }
        tokens.append(SwiftToken(.identifier, text(from..<index), at: start))
        if peek() == UInt8(ascii: "`") { advance() }
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        number()
      case _ where Self.startsIdentifier(byte):
        identifier()
      case UInt8(ascii: "("):
        depth += 1
        punctuation()
      case UInt8(ascii: ")"):
        if nested && depth == 0 {
          advance()
          return
        }
        depth -= 1
        punctuation()
      default:
        punctuation()
      }
    }
  }

  private static func startsIdentifier(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  private static func continuesIdentifier(_ byte: UInt8) -> Bool {
    startsIdentifier(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  private mutating func identifier() {
    let start = position
    let from = index
    while let byte = peek(), Self.continuesIdentifier(byte) { advance() }
    tokens.append(SwiftToken(.identifier, text(from..<index), at: start))
  }

  private mutating func number() {
    let start = position
    let from = index
    while let byte = peek() {
      if Self.continuesIdentifier(byte) {
        advance()
      } else if byte == UInt8(ascii: "."), let next = peek(1),
        next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9")
      {
        // `1.5` goes on; `0..<3` and `1.description` stop before the dot.
        advance()
      } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
        let previous = index > from ? bytes[index - 1] : nil,
        previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")
          || previous == UInt8(ascii: "p") || previous == UInt8(ascii: "P"),
        !text(from..<index).hasPrefix("0x") || previous == UInt8(ascii: "p")
          || previous == UInt8(ascii: "P")
      {
        advance()
      } else {
        break
      }
    }
    tokens.append(SwiftToken(.number, text(from..<index), at: start))
  }

  private mutating func punctuation() {
    let start = position
    let byte = bytes[index]
    advance()
    tokens.append(SwiftToken(.punctuation, String(UnicodeScalar(byte)), at: start))
  }

  /// Skips a block comment, with the comments nested in it.
  private mutating func blockComment() {
    var depth = 0
    while let byte = peek() {
      if byte == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
        depth += 1
        advance(2)
      } else if byte == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
        depth -= 1
        advance(2)
        if depth == 0 { return }
      } else {
        advance()
      }
    }
  }

  // MARK: String literals

  /// Lexes a string literal that starts with `hashes` `#` characters, then `"` or `"""`.
  private mutating func string(hashes: Int) {
    let start = position
    advance(hashes)
    let multiline =
      peek() == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"")
      && peek(2) == UInt8(ascii: "\"")
    advance(multiline ? 3 : 1)
    var contents: [UInt8] = []
    // The tokens of the interpolations' code, which follow the literal's own token.
    var interpolated: [SwiftToken] = []
    func closes(_ lexer: SwiftLexer) -> Bool {
      let quotes = multiline ? 3 : 1
      for offset in 0..<quotes where lexer.peek(offset) != UInt8(ascii: "\"") { return false }
      for offset in 0..<hashes where lexer.peek(quotes + offset) != UInt8(ascii: "#") {
        return false
      }
      return true
    }
    while let byte = peek() {
      if byte == UInt8(ascii: "\"") && closes(self) {
        advance((multiline ? 3 : 1) + hashes)
        break
      }
      if byte == UInt8(ascii: "\n") && !multiline { break }
      if byte == UInt8(ascii: "\\")
        && (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") })
      {
        let after = peek(1 + hashes)
        if after == UInt8(ascii: "(") {
          // An interpolation: its code is lexed now, and its tokens follow the literal's.
          advance(2 + hashes)
          interpolated += interpolation()
          continue
        }
        advance(1 + hashes)
        if let escaped = peek() {
          switch escaped {
          case UInt8(ascii: "n"): contents.append(UInt8(ascii: "\n"))
          case UInt8(ascii: "t"): contents.append(UInt8(ascii: "\t"))
          case UInt8(ascii: "\n"): break  // a line continuation in a multi-line string
          default: contents.append(escaped)
          }
          advance()
        }
        continue
      }
      contents.append(byte)
      advance()
    }
    tokens.append(SwiftToken(.string, String(decoding: contents, as: UTF8.self), at: start))
    tokens += interpolated
  }

  /// The most string literals nested in interpolations whose code is lexed; deeper code is
  /// skipped, its parentheses balanced, so that no input runs the lexer out of stack.
  static let maximumNesting = 16

  /// Lexes an interpolation's code up to and including the `)` that closes it, and returns its
  /// tokens.
  private mutating func interpolation() -> [SwiftToken] {
    guard nesting < Self.maximumNesting else {
      var depth = 0
      while let byte = peek() {
        advance()
        if byte == UInt8(ascii: "(") { depth += 1 }
        if byte == UInt8(ascii: ")") {
          if depth == 0 { break }
          depth -= 1
        }
      }
      return []
    }
    let outer = tokens
    tokens = []
    nesting += 1
    code(nested: true)
    nesting -= 1
    defer { tokens = outer }
    return tokens
  }
}
