/// Reads the block structure of one YAML document: mappings, sequences and where their nodes
/// start and end. Scalars and flow sequences are in `YAMLParser+Scalars.swift`.
///
/// The parser works line by line. A mapping or a sequence is read by a loop over the lines at
/// its indentation; a nested node is read by a call whose depth is checked against
/// `YAMLReader.maximumDepth` before it is made, so the input cannot drive the recursion deeper.
/// Every loop consumes at least one line per turn or ends, so the parser always terminates.
final class YAMLParser {
  let lines: [YAMLLine]
  private(set) var diagnostics: [Diagnostic] = []
  private var errorCount = 0
  /// Set after a structural error that makes the rest of the file meaningless, or after
  /// too many errors: every loop stops.
  private(set) var aborted = false
  /// The index of the first line not yet consumed.
  var next = 0
  /// Whether the last node read was a one-line plain scalar that a more indented line could
  /// continue (YAML would fold it into a multi-line plain scalar).
  var pendingPlain = false
  /// The indentation a line must exceed to continue the pending plain scalar.
  var pendingPlainIndent = 0
  /// Whether a content line has been seen, so that `---` starts a second document.
  private var seenContent = false

  init(lines: [YAMLLine]) {
    self.lines = lines
  }

  // MARK: Diagnostics

  /// The position of the scalar at `index` of line `line` (an index past the end of the line
  /// points just after its last character).
  func position(_ line: Int, _ index: Int) -> SourcePosition {
    let source = lines[line]
    return SourcePosition(
      line: source.number, column: source.column(at: index))
  }

  /// Records an error, unless the parser has stopped; after `YAMLReader.maximumErrorCount`
  /// errors, records a note instead and stops.
  func report(_ message: String, at position: SourcePosition) {
    guard !aborted else { return }
    guard errorCount < YAMLReader.maximumErrorCount else {
      diagnostics.append(.note(YAMLMessage.tooManyErrors, at: position))
      aborted = true
      return
    }
    errorCount += 1
    diagnostics.append(.error(message, at: position))
  }

  func report(_ message: String, line: Int, index: Int) {
    report(message, at: position(line, index))
  }

  /// Records an error and stops the parser.
  func abort(_ message: String, line: Int, index: Int) {
    report(message, line: line, index: index)
    aborted = true
  }

  // MARK: Characters

  /// Reports lines that are too long and characters YAML does not allow.
  ///
  /// - Returns: false if a line is too long: the structure is then not read.
  func checkCharacters() -> Bool {
    var linesFit = true
    for (index, line) in lines.enumerated() {
      if aborted { return false }
      if line.characterCount > YAMLReader.maximumLineLength {
        let column = YAMLReader.maximumLineLength + 1
        report(
          YAMLMessage.lineTooLong(YAMLReader.maximumLineLength),
          at: SourcePosition(line: line.number, column: column))
        linesFit = false
      }
      for (offset, scalar) in line.scalars.enumerated() where !Self.isPrintable(scalar) {
        let message =
          switch scalar.value {
          case 0xFEFF: YAMLMessage.byteOrderMark
          case 0x85, 0x2028, 0x2029: YAMLMessage.yaml11LineBreak(scalar)
          default: YAMLMessage.invalidCharacter(scalar)
          }
        report(message, line: index, index: offset)
      }
    }
    return linesFit && !aborted
  }

  /// YAML 1.2's printable characters (c-printable), less a byte order mark inside the text and
  /// less the characters YAML 1.1 reads as line breaks.
  static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x20...0x7E: true
    case 0xA0...0xD7FF, 0xE000...0xFFFD:
      scalar.value != 0xFEFF && scalar.value != 0x2028
        && scalar.value != 0x2029
    case 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// Whether `scalar` is a space or a tab: what must follow an indicator such as `:` or `-`.
  ///
  /// Only spaces separate tokens, though: libyaml and PyYAML reject tabs in many places where
  /// YAML 1.2 allows them, so the reader accepts tabs only inside quoted scalars, literal block
  /// text and comments, and reports them anywhere else.
  static func isWhite(_ scalar: Unicode.Scalar?) -> Bool { scalar == " " || scalar == "\t" }

  /// The index of the first scalar at or after `index` that is not a space.
  func skipSpaces(_ line: Int, _ index: Int) -> Int {
    var index = index
    while lines[line][safe: index] == " " { index += 1 }
    return index
  }

  /// Reports a tab at `index`, if there is one there.
  ///
  /// - Returns: whether there was a tab.
  func rejectTab(_ line: Int, _ index: Int) -> Bool {
    guard lines[line][safe: index] == "\t" else { return false }
    report(YAMLMessage.tab, line: line, index: index)
    return true
  }

  // MARK: Lines

  /// Marks every line up to `line` as consumed.
  func consume(_ line: Int) {
    next = max(next, line + 1)
    pendingPlain = false
  }

  /// The index of the next line with content, skipping (and consuming) blank lines, comment
  /// lines, and lines reported as invalid (a tab in indentation, a document marker, a
  /// directive). Does not consume the line it returns.
  func nextContentLine() -> Int? {
    while !aborted && next < lines.count {
      let index = next
      let line = lines[index]
      let indent = line.indent
      if indent == line.count {
        next += 1
        continue
      }
      switch line.scalars[indent] {
      case "\t":
        report(YAMLMessage.tabInIndentation, line: index, index: indent)
        consume(index)
        continue
      case "#":
        consume(index)
        continue
      case "%" where indent == 0:
        let word = line.scalars.prefix { !Self.isWhite($0) }
        report(YAMLMessage.directive(Self.string(word)), line: index, index: 0)
        consume(index)
        continue
      default:
        break
      }
      if indent == 0, let marker = Self.documentMarker(line) {
        if marker == "-" {
          if seenContent {
            abort(YAMLMessage.secondDocument, line: index, index: 0)
            return nil
          }
          report(YAMLMessage.documentStart, line: index, index: 0)
        } else {
          report(YAMLMessage.documentEnd, line: index, index: 0)
          if seenContent { aborted = true }
        }
        consume(index)
        continue
      }
      seenContent = true
      return index
    }
    return nil
  }

  /// `-` for a `---` line, `.` for a `...` line, nil otherwise.
  static func documentMarker(_ line: YAMLLine) -> Unicode.Scalar? {
    guard line.count >= 3, let first = line[safe: 0], first == "-" || first == ".",
      line[safe: 1] == first, line[safe: 2] == first,
      line.count == 3 || isWhite(line[safe: 3])
    else { return nil }
    return first
  }

  /// Consumes the lines after the current one that are more indented than `indent`: the rest of
  /// a node that could not be read.
  func skipDeeper(than indent: Int) {
    while let line = nextContentLine(), lines[line].indent > indent {
      consume(line)
    }
  }

  /// Whether a block sequence entry (`-` followed by a space, a tab or the end of the line)
  /// starts at `index`.
  func isEntry(_ line: Int, _ index: Int) -> Bool {
    let source = lines[line]
    return source[safe: index] == "-"
      && (index + 1 == source.count || Self.isWhite(source[safe: index + 1]))
  }

  /// The text of `scalars`. Their UTF-8 is written into one buffer and the string made from it
  /// once: `String.UnicodeScalarView.append(contentsOf:)` took 60 % of the reader's instructions
  /// (Benchmarks/NOTES.md, "The runner's speed per file").
  static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(scalars.count)
    for scalar in scalars {
      if scalar.isASCII {
        bytes.append(UInt8(truncatingIfNeeded: scalar.value))
      } else {
        Unicode.UTF8.encode(scalar) { bytes.append($0) }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The source text from `index` to the end of the line (or a comment), trimmed, for messages.
  func excerpt(_ line: Int, from index: Int) -> String {
    let scalars = lines[line].scalars
    var end = index
    var last = index
    while end < scalars.count {
      if scalars[end] == "#" && end > index && Self.isWhite(scalars[end - 1]) { break }
      if !Self.isWhite(scalars[end]) { last = end + 1 }
      end += 1
    }
    return Self.string(scalars[index..<max(index, last)])
  }

  func emptyScalar(_ line: Int, _ index: Int) -> YAMLNode {
    .scalar(.init(value: "", style: .plain, range: SourceRange(at: position(line, index))))
  }

  /// Checks `depth` before reading a collection at `index` of `line`.
  func enter(depth: Int, line: Int, index: Int) -> Bool {
    if depth > YAMLReader.maximumDepth {
      abort(YAMLMessage.depth(YAMLReader.maximumDepth), line: line, index: index)
      return false
    }
    return !aborted
  }

  // MARK: Document

  /// Reads the document: one block node, then nothing but blank lines and comments.
  func parseDocument() -> YAMLNode? {
    guard let first = nextContentLine() else { return nil }
    let root = parseBlockNode(
      line: first, index: lines[first].indent, depth: 1, parentIndent: -1, ownLine: false)
    if let extra = nextContentLine() {
      let indent = lines[extra].indent
      if pendingPlain && indent > pendingPlainIndent && !looksStructural(extra, indent) {
        report(YAMLMessage.multiLinePlain, line: extra, index: indent)
      } else {
        report(YAMLMessage.contentAfterRoot, line: extra, index: indent)
      }
    }
    return root
  }

  /// Whether the text at `index` reads as a key or a sequence entry.
  func looksStructural(_ line: Int, _ index: Int) -> Bool {
    isEntry(line, index) || scanKey(line, index) != nil
  }

  // MARK: Block nodes

  /// Reads the node that starts at `index` of `line`: a sequence, a mapping, or a scalar or
  /// flow sequence on that line.
  ///
  /// - Parameters:
  ///   - depth: the depth of the node, 1 for the root.
  ///   - parentIndent: the indentation of the parent collection (-1 for the root); a literal
  ///     block's text must be more indented.
  ///   - ownLine: whether the node starts a line of its own below its key or `-`.
  func parseBlockNode(
    line: Int, index: Int, depth: Int, parentIndent: Int, ownLine: Bool
  ) -> YAMLNode {
    if isEntry(line, index) {
      return parseSequence(line: line, indent: index, depth: depth, atKeyIndent: false)
    }
    if scanKey(line, index) != nil {
      return parseMapping(line: line, indent: index, depth: depth)
    }
    consume(line)
    if ownLine && lines[line][safe: index] == "|" {
      report(YAMLMessage.literalOnOwnLine, line: line, index: index)
      skipDeeper(than: parentIndent)
      return emptyScalar(line, index)
    }
    return parseInlineValue(line: line, index: index, parentIndent: parentIndent, depth: depth)
  }

  /// Reads a block mapping whose first key starts at `indent` of `line`; the other keys are at
  /// the start of later lines with the same indentation.
  func parseMapping(line first: Int, indent: Int, depth: Int) -> YAMLNode {
    guard enter(depth: depth, line: first, index: indent) else {
      return emptyScalar(first, indent)
    }
    var entries: [YAMLNode.Mapping.Entry] = []
    // Where each key first was, by its text and by its value to YAML 1.2 (`1` and `01` are one
    // key to YAML; `1` and `'1'` are one to authcheck, which reads scalars as text).
    var firstLines: [String: Int] = [:]
    var firstKeys: [String: (text: String, position: SourcePosition)] = [:]
    var line = first
    var isFirst = true
    while !aborted {
      if !isFirst {
        guard let nextLine = nextLine(ofBlockAt: indent, expected: YAMLMessage.badIndentationKey)
        else {
          break
        }
        line = nextLine
      }
      isFirst = false
      consume(line)
      if isEntry(line, indent) {
        report(YAMLMessage.entryInMapping, line: line, index: indent)
        skipDeeper(than: indent)
        continue
      }
      guard let (key, colon) = scanKey(line, indent) else {
        reportNotAKey(line, indent, parentIndent: indent, depth: depth)
        skipDeeper(than: indent)
        continue
      }
      let keyValue = key.coreSchemaValue
      if colon - indent > YAMLReader.maximumKeyLength {
        report(YAMLMessage.keyTooLong(YAMLReader.maximumKeyLength), at: key.range.start)
      } else if let firstLine = firstLines[key.value] {
        report(
          YAMLMessage.duplicateKey(key.value, firstLine: firstLine), at: key.range.start)
      } else if let first = firstKeys[keyValue] {
        report(
          YAMLMessage.sameValueKey(key.value, as: first.text, at: first.position),
          at: key.range.start)
      } else {
        firstLines[key.value] = lines[line].number
        firstKeys[keyValue] = (key.value, key.range.start)
      }
      let value = parseValue(line: line, index: colon + 1, keyIndent: indent, depth: depth + 1)
      entries.append(.init(key: key, value: value))
    }
    let start = entries.first?.key.range.start ?? position(first, indent)
    let end = entries.last?.value.range.end ?? start
    return .mapping(.init(entries: entries, range: SourceRange(start: start, end: end)))
  }

  /// Reads the value after the `:` of a key at `keyIndent`: on the same line, on the lines
  /// below, or missing (an empty plain scalar).
  func parseValue(line: Int, index: Int, keyIndent: Int, depth: Int) -> YAMLNode {
    let source = lines[line]
    let start = skipSpaces(line, index)
    if rejectTab(line, start) {
      skipDeeper(than: keyIndent)
      return emptyScalar(line, index)
    }
    if start < source.count && source.scalars[start] != "#" {
      return parseInlineValue(line: line, index: start, parentIndent: keyIndent, depth: depth)
    }
    if let below = nextContentLine() {
      let column = lines[below].indent
      if column > keyIndent {
        return parseBlockNode(
          line: below, index: column, depth: depth, parentIndent: keyIndent, ownLine: true)
      }
      if column == keyIndent && isEntry(below, column) {
        return parseSequence(line: below, indent: column, depth: depth, atKeyIndent: true)
      }
    }
    return emptyScalar(line, index)
  }

  /// Reads a block sequence whose first `-` is at `indent` of `line`.
  ///
  /// - Parameter atKeyIndent: whether the sequence sits at the indentation of its parent key
  ///   (`steps:` then `- launch` in the same column); a line at that indentation that is not an
  ///   entry then ends the sequence and goes back to the mapping.
  func parseSequence(line first: Int, indent: Int, depth: Int, atKeyIndent: Bool) -> YAMLNode {
    guard enter(depth: depth, line: first, index: indent) else {
      return emptyScalar(first, indent)
    }
    var items: [YAMLNode.Sequence.Item] = []
    var line = first
    var isFirst = true
    while !aborted {
      if !isFirst {
        guard let nextLine = nextLine(ofBlockAt: indent, expected: YAMLMessage.badIndentationEntry)
        else {
          break
        }
        line = nextLine
        if !isEntry(line, indent) {
          if atKeyIndent { break }
          consume(line)
          report(
            YAMLMessage.expectedEntry(found: excerpt(line, from: indent)), line: line,
            index: indent)
          skipDeeper(than: indent)
          continue
        }
      }
      isFirst = false
      consume(line)
      let source = lines[line]
      var start = indent + 1
      while source[safe: start] == " " { start += 1 }
      let node: YAMLNode
      if source[safe: start] == "\t" {
        report(YAMLMessage.tabAfterDash, line: line, index: start)
        skipDeeper(than: indent)
        node = emptyScalar(line, indent + 1)
      } else if start < source.count && source.scalars[start] != "#" {
        node = parseBlockNode(
          line: line, index: start, depth: depth + 1, parentIndent: indent, ownLine: false)
      } else if let below = nextContentLine(), lines[below].indent > indent {
        node = parseBlockNode(
          line: below, index: lines[below].indent, depth: depth + 1, parentIndent: indent,
          ownLine: true)
      } else {
        node = emptyScalar(line, indent + 1)
      }
      items.append(.init(node: node, position: position(line, indent)))
    }
    let start = items.first?.position ?? position(first, indent)
    let end = items.last?.node.range.end ?? start
    return .sequence(
      .init(items: items, style: .block, range: SourceRange(start: start, end: end)))
  }

  /// The next line of the block collection at `indent`, or `nil` at its end. Lines indented
  /// deeper than its entries are reported with `expected` and skipped with what they hold.
  private func nextLine(ofBlockAt indent: Int, expected: (Int) -> String) -> Int? {
    while !aborted {
      guard let line = nextContentLine() else { return nil }
      let column = lines[line].indent
      if column < indent { return nil }
      guard column == indent else {
        reportIndentation(line, column, collectionIndent: indent, expected: expected)
        consume(line)
        skipDeeper(than: indent)
        continue
      }
      return line
    }
    return nil
  }

  /// Reports a line more indented than the collection it is in.
  ///
  /// A plain scalar just before it would be continued by the line in YAML, which the subset
  /// does not allow; otherwise the line should have been at the collection's indentation.
  private func reportIndentation(
    _ line: Int, _ column: Int, collectionIndent: Int, expected: (Int) -> String
  ) {
    if pendingPlain && column > pendingPlainIndent && !looksStructural(line, column) {
      report(YAMLMessage.multiLinePlain, line: line, index: column)
    } else {
      report(expected(collectionIndent + 1), line: line, index: column)
    }
  }

  /// Reports the best error for a mapping line whose text at `index` is not a key.
  private func reportNotAKey(_ line: Int, _ index: Int, parentIndent: Int, depth: Int) {
    let source = lines[line]
    let first = source.scalars[index]
    if first == "'" || first == "\"" {
      switch scanQuoted(line, index) {
      case .failure(let error):
        report(error.message, line: line, index: error.index)
      case .success(let scanned):
        let after = skipSpaces(line, scanned.end)
        if rejectTab(line, after) { return }
        if source[safe: after] == ":" {
          report(YAMLMessage.spaceAfterColon, line: line, index: after)
        } else {
          report(
            YAMLMessage.expectedKey(found: excerpt(line, from: index)), line: line, index: index)
        }
      }
      return
    }
    if first != "[" && first != "|", let message = indicatorMessage(line, index, flow: false) {
      report(message, line: line, index: index)
      return
    }
    if first != "[" && first != "|" {
      let (end, stop) = scanPlain(line, index, flow: false)
      if case .tab(let tab) = stop {
        report(YAMLMessage.tab, line: line, index: tab)
        return
      }
      if let colon = source.scalars[index..<end].firstIndex(of: ":") {
        report(YAMLMessage.spaceAfterColon, line: line, index: colon)
        return
      }
    }
    report(YAMLMessage.expectedKey(found: excerpt(line, from: index)), line: line, index: index)
  }
}
