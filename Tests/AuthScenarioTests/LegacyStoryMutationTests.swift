import AuthModel
import AuthScenario
import Foundation
import Testing

/// The stories of scenarios/legacy/ check the legacy services' readings: each deliberately
/// broken reading of §8b that the explorer does not take (``ModelMutation/isExplored``) must
/// make the stories named for it fail, and those stories pass on the faithful model.
@Suite struct LegacyStoryMutationTests {
  static let folder = ScenarioLibraryTests.folder.appendingPathComponent("legacy")

  struct MutationCase: CustomTestStringConvertible, Sendable {
    var mutation: ModelMutation
    /// The stories, in scenarios/legacy/, that tell what the broken reading breaks.
    var stories: [String]
    var testDescription: String { mutation.rawValue }
  }

  static let cases: [MutationCase] = [
    // R44 without the indicator: a When In Use app is out of use in the background, Allow Once
    // and temporary full accuracy lapse, and its updates stop.
    MutationCase(
      mutation: .continuousSessionWithoutIndicator,
      stories: [
        "allow-once-kept-by-legacy-indicator.yaml", "run-tracker-background-updates.yaml",
        "indicator-when-in-use.yaml", "temporary-full-accuracy-kept-by-legacy-indicator.yaml",
        "pause-in-grace-period.yaml", "provisional-always-indicator.yaml",
      ]),
    // R49 without the limit: a 21st region registers and its manager hears no failure.
    MutationCase(mutation: .regionsWithoutLimit, stories: ["twenty-first-region.yaml"]),
    // R6 without the withdrawal: a prompt outlives the manager whose request raised it.
    MutationCase(
      mutation: .promptOutlivesManager,
      stories: [
        "prompt-withdrawn-with-manager.yaml", "always-prompt-withdrawn-stays-spent.yaml",
        "prompt-withdrawn-in-background.yaml",
      ]),
  ]

  /// The scenario of `name` in scenarios/legacy/, on the model `mutation` breaks.
  static func scenario(_ name: String, mutation: ModelMutation?) throws -> Scenario {
    var scenario = try ScenarioFile.load(path: folder.appendingPathComponent(name).path)
      .scenario.get()
    let c = scenario.configuration
    scenario.configuration = AppConfiguration(
      ios: c.ios, infoPlist: c.infoPlist, mutation: mutation)
    return scenario
  }

  static var stories: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
      .filter { $0.hasSuffix(".yaml") }.sorted() ?? []
  }

  @Test(
    "the stories named for a broken reading pass on the model and fail on the broken one",
    arguments: cases)
  func storiesCatchTheMutation(_ c: MutationCase) throws {
    for story in c.stories {
      let faithful = ScenarioRunner.run(try Self.scenario(story, mutation: nil))
      #expect(faithful.passed, "\(story): \(String(describing: faithful.failure))")
      let broken = ScenarioRunner.run(try Self.scenario(story, mutation: c.mutation))
      #expect(!broken.passed, "\(story) passes with \(c.mutation.rawValue)")
    }
  }

  @Test("every broken reading of the legacy services fails a story of scenarios/legacy/")
  func everyUnexploredMutationIsCaught() throws {
    let unexplored = ModelMutation.allCases.filter { !$0.isExplored }
    #expect(Set(unexplored) == Set(Self.cases.map(\.mutation)))
    for mutation in unexplored {
      let failing = try Self.stories.filter { story in
        !ScenarioRunner.run(try Self.scenario(story, mutation: mutation)).passed
      }
      #expect(!failing.isEmpty, "no story of scenarios/legacy/ fails with \(mutation.rawValue)")
    }
  }
}
