/// Fills paragraphs to a line width, for the rule book's text on a terminal and in Markdown.
enum TextWrapping {
  /// `paragraph` broken at spaces into lines of at most `width` characters (a longer word stays
  /// whole), the first line starting with `first` and the others with `rest`.
  ///
  /// A line never starts with a word Markdown would read as the start of a block (`1.`, `-`,
  /// `#`…): the word before it moves down too.
  static func wrap(_ paragraph: String, width: Int, first: String, rest: String) -> [String] {
    var lines: [[Substring]] = [[]]
    var length = first.count
    for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
      if !lines[lines.count - 1].isEmpty && length + 1 + word.count > width {
        var carried: [Substring] = []
        if startsBlock(word) && lines[lines.count - 1].count > 1 {
          carried.append(lines[lines.count - 1].removeLast())
        }
        lines.append(carried)
        length = rest.count + (carried.first?.count ?? 0)
      }
      length += (lines[lines.count - 1].isEmpty ? 0 : 1) + word.count
      lines[lines.count - 1].append(word)
    }
    return lines.enumerated().map { index, words in
      (index == 0 ? first : rest) + words.joined(separator: " ")
    }
  }

  /// Whether a line starting with `word` would start a Markdown block: a list item, a heading,
  /// a quote.
  private static func startsBlock(_ word: Substring) -> Bool {
    if ["-", "+", "*", ">"].contains(word) || word.hasPrefix("#") { return true }
    let digits = word.prefix { $0.isNumber }
    return !digits.isEmpty
      && (word.dropFirst(digits.count) == "." || word.dropFirst(digits.count) == ")")
  }

  /// The paragraphs of a ``AuthModel/RuleText`` statement (split at line breaks), each filled
  /// with `indent` before it and an empty line between them; a numbered item (`1. …`) hangs its
  /// continuation lines under its text, and consecutive items have no empty line between them.
  static func fill(_ text: String, width: Int, indent: String) -> [String] {
    var lines: [String] = []
    var previousWasItem = false
    for paragraph in text.split(separator: "\n") {
      let marker = paragraph.prefix { $0.isNumber }
      let isItem = !marker.isEmpty && paragraph.dropFirst(marker.count).hasPrefix(". ")
      if !lines.isEmpty && !(isItem && previousWasItem) { lines.append("") }
      let hang = isItem ? String(repeating: " ", count: marker.count + 2) : ""
      lines += wrap(String(paragraph), width: width, first: indent, rest: indent + hang)
      previousWasItem = isItem
    }
    return lines
  }
}
