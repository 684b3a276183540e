import AuthApp
import AuthModel
import AuthScenario
import Foundation
import Testing

/// The stories written as scenarios run with the scenario runner: a counterexample fails at its
/// last `expect`, a path passes.
@Suite struct StoryScenarioTests {
  static func report(_ file: String) throws -> AppReport {
    let path = BrokenAppTests.folder.appendingPathComponent(file).path
    return AppChecker.check(try AppFile.load(path: path).app.get())
  }

  /// The scenario's result, and the line of its last `expect`'s first key.
  static func run(_ scenario: StoryScenario) throws -> (ScenarioResult, Int) {
    let file = ScenarioFile.parse(Array(scenario.text.utf8), path: scenario.fileName)
    let parsed = try file.scenario.get()
    let lines = scenario.text.split(separator: "\n", omittingEmptySubsequences: false)
    let expectLine = try #require(lines.lastIndex { $0.hasPrefix("  - expect:") }) + 2
    return (ScenarioRunner.run(parsed), expectLine)
  }

  @Test(
    "a written counterexample fails at its last expect",
    arguments: [
      "geofence-without-background-session.yaml", "paused-background-need.yaml",
      "background-feature-not-restored.yaml",
    ])
  func counterexampleFails(_ file: String) throws {
    let written = try Self.report(file).counterexamples()
    #expect(written.count == 1)
    for scenario in written {
      let (result, expectLine) = try Self.run(scenario)
      let failure = try #require(result.failure, "\(scenario.text)")
      #expect(failure.position.line == expectLine, "\(scenario.text)")
      #expect(failure.expected != nil)
    }
  }

  @Test("every written path passes, one per way to fail")
  func pathsPass() throws {
    let report = try Self.report("geofence-without-background-session.yaml")
    let written = report.paths()
    #expect(written.count == report.waysToFail.count)
    #expect(Set(written.map(\.fileName)).count == written.count)
    for scenario in written {
      let (result, _) = try Self.run(scenario)
      #expect(result.failure == nil, "\(scenario.text)\n\(String(describing: result.failure))")
    }
  }

  /// Two features, each with a manager; the map's need fails in the background (it pauses).
  static let managers = """
    app: Two managers
    info:
      NSLocationWhenInUseUsageDescription: x
    features:
      map:
        startedBy: foreground
        holds:
          - manager: main
          - session: s
            authorization: whenInUse
          - liveUpdates
        needs:
          foreground:
            updates: full
      alerts:
        holds:
          - manager: alerts
          - monitor

    """

  @Test("a feature's manager is created as an R41 step, which the stories write and run")
  func managersAreModelSteps() throws {
    let file = AppFile.parse(Array(Self.managers.utf8), path: "managers.yaml")
    let app = try file.app.get()
    let report = AppChecker.check(app)
    #expect(report.passed, "\(report.failures)")
    // The app's managers are the model's one manager, named after the first in the file: held
    // while the map or the alerts run, created when the first of them starts.
    let paths = report.paths()
    #expect(!paths.isEmpty)
    let text = paths.map(\.text).joined()
    #expect(text.contains("  - manager: main\n"))
    for scenario in paths {
      let (result, _) = try Self.run(scenario)
      #expect(result.failure == nil, "\(scenario.text)\n\(String(describing: result.failure))")
    }
    let system = try AppSystem(app, cooperative: false)
    #expect(system.names.name(of: ManagerID(0)) == "main")
  }
}
