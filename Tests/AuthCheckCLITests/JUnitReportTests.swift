import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

@Suite struct JUnitReportTests {
  /// Runs `arguments` plus `--junit FILE` and returns the run and the parsed report.
  static func run(_ arguments: [String]) throws -> (CLITests.Run, XMLElementNode) {
    let output = try TemporaryDirectory()
    let file = output.path("report.xml")
    let run = CLITests.run(arguments + ["--junit", file])
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    return (run, try XMLElementNode.parse(data))
  }

  /// The two numbers of the summary line.
  static func summary(_ run: CLITests.Run) throws -> (passed: Int, failed: Int) {
    let line = try #require(run.lines.dropLast().last)
    let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    try #require(
      numbers.count == 2 && line == "authcheck: \(numbers[0]) passed, \(numbers[1]) failed")
    return (numbers[0], numbers[1])
  }

  @Test("a mixed run: well-formed, totals match the summary line, one suite per folder")
  func mixedRun() throws {
    let mixed = try MixedFolder()
    let (run, root) = try Self.run([mixed.root])
    #expect(run.status == 1)
    let (passed, failed) = try Self.summary(run)
    #expect((passed, failed) == (2, 4))
    #expect(root.name == "testsuites")
    #expect(root.int("tests") == passed + failed)
    #expect(root.int("failures") + root.int("errors") == failed)
    #expect(root.int("failures") == 2)
    #expect(root.int("errors") == 2)
    let suites = root.children("testsuite")
    #expect(suites.map { $0.attributes["name"] } == [mixed.path("basics"), mixed.path("more")])
    #expect(suites.map { $0.int("tests") }.reduce(0, +) == root.int("tests"))
    #expect(suites.map { $0.int("failures") }.reduce(0, +) == root.int("failures"))
    #expect(suites.map { $0.int("errors") }.reduce(0, +) == root.int("errors"))
    let cases = suites.flatMap { $0.children("testcase") }
    #expect(
      cases.map { $0.attributes["name"] } == [
        "first", "second", "c.yaml", MixedFolder.awkwardName, "tap without a prompt", "f.yaml",
      ])
    #expect(
      cases.map { $0.attributes["file"] }
        == [
          "basics/a.yaml", "basics/b.yaml", "basics/c.yaml", "more/d.yaml", "more/e.yaml",
          "more/f.yaml",
        ].map { mixed.path($0) })
    for (suite, testCase) in suites.flatMap({ s in s.children("testcase").map { (s, $0) } }) {
      #expect(testCase.attributes["classname"] == suite.attributes["name"])
      #expect(Double(testCase.attributes["time"] ?? "") != nil)
    }
    #expect(
      cases.map { $0.children.map(\.name) } == [
        ["properties"], ["properties", "failure"], ["error"], ["properties"],
        ["properties", "failure"], ["error"],
      ])
    #expect(cases.map { $0.int("line") } == [1, 5, 3, 1, 5, 1])
  }

  @Test("every failure carries its message, position, rule ids and causes, and steps taken")
  func failureContent() throws {
    let mixed = try MixedFolder()
    let (_, root) = try Self.run([mixed.root])
    let failures = root.children("testsuite").flatMap { $0.children("testcase") }
      .flatMap { $0.children("failure") }
    try #require(failures.count == 2)
    let expectation = failures[0]
    #expect(expectation.attributes["message"] == "expected prompt 'whenInUse', got 'none'")
    #expect(expectation.attributes["type"]?.hasPrefix("R") == true)
    #expect(
      expectation.text.hasPrefix(
        "\(mixed.path("basics/b.yaml")):5:15: error: expected prompt 'whenInUse', got 'none'\n"))
    #expect(expectation.text.contains("  expected: whenInUse\n  actual:   none\n"))
    for id in (expectation.attributes["type"] ?? "").split(separator: " ") {
      #expect(expectation.text.contains("  because \(id): "))
    }
    let cited = (expectation.attributes["type"] ?? "").split(separator: " ").sorted {
      Int($0.dropFirst()) ?? 0 < Int($1.dropFirst()) ?? 0
    }
    #expect(
      expectation.text.hasSuffix(
        "  steps taken:\n    line 3: launch\n"
          + "  note: see 'authcheck rules \(cited.joined(separator: " "))' for the rules cited\n"))
    let refusal = failures[1]
    #expect(refusal.attributes["type"] == "R6")
    #expect(
      refusal.attributes["message"] == "step 'tap: allowOnce' cannot happen: no prompt is up (R6)")
    #expect(
      refusal.text.hasPrefix("\(mixed.path("more/e.yaml")):5:5: error: step 'tap: allowOnce'"))
    #expect(
      refusal.text.hasSuffix(
        "  because R6: no prompt is up\n  steps taken: none\n"
          + "  note: see 'authcheck rules R6' for the rules cited\n"))
  }

  @Test("an invalid or unreadable file is an error with its diagnostics")
  func errors() throws {
    let mixed = try MixedFolder()
    let (_, root) = try Self.run([mixed.root])
    let errors = root.children("testsuite").flatMap { $0.children("testcase") }
      .flatMap { $0.children("error") }
    try #require(errors.count == 2)
    #expect(errors[0].attributes["message"] == "unknown step 'tapp'; did you mean 'tap'?")
    #expect(errors[0].attributes["type"] == "invalid")
    #expect(
      errors[0].text.hasPrefix(
        "\(mixed.path("basics/c.yaml")):3:5: error: unknown step 'tapp'; did you mean 'tap'?\n"))
    #expect(errors[1].attributes["message"]?.hasPrefix("file is larger than") == true)
  }

  @Test("the report is the same with colour on: no escape codes in it")
  func noColour() throws {
    let mixed = try MixedFolder()
    let output = try TemporaryDirectory()
    let file = output.path("report.xml")
    _ = CLITests.run([mixed.root, "--junit=\(file)"], color: true)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(!text.contains("\u{1B}"))
    #expect(!text.contains("&#27;"))
    #expect(text.contains("<failure "))
  }

  @Test(
    "every test case of a readable file names the iOS version the file gave, as does a failure",
    arguments: [(17, ""), (18, ""), (26, " (iOS 18's rules)"), (27, " (iOS 18's rules)")])
  func iosVersion(ios: Int, rules: String) throws {
    let folder = try TemporaryDirectory()
    try folder.write("ios: \(ios)\n" + CLITests.passing("passes"), to: "a.yaml")
    try folder.write("ios: \(ios)\n" + CLITests.failing("fails"), to: "b.yaml")
    let (run, root) = try Self.run([folder.url.path])
    let cases = root.children("testsuite").flatMap { $0.children("testcase") }
    try #require(cases.count == 2)
    for testCase in cases {
      let properties = testCase.children("properties").flatMap { $0.children("property") }
      #expect(properties.map(\.attributes) == [["name": "ios", "value": String(ios)]])
    }
    let failure = try #require(cases[1].children("failure").first)
    #expect(failure.text.contains("\n  ios:      \(ios)\(rules)\n  expected: whenInUse\n"))
    #expect(run.stdout.contains("\n  ios:      \(ios)\(rules)\n  expected: whenInUse\n"))
  }

  @Test("the text output is unchanged by --junit")
  func textUnchanged() throws {
    let mixed = try MixedFolder()
    let plain = CLITests.run([mixed.root])
    let (withJUnit, _) = try Self.run([mixed.root])
    #expect(withJUnit.stdout == plain.stdout)
    #expect(withJUnit.status == plain.status)
  }

  @Test("a report path that cannot be written is an error, exit 2, before anything runs")
  func unwritable() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("one"), to: "one.yaml")
    let target = folder.path("no-such-folder/report.xml")
    let run = CLITests.run([folder.url.path, "--junit", target])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("authcheck: error: cannot write the JUnit report '\(target)'"))
  }

  @Test("a report that fails as it is written is an error, exit 2, after the normal output")
  func failsWhenWritten() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("one"), to: "one.yaml")
    let fifo = try folder.makeFIFO("report.xml")
    let run = CLITests.run([folder.path("one.yaml"), "--junit", fifo])
    #expect(run.status == 2)
    #expect(run.stdout.hasSuffix("authcheck: 1 passed, 0 failed\n"))
    #expect(
      run.stderr
        == "authcheck: error: cannot write the JUnit report '\(fifo)': it is a FIFO that no one "
        + "reads; start its reader first\n")
  }
}
