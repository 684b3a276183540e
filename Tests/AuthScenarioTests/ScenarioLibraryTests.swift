import AuthScenario
import Foundation
import Testing

/// Every file of the project's scenarios/ folder is a test case.
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

  @Test("scenario passes", arguments: files)
  func scenarioPasses(_ name: String) throws {
    let file = ScenarioFile.load(path: Self.folder.appendingPathComponent(name).path)
    let scenario = try file.scenario.get()
    let result = ScenarioRunner.run(scenario)
    #expect(result.failure == nil, "\(name): \(String(describing: result.failure))")
  }
}
