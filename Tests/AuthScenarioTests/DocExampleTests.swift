import AuthApp
import AuthModel
import Foundation
import TestSupport
import Testing

@testable import AuthScenario

/// The documents stay true: every YAML example runs, every link and repository path they name
/// exists in a clone with nothing beside it, and the scenario format's reference names every key,
/// step and value the reader takes.
///
/// A fenced block whose info string is `yaml` must be a valid scenario or app file that passes;
/// `yaml fails`, one that is valid and fails; `yaml fragment` is part of a file, or YAML that is
/// not authcheck's, and is not run. A repository path after the words (`yaml fails
/// scenarios/x.yaml`) runs the block as if it were that file, so that a relative `info:` path
/// resolves beside it; the file must exist.
@Suite struct DocExampleTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The documents a user reads, relative to the root.
  static var documents: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent("docs").path)) ?? []
    return ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md", "Benchmarks/NOTES.md"]
      + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  static func text(_ document: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
  }

  /// A fenced block: its info string, its first line's number and its text.
  struct Block: CustomTestStringConvertible {
    var document: String
    var info: String
    var line: Int
    var text: String
    var testDescription: String { "\(document):\(line) (\(info))" }
    /// The info string without a path: `yaml`, `yaml fails` or `yaml fragment`.
    var kind: String {
      info.split(separator: " ").filter { !$0.contains("/") }.joined(separator: " ")
    }
    /// The repository file the block runs as, if the info string names one.
    var path: String? { info.split(separator: " ").first { $0.contains("/") }.map(String.init) }
  }

  static func blocks(_ document: String) throws -> [Block] {
    try FencedBlock.all(in: text(document)).map {
      Block(document: document, info: $0.info, line: $0.line, text: $0.text)
    }
  }

  static var yamlExamples: [Block] {
    documents.flatMap { (try? blocks($0)) ?? [] }.filter { $0.info.hasPrefix("yaml") }
  }

  @Test("the documents hold YAML examples to run")
  func examplesFound() {
    let examples = Self.yamlExamples
    #expect(examples.filter { $0.kind == "yaml" }.count >= 3)
    #expect(examples.contains { $0.kind == "yaml fails" })
    #expect(
      examples.allSatisfy { ["yaml", "yaml fails", "yaml fragment"].contains($0.kind) },
      "unknown info strings: \(examples.map(\.info))")
  }

  @Test(
    "every YAML example that is a whole file runs as its info string says",
    arguments: yamlExamples.filter { $0.kind != "yaml fragment" })
  func exampleRuns(_ block: Block) throws {
    let path =
      block.path.map { Self.root.appendingPathComponent($0).path }
      ?? Self.root.appendingPathComponent(block.document).deletingLastPathComponent()
      .appendingPathComponent("example.yaml").path
    if block.path != nil {
      #expect(FileManager.default.fileExists(atPath: path), "\(block.document): no file \(path)")
    }
    let bytes = Array((block.text + "\n").utf8)
    let passed: Bool
    if block.text.split(separator: "\n").first(where: { !$0.hasPrefix("#") })?.hasPrefix("app:")
      == true
    {
      let app = try AppFile.parse(bytes, path: path).app.get()
      passed = AppChecker.check(app).passed
    } else {
      let scenario = try ScenarioFile.parse(bytes, path: path).scenario.get()
      passed = ScenarioRunner.run(scenario).failure == nil
    }
    #expect(passed == (block.kind == "yaml"), "\(block.document):\(block.line)")
  }

  /// The relative targets of the Markdown links in `text`.
  static func links(_ text: String) -> [String] {
    var found: [String] = []
    var rest = text[...]
    while let range = rest.range(of: "](") {
      let tail = rest[range.upperBound...]
      guard let end = tail.firstIndex(of: ")") else { break }
      let target = String(tail[..<end])
      if !target.hasPrefix("http://") && !target.hasPrefix("https://") && !target.hasPrefix("#")
        && !target.hasPrefix("mailto:")
      {
        found.append(String(target.split(separator: "#", maxSplits: 1)[0]))
      }
      rest = tail[end...]
    }
    return found
  }

  /// The repository paths named in backticks: words starting with a top-level folder of the
  /// repository, without placeholders.
  static func paths(_ text: String) -> [String] {
    let folders = [
      "scenarios/", "docs/", "Sources/", "Tests/", "Benchmarks/", "Plugins/", "Fuzz/", ".ci/",
      "Examples/",
    ]
    let pieces = text.split(separator: "`", omittingEmptySubsequences: false)
    return stride(from: 1, to: pieces.count, by: 2).map { String(pieces[$0]) }.filter { word in
      folders.contains { word.hasPrefix($0) } && !word.contains(" ")
        && !word.contains { "…<>*{}|$".contains($0) } && !word.contains("NAME")
    }.map { word in
      // `scenarios/basics/x.yaml:19:28` names a position in a file.
      String(word.split(separator: ":", maxSplits: 1)[0])
    }
  }

  @Test("every link and repository path the documents name exists, and none points outside")
  func linksAndPathsExist() throws {
    // What a run writes (a fuzzer's crashes…) is named but not committed: .gitignore lists it.
    let ignored = try Self.text(".gitignore").split(separator: "\n").map(String.init).filter {
      $0.contains("/") && !$0.contains("*") && !$0.hasPrefix(".")
    }
    #expect(ignored.contains("Fuzz/crashes/"))
    var missing: [String] = []
    for document in Self.documents {
      let text = try Self.text(document)
      let folder = Self.root.appendingPathComponent(document).deletingLastPathComponent()
      for link in Self.links(text)
      where !FileManager.default.fileExists(atPath: folder.appendingPathComponent(link).path) {
        missing.append("\(document): link \(link)")
      }
      for path in Self.paths(text)
      where !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path)
        && !ignored.contains(where: { path.hasPrefix($0) })
      {
        missing.append("\(document): path \(path)")
      }
      if text.contains("../shared") { missing.append("\(document): names ../shared") }
    }
    #expect(missing.isEmpty, "\(missing)")
  }

  @Test("a Swift example that names a file is that file's text, which the tests compile")
  func swiftExamplesAreTested() throws {
    let examples = Self.documents.flatMap { (try? Self.blocks($0)) ?? [] }.filter {
      $0.info.hasPrefix("swift ")
    }
    #expect(!examples.isEmpty)
    for block in examples {
      let path = String(block.info.dropFirst("swift ".count))
      let file = try String(
        contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
      #expect(file.contains(block.text), "\(block.document):\(block.line) is not in \(path)")
    }
  }

  @Test("the link and path finders find what they should")
  func finders() {
    #expect(
      Self.links("[a](docs/A.md#x) [b](https://x.org) [c](#here) [d](../B.md)")
        == ["docs/A.md", "../B.md"])
    #expect(
      Self.paths("`scenarios/a.yaml:3:5` `docs/` `Sources/X …` `DIR/P1.yaml` `Tests/<T>`")
        == ["scenarios/a.yaml", "docs/"])
  }

  @Test("the scenario format's reference names every key, step and value the reader takes")
  func referenceIsComplete() throws {
    let reference = try Self.text("docs/SCENARIOS.md")
    let words: [String] =
      ScenarioSchema.topLevelKeys + ScenarioSchema.verbs + ScenarioSchema.expectKeys
      + [ScenarioSchema.refusedKey] + ScenarioSchema.implicitHolders + SchemaKeys.info
      + SchemaKeys.start + AuthorizationStatus.allCases.map(\.rawValue)
      + AccuracyAuthorization.allCases.map(\.rawValue) + Prompt.allCases.map(\.rawValue)
      + LocationSetting.allCases.map(\.rawValue) + PromptButton.allCases.map(\.rawValue)
      + AuthorizationRequirement.allCases.map(\.rawValue) + DiagnosticFlag.allCases.map(\.rawValue)
      + IOSVersion.allCases.map { String($0.rawValue) }
      + [
        "full", "reduced", "delivered", "active", "inactive", "shown", "hidden", "prompted",
        "noEffect", "promptDeclined", "backgroundEvent", "reset", "temporaryFullAccuracy",
        "purposeKey", "fullAccuracyPurposeKey", "authorization", "start", "stop",
      ]
    let missing = words.filter { !reference.contains("`\($0)") && !reference.contains(" \($0)") }
    #expect(missing.isEmpty, "docs/SCENARIOS.md does not name: \(missing)")
    for rule in Rule.allCases where rule.id.hasPrefix("R") {
      let number = Int(rule.id.dropFirst()) ?? 0
      guard [3, 6, 9, 10, 11, 13, 14, 16, 17, 21, 33, 34, 35, 36, 37, 38, 39, 41].contains(number)
      else { continue }
      #expect(reference.contains(rule.id), "the refusals table does not cite \(rule.id)")
    }
  }
}
