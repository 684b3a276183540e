import AuthApp
import Foundation
import Testing

/// The deliberately broken app files of BrokenApps/, one per bug class a static check finds:
/// each must be found by its check, at its line, and must not pass.
@Suite struct BrokenAppTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("BrokenApps")

  struct Case: CustomTestStringConvertible, Sendable {
    let file: String
    let check: StaticCheck
    /// The lines of its findings: one bug may need a key at two places.
    let lines: [Int]
    var testDescription: String { "\(file): \(check.rawValue) at lines \(lines)" }
  }

  static let cases: [Case] = [
    Case(file: "always-session-at-launch.yaml", check: .a2, lines: [15]),
    Case(file: "background-mode-missing.yaml", check: .a1, lines: [16, 18]),
    Case(file: "purpose-key-missing.yaml", check: .a1, lines: [15]),
    Case(file: "usage-string-missing.yaml", check: .a1, lines: [12]),
    Case(file: "background-feature-not-restored.yaml", check: .a3, lines: [18]),
  ]

  @Test("every broken file is here and in the table")
  func folderMatchesTable() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".yaml") }
    #expect(Set(names) == Set(Self.cases.map(\.file)))
  }

  @Test("each broken app is found by its check at its line, and does not pass", arguments: cases)
  func found(_ test: Case) throws {
    let app = try AppFile.load(path: Self.folder.appendingPathComponent(test.file).path).app.get()
    let report = AppChecker.check(app)
    #expect(!report.passed)
    let findings = report.findings.filter { $0.check == test.check }
    #expect(findings.map { $0.position?.line } == test.lines)
    // No other check finds anything: one bug per file.
    #expect(findings.count == report.findings.count, "\(report.findings.map(\.message))")
    if test.check.isError {
      #expect(report.failures.allSatisfy { $0.kind == .staticCheck(test.check) })
    }
  }
}
