import AuthApp
import AuthScenario
import Foundation
import Testing

/// Every file of the project's scenarios/ folder is a test case: a scenario must pass, and so
/// must an app file (scenarios/apps/, docs/APPS.md), explored over every story.
@Suite struct ScenarioLibraryTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scenarios")

  static var files: [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var found: [String] = []
    while let name = enumerator?.nextObject() as? String {
      if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { found.append(name) }
    }
    return found.sorted()
  }

  @Test("the scenario library is not empty")
  func libraryIsNotEmpty() {
    #expect(!Self.files.isEmpty)
  }

  @Test("scenario or app file passes", arguments: files)
  func scenarioPasses(_ name: String) throws {
    let file: ScenarioFile
    switch CheckFile.load(path: Self.folder.appendingPathComponent(name).path) {
    case .scenario(let scenarioFile):
      file = scenarioFile
    case .app(let appFile):
      let report = AppChecker.check(try appFile.app.get())
      #expect(report.failures.isEmpty, "\(name): \(report.failures)")
      return
    }
    let scenario = try file.scenario.get()
    let result = ScenarioRunner.run(scenario)
    #expect(result.failure == nil, "\(name): \(String(describing: result.failure))")
  }
}
