import AuthApp
import AuthEngine
import Foundation
import Testing

/// The deliberately broken app files of BrokenApps/, one per bug class: each must be found by
/// its check, at its line, and fail. A static error or a failed exploration fails the file; A2
/// and A3 are warnings, which print but do not fail it, so their files also carry the app's own
/// check that the bug breaks (docs/APPS.md, "The broken examples").
@Suite struct BrokenAppTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("BrokenApps")

  struct Case: CustomTestStringConvertible, Sendable {
    let file: String
    let check: StaticCheck
    /// The lines of its findings: one bug may need a key at two places.
    let lines: [Int]
    /// For a warning: the line of the app's own check that fails.
    var checkLine: Int? = nil
    var testDescription: String { "\(file): \(check.rawValue) at lines \(lines)" }
  }

  static let cases: [Case] = [
    Case(file: "always-session-at-launch.yaml", check: .a2, lines: [16], checkLine: 28),
    Case(file: "background-mode-missing.yaml", check: .a1, lines: [16, 18]),
    Case(file: "purpose-key-missing.yaml", check: .a1, lines: [15]),
    Case(file: "usage-string-missing.yaml", check: .a1, lines: [12]),
    Case(file: "background-feature-not-restored.yaml", check: .a3, lines: [20], checkLine: 23),
    Case(file: "legacy-background-updates-crash.yaml", check: .a1, lines: [13]),
    Case(file: "legacy-too-many-regions.yaml", check: .a5, lines: [16]),
    Case(file: "legacy-regions-reduced-accuracy.yaml", check: .a6, lines: [16], checkLine: 19),
  ]

  /// The files that fail their exploration, the failure's kind and line.
  static let explored: [(file: String, kind: AppFailure.Kind, line: Int)] = [
    (
      "geofence-without-background-session.yaml",
      .works(feature: "stationGeofence", place: .background), 19
    ),
    ("paused-background-need.yaml", .works(feature: "rideRecording", place: .background), 19),
    ("check-does-not-hold.yaml", .check(index: 0), 19),
    ("reduced-accuracy-on-ios17.yaml", .works(feature: "localForecast", place: .foreground), 18),
    ("legacy-automatic-pause.yaml", .works(feature: "run", place: .background), 20),
    ("legacy-background-without-allows.yaml", .works(feature: "run", place: .background), 19),
    ("legacy-relaunch-when-in-use.yaml", .works(feature: "driveLog", place: .background), 18),
    ("legacy-request-released-with-feature.yaml", .check(index: 0), 16),
    ("legacy-request-released-second-manager.yaml", .check(index: 0), 25),
  ]

  @Test("every broken file is here and in the table")
  func folderMatchesTable() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".yaml") }
    #expect(Set(names) == Set(Self.cases.map(\.file) + Self.explored.map(\.file)))
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
      #expect(!report.explored)
    } else {
      // A warning alone would pass: the app's check that the bug breaks fails, with a story.
      #expect(report.failures.map(\.kind) == [.check(index: 0)])
      #expect(report.failures.first?.position?.line == test.checkLine)
      #expect(report.failures.first?.story.isEmpty == false)
    }
  }
}

extension BrokenAppTests {
  @Test("each app that fails its exploration fails at its need or check, with a story")
  func failsExploration() throws {
    for (file, kind, line) in Self.explored {
      let app = try AppFile.load(path: Self.folder.appendingPathComponent(file).path).app.get()
      let report = AppChecker.check(app)
      #expect(report.findings.isEmpty, "\(file)")
      #expect(report.failures.map(\.kind) == [kind], "\(file)")
      #expect(report.failures.first?.position?.line == line, "\(file)")
      #expect(report.failures.first?.story.isEmpty == false, "\(file)")
      #expect(report.failures.first?.actual != nil, "\(file)")
    }
  }
}

extension BrokenAppTests {
  @Test("the ways a feature can fail: each distinct reason once, with a shortest story")
  func waysToFail() throws {
    let load = { (file: String) in
      AppChecker.check(
        try AppFile.load(path: Self.folder.appendingPathComponent(file).path).app.get())
    }
    // A feature that pauses in the background fails there one way: its own pause.
    let paused = try load("paused-background-need.yaml").waysToFail
    #expect(paused.map(\.reason) == [["paused"]])
    #expect(paused.first?.actual == "updates none")
    #expect(paused.first?.story.map(\.step).first == "launch")
    // A geofence held with When In Use fails in more ways, each once, each with a story.
    let ways = try load("geofence-without-background-session.yaml").waysToFail
    #expect(Set(ways.map(\.reason)).count == ways.count)
    #expect(ways.count == 6)  // as docs/APPS.md lists them
    #expect(ways.allSatisfy { $0.feature == "stationGeofence" && !$0.story.isEmpty })
    #expect(ways.map(\.reason) == [["R5"], ["R25"], ["R24"], ["R26"], ["R32"], ["R20"]])
    // The explanation is the rules the model cites, with their causes.
    #expect(ways[1].because.contains { $0.cause.contains("Never") })
  }
}

extension BrokenAppTests {
  /// What each broken app's failures say to do: the hint of each failure, and the rules of the
  /// first one in the order printed (the deciding rule first).
  struct Advice: CustomTestStringConvertible, Sendable {
    let file: String
    let hints: [String?]
    let rules: [String]
    var testDescription: String { file }
  }

  static let advice: [Advice] = [
    // A2's fix moves the Always session to the feature that needs it: no single edit does.
    Advice(file: "always-session-at-launch.yaml", hints: [nil], rules: []),
    Advice(
      file: "background-feature-not-restored.yaml",
      hints: ["bring feature 'trailRecording' back after termination (`restore: true`)"],
      rules: ["R33"]),
    Advice(
      file: "background-mode-missing.yaml",
      hints: Array(repeating: "add `location` to UIBackgroundModes in Info.plist", count: 2),
      rules: []),
    // A belief about iOS, not a bug an edit of the app file fixes: the rules in rule order.
    Advice(file: "check-does-not-hold.yaml", hints: [nil], rules: ["R35", "R35"]),
    // R20 decides: raising the session's goal makes it disappear; the others follow in order.
    Advice(
      file: "geofence-without-background-session.yaml",
      hints: ["raise session 'geofence' of feature 'stationGeofence' to `authorization: always`"],
      rules: ["R20", "R1", "R3", "R4", "R34"]),
    Advice(
      file: "paused-background-need.yaml",
      hints: ["keep feature 'rideRecording' running in the background (`inBackground: keep`)"],
      rules: ["R33"]),
    Advice(
      file: "purpose-key-missing.yaml",
      hints: ["add 'FindCar' to NSLocationTemporaryUsageDescriptionDictionary in Info.plist"],
      rules: []),
    // R40 decides: with Precise on, iOS 17 delivers; the rules it shares follow.
    Advice(
      file: "reduced-accuracy-on-ios17.yaml",
      hints: ["remove NSLocationDefaultAccuracyReduced from Info.plist"],
      rules: ["R40", "R1", "R2", "R3", "R4"]),
    Advice(
      file: "usage-string-missing.yaml",
      hints: ["add NSLocationWhenInUseUsageDescription to Info.plist"], rules: []),
    // §8b: the system's pause (R46) left nothing running (R43); the manager's property fixes it.
    Advice(
      file: "legacy-automatic-pause.yaml",
      hints: [
        "keep the updates of manager 'tracker' running (`pausesLocationUpdatesAutomatically: false`)"
      ],
      rules: ["R43"]),
    Advice(
      file: "legacy-background-without-allows.yaml",
      hints: [
        "let manager 'tracker' update in the background (`allowsBackgroundLocationUpdates: true`)"
      ],
      rules: ["R1", "R3", "R4", "R43"]),
    Advice(
      file: "legacy-relaunch-when-in-use.yaml",
      hints: ["ask for Always in feature 'driveLog' (`request: always`)"],
      rules: ["R1", "R3", "R4", "R47"]),
    Advice(
      file: "legacy-background-updates-crash.yaml",
      hints: ["add `location` to UIBackgroundModes in Info.plist"], rules: []),
    Advice(
      file: "legacy-too-many-regions.yaml",
      hints: ["monitor at most 20 regions: lower the last 'count' of feature 'favourites' to 5"],
      rules: []),
    Advice(
      file: "legacy-regions-reduced-accuracy.yaml", hints: [nil],
      rules: ["R1", "R2", "R3", "R4", "R49"]),
    Advice(file: "legacy-request-released-with-feature.yaml", hints: [nil], rules: ["R1", "R6"]),
    Advice(
      file: "legacy-request-released-second-manager.yaml", hints: [nil], rules: ["R1", "R6"]),
  ]

  @Test("every broken file has its advice in the table")
  func adviceCoversFolder() {
    #expect(
      Set(Self.advice.map(\.file)) == Set(Self.cases.map(\.file) + Self.explored.map(\.file)))
  }

  @Test(
    "each broken app's failures give the edit that fixes them, the deciding rule first",
    arguments: advice)
  func hints(_ test: Advice) throws {
    let app = try AppFile.load(path: Self.folder.appendingPathComponent(test.file).path).app.get()
    let report = AppChecker.check(app)
    #expect(report.failures.map(\.hint) == test.hints)
    #expect(report.failures.first?.because.map(\.rule.id) ?? [] == test.rules)
    // An A1 error's finding carries the same hint, which the text report prints under it.
    for finding in report.findings where finding.check.isError {
      #expect(finding.hint == report.failures.first { $0.message == finding.message }?.hint)
      #expect(finding.hint != nil)
    }
  }

  @Test("the broken geofence's six ways are each named by what the user or system did")
  func causeNames() throws {
    let app = try AppFile.load(
      path: Self.folder.appendingPathComponent("geofence-without-background-session.yaml").path
    ).app.get()
    let ways = AppChecker.check(app).waysToFail
    #expect(
      ways.map(\.cause.name) == [
        "Ask Next Time", "Never", "Location Services off", "restrictions",
        "Allow Once with Precise off", "While Using past the grace period",
      ])
    #expect(Set(ways.map(\.cause.name)).count == ways.count)
    // Never and Location Services off cite the same rules (R1 R4 R34) and are two ways.
    #expect(Set(ways[1].because.map(\.rule)) == Set(ways[2].because.map(\.rule)))
    #expect(ways[1].reason != ways[2].reason)
    #expect(ways[1].cause.fallback != ways[2].cause.fallback)
    let paused = try AppChecker.check(
      AppFile.load(path: Self.folder.appendingPathComponent("paused-background-need.yaml").path)
        .app.get()
    ).waysToFail
    #expect(paused.map(\.cause.name) == ["paused by the app"])
    #expect(paused.first?.cause.fallback == nil)
  }

  @Test("the search for a hint reports its progress, naming the edit it tries")
  func hintProgress() throws {
    let app = try AppFile.load(
      path: Self.folder.appendingPathComponent("geofence-without-background-session.yaml").path
    ).app.get()
    final class Heard: @unchecked Sendable {
      let lock = NSLock()
      var searches: [String] = []
      func add(_ search: String) { lock.withLock { searches.append(search) } }
    }
    let heard = Heard()
    let report = AppChecker.check(
      app, options: ExplorationOptions(progressInterval: .zero), progress: { heard.add($0.search) })
    let hint = try #require(report.failures.first?.hint)
    #expect(heard.searches.contains("search for a hint (\(hint))"), "\(Set(heard.searches))")
  }
}
