/// The wording of every diagnostic the YAML reader produces, in one place.
///
/// House style: lowercase, no final period, the user's text in single quotes.
enum YAMLMessage {
  // MARK: Text

  static func fileTooLarge(_ limit: Int) -> String { "file is larger than \(limit) bytes" }
  static let utf16 = "file is UTF-16 encoded; save it as UTF-8"
  static func invalidUTF8(_ byte: UInt8) -> String { "invalid UTF-8 byte \(hex(byte))" }
  static func lineTooLong(_ limit: Int) -> String { "line is longer than \(limit) characters" }
  static func invalidCharacter(_ scalar: Unicode.Scalar) -> String {
    "invalid character \(codePoint(scalar)); YAML text must be printable"
  }
  static func yaml11LineBreak(_ scalar: Unicode.Scalar) -> String {
    "character \(codePoint(scalar)) is not allowed; YAML 1.1 reads it as a line break"
  }
  static let byteOrderMark = "byte order mark (U+FEFF) is only allowed at the start of the file"
  static let tooManyErrors = "too many errors; stopping here"

  // MARK: Lines and documents

  static let tabInIndentation = "tabs are not allowed in indentation; indent with spaces"
  static let tab =
    "unexpected tab; tabs are only allowed in quoted scalars, literal blocks and comments"
  static let documentStart = "document marker '---' is not supported; remove it"
  static let secondDocument = "only one document is allowed; '---' starts a second one"
  static let documentEnd = "document end marker '...' is not supported; remove it"
  static func directive(_ text: String) -> String {
    "directive \(quoted(text)) is not supported; remove it"
  }
  static let contentAfterRoot = "unexpected content after the end of the document"
  static func depth(_ limit: Int) -> String { "nesting is deeper than \(limit) levels" }

  // MARK: Block structure

  static func badIndentationKey(column: Int) -> String {
    "bad indentation; expected a key at column \(column)"
  }
  static func badIndentationEntry(column: Int) -> String {
    "bad indentation; expected '-' at column \(column)"
  }
  static let multiLinePlain =
    "multi-line plain scalars are not supported; join the lines or use '|'"
  static let entryInMapping = "expected a key followed by ':', found a sequence entry '-'"
  static func expectedKey(found: String) -> String {
    "expected a key followed by ':', found \(quoted(found))"
  }
  static func expectedEntry(found: String) -> String {
    "expected a sequence entry '-', found \(quoted(found))"
  }
  static let spaceAfterColon = "expected a space after ':'"
  static let tabAfterDash = "expected a space after '-', found a tab"
  static func duplicateKey(_ key: String, firstLine: Int) -> String {
    "duplicate key \(quoted(key)); first defined on line \(firstLine)"
  }

  static func sameValueKey(_ key: String, as first: String, at position: SourcePosition) -> String {
    "duplicate key \(quoted(key)): YAML 1.2 reads it as the same value as \(quoted(first)) at "
      + "\(position); quote both, or use names"
  }
  static func keyTooLong(_ limit: Int) -> String { "key is longer than \(limit) characters" }
  static let sequenceOnKeyLine =
    "a block sequence cannot start on the line of its key; start it on the next line"
  static let mappingOnKeyLine =
    "a block mapping cannot start on the line of its key; start it on the next line"
  static let missingKey = "expected a key before ':'"

  // MARK: Indicators outside the subset

  static func anchor(_ text: String) -> String { "anchor \(quoted(text)) is not supported" }
  static func alias(_ text: String) -> String { "alias \(quoted(text)) is not supported" }
  static func tag(_ text: String) -> String { "tag \(quoted(text)) is not supported" }
  static let flowMapping = "flow mapping '{' is not supported; use an indented block mapping"
  static let complexKey = "complex key '?' is not supported; write 'key: value'"
  static let folded = "folded block scalar '>' is not supported; use a literal block '|'"
  static func reservedStart(_ indicator: Unicode.Scalar) -> String {
    "a plain scalar cannot start with '\(indicator)'; quote the value"
  }

  // MARK: Scalars

  static let plainContainsColon = "a plain scalar cannot contain ': '; quote the value"
  static let plainEndsWithColon = "a plain scalar cannot end with ':'; quote the value"
  static let unterminatedSingle =
    "unterminated single-quoted scalar; quoted scalars must end on the same line"
  static let unterminatedDouble =
    "unterminated double-quoted scalar; quoted scalars must end on the same line"
  static func unsupportedEscape(_ text: String) -> String {
    #"unsupported escape \#(quoted(text)); use '\\', '\"', '\n', '\t' or '\uXXXX'"#
  }
  static let shortUnicodeEscape = #"expected 4 hexadecimal digits after '\u'"#
  static func surrogateEscape(_ text: String) -> String {
    "escape \(quoted(text)) is a surrogate, not a character; write the character itself"
  }
  static func scalarTooLong(_ limit: Int) -> String { "scalar is longer than \(limit) bytes" }
  static let spaceBeforeComment = "expected a space before '#' to start a comment"
  static func unexpectedAfter(_ text: String, after: String) -> String {
    "unexpected \(quoted(text)) after \(after); expected the end of the line"
  }

  // MARK: Flow sequences

  static let unterminatedFlow = "unterminated flow sequence; expected ']' on the same line"
  static let nestedFlow = "nested flow sequences are not supported"
  static let flowPair = "unexpected ':' in a flow sequence; flow mappings are not supported"
  static let flowKey = "a flow sequence cannot be a mapping key"
  static let itemBeforeComma = "expected an item before ','"
  static let itemAfterComma = "expected an item after ','"
  static func flowSeparator(found: String) -> String {
    "expected ',' or ']' after an item, found \(quoted(found))"
  }
  static let flowEntry = "unexpected '-' in a flow sequence; quote the item"
  static func flowPlainStart(_ indicator: Unicode.Scalar) -> String {
    "an item of a flow sequence cannot start with '\(indicator)'; quote the item"
  }
  static func flowPlainCharacter(_ indicator: Unicode.Scalar) -> String {
    "a plain item of a flow sequence cannot contain '\(indicator)'; quote the item"
  }

  // MARK: Literal blocks

  static let literalOnOwnLine = "a literal block '|' must start on the line of its key or '-'"
  static func indentationIndicator(_ digit: Unicode.Scalar) -> String {
    "literal block indentation indicator '\(digit)' is not supported; indent the text instead"
  }
  static let literalLeadingBlank =
    "a blank line before the text of a literal block has more spaces than the text"

  // MARK: Helpers

  /// `text` in single quotes, cut to 40 characters.
  static func quoted(_ text: String) -> String {
    let limit = 40
    return text.count > limit ? "'\(text.prefix(limit - 1))…'" : "'\(text)'"
  }

  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
  }
}
