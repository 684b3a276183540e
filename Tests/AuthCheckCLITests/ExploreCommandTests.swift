import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI
@testable import AuthExplorer

/// `authcheck explore`, in process. Each exploration is one small configuration (iOS 18, only
/// the when-in-use string, the session `whenInUse`: 12,540 states) so the suite stays fast in a
/// DEBUG build.
@Suite struct ExploreCommandTests {
  typealias Run = CLITests.Run

  static func run(_ arguments: [String]) -> Run { CLITests.run(arguments) }

  /// A scenario file whose `info` is only `NSLocationWhenInUseUsageDescription`.
  static let info = """
    scenario: info for explore
    info:
      NSLocationWhenInUseUsageDescription: 'Shows what is near you'
    steps:
      - launch

    """

  /// The same keys as an XML Info.plist.
  static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>NSLocationWhenInUseUsageDescription</key>
      <string>Shows what is near you</string>
    </dict>
    </plist>

    """

  static let usage = "usage: authcheck explore [options] (authcheck explore --help for more)\n"

  /// `explore --ios 18 --info FILE --sessions whenInUse` plus `extra`.
  static func small(_ info: String, _ extra: [String] = []) -> [String] {
    ["explore", "--ios", "18", "--info", info, "--sessions", "whenInUse"] + extra
  }

  // MARK: Options

  @Test("explore --help prints the explore help and exits 0", arguments: ["--help", "-h"])
  func help(_ option: String) {
    let run = Self.run(["explore", option])
    #expect(run.status == 0)
    #expect(run.stdout == ExploreHelp.text)
    #expect(run.stdout.hasPrefix("usage: authcheck explore [options]\n"))
    #expect(run.stderr == "")
  }

  struct UsageCase: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var message: String
    /// Whether the usage line follows the error (it does for errors in the options themselves).
    var usageLine = true
    var testDescription: String { name }
  }

  static let usageCases: [UsageCase] = [
    UsageCase(
      name: "a misspelt option", arguments: ["--iso", "18"],
      message: "unknown option '--iso' for 'explore'; did you mean '--ios'?"),
    UsageCase(
      name: "a misspelt option with its value", arguments: ["--max-state=5"],
      message: "unknown option '--max-state=5' for 'explore'; did you mean '--max-states'?"),
    UsageCase(
      name: "an option not close to any", arguments: ["--parallel"],
      message: "unknown option '--parallel' for 'explore'"),
    UsageCase(
      name: "an iOS version the model lacks", arguments: ["--ios", "16"],
      message: "'--ios' takes 17, 18, 26 or 27, not '16'"),
    UsageCase(
      name: "an unknown session goal", arguments: ["--sessions", "bogus"],
      message: "'--sessions': unknown session goal 'bogus'; expected none, whenInUse or always"),
    UsageCase(
      name: "a purpose key missing after '+'", arguments: ["--sessions", "always+"],
      message: "'--sessions': missing purpose key after '+' in 'always+'"),
    UsageCase(
      name: "a zero state limit", arguments: ["--max-states", "0"],
      message: "'--max-states' takes a positive number, not '0'"),
    UsageCase(
      name: "a state limit that is not a number", arguments: ["--max-states=many"],
      message: "'--max-states' takes a positive number, not 'many'"),
    UsageCase(
      name: "an option without its value", arguments: ["--ios", "18", "--max-states"],
      message: "'--max-states' needs a value"),
    UsageCase(
      name: "too many threads", arguments: ["--threads", "257"],
      message: "'--threads' takes a number from 1 to 256, not '257'"),
    UsageCase(
      name: "an unknown mutation", arguments: ["--mutation", "bogus"],
      message:
        "unknown mutation 'bogus'; expected 'prompts-from-background', 'allow-once-never-lapses', "
        + "'usage-strings-not-required', 'requests-prompt-from-background', "
        + "'when-in-use-request-repeats', 'continuous-session-without-indicator', "
        + "'regions-without-limit', 'prompt-outlives-manager', 'request-calls-delegate', "
        + "'any-release-withdraws-prompt', 'legacy-always-when-authorized', "
        + "'regions-at-reduced-accuracy', 'updates-ignore-reduced-accuracy', "
        + "'session-without-background-updates', 'background-updates-without-background-mode', "
        + "'legacy-no-ops-accepted', 'registrations-end-at-termination', "
        + "'significant-changes-without-new-start', 'visits-need-new-start', "
        + "'user-termination-like-system', 'user-termination-ends-relaunch'"),
    UsageCase(
      name: "a legacy mutation without the legacy services",
      arguments: ["--mutation", "prompt-outlives-manager"],
      message: "mutation 'prompt-outlives-manager' breaks the legacy services: add '--legacy'"),
    UsageCase(
      name: "regions without the legacy services", arguments: ["--regions", "3"],
      message: "'--regions' needs '--legacy'"),
    UsageCase(
      name: "the bench with the legacy services", arguments: ["--bench", "--legacy"],
      message:
        "'--bench' measures its own runs; it takes only '--threads', '--no-hints', "
        + "'--no-reductions', '--max-states', not '--legacy'"),
    UsageCase(
      name: "the bench with a mutation",
      arguments: ["--mutation", "allow-once-never-lapses", "--bench"],
      message:
        "'--bench' measures its own runs; it takes only '--threads', '--no-hints', "
        + "'--no-reductions', '--max-states', not '--mutation'"),
    UsageCase(
      name: "too few regions", arguments: ["--legacy", "--regions", "1"],
      message: "'--regions' takes a number from 2 to 32, not '1'"),
    UsageCase(
      name: "a missing Info.plist", arguments: ["--info", "/nonexistent/Info.plist"],
      message:
        "'--info': cannot read Info.plist file '/nonexistent/Info.plist': no such file or folder",
      usageLine: false),
    UsageCase(
      name: "a missing scenario file", arguments: ["--info", "/nonexistent/app.yaml"],
      message: "'--info' /nonexistent/app.yaml:1:1: cannot read the file: no such file or folder",
      usageLine: false),
  ]

  @Test("usage errors exit 2 with one error line", arguments: usageCases)
  func usageError(_ test: UsageCase) {
    let run = Self.run(["explore"] + test.arguments)
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr == "authcheck explore: error: \(test.message)\n"
        + (test.usageLine ? Self.usage : ""))
  }

  @Test("a catalogue too large for 64 bits exits 2 before exploring")
  func catalogueTooLarge() throws {
    let folder = try TemporaryDirectory()
    let info = try folder.write(Self.info, to: "info.yaml")
    let run = Self.run(
      [
        "explore", "--ios", "18", "--info", info, "--sessions",
        "none,none,none,none,none,none,none",
      ])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck explore: error: '--sessions': the catalogue and purpose keys need 69 bits; "
        + "at most 64 fit\n")
  }

  @Test("an Info.plist with more purpose keys than the model supports exits 2, naming the file")
  func tooManyPurposeKeys() throws {
    let folder = try TemporaryDirectory()
    let keys = (0..<33).map { "    <key>Key\($0)</key><string>why</string>\n" }.joined()
    let plist = try folder.write(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>NSLocationTemporaryUsageDescriptionDictionary</key>
        <dict>
      \(keys)  </dict>
      </dict>
      </plist>
      """, to: "Info.plist")
    let run = Self.run(["explore", "--ios", "18", "--info", plist])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck explore: error: '--info': \(plist): NSLocationTemporaryUsageDescription"
        + "Dictionary has 33 keys; at most 32 are supported\n")
  }

  // MARK: Reports

  @Test("a complete run where every property holds exits 0")
  func passes() throws {
    let folder = try TemporaryDirectory()
    let run = Self.run(Self.small(try folder.write(Self.plist, to: "Info.plist")))
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "authcheck explore: 1 configuration, sessions whenInUse")
    #expect(lines.contains("configuration: ios18 whenInUse"))
    #expect(lines.filter { $0.contains(" holds ") }.count == 13)
    #expect(lines.contains("witnesses: 17 of 25 reached"))
    #expect(lines.contains("  not reached: relaunch into the background (in this configuration)"))
    #expect(lines.contains { $0.hasPrefix("states 12,540 · transitions 194,904 · depth 14 · ") })
    #expect(lines.last == "authcheck explore: every property holds")
  }

  @Test("--no-hints reports the same run, violations and paths included, and says so")
  func noHints() throws {
    let folder = try TemporaryDirectory()
    let info = try folder.write(Self.info, to: "info.yaml")
    for extra in [[], ["--mutation", "prompts-from-background"]] {
      let hinted = Self.run(Self.small(info, extra))
      let plain = Self.run(Self.small(info, extra + ["--no-hints"]))
      #expect(plain.status == hinted.status)
      #expect(plain.stderr == "" && hinted.stderr == "")
      let hintedLines = hinted.stdout.split(separator: "\n").map(String.init)
      let plainLines = plain.stdout.split(separator: "\n").map(String.init)
      #expect(plainLines.first == hintedLines.first.map { $0 + ", no hints" })
      // The same but for the header, and the time and memory on the totals line.
      func comparable(_ lines: [String]) -> [String] {
        lines.dropFirst().map { line in
          line.components(separatedBy: " · ")
            .filter { !$0.hasSuffix(" of search") && !$0.hasPrefix("peak ") }
            .joined(separator: " · ")
        }
      }
      #expect(comparable(plainLines) == comparable(hintedLines))
    }
  }

  @Test("a run stopped by --max-states is INCOMPLETE and exits 3, never a pass")
  func incomplete() throws {
    let folder = try TemporaryDirectory()
    let run = Self.run(
      Self.small(try folder.write(Self.info, to: "info.yaml"), ["--max-states", "1000"]))
    #expect(run.status == 3)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("INCOMPLETE: 'ios18 whenInUse' stopped at 1,000 states (--max-states)"))
    #expect(lines.filter { $0.contains(" unknown ") }.count == 13)
    #expect(!lines.contains { $0.contains(" holds ") })
    #expect(lines.contains { $0.hasPrefix("states 1,000 · ") })
    #expect(lines.last == "authcheck explore: incomplete; no property is proven")
  }

  /// The documented fields of `explore --json`.
  struct Document: Decodable {
    struct Configuration: Decodable {
      var name: String
      var ios: Int
      var states: Int
      var transitions: Int
      var depth: Int
      var seconds: Double
      var peakBytes: Int
      var complete: Bool
      var properties: [String: String]
    }
    struct Property: Decodable {
      var verdict: String
      var shortestPath: [String]?
      var counterexample: String?
    }
    struct Summary: Decodable {
      var states: Int
      var unreachedWitnesses: [String]
      var exitStatus: Int32
    }
    var version: Int
    var sessions: String
    var reductions: [String]
    var mutation: String?
    var configurations: [Configuration]
    var properties: [String: Property]
    var witnesses: [String: String]
    var summary: Summary
  }

  @Test("--json prints one document with the documented fields")
  func json() throws {
    let folder = try TemporaryDirectory()
    let run = Self.run(Self.small(try folder.write(Self.info, to: "info.yaml"), ["--json"]))
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let document = try JSONDecoder().decode(Document.self, from: Data(run.stdout.utf8))
    #expect(document.version == 1)
    #expect(document.sessions == "whenInUse")
    #expect(document.reductions == ["forgetRequestResult", "forgetTerminationRecord"])
    #expect(document.mutation == nil)
    let configuration = try #require(document.configurations.first)
    #expect(document.configurations.count == 1)
    #expect(configuration.name == "ios18 whenInUse")
    #expect(configuration.ios == 18)
    #expect(configuration.states == 12_540)
    #expect(configuration.transitions == 194_904)
    #expect(configuration.depth == 14)
    #expect(configuration.seconds > 0)
    #expect(configuration.peakBytes > 0)
    #expect(configuration.complete)
    #expect(configuration.properties.count == 13)
    #expect(configuration.properties.values.allSatisfy { $0 == "holds" })
    #expect(document.properties["P1"]?.verdict == "holds")
    #expect(document.properties["P1"]?.shortestPath == nil)
    #expect(document.properties.count == 13)
    #expect(document.witnesses.count == 25)
    #expect(document.witnesses["prompt whenInUse"] == "reached")
    #expect(document.witnesses["relaunch into the background"] == "notReached")
    #expect(document.summary.states == 12_540)
    #expect(document.summary.unreachedWitnesses.count == 8)
    #expect(document.summary.exitStatus == 0)
  }

  // MARK: Counterexamples

  @Test("a mutated model writes P1.yaml, which fails on that model and passes on the faithful")
  func counterexampleRoundTrip() throws {
    let folder = try TemporaryDirectory()
    let info = try folder.write(Self.info, to: "info.yaml")
    let out = folder.path("counterexamples")
    let explored = Self.run(
      Self.small(info, ["--mutation", "prompts-from-background", "--counterexamples", out]))
    #expect(explored.status == 1)
    #expect(explored.stderr == "")
    let p1 = (out as NSString).appendingPathComponent("P1.yaml")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["P1.yaml"])
    let lines = explored.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "P1  VIOLATED  a prompt other than the provisional upgrade only appears, and is only "
          + "answered, while the app is in the foreground"))
    #expect(
      lines.contains("     in 1 configuration; shortest (3 steps) in 'ios18 whenInUse':"))
    #expect(
      lines.contains("       3. session: s0 (authorization: whenInUse)")
        && lines.contains("     counterexample: \(p1)"))
    #expect(lines.last == "authcheck explore: 1 property violated")

    // The last expectation is the file's last line.
    let text = try String(contentsOfFile: p1, encoding: .utf8)
    let last = text.split(separator: "\n").count
    #expect(text.hasSuffix("  - expect:\n      prompt: none\n"))

    let broken = Self.run(["--mutation", "prompts-from-background", p1])
    #expect(broken.status == 1)
    #expect(broken.stdout.hasPrefix("FAIL counterexample to P1 (ios18 whenInUse) (\(p1))\n"))
    #expect(
      broken.stdout.contains("\(p1):\(last):15: error: expected prompt 'none', got 'whenInUse'\n"))
    #expect(broken.stdout.hasSuffix("authcheck: 0 passed, 1 failed\n"))

    let faithful = Self.run([p1])
    #expect(faithful.status == 0)
    #expect(
      faithful.stdout
        == "PASS counterexample to P1 (ios18 whenInUse) (\(p1))\nauthcheck: 1 passed, 0 failed\n")
  }
}

/// `--max-states` asks for memory; it doesn't take it.
@Suite struct MaxStatesTests {
  @Test("a limit the machine can't hold is an error before any work, with the most it can")
  func limitBeyondMemory() throws {
    let folder = try TemporaryDirectory()
    let info = try folder.write(ExploreCommandTests.info, to: "info.yaml")
    let run = CLITests.run(ExploreCommandTests.small(info, ["--max-states", "99999999999999"]))
    #expect(run.status == 2)
    #expect(run.stdout == "")
    let budget = ExploreCommand.stateBudget(workers: 1)
    #expect(
      run.stderr.hasPrefix(
        "authcheck explore: error: '--max-states' 99999999999999 is more than this machine can "
          + "hold: at most \(Format.count(budget)) states a configuration (32 bytes each in three quarters of "
      ))
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  @Test("a large limit reserves at most the largest reservation; the rest grows")
  func reservationBounded() throws {
    var options = ExploreOptions()
    let budget = ExploreCommand.stateBudget(workers: 1)
    options.maxStates = budget
    let settings = ExploreCommand.settings(options, count: 1)
    #expect(settings.maxStates == budget)
    #expect(settings.reservedStates == min(budget, MemoryBudget.largestReservation))
    options.maxStates = 1000
    #expect(ExploreCommand.settings(options, count: 1).reservedStates == 1000)
    options.maxStates = nil
    #expect(ExploreCommand.settings(options, count: 1).reservedStates == 0)
  }

  @Test("explore --help says what --max-states reserves and when it is an error")
  func helpSaysSo() {
    let run = CLITests.run(["explore", "--help"])
    #expect(run.stdout.contains("a larger N is an error before any work"))
    #expect(run.stdout.contains("at most 33,554,432 (320 MiB), is reserved"))
  }
}

/// Long explorations are never silent, whatever standard error is.
@Suite struct ProgressTests {
  static let progress = AuthorizationExploration.Progress(
    states: 1_234_567, transitions: 9, statesPerSecond: 1000, queued: 12, bytes: 3 << 20,
    finishedConfigurations: 3, configurations: 128)

  @Test("standard error that is not a terminal gets progress, with --json too")
  func logWhenNotTerminal() {
    #expect(ExploreCommand.progress(stderrIsTerminal: false, json: false) != nil)
    #expect(ExploreCommand.progress(stderrIsTerminal: false, json: true) != nil)
    #expect(ExploreCommand.progress(stderrIsTerminal: true, json: true) == nil)
  }

  @Test("a log gets a plain line of its own at most once an interval")
  func logLines() {
    let lines = Lines()
    let quiet = ProgressLog(interval: .seconds(10)) { lines.append($0) }
    quiet.report(Self.progress)
    #expect(lines.all.isEmpty)
    let every = ProgressLog(interval: .zero) { lines.append($0) }
    every.report(Self.progress)
    every.report(Self.progress)
    #expect(
      lines.all
        == Array(
          repeating:
            "authcheck explore: 3/128 configurations · 1,234,567 states · 1,000 states/s · "
            + "queue 12 · 3 MiB\n", count: 2))
  }

  final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
  }
}
