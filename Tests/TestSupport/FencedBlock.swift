/// A fenced code block of a Markdown document, as the documentation tests read them: its info
/// string (what follows the opening three backticks), the number of its first line of text
/// (counting from 1) and its text, each line ending in a line break but the last.
///
/// A block opens at a line that starts with three backticks and closes at a line of exactly
/// three; a line inside that starts with three backticks and more is text.
public struct FencedBlock: Equatable, Sendable {
  public var info: String
  public var line: Int
  public var text: String

  /// The fenced blocks of `document`, in order; a block left open at the end is not one.
  public static func all(in document: String) -> [FencedBlock] {
    var found: [FencedBlock] = []
    var open: FencedBlock?
    for (number, line) in document.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if var block = open {
        if line == "```" {
          block.text = String(block.text.dropLast())
          found.append(block)
          open = nil
        } else {
          block.text += line + "\n"
          open = block
        }
      } else if line.hasPrefix("```") {
        open = FencedBlock(info: String(line.dropFirst(3)), line: number + 2, text: "")
      }
    }
    return found
  }
}
