import Foundation
import TestSupport
import Testing

/// What the documents show the tool printing is what it prints now, and the README stays a
/// front door: one page, no diagram source, figures stated with their hardware.
///
/// A fenced block whose info string is `console` and whose first line is `$ authcheck ARGS`
/// is run, from the repository's root, and its other lines must be exactly what the command
/// prints on standard output. Arguments are split at spaces. A line that is only `…` stands for
/// any lines the block leaves out (the PASS lines above a report, say).
@Suite struct DocOutputTests {
  static let root = DocReferenceTests.root

  /// A `console` block: where it is, the arguments of its command and the output it shows.
  struct Example: CustomTestStringConvertible {
    var document: String
    var line: Int
    var arguments: [String]
    var output: String
    var testDescription: String {
      "\(document):\(line): authcheck \(arguments.joined(separator: " "))"
    }
  }

  /// The `console` blocks of `text` that run authcheck; an example's line is its command's.
  static func examples(in text: String, document: String) -> [Example] {
    FencedBlock.all(in: text).compactMap { block in
      let lines = block.text.split(separator: "\n", omittingEmptySubsequences: false)
      guard block.info == "console", lines[0].hasPrefix("$ authcheck ") else { return nil }
      return Example(
        document: document, line: block.line,
        arguments: lines[0].dropFirst("$ authcheck ".count).split(separator: " ").map(String.init),
        output: lines.dropFirst().map { $0 + "\n" }.joined())
    }
  }

  static let allExamples: [Example] = {
    var documents = ["README.md"]
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("docs").path)) ?? []
    documents += docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return documents.flatMap { document in
      let text = (try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8))
      return examples(in: text ?? "", document: document)
    }
  }()

  @Test("the README shows at least two commands with their output")
  func examplesFound() {
    #expect(Self.allExamples.filter { $0.document == "README.md" }.count >= 2)
  }

  @Test("a console block's command prints what the block shows", arguments: allExamples)
  func outputIsCurrent(_ example: Example) {
    // A repository path runs as the file in this clone; the output names it as written.
    let prefix = Self.root.path + "/"
    let arguments = example.arguments.map { argument in
      FileManager.default.fileExists(atPath: prefix + argument) ? prefix + argument : argument
    }
    let run = CLITests.run(arguments)
    let printed = run.stdout.replacingOccurrences(of: prefix, with: "")
    #expect(
      Self.shows(example.output, printed),
      "\(example.document):\(example.line) shows another output than the command prints now; it prints:\n\(printed)"
    )
  }

  /// Whether `shown`, whose `…` lines stand for lines left out, is what `printed` is.
  static func shows(_ shown: String, _ printed: String) -> Bool {
    let pieces = shown.components(separatedBy: "…\n")
    guard pieces.count > 1 else { return shown == printed }
    guard printed.hasPrefix(pieces[0]), printed.hasSuffix(pieces[pieces.count - 1]) else {
      return false
    }
    var rest = printed.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
    for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
      // A piece starts at a line's start: after the left-out lines.
      guard let found = rest.range(of: piece) else { return false }
      guard
        found.lowerBound == rest.startIndex || rest[rest.index(before: found.lowerBound)] == "\n"
      else { return false }
      rest = rest[found.upperBound...]
    }
    return pieces.count == 2 ? printed.count >= pieces[0].count + pieces[1].count : true
  }

  @Test("a `…` line stands for left-out lines, and only for them")
  func leftOutLines() {
    #expect(Self.shows("a\n…\nz\n", "a\nb\nc\nz\n"))
    #expect(Self.shows("…\nz\n", "a\nz\n"))
    #expect(Self.shows("a\n…\nc\n…\nz\n", "a\nb\nc\nd\nz\n"))
    #expect(!Self.shows("a\n…\nz\n", "a\nb\nc\n"))
    #expect(!Self.shows("a\n…\nq\n…\nz\n", "a\nb\nz\n"))
    #expect(!Self.shows("a\nb\n", "a\nb\nc\n"))
  }

  @Test("the block finder reads a console block's command and output, and skips the others")
  func finder() {
    let text = """
      ```console
      $ authcheck a.yaml --x
      FAIL a
      done
      ```
      ```sh
      $ authcheck b.yaml
      ```
      ```console
      $ swift build
      ```
      """
    let found = Self.examples(in: text, document: "D.md")
    #expect(found.count == 1)
    #expect(found.first?.arguments == ["a.yaml", "--x"])
    #expect(found.first?.output == "FAIL a\ndone\n")
    #expect(found.first?.line == 2)
  }

  /// Words about where a figure was measured that say nothing a reader can repeat.
  static let hostTalk = ["quiet", "busy", "this machine", "idle", "no other load", "host"]

  @Test("the README fits on a page: at most 250 lines, no diagram source, no host talk")
  func readmeIsAFrontDoor() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    // Lines as `wc -l` counts them: one per line break.
    let lines = readme.filter { $0 == "\n" }.count
    #expect(lines <= 250, "README.md has \(lines) lines; the guides take the rest")
    #expect(!readme.contains("```mermaid"), "the README shows the journey as a picture")
    let lowered = readme.lowercased()
    for word in Self.hostTalk {
      #expect(
        !lowered.contains(word),
        "README.md says '\(word)': state a figure with its command and hardware instead")
    }
  }
}
