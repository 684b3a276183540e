import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

@Suite struct GitHubAnnotationsTests {
  /// A workflow command read back as the GitHub Actions runner reads it: properties split at
  /// `,` and `=`, then `%25`, `%0D`, `%0A`, `%3A`, `%2C` undone (`%25` last, so an escaped `%`
  /// followed by `0A` stays as typed); the message unescaped the same way without `%3A`/`%2C`.
  struct ReadBack: Equatable {
    var command: String
    var properties: [String: String]
    var message: String

    init?(_ line: Substring) {
      guard line.hasPrefix("::"), let end = line.dropFirst(2).range(of: "::") else { return nil }
      let head = line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]
      message = Self.unescape(String(line[end.upperBound...]), property: false)
      let name = head.prefix { $0 != " " }
      command = String(name)
      properties = [:]
      for pair in head.dropFirst(name.count + 1).split(separator: ",") {
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        properties[String(pair[..<equals])] = Self.unescape(
          String(pair[pair.index(after: equals)...]), property: true)
      }
    }

    init(command: String, properties: [String: String], message: String) {
      self.command = command
      self.properties = properties
      self.message = message
    }

    static func unescape(_ text: String, property: Bool) -> String {
      var text = text.replacingOccurrences(of: "%0D", with: "\r")
        .replacingOccurrences(of: "%0A", with: "\n")
      if property {
        text = text.replacingOccurrences(of: "%3A", with: ":")
          .replacingOccurrences(of: "%2C", with: ",")
      }
      return text.replacingOccurrences(of: "%25", with: "%")
    }
  }

  @Test(
    "the runner's escaping: % CR LF in a message, and : , in a property too",
    arguments: [
      ("plain", "plain", "plain"),
      ("100%", "100%25", "100%25"),
      ("a\nb\r\nc", "a%0Ab%0D%0Ac", "a%0Ab%0D%0Ac"),
      ("a, b: c", "a, b: c", "a%2C b%3A c"),
      ("%0A", "%250A", "%250A"),
    ])
  func escaping(text: String, data: String, property: String) {
    #expect(GitHubAnnotations.escapeData(text) == data)
    #expect(GitHubAnnotations.escapeProperty(text) == property)
  }

  @Test("warnings and notes are ::warning and ::notice commands")
  func severities() {
    let warning = GitHubAnnotations.command(
      .warning, file: "a,b.yaml", line: 2, column: 3, title: "t", message: "m\n")
    #expect(warning == "::warning file=a%2Cb.yaml,line=2,col=3,title=t::m\n")
    let note = GitHubAnnotations.command(
      .note, file: "a.yaml", line: 1, column: 1, title: "t: u", message: "50% done")
    #expect(note == "::notice file=a.yaml,line=1,col=1,title=t%3A u::50%25 done\n")
  }

  @Test("a run prints one command per failure and per error, and the summary line last")
  func run() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("passes"), to: "a.yaml")
    // A failure whose message spans lines, in a file whose name holds a comma and a colon.
    let failing = try folder.write(CLITests.failing("fails, 100%"), to: "b, c: d.yaml")
    // An error whose message quotes a '%'.
    let invalid = try folder.write("scenario: x\nsteps:\n  - \"tapp%\": y\n", to: "e.yaml")
    let run = CLITests.run([folder.url.path, "--format", "github"])
    #expect(run.status == 1)
    #expect(run.stderr == "")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines.last == "authcheck: 1 passed, 2 failed")
    let expected: String =
      "::error file=\(folder.url.path)/b%2C c%3A d.yaml,line=5,col=15,"
      + "title=FAIL fails%2C 100%25::expected prompt 'whenInUse', got 'none'%0A"
      + "  ios:      18%0A  expected: whenInUse%0A  actual:   none%0A"
      + "  because R6: no prompt is pending%0A"
      + "  steps taken:%0A    line 3: launch%0A"
      + "  note: see 'authcheck rules R6' for the rules cited"
    #expect(lines.first.map(String.init) == expected)
    #expect(
      ReadBack(lines[0])
        == ReadBack(
          command: "error",
          properties: [
            "file": failing, "line": "5", "col": "15", "title": "FAIL fails, 100%",
          ],
          message: GitHubAnnotationsTests.failureMessage))
    #expect(
      ReadBack(lines[1])
        == ReadBack(
          command: "error",
          properties: ["file": invalid, "line": "3", "col": "5", "title": "ERROR \(invalid)"],
          message: "unknown step 'tapp%'; did you mean 'tap'?"))
    // The text report of the same run fails the same way.
    #expect(CLITests.run([folder.url.path]).status == run.status)
  }

  @Test("an app file: a command per static finding, warnings for a file that passes too")
  func appFile() throws {
    let folder = try TemporaryDirectory()
    let app = """
      app: Weather
      ios: 18
      info:
        NSLocationAlwaysAndWhenInUseUsageDescription: Warns you of storms
      features:
        storms:
          startedBy: launch
          holds:
            - session: storms
              authorization: always

      """
    let file = try folder.write(app, to: "weather.yaml")
    let run = CLITests.run([file, "--format", "github"])
    #expect(run.status == 1)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.last == "authcheck: 0 passed, 1 failed")
    let commands = lines.dropLast().compactMap(ReadBack.init)
    #expect(commands.count == lines.count - 1)
    #expect(commands.map(\.command).sorted() == ["error", "warning"])
    for command in commands {
      #expect(command.properties["file"] == file)
      #expect(command.properties["line"] == "9")
      #expect(command.properties["title"] == "FAIL Weather")
    }
    #expect(commands.contains { $0.command == "error" && $0.message.hasPrefix("A1: ") })
    #expect(commands.contains { $0.command == "warning" && $0.message.hasPrefix("A2: ") })
  }

  @Test("an app file's works failure: expected, actual, the deciding rule first, hint, story")
  func appWorksFailure() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(AppFileCLITests.paused, to: "paused.yaml")
    let run = CLITests.run([file, "--format", "github"])
    #expect(run.status == 1)
    let commands = run.stdout.split(separator: "\n").dropLast().compactMap(ReadBack.init)
    #expect(
      commands == [
        ReadBack(
          command: "error",
          properties: ["file": file, "line": "14", "col": "7", "title": "FAIL Paused"],
          message: """
            feature 'tracker' does not work in the background for a user who allows everything
              ios:      18
              expected: updates full
              actual:   updates none
              because R33: the app does not iterate live updates
              hint:     keep feature 'tracker' running in the background (`inBackground: keep`)
              shortest story:
                1. launch
                2. the user starts 'tracker' — the app: session: t (authorization: whenInUse); \
            liveUpdates: start; backgroundActivity: start
                3. tap: allowWhileUsing (precise: on)
                4. background — the app: backgroundActivity: stop; liveUpdates: stop; \
            invalidate: t
            """)
      ])
    // The broken geofence: R20 decides, so it comes first, before the rules in rule order.
    let geofence = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "AuthAppTests/BrokenApps/geofence-without-background-session.yaml"
      ).path
    let message = try #require(
      CLITests.run([geofence, "--format", "github"]).stdout.split(separator: "\n")
        .compactMap(ReadBack.init).first?.message)
    let rules = message.split(separator: "\n").filter { $0.hasPrefix("  because ") }
      .map { $0.dropFirst(10).prefix { $0 != ":" } }
    #expect(rules == ["R20", "R1", "R3", "R4", "R34"])
    #expect(
      message.contains(
        "\n  hint:     raise session 'geofence' of feature 'stationGeofence' to "
          + "`authorization: always`\n  shortest story:\n    1. launch\n"))
  }

  @Test("an A1 error's annotation carries its hint")
  func staticHint() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(
      "app: Weather\nfeatures:\n  map:\n    holds:\n      - liveUpdates\n", to: "w.yaml")
    let commands = CLITests.run([file, "--format", "github"]).stdout.split(separator: "\n")
      .compactMap(ReadBack.init)
    #expect(commands.map(\.command) == ["error"])
    #expect(
      commands.first?.message.hasSuffix(
        "\n  hint:     add NSLocationWhenInUseUsageDescription to Info.plist") == true)
  }

  @Test("control characters in names and paths are shown escaped, as in the text report")
  func controlCharacters() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(
      "scenario: \"a \\u001B[2J b\"\nsteps:\n  - launch\n  - expect:\n      prompt: whenInUse\n",
      to: "x\u{7}.yaml")
    let run = CLITests.run([file, "--format", "github"])
    #expect(run.status == 1)
    #expect(!run.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
    #expect(run.stdout.hasPrefix("::error file=\(folder.url.path)/x\\x07.yaml,line=5,col=15,"))
    #expect(run.stdout.contains(",title=FAIL a \\x1B[2J b::"))
  }

  static let failureMessage: String =
    "expected prompt 'whenInUse', got 'none'\n  ios:      18\n  expected: whenInUse\n"
    + "  actual:   none\n  because R6: no prompt is pending\n"
    + "  steps taken:\n    line 3: launch\n"
    + "  note: see 'authcheck rules R6' for the rules cited"

  @Test("with --coverage the table comes before the summary line, which stays last")
  func coverage() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(CLITests.passing("passes"), to: "a.yaml")
    let run = CLITests.run([file, "--format", "github", "--coverage"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("rule coverage: "))
    #expect(run.stdout.hasSuffix("\nauthcheck: 1 passed, 0 failed\n"))
    #expect(!run.stdout.contains("::"))
  }
}
