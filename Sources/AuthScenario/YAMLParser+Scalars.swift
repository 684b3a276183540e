/// Scalars, flow sequences and literal blocks: everything the reader finds within a line (or,
/// for a literal block, in the lines its `|` owns).
extension YAMLParser {
  /// Why a plain scalar ended.
  enum PlainStop: Equatable {
    /// At the end of the line.
    case endOfLine
    /// At a `#` that starts a comment.
    case comment
    /// At a `:` followed by a space, a tab or the end of the line (in a flow sequence also by
    /// `,`, `[`, `]`, `{` or `}`): a mapping indicator.
    case colon(Int)
    /// At `,`, `[`, `]`, `{` or `}` in a flow sequence.
    case flowIndicator
    /// At a tab, which the subset does not allow outside quotes, literal blocks and comments.
    case tab(Int)
  }

  /// A quoted scalar scanned on one line.
  struct Quoted {
    var value: String
    var style: YAMLNode.Scalar.Style
    /// The index just after the closing quote.
    var end: Int
  }

  /// Why a quoted scalar could not be read.
  struct QuotedError: Error {
    var message: String
    var index: Int
  }

  static func isFlowIndicator(_ scalar: Unicode.Scalar?) -> Bool {
    scalar == "," || scalar == "[" || scalar == "]" || scalar == "{" || scalar == "}"
  }

  // MARK: Scanning

  /// Scans a plain scalar whose first character, at `start`, has been checked.
  ///
  /// - Returns: the index just after its last non-white character, and why it ended.
  func scanPlain(_ line: Int, _ start: Int, flow: Bool) -> (end: Int, stop: PlainStop) {
    let scalars = lines[line].scalars
    var index = start
    var end = start
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\t" {
        return (end, .tab(index))
      } else if scalar == ":" && index > start {
        let after = index + 1 < scalars.count ? scalars[index + 1] : nil
        if after == nil || Self.isWhite(after) || (flow && Self.isFlowIndicator(after)) {
          return (end, .colon(index))
        }
      } else if scalar == "#" && index > start && scalars[index - 1] == " " {
        return (end, .comment)
      } else if flow && Self.isFlowIndicator(scalar) {
        return (end, .flowIndicator)
      }
      if scalar != " " { end = index + 1 }
      index += 1
    }
    return (end, .endOfLine)
  }

  /// Scans a single- or double-quoted scalar that opens at `start` and must close on the line.
  func scanQuoted(_ line: Int, _ start: Int) -> Result<Quoted, QuotedError> {
    let scalars = lines[line].scalars
    let quote = scalars[start]
    var value = String.UnicodeScalarView()
    var index = start + 1
    while index < scalars.count {
      let scalar = scalars[index]
      if quote == "'" {
        if scalar == "'" {
          guard index + 1 < scalars.count, scalars[index + 1] == "'" else {
            return .success(Quoted(value: String(value), style: .singleQuoted, end: index + 1))
          }
          value.append("'")
          index += 2
          continue
        }
      } else if scalar == "\"" {
        return .success(Quoted(value: String(value), style: .doubleQuoted, end: index + 1))
      } else if scalar == "\\" {
        guard index + 1 < scalars.count else { break }
        switch scalars[index + 1] {
        case "\\": value.append("\\")
        case "\"": value.append("\"")
        case "n": value.append("\n")
        case "t": value.append("\t")
        case "u":
          let digits = scalars[min(index + 2, scalars.count)..<min(index + 6, scalars.count)]
          guard digits.count == 4, digits.allSatisfy({ $0.properties.isASCIIHexDigit }),
            let code = UInt32(Self.string(digits), radix: 16)
          else {
            return .failure(QuotedError(message: YAMLMessage.shortUnicodeEscape, index: index))
          }
          guard let decoded = Unicode.Scalar(code) else {
            let text = "\\u" + Self.string(digits)
            return .failure(
              QuotedError(message: YAMLMessage.surrogateEscape(text), index: index))
          }
          value.append(decoded)
          index += 6
          continue
        default:
          let text = Self.string(scalars[index...(index + 1)])
          return .failure(
            QuotedError(message: YAMLMessage.unsupportedEscape(text), index: index))
        }
        index += 2
        continue
      }
      value.append(scalar)
      index += 1
    }
    let message =
      quote == "'" ? YAMLMessage.unterminatedSingle : YAMLMessage.unterminatedDouble
    return .failure(QuotedError(message: message, index: start))
  }

  /// The key that starts at `index` of `line`, and the index of its `:`, if the text there is
  /// an implicit key: a plain or quoted scalar followed by `:` and a space, a tab or the end of
  /// the line. Reports nothing.
  func scanKey(_ line: Int, _ index: Int) -> (key: YAMLNode.Scalar, colon: Int)? {
    let source = lines[line]
    guard let first = source[safe: index] else { return nil }
    if first == "'" || first == "\"" {
      guard case .success(let quoted) = scanQuoted(line, index) else { return nil }
      let colon = skipSpaces(line, quoted.end)
      guard source[safe: colon] == ":",
        colon + 1 == source.count || Self.isWhite(source[safe: colon + 1])
      else { return nil }
      let range = SourceRange(start: position(line, index), end: position(line, quoted.end))
      return (.init(value: quoted.value, style: quoted.style, range: range), colon)
    }
    guard indicatorMessage(line, index, flow: false) == nil,
      first != "[", first != "|", first != "'", first != "\""
    else { return nil }
    let (end, stop) = scanPlain(line, index, flow: false)
    guard case .colon(let colon) = stop else { return nil }
    let value = Self.string(source.scalars[index..<end])
    let range = SourceRange(start: position(line, index), end: position(line, end))
    return (.init(value: value, style: .plain, range: range), colon)
  }

  /// The error for an indicator at `index` that cannot start a plain scalar and that the subset
  /// does not support there, or nil if a plain scalar may start at `index`.
  ///
  /// Quotes, `[` and `|` are not checked here: they start nodes of their own.
  func indicatorMessage(_ line: Int, _ index: Int, flow: Bool) -> String? {
    let source = lines[line]
    guard let scalar = source[safe: index] else { return nil }
    let after = source[safe: index + 1]
    let separated =
      after == nil || Self.isWhite(after) || (flow && Self.isFlowIndicator(after))
    var token: String {
      var end = index + 1
      while let next = source[safe: end], !Self.isWhite(next),
        !(flow && Self.isFlowIndicator(next))
      {
        end += 1
      }
      return Self.string(source.scalars[index..<end])
    }
    switch scalar {
    case "&": return YAMLMessage.anchor(token)
    case "*": return YAMLMessage.alias(token)
    case "!": return YAMLMessage.tag(token)
    case "{": return YAMLMessage.flowMapping
    case ">": return YAMLMessage.folded
    case "?" where separated: return YAMLMessage.complexKey
    case "?" where flow, ":" where flow: return YAMLMessage.flowPlainStart(scalar)
    case ":" where separated: return flow ? YAMLMessage.flowPair : YAMLMessage.missingKey
    case "-" where separated: return flow ? YAMLMessage.flowEntry : YAMLMessage.sequenceOnKeyLine
    case "%", "@", "`", ",", "]", "}": return YAMLMessage.reservedStart(scalar)
    case "#": return YAMLMessage.spaceBeforeComment
    default: return nil
    }
  }

  /// Checks that only white space and a comment follow `index` on `line`.
  ///
  /// - Parameter after: what the text follows, for the message (`the closing quote`).
  /// - Returns: whether the rest of the line is clean.
  func checkLineEnd(_ line: Int, from index: Int, after: String) -> Bool {
    let source = lines[line]
    let end = skipSpaces(line, index)
    if rejectTab(line, end) { return false }
    guard let scalar = source[safe: end] else { return true }
    if scalar == "#" {
      if end > index { return true }
      report(YAMLMessage.spaceBeforeComment, line: line, index: end)
      return false
    }
    report(
      YAMLMessage.unexpectedAfter(excerpt(line, from: end), after: after), line: line,
      index: end)
    return false
  }

  /// Reports a scalar longer than `YAMLReader.maximumScalarLength`.
  func checkLength(_ scalar: YAMLNode.Scalar) -> Bool {
    guard scalar.value.utf8.count > YAMLReader.maximumScalarLength else { return true }
    report(
      YAMLMessage.scalarTooLong(YAMLReader.maximumScalarLength), at: scalar.range.start)
    return false
  }

  // MARK: Values on a line

  /// Reads the scalar or flow sequence at `index` of `line` (or the literal block its `|`
  /// starts), after a key, after `-`, on a line of its own, or at the root.
  ///
  /// On an error, reports it, skips the lines more indented than `parentIndent` that would
  /// otherwise be misread, and returns an empty placeholder.
  func parseInlineValue(line: Int, index: Int, parentIndent: Int, depth: Int) -> YAMLNode {
    let source = lines[line]
    let node: YAMLNode?
    switch source.scalars[index] {
    case "'", "\"":
      node = quotedValue(line, index)
    case "[":
      node = flowSequence(line, index, depth: depth)
    case "|":
      node = literalBlock(line, index, parentIndent: parentIndent)
    default:
      if let message = indicatorMessage(line, index, flow: false) {
        report(message, line: line, index: index)
        node = nil
      } else {
        node = plainValue(line, index, parentIndent: parentIndent)
      }
    }
    if let node { return node }
    skipDeeper(than: parentIndent)
    return emptyScalar(line, index)
  }

  private func plainValue(_ line: Int, _ index: Int, parentIndent: Int) -> YAMLNode? {
    let source = lines[line]
    let (end, stop) = scanPlain(line, index, flow: false)
    if case .tab(let tab) = stop {
      report(YAMLMessage.tab, line: line, index: tab)
      return nil
    }
    if case .colon(let colon) = stop {
      var after = colon + 1
      while Self.isWhite(source[safe: after]) { after += 1 }
      let atEnd = after == source.count || source.scalars[after] == "#"
      report(
        atEnd ? YAMLMessage.plainEndsWithColon : YAMLMessage.plainContainsColon, line: line,
        index: colon)
      return nil
    }
    let range = SourceRange(start: position(line, index), end: position(line, end))
    let scalar = YAMLNode.Scalar(
      value: Self.string(source.scalars[index..<end]), style: .plain, range: range)
    guard checkLength(scalar) else { return nil }
    pendingPlain = true
    pendingPlainIndent = parentIndent
    return .scalar(scalar)
  }

  private func quotedValue(_ line: Int, _ index: Int) -> YAMLNode? {
    let quoted: Quoted
    switch scanQuoted(line, index) {
    case .failure(let error):
      report(error.message, line: line, index: error.index)
      return nil
    case .success(let scanned):
      quoted = scanned
    }
    let source = lines[line]
    let after = skipSpaces(line, quoted.end)
    if source[safe: after] == ":" {
      let separated =
        after + 1 == source.count || Self.isWhite(source[safe: after + 1])
      report(
        separated ? YAMLMessage.mappingOnKeyLine : YAMLMessage.spaceAfterColon, line: line,
        index: after)
      return nil
    }
    guard checkLineEnd(line, from: quoted.end, after: "the closing quote") else { return nil }
    let range = SourceRange(start: position(line, index), end: position(line, quoted.end))
    let scalar = YAMLNode.Scalar(value: quoted.value, style: quoted.style, range: range)
    return checkLength(scalar) ? .scalar(scalar) : nil
  }

  // MARK: Flow sequences

  /// Reads a flow sequence of scalars, `[a, 'b', "c"]` or `[]`, that opens at `start` and
  /// closes on the same line.
  private func flowSequence(_ line: Int, _ start: Int, depth: Int) -> YAMLNode? {
    guard enter(depth: depth, line: line, index: start) else { return nil }
    let source = lines[line]
    var items: [YAMLNode.Sequence.Item] = []
    var index = start + 1
    var expectsItem = true
    var afterComma = false
    while true {
      index = skipSpaces(line, index)
      if rejectTab(line, index) { return nil }
      guard let scalar = source[safe: index],
        !(scalar == "#" && source[safe: index - 1] == " ")
      else {
        report(YAMLMessage.unterminatedFlow, line: line, index: start)
        return nil
      }
      if scalar == "]" {
        if afterComma && expectsItem {
          report(YAMLMessage.itemAfterComma, line: line, index: index)
          return nil
        }
        index += 1
        break
      }
      if !expectsItem {
        switch scalar {
        case ",":
          expectsItem = true
          afterComma = true
          index += 1
          continue
        case ":":
          report(YAMLMessage.flowPair, line: line, index: index)
        default:
          report(
            YAMLMessage.flowSeparator(found: String(Character(scalar))), line: line,
            index: index)
        }
        return nil
      }
      let item: YAMLNode.Scalar
      switch scalar {
      case ",":
        report(YAMLMessage.itemBeforeComma, line: line, index: index)
        return nil
      case "[":
        report(YAMLMessage.nestedFlow, line: line, index: index)
        return nil
      case "|":
        report(YAMLMessage.flowPlainStart(scalar), line: line, index: index)
        return nil
      case "'", "\"":
        switch scanQuoted(line, index) {
        case .failure(let error):
          report(error.message, line: line, index: error.index)
          return nil
        case .success(let quoted):
          let range = SourceRange(start: position(line, index), end: position(line, quoted.end))
          item = YAMLNode.Scalar(value: quoted.value, style: quoted.style, range: range)
          index = quoted.end
        }
      default:
        if let message = indicatorMessage(line, index, flow: true) {
          report(message, line: line, index: index)
          return nil
        }
        let (end, stop) = scanPlain(line, index, flow: true)
        if case .tab(let tab) = stop {
          report(YAMLMessage.tab, line: line, index: tab)
          return nil
        }
        if case .colon(let colon) = stop {
          report(YAMLMessage.flowPair, line: line, index: colon)
          return nil
        }
        // YAML 1.1 parsers (PyYAML) end flow plain scalars at ':' and '?'.
        if let special = source.scalars[index..<end].firstIndex(where: { $0 == ":" || $0 == "?" }) {
          report(
            YAMLMessage.flowPlainCharacter(source.scalars[special]), line: line, index: special)
          return nil
        }
        let range = SourceRange(start: position(line, index), end: position(line, end))
        item = YAMLNode.Scalar(
          value: Self.string(source.scalars[index..<end]), style: .plain, range: range)
        index = end
      }
      guard checkLength(item) else { return nil }
      items.append(.init(node: .scalar(item), position: item.range.start))
      expectsItem = false
    }
    if let colon = colonAfter(line, index) {
      report(YAMLMessage.flowKey, line: line, index: colon)
      return nil
    }
    guard checkLineEnd(line, from: index, after: "']'") else { return nil }
    let range = SourceRange(start: position(line, start), end: position(line, index))
    return .sequence(.init(items: items, style: .flow, range: range))
  }

  /// The index of a `:` that follows `index` after optional white space.
  private func colonAfter(_ line: Int, _ index: Int) -> Int? {
    let after = skipSpaces(line, index)
    return lines[line][safe: after] == ":" ? after : nil
  }

  // MARK: Literal blocks

  private enum Chomping { case clip, strip, keep }

  /// Reads a literal block whose `|` is at `start`: the header, then the lines more indented
  /// than `parentIndent`, with the indentation of the first non-blank line removed.
  ///
  /// Follows YAML 1.2: blank lines are part of the text; clip chomping (`|`) keeps one final
  /// line break, strip (`|-`) none, keep (`|+`) all trailing ones.
  private func literalBlock(_ line: Int, _ start: Int, parentIndent: Int) -> YAMLNode? {
    let header = lines[line]
    var index = start + 1
    var chomping = Chomping.clip
    if header[safe: index] == "-" {
      chomping = .strip
      index += 1
    } else if header[safe: index] == "+" {
      chomping = .keep
      index += 1
    }
    if let digit = header[safe: index], digit.properties.numericType != nil,
      digit.isASCII
    {
      report(YAMLMessage.indentationIndicator(digit), line: line, index: index)
      return nil
    }
    guard checkLineEnd(line, from: index, after: "'|'") else { return nil }

    struct BodyLine {
      var text: ArraySlice<Unicode.Scalar>?
      var index: Int
    }
    var body: [BodyLine] = []
    var textIndent: Int?
    var widestLeadingBlank: (spaces: Int, line: Int)?
    var current = next
    while current < lines.count {
      let source = lines[current]
      let spaces = source.indent
      let blank = spaces == source.count
      if let indent = textIndent {
        if blank && spaces <= indent {
          body.append(BodyLine(text: nil, index: current))
        } else if spaces < indent {
          break
        } else {
          body.append(BodyLine(text: source.scalars[indent...], index: current))
        }
      } else if blank {
        if spaces > (widestLeadingBlank?.spaces ?? 0) {
          widestLeadingBlank = (spaces, current)
        }
        body.append(BodyLine(text: nil, index: current))
      } else {
        // At the root, text must be indented too, as PyYAML and libyaml require.
        if spaces <= max(parentIndent, 0) || source.scalars[spaces] == "\t"
          || (spaces == 0 && Self.documentMarker(source) != nil)
        {
          break
        }
        textIndent = spaces
        if let widest = widestLeadingBlank, widest.spaces > spaces {
          report(YAMLMessage.literalLeadingBlank, line: widest.line, index: spaces)
        }
        body.append(BodyLine(text: source.scalars[spaces...], index: current))
      }
      current += 1
    }
    next = max(next, current)
    pendingPlain = false

    var value = String.UnicodeScalarView()
    var end = position(line, header.count)
    if let last = body.lastIndex(where: { $0.text != nil }) {
      for offset in 0...last {
        value.append(contentsOf: body[offset].text ?? [])
        if offset < last || (chomping != .strip && lines[body[offset].index].hasLineBreak) {
          value.append("\n")
        }
      }
      if chomping == .keep {
        for blank in body[(last + 1)...] where lines[blank.index].hasLineBreak {
          value.append("\n")
        }
      }
      end = position(body[last].index, lines[body[last].index].count)
    } else if chomping == .keep {
      for blank in body where lines[blank.index].hasLineBreak { value.append("\n") }
    }
    let scalar = YAMLNode.Scalar(
      value: String(value), style: .literal,
      range: SourceRange(start: position(line, start), end: end))
    return checkLength(scalar) ? .scalar(scalar) : nil
  }
}
