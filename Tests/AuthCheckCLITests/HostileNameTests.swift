import AuthScenario
import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// Names are data: a file or scenario name can't forge a line, and any name can run.
@Suite struct HostileNameTests {
  /// Creates the file whose name is the bytes `name` in `folder`, holding `text`.
  static func create(_ name: [UInt8], in folder: String, _ text: String) throws -> String {
    let path = SystemPath.string(Array(folder.utf8) + [UInt8(ascii: "/")] + name)
    let bytes = SystemPath.bytes(path).map { CChar(bitPattern: $0) } + [0]
    let descriptor = open(bytes, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect(RegularFile.write(text, to: descriptor) == nil)
    return path
  }

  @Test("a scenario name with a newline or an escape sequence is printed escaped")
  func scenarioName() throws {
    let folder = try TemporaryDirectory()
    let text = "scenario: \"x\\nPASS forged (f.yaml)\\u001B[2J\"\nsteps:\n  - launch\n"
    let file = try folder.write(text, to: "a.yaml")
    let run = CLITests.run([file])
    #expect(run.status == 0)
    #expect(
      run.stdout
        == "PASS x\\x0APASS forged (f.yaml)\\x1B[2J (\(file))\nauthcheck: 1 passed, 0 failed\n")
  }

  @Test("a file name with a newline, an escape sequence or a bidi override is printed escaped")
  func fileName() throws {
    let folder = try TemporaryDirectory()
    let name = "a\nauthcheck: 9 passed, 0 failed\n\u{1B}[2J\u{202E}.yaml"
    try folder.write(CLITests.failing("one"), to: name)
    let run = CLITests.run([folder.url.path])
    #expect(run.status == 1)
    let shown = "a\\x0Aauthcheck: 9 passed, 0 failed\\x0A\\x1B[2J\\u{202E}.yaml"
    #expect(
      run.stdout.hasPrefix("FAIL one (\(folder.url.path)/\(shown))\n\(folder.url.path)/\(shown):"))
    #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("authcheck: ") }.count == 1)
    #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\u{202E}"))
  }

  @Test("a file whose name is not UTF-8 runs, found in a folder, and is shown with \\xFF")
  func notUTF8() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.create(
      Array("bad".utf8) + [0xFF, 0xC3] + Array(".yaml".utf8),
      in: folder.url.path, CLITests.passing("bytes"))
    let run = CLITests.run([folder.url.path])
    #expect(run.status == 0, "\(run.stdout)")
    #expect(
      run.stdout
        == "PASS bytes (\(folder.url.path)/bad\\xFF\\xC3.yaml)\nauthcheck: 1 passed, 0 failed\n")
    let given = CLITests.run([path, "--format", "json"])
    #expect(given.status == 0)
    #expect(given.stdout.contains("\"path\" : \"\(folder.url.path)/bad\\\\xFF\\\\xC3.yaml\""))
  }

  @Test(
    "paths round-trip through SystemPath, whatever their bytes",
    arguments: [
      [0x61, 0xFF], [0xC3, 0xA9], [0xF4, 0x8F, 0xBE, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82],
      [0xF0, 0x9F, 0x98, 0x80, 0x80],
    ] as [[UInt8]])
  func roundTrip(_ bytes: [UInt8]) {
    #expect(SystemPath.bytes(SystemPath.string(bytes)) == bytes)
  }

  @Test("a scenario in a folder whose path is longer than 4096 bytes is an ERROR, not skipped")
  func longFolder() throws {
    let folder = try TemporaryDirectory()
    defer {
      // FileManager can't remove what is deeper than PATH_MAX; rm can.
      let remove = Process()
      remove.executableURL = URL(fileURLWithPath: "/bin/rm")
      remove.arguments = ["-rf", folder.url.path]
      try? remove.run()
      remove.waitUntilExit()
    }
    try folder.write(CLITests.passing("one"), to: "one.yaml")
    try folder.write(CLITests.passing("two"), to: "two.yaml")
    // Build the deep folders one level at a time, relative to the last, as `mkdir -p` can't.
    let component = String(repeating: "d", count: 200)
    var descriptor = open(folder.url.path, O_RDONLY | O_DIRECTORY)
    try #require(descriptor >= 0)
    for _ in 0..<22 {
      try #require(mkdirat(descriptor, component, 0o755) == 0)
      let next = openat(descriptor, component, O_RDONLY | O_DIRECTORY)
      close(descriptor)
      try #require(next >= 0)
      descriptor = next
    }
    let file = openat(descriptor, "deep.yaml", O_CREAT | O_WRONLY, 0o644)
    try #require(file >= 0)
    #expect(RegularFile.write(CLITests.passing("deep"), to: file) == nil)
    close(file)
    close(descriptor)
    let run = CLITests.run([folder.url.path])
    #expect(run.status == 1)
    #expect(run.stdout.hasSuffix("authcheck: 2 passed, 1 failed\n"))
    #expect(run.stdout.contains("error: cannot read the file: the path is too long"))
  }
}

/// An app file's names are data too: the app's, its features' and the steps of its stories.
@Suite struct HostileAppNameTests {
  /// A broken app (`works` fails: a geofence held with a when-in-use session only) whose app
  /// and feature names hold line breaks, escape sequences and a bidi override.
  static let app = """
    app: "Geo\\nPASS forged (x.yaml)\\n::error file=a::b\\u001B[2J\\u202E"
    ios: 18
    info:
      NSLocationWhenInUseUsageDescription: Alerts you near your station
      UIBackgroundModes: [location]
    features:
      "fence\\nPASS x\\u001B[31m":
        restore: true
        inBackground: keep
        holds:
          - session: geofence
            authorization: whenInUse
          - monitor
        needs:
          background:
            monitorEvents: delivered

    """

  static let appShown = #"Geo\x0APASS forged (x.yaml)\x0A::error file=a::b\x1B[2J\u{202E}"#
  static let featureShown = #"fence\x0APASS x\x1B[31m"#

  /// Whether `text` holds a control character other than a line break, or a bidi control.
  static func hasRawControl(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
    }
  }

  @Test("the text report shows app and feature names escaped, in the failure, story and table")
  func textReport() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(Self.app, to: "app.yaml")
    let run = CLITests.run([file, "--ways-to-fail"])
    #expect(run.status == 1)
    #expect(!Self.hasRawControl(run.stdout))
    #expect(run.fileLines == ["FAIL \(Self.appShown) (\(file))"])
    #expect(run.lines.filter { $0.hasPrefix("authcheck: ") }.count == 1)
    #expect(run.stdout.contains("error: feature '\(Self.featureShown)' does not work"))
    #expect(run.stdout.contains("2. the user starts '\(Self.featureShown)' — the app: "))
    // Each row of the ways-to-fail table starts with the feature's name, shown escaped.
    let rows = run.lines.filter { $0.hasPrefix("    \(Self.featureShown)  ") }
    #expect(!rows.isEmpty, "\(run.stdout)")
  }

  @Test("the stories of an app with such names are written as scenarios that read back and pass")
  func storyFiles() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(Self.app, to: "app.yaml")
    let paths = folder.url.appendingPathComponent("paths").path
    let counterexamples = folder.url.appendingPathComponent("counterexamples").path
    let run = CLITests.run([file, "--paths", paths, "--counterexamples", counterexamples])
    #expect(run.status == 1, "\(run.stdout)")
    // A way to fail records the unmet value and passes; a counterexample expects the need and
    // fails. Neither is an ERROR: each reads back as a scenario.
    for (written, verdict) in [(paths, "PASS "), (counterexamples, "FAIL ")] {
      let names = try FileManager.default.contentsOfDirectory(atPath: written)
      #expect(!names.isEmpty)
      let back = CLITests.run([written])
      #expect(back.fileLines.count == names.count)
      #expect(back.fileLines.allSatisfy { $0.hasPrefix(verdict) }, "\(back.stdout)")
      #expect(!Self.hasRawControl(back.stdout))
    }
  }

  @Test("GitHub annotations of an app file stay one line each")
  func annotations() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(Self.app, to: "app.yaml")
    let run = CLITests.run([file, "--format", "github"])
    #expect(run.status == 1)
    #expect(!Self.hasRawControl(run.stdout))
    for line in run.lines.dropLast() where !line.hasPrefix("authcheck: ") {
      #expect(line.hasPrefix("::error file="), "\(line)")
    }
  }

  @Test(
    "the diagram shows app and feature names escaped, its journey and with --all",
    arguments: ["mermaid", "dot"], [[], ["--all"]])
  func diagram(_ format: String, _ all: [String]) throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(Self.app, to: "app.yaml")
    let run = CLITests.run(["diagram", file, "--format", format] + all)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(!Self.hasRawControl(run.stdout))
    // The name's own line break never becomes a line of the label: in DOT a break the diagram
    // makes is `\n`, a name's is `\\x0A`; in Mermaid a name's is `#92;x0A`. The full graph
    // says the feature is on, the journey where it works or stops.
    let prefix = all.isEmpty ? "works: " : "on: "
    if format == "dot" {
      #expect(run.stdout.contains(prefix + #"fence\\x0APASS x\\x1B[31m"#), "\(run.stdout)")
      #expect(!run.stdout.contains(#"fence\nPASS"#))
    } else {
      #expect(run.stdout.contains(prefix + "fence#92;x0APASS x#92;x1B[31m"), "\(run.stdout)")
      #expect(!run.stdout.contains("fence#10;PASS"))
    }
  }
}

/// What is typed is data too: an error that quotes an argument shows it escaped.
@Suite struct HostileArgumentTests {
  @Test(
    "an unknown option with control characters is quoted escaped, by every command",
    arguments: [[], ["explore"], ["diagram"], ["rules"]])
  func unknownOption(_ command: [String]) {
    let run = CLITests.run(command + ["--max-group\u{01}G3\u{1B}[2J\u{202E}", "x.yaml"])
    #expect(run.status == 2)
    #expect(run.stderr.contains(#"'--max-group\x01G3\x1B[2J\u{202E}'"#), "\(run.stderr)")
    #expect(!HostileAppNameTests.hasRawControl(run.stderr), "\(run.stderr)")
    // Each line is an error or the usage line: the argument printed no line of its own.
    #expect(run.stderr.hasSuffix("\n"))
    for line in run.stderr.split(separator: "\n") {
      #expect(line.hasPrefix("authcheck") || line.hasPrefix("usage: "), "\(line)")
    }
  }

  @Test("an unknown rule id or format with control characters is quoted escaped")
  func unknownValues() {
    for arguments in [["rules", "R\u{1B}1"], ["--format", "j\u{1B}", "x.yaml"]] {
      let run = CLITests.run(arguments)
      #expect(run.status == 2)
      #expect(run.stderr.contains(#"\x1B"#), "\(run.stderr)")
      #expect(!HostileAppNameTests.hasRawControl(run.stderr), "\(run.stderr)")
    }
  }
}
