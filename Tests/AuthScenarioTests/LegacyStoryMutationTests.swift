import AuthModel
import AuthScenario
import Foundation
import Testing

/// The stories of scenarios/legacy/ check the legacy services' readings: each deliberately
/// broken reading must make the stories named for it fail, and those stories pass on the
/// faithful model. Every broken reading the explorer does not catch
/// (``ModelMutation/isExplored``), those of §8b among them, has stories here, and every story is
/// named for at least one broken reading: a mutant check for each.
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
    // R7 as advice: an Always request, and a session's goal, prompt without their strings.
    MutationCase(
      mutation: .usageStringsNotRequired,
      stories: ["missing-usage-string.yaml", "missing-when-in-use-string.yaml"]),
    // R5 without the requests: a request from the background shows its prompt.
    MutationCase(
      mutation: .requestsPromptFromBackground, stories: ["request-from-background.yaml"]),
    // R13 without "once": a When In Use request from While Using prompts again.
    MutationCase(mutation: .whenInUseRequestRepeats, stories: ["request-when-in-use.yaml"]),
    // R41 read as a reply: a request with no effect calls its manager's delegate.
    MutationCase(
      mutation: .requestCallsDelegate,
      stories: [
        "prompt-withdrawn-with-manager.yaml", "provisional-always-significant-changes.yaml",
        "session-prompt-not-withdrawn.yaml", "upgrade-prompt-withdrawn-with-manager.yaml",
      ]),
    // R6 over-broad: a release withdraws the system's upgrade prompt too.
    MutationCase(
      mutation: .anyReleaseWithdrawsPrompt,
      stories: ["system-upgrade-prompt-outlives-manager.yaml"]),
    // §8b's Always in effect read as authorized: When In Use and provisional Always apps get
    // events out of use and are relaunched.
    MutationCase(
      mutation: .legacyAlwaysWhenAuthorized,
      stories: [
        "geofence-when-in-use.yaml", "provisional-always-significant-changes.yaml",
        "significant-changes-when-in-use.yaml", "visits-when-in-use.yaml",
        "when-in-use-start-from-background.yaml",
      ]),
    // R49 without full accuracy: regions deliver, and relaunch, under reduced accuracy.
    MutationCase(
      mutation: .regionsAtReducedAccuracy,
      stories: [
        "regions-precise-off.yaml", "regions-temporary-full-accuracy.yaml",
        "significant-changes-reduced-accuracy.yaml",
      ]),
    // R43 ignoring reduced accuracy: full fixes.
    MutationCase(
      mutation: .updatesIgnoreReducedAccuracy,
      stories: [
        "legacy-updates-reduced-accuracy.yaml",
        "temporary-full-accuracy-kept-by-legacy-indicator.yaml",
      ]),
    // R44 as before iOS 9: the background mode alone keeps the updates running.
    MutationCase(
      mutation: .sessionWithoutBackgroundUpdates,
      stories: [
        "always-without-background-updates.yaml", "run-tracker-without-background-updates.yaml",
      ]),
    // R45 without the crash.
    MutationCase(
      mutation: .backgroundUpdatesWithoutBackgroundMode, stories: ["background-mode-crash.yaml"]),
    // R42 as Core Location's silence: a legacy call with nothing to do is taken.
    MutationCase(
      mutation: .legacyNoOpsAccepted,
      stories: [
        "geofence-reminder-always.yaml", "legacy-steps-refused.yaml",
        "pause-only-automatic-managers.yaml", "pause-refused.yaml",
        "significant-changes-need-a-held-manager.yaml",
      ]),
    // R47–R49 without persistence: termination ends the registrations, and nothing relaunches.
    MutationCase(
      mutation: .registrationsEndAtTermination,
      stories: [
        "continuous-updates-no-relaunch.yaml", "force-quit-significant-changes.yaml",
        "geofence-reminder-always.yaml", "location-services-off-no-relaunch.yaml",
        "provisional-always-significant-changes.yaml", "regions-precise-off.yaml",
        "significant-changes-reduced-accuracy.yaml", "significant-changes-relaunch.yaml",
        "visits-always-relaunch.yaml", "visits-need-the-manager-that-started.yaml",
      ]),
    // R47 read like R48: significant changes reach any held manager without a start.
    MutationCase(
      mutation: .significantChangesWithoutNewStart,
      stories: [
        "location-services-off-no-relaunch.yaml", "significant-changes-need-a-held-manager.yaml",
        "significant-changes-relaunch.yaml", "significant-changes-when-in-use.yaml",
        "start-registrations-relaunch.yaml",
      ]),
    // R48 read like R47: visits need a start again after every launch.
    MutationCase(
      mutation: .visitsNeedNewStart,
      stories: [
        "start-registrations-relaunch.yaml", "visits-always-relaunch.yaml",
        "visits-need-the-manager-that-started.yaml", "visits-when-in-use.yaml",
      ]),
    // R50 ignored: the user's swipe carries the session and relaunches for live updates.
    MutationCase(
      mutation: .userTerminationLikeSystem,
      stories: ["force-quit-ends-background-activity.yaml", "force-quit-live-updates.yaml"]),
    // R50 over-broad: nothing relaunches a force-quit app, CLMonitor and registrations too.
    MutationCase(
      mutation: .userTerminationEndsRelaunch,
      stories: ["force-quit-monitor-relaunch.yaml", "force-quit-significant-changes.yaml"]),
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

  @Test("every story of scenarios/legacy/ fails under some broken reading named for it")
  func everyStoryHasAMutantCheck() {
    let covered = Set(Self.cases.flatMap(\.stories))
    #expect(
      covered == Set(Self.stories),
      "without a broken reading: \(Set(Self.stories).subtracting(covered).sorted())")
  }

  @Test("every broken reading the explorer does not catch fails a story of scenarios/legacy/")
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
