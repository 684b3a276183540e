import AuthScenario

/// Source text with position markers (`1️⃣`, `2️⃣`, … as in swift-syntax's tests) removed, and the
/// position each marker stood at.
///
/// Lines break at LF, CRLF and CR, and a byte order mark at the start is not counted, as in the
/// reader; columns count characters.
public struct MarkedSource {
  public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

  /// The text without its markers.
  public var text: String
  /// The positions of the markers present, in marker order.
  public var positions: [SourcePosition]

  public init(_ marked: String) {
    var text = marked
    var found: [(marker: Int, position: SourcePosition)] = []
    // Remove the earliest marker first, so no marker's position counts another marker.
    while true {
      let ranges = Self.markers.enumerated().compactMap { number, marker in
        text.firstRange(of: marker).map { (number, $0) }
      }
      guard let (number, range) = ranges.min(by: { $0.1.lowerBound < $1.1.lowerBound }) else {
        break
      }
      found.append((number, Self.position(before: text[..<range.lowerBound])))
      text.removeSubrange(range)
    }
    self.text = text
    self.positions = found.sorted { $0.marker < $1.marker }.map(\.position)
  }

  /// The position of the marker at index `index`; 1:1 if it is missing.
  public subscript(_ index: Int) -> SourcePosition {
    index < positions.count ? positions[index] : SourcePosition(line: 1, column: 1)
  }

  private static func position(before prefix: Substring) -> SourcePosition {
    var line = 1
    var lineStart = prefix.startIndex
    var index = prefix.startIndex
    let scalars = prefix.unicodeScalars
    var previous: Unicode.Scalar?
    while index < prefix.endIndex {
      let scalar = scalars[index]
      let after = scalars.index(after: index)
      if scalar == "\n" && previous == "\r" {
        lineStart = after
      } else if scalar == "\n" || scalar == "\r" {
        line += 1
        lineStart = after
      }
      previous = scalar
      index = after
    }
    var lineText = prefix[lineStart...]
    if line == 1 && lineText.unicodeScalars.first == "\u{FEFF}" {
      lineText = Substring(lineText.unicodeScalars.dropFirst())
    }
    return SourcePosition(line: line, column: lineText.count + 1)
  }
}
