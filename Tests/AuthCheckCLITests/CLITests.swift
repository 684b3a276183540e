import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

@Suite struct CLITests {
  /// What one in-process run printed and returned.
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The lines of standard output.
    var lines: [Substring] { stdout.split(separator: "\n", omittingEmptySubsequences: false) }
    /// The per-file lines: `PASS …`, `FAIL …`, `ERROR …`.
    var fileLines: [Substring] {
      lines.filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("ERROR ") }
    }
  }

  static func run(
    _ arguments: [String], environment: [String: String] = [:], color: Bool = false
  ) -> Run {
    var stdout = ""
    var stderr = ""
    let status = AuthCheckCLI.run(
      arguments: arguments, environment: environment, color: color, stderrIsTerminal: false,
      stdout: &stdout, stderr: &stderr)
    return Run(status: status, stdout: stdout, stderr: stderr)
  }

  static func passing(_ name: String) -> String {
    "scenario: \(name)\nsteps:\n  - launch\n  - expect:\n      prompt: none\n"
  }

  static func failing(_ name: String) -> String {
    "scenario: \(name)\nsteps:\n  - launch\n  - expect:\n      prompt: whenInUse\n"
  }

  static let invalid = "scenario: invalid\nsteps:\n  - tapp: allowOnce\n"

  static let usageLine = "usage: authcheck PATH… (authcheck --help for more)\n"

  // MARK: Options

  @Test("--help and -h print the help and exit 0", arguments: ["--help", "-h"])
  func help(_ option: String) {
    let run = Self.run([option])
    #expect(run.status == 0)
    #expect(run.stdout == Help.text)
    #expect(run.stdout.contains("usage: authcheck [options] PATH…"))
    #expect(run.stderr == "")
  }

  @Test("--version prints the version and exits 0")
  func version() {
    let run = Self.run(["--version"])
    #expect(run.status == 0)
    #expect(run.stdout == "authcheck \(AuthCheckCLI.version)\n")
    #expect(AuthCheckCLI.version.split(separator: ".").count == 3)
    #expect(run.stderr == "")
  }

  struct UsageCase: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var message: String
    var testDescription: String { name }
  }

  static let usageCases: [UsageCase] = [
    UsageCase(
      name: "a misspelt option", arguments: ["--verison"],
      message: "unknown option '--verison'; did you mean '--version'?"),
    UsageCase(
      name: "a misspelt short option", arguments: ["-H", "x.yaml"],
      message: "unknown option '-H'; did you mean '-h'?"),
    UsageCase(
      name: "an option not close to any", arguments: ["scenarios", "--parallel-jobs"],
      message: "unknown option '--parallel-jobs'"),
    UsageCase(name: "no paths", arguments: [], message: "no scenario file or folder given"),
    UsageCase(name: "only '--'", arguments: ["--"], message: "no scenario file or folder given"),
  ]

  @Test("usage errors exit 2 with the error and the usage on stderr", arguments: usageCases)
  func usageError(_ testCase: UsageCase) {
    let run = Self.run(testCase.arguments)
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(run.stderr == "authcheck: error: \(testCase.message)\n" + Self.usageLine)
  }

  @Test("a path that doesn't exist exits 2 and runs nothing")
  func missingPath() throws {
    let folder = try TemporaryDirectory()
    let good = try folder.write(Self.passing("good"), to: "good.yaml")
    let missing = folder.path("missing.yaml")
    let run = Self.run([good, missing])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(run.stderr == "authcheck: error: no such file or folder: '\(missing)'\n")
  }

  @Test("a folder without scenario files exits 2")
  func folderWithoutScenarios() throws {
    let folder = try TemporaryDirectory()
    try folder.write("notes", to: "notes.txt")
    try folder.write("{}", to: "sub/data.json")
    try folder.write(Self.passing("hidden"), to: ".hidden.yaml")
    let run = Self.run([folder.url.path])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr == "authcheck: error: no scenario files (*.yaml, *.yml) in '\(folder.url.path)'\n")
  }

  @Test("after '--' an argument starting with '-' is a path")
  func pathAfterDoubleDash() {
    let run = Self.run(["--", "--help"])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(run.stderr == "authcheck: error: no such file or folder: '--help'\n")
  }

  // MARK: Runs

  @Test("a folder of passing scenarios exits 0, the count last")
  func passingFolder() throws {
    let folder = try TemporaryDirectory()
    try folder.write(Self.passing("one"), to: "one.yaml")
    try folder.write(Self.passing("two"), to: "two.yml")
    let run = Self.run([folder.url.path])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        PASS one (\(folder.path("one.yaml")))
        PASS two (\(folder.path("two.yml")))
        authcheck: 2 passed, 0 failed

        """)
    #expect(run.stderr == "")
  }

  @Test("a mix of passing, failing and invalid files exits 1; the count adds up to the files")
  func mixedFolder() throws {
    let folder = try TemporaryDirectory()
    try folder.write(Self.passing("first"), to: "a.yaml")
    try folder.write(Self.failing("second"), to: "b.yaml")
    try folder.write(Self.invalid, to: "c.yaml")
    try folder.write(Self.passing("fourth"), to: "d.yaml")
    try folder.write("scenario: [unterminated\n", to: "e.yaml")
    let run = Self.run([folder.url.path])
    #expect(run.status == 1)
    #expect(
      run.fileLines == [
        "PASS first (\(folder.path("a.yaml")))", "FAIL second (\(folder.path("b.yaml")))",
        "ERROR \(folder.path("c.yaml"))", "PASS fourth (\(folder.path("d.yaml")))",
        "ERROR \(folder.path("e.yaml"))",
      ])
    #expect(run.lines.suffix(2) == ["authcheck: 2 passed, 3 failed", ""])
  }

  @Test("a failing scenario's whole report")
  func failingReport() throws {
    let folder = try TemporaryDirectory()
    let marked = MarkedSource(
      """
      scenario: wrong status
      info:
        NSLocationWhenInUseUsageDescription: Shows stations near you
      steps:
        - launch
        - request: whenInUse
        - tap: allowWhileUsing
          precise: off
        - expect:
            prompt: none
            authorizationStatus: 1️⃣authorizedAlways

      """)
    let path = try folder.write(marked.text, to: "wrong-status.yaml")
    let run = Self.run([path])
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        FAIL wrong status (\(path))
        \(path):\(marked[0]): error: expected authorizationStatus 'authorizedAlways', got 'authorizedWhenInUse'
          11 |       authorizationStatus: authorizedAlways
             |                            ^
          ios:      18
          expected: authorizedAlways
          actual:   authorizedWhenInUse
          because R1: the stored choice is While Using the App
          because R9: the user set Precise off on the prompt
          because R9: Allow While Using stores While Using the App
          steps taken:
            line 5: launch
            line 6: request: whenInUse
            line 7: tap: allowWhileUsing (precise: off)
          note: see 'authcheck rules R1 R9' for the rules cited
        authcheck: 0 passed, 1 failed

        """)
    #expect(run.stderr == "")
  }

  @Test("a step that cannot happen: its report cites the rule, no expected or actual")
  func impossibleStepReport() throws {
    let folder = try TemporaryDirectory()
    let marked = MarkedSource(
      """
      scenario: tap without a prompt
      start:
        app: foreground
      steps:
        - 1️⃣tap: allowOnce

      """)
    let path = try folder.write(marked.text, to: "tap.yaml")
    let run = Self.run([path])
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        FAIL tap without a prompt (\(path))
        \(path):\(marked[0]): error: step 'tap: allowOnce' cannot happen: no prompt is up (R6)
          5 |   - tap: allowOnce
            |     ^
          ios:      18
          because R6: no prompt is up
          steps taken: none
          note: see 'authcheck rules R6' for the rules cited
        authcheck: 0 passed, 1 failed

        """)
  }

  @Test("an invalid file's report lists every error, positioned")
  func invalidReport() throws {
    let folder = try TemporaryDirectory()
    let marked = MarkedSource(
      """
      scenario: typos
      steps:
        - 1️⃣tapp: allowWhileUsing
        - expect:
            prompt: 2️⃣nope

      """)
    let path = try folder.write(marked.text, to: "typos.yaml")
    let run = Self.run([path])
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        ERROR \(path)
        \(path):\(marked[0]): error: unknown step 'tapp'; did you mean 'tap'?
          3 |   - tapp: allowWhileUsing
            |     ^
        \(path):\(marked[1]): error: unknown value 'nope'; did you mean 'none'?
          5 |       prompt: nope
            |               ^
        authcheck: 0 passed, 1 failed

        """)
  }

  // MARK: Finding files

  @Test("folders are searched recursively, in sorted order, for *.yaml and *.yml only")
  func searchesFolders() throws {
    let folder = try TemporaryDirectory()
    for name in [
      "b.yaml", "a.yml", "sub/c.yaml", "sub/deeper/a.yaml", "sub-x.yaml", "z/y.yml",
    ] {
      try folder.write(Self.passing(name), to: name)
    }
    for name in ["notes.txt", "a.yaml.bak", "sub/data.json", "yaml", "sub/.hidden.yaml"] {
      try folder.write(Self.invalid, to: name)
    }
    let run = Self.run([folder.url.path])
    #expect(run.status == 0)
    #expect(
      run.fileLines
        == [
          "a.yml", "b.yaml", "sub-x.yaml", "sub/c.yaml", "sub/deeper/a.yaml", "z/y.yml",
        ].map { "PASS \($0) (\(folder.path($0)))" })
  }

  @Test("files and folders run in the order given, each folder sorted")
  func runsPathsInOrderGiven() throws {
    let folder = try TemporaryDirectory()
    for name in ["x/2.yaml", "x/1.yaml", "0.yaml"] {
      try folder.write(Self.passing(name), to: name)
    }
    let run = Self.run([folder.path("x"), folder.path("0.yaml")])
    #expect(
      run.fileLines
        == ["x/1.yaml", "x/2.yaml", "0.yaml"].map { "PASS \($0) (\(folder.path($0)))" })
  }

  @Test("a file given twice, or also through its folder, runs once")
  func runsFileOnce() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(Self.passing("once"), to: "once.yaml")
    let dotted = folder.url.path + "/./once.yaml"
    let run = Self.run([path, path, folder.url.path, dotted])
    #expect(run.status == 0)
    #expect(run.stdout == "PASS once (\(path))\nauthcheck: 1 passed, 0 failed\n")
  }

  @Test("a file named by a relative and by an absolute path runs once")
  func runsFileOnceRelativeAndAbsolute() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(Self.passing("once"), to: "once.yaml")
    // The same file relative to the working folder, up to the root and down again.
    let depth =
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .standardizedFileURL.pathComponents.count - 1
    let relative = String(repeating: "../", count: depth) + path.dropFirst()
    #expect(FileManager.default.fileExists(atPath: relative))
    let run = Self.run([relative, path])
    #expect(run.stdout == "PASS once (\(relative))\nauthcheck: 1 passed, 0 failed\n")
  }

  // MARK: Colour

  @Test("no colour unless asked")
  func noColorByDefault() throws {
    let folder = try TemporaryDirectory()
    try folder.write(Self.passing("pass"), to: "a.yaml")
    try folder.write(Self.failing("fail"), to: "b.yaml")
    try folder.write(Self.invalid, to: "c.yaml")
    let run = Self.run([folder.url.path])
    #expect(run.status == 1)
    #expect(!run.stdout.contains("\u{1B}"))
  }

  @Test("colour when asked: PASS green, FAIL and ERROR red, diagnostics styled")
  func colorWhenAsked() throws {
    let folder = try TemporaryDirectory()
    let pass = try folder.write(Self.passing("pass"), to: "a.yaml")
    let fail = try folder.write(Self.failing("fail"), to: "b.yaml")
    let error = try folder.write(Self.invalid, to: "c.yaml")
    let run = Self.run([folder.url.path], color: true)
    #expect(run.status == 1)
    #expect(run.stdout.contains("\u{1B}[1;32mPASS\u{1B}[0m pass (\(pass))\n"))
    #expect(run.stdout.contains("\u{1B}[1;31mFAIL\u{1B}[0m fail (\(fail))\n"))
    #expect(run.stdout.contains("\u{1B}[1;31mERROR\u{1B}[0m \(error)\n"))
    #expect(run.stdout.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    #expect(run.stdout.hasSuffix("authcheck: 1 passed, 2 failed\n"))
  }

  @Test("NO_COLOR turns colour off even when asked")
  func noColorEnvironment() throws {
    let folder = try TemporaryDirectory()
    try folder.write(Self.failing("fail"), to: "b.yaml")
    let run = Self.run([folder.url.path], environment: ["NO_COLOR": "1"], color: true)
    #expect(run.status == 1)
    #expect(run.stdout.hasPrefix("FAIL fail"))
    #expect(!run.stdout.contains("\u{1B}"))
  }

  @Test("an empty NO_COLOR does not turn colour off (no-color.org)")
  func emptyNoColorEnvironment() throws {
    let folder = try TemporaryDirectory()
    try folder.write(Self.failing("fail"), to: "b.yaml")
    let run = Self.run([folder.url.path], environment: ["NO_COLOR": ""], color: true)
    #expect(run.stdout.hasPrefix("\u{1B}[1;31mFAIL\u{1B}[0m fail"))
  }
}
