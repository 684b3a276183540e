import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// App files run beside scenarios in `authcheck PATH…`.
@Suite struct AppFileCLITests {
  /// An app file whose static checks find two A1 errors and an A2 warning.
  static let broken = """
    app: Broken
    info:
      NSLocationWhenInUseUsageDescription: x
    features:
      tracker:
        startedBy: launch
        holds:
          - session: t
            authorization: always
          - backgroundActivity

    """

  /// An app file with no static finding, which works.
  static let clean = """
    app: Clean
    info:
      NSLocationWhenInUseUsageDescription: x
    features:
      map:
        startedBy: foreground
        holds:
          - session: s
            authorization: whenInUse
          - liveUpdates
        needs:
          foreground:
            updates: full

    """

  static func folder() throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    _ = try folder.write(broken, to: "a-broken.yaml")
    _ = try folder.write(clean, to: "b-clean.yaml")
    _ = try folder.write("app: Typo\nfeaturs: {}\n", to: "c-typo.yaml")
    _ = try folder.write(CLITests.passing("a scenario"), to: "d-scenario.yaml")
    return folder
  }

  /// An app file whose feature cannot work in the background: it pauses there.
  static let paused = """
    app: Paused
    info:
      NSLocationWhenInUseUsageDescription: x
      UIBackgroundModes: [location]
    features:
      tracker:
        restore: true
        holds:
          - session: t
            authorization: whenInUse
          - liveUpdates
          - backgroundActivity
        needs:
          background:
            updates: full

    """

  @Test("text: a works failure at its need, with values, rules and the numbered story")
  func worksFailure() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(Self.paused, to: "paused.yaml")
    let run = CLITests.run([path])
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        FAIL Paused (\(path))
        \(path):14:7: error: feature 'tracker' does not work in the background for a user who \
        allows everything
          14 |       background:
             |       ^
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
            4. background — the app: backgroundActivity: stop; liveUpdates: stop; invalidate: t
        authcheck: 0 passed, 1 failed

        """)
  }

  @Test("text: static errors fail with warnings under the file's line; a working app passes")
  func text() throws {
    let folder = try Self.folder()
    let run = CLITests.run([folder.path("a-broken.yaml"), folder.path("b-clean.yaml")])
    let a = folder.path("a-broken.yaml")
    let b = folder.path("b-clean.yaml")
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        FAIL Broken (\(a))
        \(a):8:7: error: A1: Info.plist has no NSLocationAlwaysAndWhenInUseUsageDescription, \
        which session 't' needs to ask for Always (R7)
          8 |       - session: t
            |       ^
          hint:     add NSLocationAlwaysAndWhenInUseUsageDescription to Info.plist
        \(a):8:7: warning: A2: premature Always (anti-pattern 1): session 't' asks for Always in \
        feature 'tracker', which the app starts by itself ('startedBy: launch'), before the user \
        asked for anything that needs Always
          8 |       - session: t
            |       ^
        \(a):10:7: error: A1: UIBackgroundModes has no 'location', which the background activity \
        session of feature 'tracker' needs (R35)
          10 |       - backgroundActivity
             |       ^
          hint:     add `location` to UIBackgroundModes in Info.plist
        PASS Clean (\(b))
        authcheck: 1 passed, 1 failed

        """)
  }

  @Test("the summary, JUnit and JSON count app files beside scenarios")
  func reports() throws {
    let folder = try Self.folder()
    let (run, xml) = try JUnitReportTests.run([folder.url.path])
    #expect(run.status == 1)
    #expect(run.lines.dropLast().last == "authcheck: 2 passed, 2 failed")
    let cases = xml.children("testsuite").flatMap { $0.children("testcase") }
    #expect(
      cases.map { $0.attributes["name"] } == ["Broken", "Clean", "c-typo.yaml", "a scenario"])
    let failure = try #require(cases.first?.children("failure").first)
    #expect(failure.attributes["type"] == "A1")
    #expect(cases.map { $0.int("line") } == [8, 1, 2, 1])
    #expect(
      cases.map { $0.children.map(\.name) } == [
        ["properties", "failure"], ["properties"], ["error"], ["properties"],
      ])
    let json = CLITests.run([folder.url.path, "--format", "json"])
    let report = try JSONDecoder().decode(DocumentedReport.self, from: Data(json.stdout.utf8))
    #expect(report.files.map(\.kind) == ["app", "app", "app", "scenario"])
    #expect(report.files.map(\.status) == [.failed, .passed, .error, .passed])
    #expect(report.files.map(\.explored) == [false, true, nil, nil])
    #expect(report.files[0].diagnostics?.map(\.severity) == ["error", "warning", "error"])
    #expect(report.summary == .init(passed: 2, failed: 1, errors: 1, total: 4))
    // Every check's verdict, passing ones too; a static error stops the rest.
    #expect(
      report.files[0].checks?.map { "\($0.check) \($0.verdict)" } == [
        "A1 fails", "A2 warns", "A3 holds", "A4 holds", "A5 holds", "A6 holds", "A7 holds",
      ])
    #expect(report.files[0].checks?.first?.line == 8)
    #expect(
      report.files[1].checks
        == [
          .init(check: "A1", verdict: "holds"), .init(check: "A2", verdict: "holds"),
          .init(check: "A3", verdict: "holds"), .init(check: "A4", verdict: "holds"),
          .init(check: "A5", verdict: "holds"), .init(check: "A6", verdict: "holds"),
          .init(check: "A7", verdict: "holds"),
          .init(
            check: "works", feature: "map", place: "foreground", line: 12, column: 7,
            verdict: "holds"),
        ])
    #expect(report.files[2].checks == nil)
    #expect(report.files[3].checks == nil)
  }

  @Test("JSON: a failing need's verdict beside the ones that hold, and the file's own checks")
  func checkVerdicts() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(
      Self.paused + """
        checks:
          - name: never Always
            never:
              authorizationStatus: authorizedAlways
          - reachable:
              authorizationStatus: authorizedAlways

        """, to: "paused.yaml")
    let json = CLITests.run([path, "--format", "json"])
    let report = try JSONDecoder().decode(DocumentedReport.self, from: Data(json.stdout.utf8))
    let checks = try #require(report.files.first?.checks)
    #expect(
      checks.map {
        [$0.check, $0.feature ?? $0.name ?? $0.index.map(String.init) ?? "", $0.verdict]
      }
        == [
          ["A1", "", "holds"], ["A2", "", "holds"], ["A3", "", "holds"], ["A4", "", "holds"],
          ["A5", "", "holds"], ["A6", "", "holds"], ["A7", "", "holds"],
          // Every user may choose Always in Settings: the `never` check fails, the
          // `reachable` one holds.
          ["works", "tracker", "fails"], ["check", "never Always", "fails"],
          ["check", "2", "holds"],
        ])
    #expect(checks.map(\.index) == [nil, nil, nil, nil, nil, nil, nil, nil, 1, 2])
    #expect(checks[7].place == "background")
  }
}

extension AppFileCLITests {
  @Test("JSON: a works failure's hint and rules, each way to fail's cause and fallback")
  func hintsAndCauses() throws {
    let folder = try TemporaryDirectory()
    let paused = try folder.write(Self.paused, to: "paused.yaml")
    let clean = try folder.write(Self.clean, to: "clean.yaml")
    let json = CLITests.run([paused, clean, "--format", "json"])
    let report = try JSONDecoder().decode(DocumentedReport.self, from: Data(json.stdout.utf8))
    let failure = try #require(report.files.first?.failures?.first)
    #expect(failure.check == "works")
    #expect(
      failure.hint == "keep feature 'tracker' running in the background (`inBackground: keep`)")
    #expect(failure.rules.map(\.id) == ["R33"])
    #expect(report.files.first?.waysToFail?.map(\.cause) == ["paused by the app"])
    #expect(report.files.first?.waysToFail?.first?.fallback == nil)
    let ways = try #require(report.files.last?.waysToFail)
    #expect(
      ways.map(\.cause) == [
        "Allow Once with Precise off", "Don't Allow", "Location Services off", "restrictions",
      ])
    #expect(ways.map(\.reason) == [["R2"], ["R25"], ["R24"], ["R26"]])
    #expect(ways.allSatisfy { $0.fallback != nil })
    // The explanation keeps every rule the model cites, with its cause.
    #expect(ways[1].rules.map(\.id) == ["R1", "R4", "R33"])
    // JUnit's failure text: the rules, then the hint, as the text report prints them.
    let (_, xml) = try JUnitReportTests.run([paused])
    let text = try #require(
      xml.children("testsuite").first?.children("testcase").first?.children("failure").first?
        .text)
    #expect(
      text.contains(
        "  because R33: the app does not iterate live updates\n"
          + "  hint:     keep feature 'tracker' running in the background (`inBackground: keep`)\n"
      ))
  }
}

extension AppFileCLITests {
  @Test("--counterexamples and --paths write scenarios that fail and pass when run; no overwrite")
  func writtenStories() throws {
    let folder = try TemporaryDirectory()
    let app = try folder.write(Self.paused, to: "paused.yaml")
    let counterexamples = folder.path("counterexamples")
    let paths = folder.path("paths")
    let run = CLITests.run([app, "--counterexamples", counterexamples, "--paths", paths])
    #expect(run.status == 1)
    #expect(run.stderr == "")
    let written = try FileManager.default.contentsOfDirectory(atPath: counterexamples)
    #expect(written == ["paused-works-tracker-background.yaml"])
    let failing = CLITests.run([counterexamples])
    #expect(failing.status == 1)
    #expect(failing.lines.dropLast().last == "authcheck: 0 passed, 1 failed")
    let passing = CLITests.run([paths])
    #expect(passing.status == 0)
    // A second run would overwrite them: it refuses, exit status 2.
    let again = CLITests.run([app, "--counterexamples", counterexamples])
    #expect(again.status == 2)
    #expect(again.stderr.contains("exists; authcheck does not overwrite files"))
  }
}

extension AppFileCLITests {
  @Test("--max-states: an exploration that stops early fails the file as INCOMPLETE")
  func maxStates() throws {
    let folder = try TemporaryDirectory()
    let app = try folder.write(Self.clean, to: "clean.yaml")
    #expect(CLITests.run([app]).status == 0)
    let limited = CLITests.run([app, "--max-states", "3"])
    #expect(limited.status == 1)
    #expect(limited.stdout.hasPrefix("FAIL Clean"))
    #expect(limited.stdout.contains("error: INCOMPLETE: the exploration of the cooperative user's"))
    #expect(CLITests.run([app, "--max-states", "0"]).status == 2)
  }

  @Test("--ways-to-fail says why there is no table: a static error, no needs, an early stop")
  func waysToFailWithoutTable() throws {
    let folder = try Self.folder()
    let broken = CLITests.run([
      folder.url.appendingPathComponent("a-broken.yaml").path, "--ways-to-fail",
    ])
    #expect(!broken.stdout.contains("ways to fail"))
    let noNeeds = try folder.write(
      "app: Plain\ninfo:\n  NSLocationWhenInUseUsageDescription: x\nfeatures:\n  map:\n"
        + "    startedBy: foreground\n    holds:\n      - liveUpdates\n", to: "plain.yaml")
    let plain = CLITests.run([noNeeds, "--ways-to-fail"])
    #expect(plain.status == 0, "\(plain.stdout)")
    #expect(plain.stdout.contains("\n  ways to fail: none; no feature has needs\n"))
    let clean = folder.url.appendingPathComponent("b-clean.yaml").path
    let stopped = CLITests.run([clean, "--ways-to-fail", "--max-states", "3"])
    #expect(stopped.status == 1)
    #expect(
      stopped.stdout.contains(
        "\n  ways to fail: not known; the exploration stopped before its end\n"))
    let whole = CLITests.run([clean, "--ways-to-fail"])
    #expect(whole.stdout.contains("  ways to fail ("))
    #expect(whole.stdout.contains("\n    feature  place       cause "))
  }
}
