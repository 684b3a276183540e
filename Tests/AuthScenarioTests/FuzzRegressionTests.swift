import Foundation
import Testing

@testable import AuthScenario

/// Inputs found by `Fuzz/run`, kept as regression tests with their bytes inline, and the seed
/// corpus replayed under the fuzz target's checks (see `Fuzz/FuzzTarget.swift`).
///
/// To add a finding: copy the bytes of `Fuzz/crashes/crash-…` into `findings` (`xxd -i` prints
/// them), with what it broke and how it was fixed, and the outcome the fixed pipeline gives.
@Suite struct FuzzRegressionTests {
  /// The fuzz target's checks on one input: the read, the schema and the run end, and an
  /// invalid file has sorted, positioned diagnostics, an error among them, at most
  /// `maximumErrorCount` and a note.
  ///
  /// - Returns: `["PASS"]`, `["FAIL line:column: message"]`, or the diagnostics.
  static func check(
    _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    let file = ScenarioFile.parse(bytes, path: "/nonexistent-fuzz-folder/fuzz.yaml")
    switch file.scenario {
    case .success(let scenario):
      let result = ScenarioRunner.run(scenario)
      guard let failure = result.failure else { return ["PASS"] }
      #expect(
        failure.position.line >= 1 && failure.position.column >= 1, sourceLocation: sourceLocation)
      return ["FAIL \(failure.position): \(failure.message)"]
    case .failure(let error):
      let diagnostics = error.diagnostics
      #expect(diagnostics.contains { $0.severity == .error }, sourceLocation: sourceLocation)
      #expect(
        diagnostics.count <= YAMLReader.maximumErrorCount + 1, sourceLocation: sourceLocation)
      #expect(
        diagnostics.allSatisfy { $0.position.line >= 1 && $0.position.column >= 1 },
        sourceLocation: sourceLocation)
      #expect(
        Diagnostic.sortedByPosition(diagnostics) == diagnostics, sourceLocation: sourceLocation)
      return diagnostics.map(\.description)
    }
  }

  // MARK: Findings

  struct Finding: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var expected: [String]
    var testDescription: String { name }
  }

  /// Every input the fuzzer found, with the outcome after the fix.
  static let findings: [Finding] = [
    // The fuzz target's first run stopped on the empty input: the target's own check expected
    // the rendering to start with the file name, and the empty input's size, 0, turned colour
    // on. A bug of the harness, fixed there; the pipeline's answer is kept here.
    Finding(
      name: "the empty input", bytes: [],
      expected: ["1:1: error: the file is empty; expected a mapping with 'scenario' and 'steps'"]
    )
  ]

  @Test("inputs found by the fuzzer", arguments: findings)
  func finding(_ finding: Finding) {
    #expect(Self.check(finding.bytes) == finding.expected)
  }

  // MARK: Seed corpus

  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The files of `Fuzz/corpus/`, by name.
  static var corpus: [String] {
    let folder = repository.appendingPathComponent("Fuzz/corpus").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test("the seed corpus is not empty")
  func corpusIsNotEmpty() {
    #expect(Self.corpus.count >= 20)
  }

  @Test("every seed passes the fuzz target's checks", arguments: corpus)
  func seed(_ name: String) throws {
    let url = Self.repository.appendingPathComponent("Fuzz/corpus").appendingPathComponent(name)
    let bytes = try [UInt8](Data(contentsOf: url))
    #expect(!Self.check(bytes).isEmpty)
  }
}
