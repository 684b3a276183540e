import AuthModel
import AuthScenario
import Foundation
import Testing

/// The stories of scenarios/legacy/ check the legacy services' readings: each deliberately
/// broken reading must make the stories named for it fail, and those stories pass on the
/// faithful model. Every broken reading of §8b, which the explorer does not take
/// (``ModelMutation/isExplored``), has stories here.
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
    // and temporary full accuracy lapse, and its updates stop; an Always app never shows it.
    MutationCase(
      mutation: .continuousSessionWithoutIndicator,
      stories: [
        "allow-once-kept-by-legacy-indicator.yaml", "always-downgraded-shows-indicator.yaml",
        "authorized-in-settings-starts-session.yaml", "background-updates-toggle.yaml",
        "denied-ends-legacy-session.yaml", "explicit-session-key-leaves-legacy-alone.yaml",
        "force-quit-ends-run.yaml", "indicator-always.yaml",
        "indicator-keeps-monitoring-in-use.yaml", "indicator-when-in-use.yaml",
        "manager-released-ends-run.yaml", "pause-always-restart.yaml",
        "pause-and-restart-when-in-use.yaml", "pause-ends-allow-once.yaml",
        "pause-in-grace-period.yaml", "pause-only-automatic-managers.yaml",
        "provisional-always-indicator.yaml", "run-tracker-background-updates.yaml",
        "start-before-authorization.yaml", "system-termination-ends-run.yaml",
        "temporary-full-accuracy-kept-by-legacy-indicator.yaml",
        "when-in-use-start-from-background.yaml",
      ]),
    // R49 without the limit: a 21st region registers and its manager hears no failure.
    MutationCase(mutation: .regionsWithoutLimit, stories: ["twenty-first-region.yaml"]),
    // R6 without the withdrawal: a prompt outlives the manager whose request raised it.
    MutationCase(
      mutation: .promptOutlivesManager,
      stories: [
        "always-prompt-withdrawn-stays-spent.yaml", "prompt-withdrawn-in-background.yaml",
        "prompt-withdrawn-with-manager.yaml", "temporary-full-accuracy-prompt-withdrawn.yaml",
        "upgrade-prompt-withdrawn-with-manager.yaml",
      ]),
    // R12 without the lapse: Allow Once outlives the end of use, the legacy indicator's too.
    MutationCase(
      mutation: .allowOnceNeverLapses,
      stories: [
        "allow-once-kept-by-legacy-indicator.yaml", "always-from-allow-once-lapsed.yaml",
        "pause-ends-allow-once.yaml",
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
    #expect(Set(unexplored).isSubset(of: Self.cases.map(\.mutation)))
    for mutation in unexplored {
      let failing = try Self.stories.filter { story in
        !ScenarioRunner.run(try Self.scenario(story, mutation: mutation)).passed
      }
      #expect(!failing.isEmpty, "no story of scenarios/legacy/ fails with \(mutation.rawValue)")
    }
  }
}
