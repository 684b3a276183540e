/// UTF-8 validation with positions.
extension YAMLReader {
  /// An error for each maximal invalid subsequence of `bytes` (as the Unicode standard defines
  /// them for U+FFFD substitution), at its line and character column, up to
  /// `maximumErrorCount` and a note.
  static func invalidUTF8(in bytes: [UInt8]) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    var line = 1
    var lineStart = hasBOM ? 3 : 0
    // The column of the byte at `columnOffset`, to count columns from the previous error on.
    var columnOffset = lineStart
    var column = 1
    var scanned = lineStart
    var index = lineStart
    while index < bytes.count {
      let length = validSequenceLength(bytes, at: index)
      guard length < 0 else {
        index += length
        continue
      }
      let invalidLength = -length
      // Move the line count up to `index`.
      while scanned < index {
        let byte = bytes[scanned]
        scanned += 1
        if byte == 0x0A || byte == 0x0D {
          if byte == 0x0D && scanned < bytes.count && bytes[scanned] == 0x0A { scanned += 1 }
          line += 1
          lineStart = scanned
        }
      }
      if columnOffset < lineStart {
        columnOffset = lineStart
        column = 1
      }
      column += String(decoding: bytes[columnOffset..<index], as: UTF8.self).count
      columnOffset = index
      let position = SourcePosition(line: line, column: column)
      if diagnostics.count == maximumErrorCount {
        diagnostics.append(.note(YAMLMessage.tooManyErrors, at: position))
        break
      }
      diagnostics.append(.error(YAMLMessage.invalidUTF8(bytes[index]), at: position))
      index += invalidLength
    }
    return diagnostics
  }

  /// The length of the well-formed UTF-8 sequence at `index`, or minus the length of the
  /// maximal invalid subsequence there.
  private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    if lead < 0x80 { return 1 }
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      second = 0x80...0x9F
    case 0xF0:
      length = 4
      second = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      second = 0x80...0x8F
    default: return -1
    }
    var valid = 1
    while valid < length, index + valid < bytes.count {
      let range = valid == 1 ? second : 0x80...0xBF
      guard range.contains(bytes[index + valid]) else { break }
      valid += 1
    }
    return valid == length ? length : -valid
  }
}
