import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

@Suite struct ParallelRunTests {
  /// Runs `options` with at most `workers` files at a time.
  static func run(_ arguments: [String], workers: Int) throws -> CLITests.Run {
    let options = try RunOptions.parse(arguments).get()
    var stdout = ""
    var stderr = ""
    let status = ScenarioCommand.run(
      options, color: false, workers: workers, stdout: &stdout, stderr: &stderr)
    return CLITests.Run(status: status, stdout: stdout, stderr: stderr)
  }

  /// A folder of files that take very different times: long stories, short ones, failures and
  /// invalid files, so a parallel run finishes them out of order.
  static func varied(count: Int) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    let long =
      "info:\n  NSLocationWhenInUseUsageDescription: x\nsteps:\n"
      + String(
        repeating: "  - launch\n  - expect:\n      prompt: none\n  - terminate\n", count: 300)
    for i in 0..<count {
      let name = String(format: "%04d.yaml", i)
      switch i % 4 {
      case 0: try folder.write("scenario: long \(i)\n" + long, to: "\(i % 3)/\(name)")
      case 1: try folder.write(CLITests.passing("short \(i)"), to: "\(i % 3)/\(name)")
      case 2: try folder.write(CLITests.failing("fails \(i)"), to: "\(i % 3)/\(name)")
      default: try folder.write(CLITests.invalid, to: "\(i % 3)/\(name)")
      }
    }
    return folder
  }

  @Test("a parallel run prints exactly what a sequential run prints")
  func sameOutput() throws {
    let folder = try Self.varied(count: 200)
    let sequential = try Self.run([folder.url.path], workers: 1)
    let parallel = try Self.run([folder.url.path], workers: 8)
    #expect(sequential.fileLines.count == 200)
    #expect(parallel.stdout == sequential.stdout)
    #expect(parallel.status == sequential.status)
    #expect(sequential.lines.suffix(2).first == "authcheck: 100 passed, 100 failed")
  }

  @Test("outcomes come back in the order of the paths, whatever finished first")
  func order() throws {
    let folder = try Self.varied(count: 64)
    let files = try ScenarioDiscovery.files(for: [folder.url.path]).get()
    let outcomes = ScenarioOutcome.run(paths: files, workers: 4)
    #expect(outcomes.map(\.file.path) == files)
    let reversed = ScenarioOutcome.run(paths: files.reversed(), workers: 4)
    #expect(reversed.map(\.file.path) == files.reversed())
  }

  @Test("more files than one batch: every file is reported once, in order")
  func batches() throws {
    let folder = try TemporaryDirectory()
    let count = ScenarioCommand.batchSize + 7
    for i in 0..<count {
      try folder.write(CLITests.passing("s\(i)"), to: String(format: "%05d.yaml", i))
    }
    let run = try Self.run([folder.url.path], workers: 4)
    #expect(
      run.fileLines
        == (0..<count).map {
          "PASS s\($0) (\(folder.path(String(format: "%05d.yaml", $0))))"
        })
    #expect(run.lines.suffix(2).first == "authcheck: \(count) passed, 0 failed")
  }

  @Test("the text summary, the JUnit totals and the JSON summary agree", arguments: [1, 4])
  func countsAgree(workers: Int) throws {
    let mixed = try MixedFolder()
    let varied = try Self.varied(count: 40)
    let output = try TemporaryDirectory()
    let junit = output.path("report.xml")
    let paths = [mixed.root, varied.url.path]
    let text = try Self.run(paths + ["--junit", junit], workers: workers)
    let json = try Self.run(paths + ["--format", "json"], workers: workers)
    let (passed, failed) = try JUnitReportTests.summary(text)
    let report = try JSONDecoder().decode(DocumentedReport.self, from: Data(json.stdout.utf8))
    let xml = try XMLElementNode.parse(Data(contentsOf: URL(fileURLWithPath: junit)))
    #expect(passed + failed == 46)
    #expect(report.summary.passed == passed)
    #expect(report.summary.failed + report.summary.errors == failed)
    #expect(report.summary.total == passed + failed)
    #expect(report.files.count == report.summary.total)
    #expect(report.files.filter { $0.status == .error }.count == report.summary.errors)
    #expect(xml.int("tests") == passed + failed)
    #expect(xml.int("failures") == report.summary.failed)
    #expect(xml.int("errors") == report.summary.errors)
    #expect(text.status == json.status)
  }
}
