import AuthModel
import AuthScenario
import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// The JSON schema as docs/CI.md ("CI reports") documents it, written out independently of the
/// encoder's types, so a rename or a removed field fails here.
struct DocumentedReport: Decodable, Equatable {
  var version: Int
  var files: [File]
  var summary: Summary
  var coverage: Coverage?

  enum Status: String, Decodable { case passed, failed, error }

  struct File: Decodable, Equatable {
    var path: String
    var kind: String
    var name: String?
    var ios: Int?
    var status: Status
    var duration: Double
    var failure: Failure?
    var diagnostics: [Message]?
    var explored: Bool?
    var checks: [Check]?
    var failures: [AppFailure]?
    var waysToFail: [WayToFail]?
  }

  struct AppFailure: Decodable, Equatable {
    var check: String
    var line: Int?
    var column: Int?
    var message: String
    var expected: String?
    var actual: String?
    var rules: [RuleCause]
    var hint: String?
  }

  struct WayToFail: Decodable, Equatable {
    var feature: String
    var place: String
    var cause: String
    var fallback: String?
    var reason: [String]
    var rules: [RuleCause]
    var expected: String
    var actual: String
  }

  struct Check: Decodable, Equatable {
    var check: String
    var feature: String?
    var place: String?
    var index: Int?
    var name: String?
    var line: Int?
    var column: Int?
    var verdict: String
  }

  struct Failure: Decodable, Equatable {
    var line: Int
    var column: Int
    var message: String
    var expected: String?
    var actual: String?
    var rules: [RuleCause]
    var stepsTaken: [Step]
  }

  struct RuleCause: Decodable, Equatable {
    var id: String
    var cause: String
  }

  struct Step: Decodable, Equatable {
    var line: Int
    var column: Int
    var step: String
  }

  struct Message: Decodable, Equatable {
    var line: Int
    var column: Int
    var severity: String
    var message: String
  }

  struct Summary: Decodable, Equatable {
    var passed: Int
    var failed: Int
    var errors: Int
    var total: Int
  }

  struct Coverage: Decodable, Equatable {
    var scenarios: Int
    var rules: [Count]
    var unexercisedRules: [String]
    var observables: [Count]
    var uncheckedObservables: [String]
    var diagnosticFlags: [Count]
    var uncheckedDiagnosticFlags: [String]
  }

  struct Count: Decodable, Equatable {
    var id: String
    var scenarios: Int
  }
}

@Suite struct JSONReportTests {
  static func decode(_ run: CLITests.Run) throws -> DocumentedReport {
    try JSONDecoder().decode(DocumentedReport.self, from: Data(run.stdout.utf8))
  }

  @Test("a mixed run prints one JSON document of the documented schema, and nothing else")
  func mixedRun() throws {
    let mixed = try MixedFolder()
    let run = CLITests.run([mixed.root, "--format", "json"])
    #expect(run.status == 1)
    #expect(run.stderr == "")
    #expect(run.stdout.hasPrefix("{\n"))
    #expect(run.stdout.hasSuffix("}\n"))
    let report = try Self.decode(run)
    #expect(report.version == 2)
    #expect(report.files.allSatisfy { $0.kind == "scenario" && $0.explored == nil })
    #expect(report.files.map(\.ios) == report.files.map { $0.name == nil ? nil : 18 })
    #expect(report.summary == .init(passed: 2, failed: 2, errors: 2, total: 6))
    #expect(report.coverage == nil)
    #expect(
      report.files.map(\.path)
        == [
          "basics/a.yaml", "basics/b.yaml", "basics/c.yaml", "more/d.yaml", "more/e.yaml",
          "more/f.yaml",
        ].map { mixed.path($0) })
    #expect(report.files.map(\.status) == [.passed, .failed, .error, .passed, .failed, .error])
    #expect(
      report.files.map(\.name) == [
        "first", "second", nil, MixedFolder.awkwardName, "tap without a prompt", nil,
      ])
    #expect(report.files.allSatisfy { $0.duration >= 0 })
    // A pass carries neither a failure nor diagnostics.
    #expect(report.files[0].failure == nil && report.files[0].diagnostics == nil)

    let expectation = try #require(report.files[1].failure)
    #expect(expectation.line == 5 && expectation.column == 15)
    #expect(expectation.message == "expected prompt 'whenInUse', got 'none'")
    #expect(expectation.expected == "whenInUse")
    #expect(expectation.actual == "none")
    #expect(!expectation.rules.isEmpty)
    #expect(expectation.rules.allSatisfy { $0.id.hasPrefix("R") && !$0.cause.isEmpty })
    #expect(expectation.stepsTaken == [.init(line: 3, column: 5, step: "launch")])
    #expect(report.files[1].diagnostics == nil)

    let refusal = try #require(report.files[4].failure)
    #expect(refusal.expected == nil && refusal.actual == nil)
    #expect(refusal.rules == [.init(id: "R6", cause: "no prompt is up")])
    #expect(refusal.stepsTaken == [])

    #expect(
      report.files[2].diagnostics == [
        .init(
          line: 3, column: 5, severity: "error",
          message: "unknown step 'tapp'; did you mean 'tap'?")
      ])
    #expect(report.files[2].failure == nil)
    #expect(report.files[5].diagnostics?.first?.line == 1)
    #expect(report.files[5].diagnostics?.first?.message.hasPrefix("file is larger than") == true)
  }

  @Test("keys are sorted and slashes are not escaped")
  func sortedKeys() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(CLITests.passing("one"), to: "sub/one.yaml")
    let run = CLITests.run([path, "--format=json"])
    #expect(run.status == 0)
    let keys = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  \"") }
      .map { $0.dropFirst(3).prefix { $0 != "\"" } }
    #expect(keys == ["files", "summary", "version"])
    #expect(run.stdout.contains("\"path\" : \"\(path)\""))
    #expect(!run.stdout.contains("\\/"))
  }

  @Test("--coverage puts the coverage in the document instead of a table")
  func coverage() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("one"), to: "one.yaml")
    let run = CLITests.run([folder.url.path, "--format", "json", "--coverage"])
    let report = try Self.decode(run)
    let coverage = try #require(report.coverage)
    #expect(coverage.scenarios == 1)
    #expect(coverage.rules.map(\.id) == (1...Rule.allCases.count).map { "R\($0)" })
    #expect(coverage.unexercisedRules == coverage.rules.filter { $0.scenarios == 0 }.map(\.id))
    #expect(coverage.rules.first { $0.id == "R6" }?.scenarios == 1)  // decided 'prompt: none'
    #expect(coverage.observables.first { $0.id == "prompt" }?.scenarios == 1)
    #expect(coverage.uncheckedObservables.count == ScenarioSchema.expectKeys.count)
    #expect(coverage.diagnosticFlags.count == 9)
    #expect(coverage.uncheckedDiagnosticFlags.count == 9)
    #expect(!run.stdout.contains("rule coverage:"))
  }

  @Test("an unknown format is a usage error with a suggestion")
  func unknownFormat() {
    let run = CLITests.run(["x.yaml", "--format", "jsn"])
    #expect(run.status == 2)
    #expect(
      run.stderr == "authcheck: error: unknown format 'jsn'; did you mean 'json'?\n"
        + CLITests.usageLine)
    let missing = CLITests.run(["x.yaml", "--format"])
    #expect(
      missing.stderr == "authcheck: error: '--format' needs a value: 'text', 'json' or 'github'\n"
        + CLITests.usageLine)
  }
}
