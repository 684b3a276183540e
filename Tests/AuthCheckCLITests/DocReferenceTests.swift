import Foundation
import Testing

/// Where the code, `--help` and the guides send a reader to a named section of a document
/// (`README "Install"`, `docs/CI.md, "CI reports"`), that section exists.
@Suite struct DocReferenceTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The files that name sections: the sources, the guides, the front door.
  static func files() throws -> [String] {
    var files = ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md"]
    let manager = FileManager.default
    for folder in ["Sources", "docs", "Plugins"] {
      let enumerator = manager.enumerator(atPath: root.appendingPathComponent(folder).path)
      while let path = enumerator?.nextObject() as? String {
        if path.hasSuffix(".swift") || path.hasSuffix(".md") { files.append(folder + "/" + path) }
      }
    }
    return files.sorted()
  }

  /// The headings of a Markdown document, without their `#`s and backticks.
  static func headings(_ document: String) throws -> Set<String> {
    let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    var headings = Set<String>()
    var inFence = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inFence.toggle() }
      guard !inFence, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      headings.insert(title.replacingOccurrences(of: "`", with: ""))
    }
    return headings
  }

  /// Each reference in `text`: the document, as written, and the section's title. Comment
  /// markers and line breaks inside a reference are read as spaces.
  static func references(in text: String) -> [(document: String, section: String)] {
    let flat = text.replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: "///", with: " ").replacingOccurrences(of: "//", with: " ")
      .replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
    let pattern = #/((?:[A-Za-z]+/)*README(?:\.md)?|(?:[A-Za-z]+/)*[A-Z]+\.md),? \(?"([^"]+)"/#
    return flat.matches(of: pattern).map { (String($0.output.1), String($0.output.2)) }
  }

  /// The file a reference written in `file` means: the README beside it (Benchmarks/ has its
  /// own), a path as written, or a bare name beside the file (in docs/) or at the top.
  static func document(_ written: String, from file: String) -> String {
    if written.contains("/") { return written }
    if written.hasPrefix("README") {
      return file.hasPrefix("Benchmarks/") ? "Benchmarks/README.md" : "README.md"
    }
    let beside = (file as NSString).deletingLastPathComponent + "/" + written
    return FileManager.default.fileExists(atPath: root.appendingPathComponent(beside).path)
      ? beside : written
  }

  @Test("every section a file names exists in the document it names")
  func referencesResolve() throws {
    var checked = 0
    for file in try Self.files() {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      for reference in Self.references(in: text) {
        let document = Self.document(reference.document, from: file)
        guard
          FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(document).path)
        else {
          Issue.record("\(file) names \(document), which does not exist")
          continue
        }
        checked += 1
        // A heading names its section before a colon: "Rules v4's cost: the legacy services".
        let titles = try Self.headings(document).map {
          $0.split(separator: ":", maxSplits: 1).first.map(String.init) ?? $0
        }
        #expect(
          titles.contains(reference.section),
          "\(file) sends the reader to \(document), \"\(reference.section)\", which has no such section"
        )
      }
    }
    // The references this repository makes today, at least: docs/CI.md's own, the JSON
    // report's, --help's.
    #expect(checked >= 4)
  }

  @Test("the reader of references finds them across comment lines and line breaks")
  func readsReferences() {
    let text = """
      /// The schema is documented in docs/CI.md ("CI
      /// reports") and only grows.
      See README "Install", and CONTRIBUTING.md, "Tests".
      """
    let found = Self.references(in: text)
    #expect(found.map(\.document) == ["docs/CI.md", "README", "CONTRIBUTING.md"])
    #expect(found.map(\.section) == ["CI reports", "Install", "Tests"])
  }
}
