import AuthModel
import Foundation
import Testing

@testable import AuthCheckCLI

/// `authcheck --mutation NAME` with the legacy services' mutations: the library's story of the
/// reading each flips passes on the faithful model and fails on the mutated one.
@Suite struct LegacyMutationScenarioTests {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scenarios/location-manager")

  @Test(
    "each legacy mutation fails its story, which passes without it",
    arguments: [
      (ModelMutation.continuousSessionWithoutIndicator, "continuous-background-session.yaml"),
      (.regionsWithoutLimit, "region-limit.yaml"),
      (.promptOutlivesManager, "prompt-withdrawn-with-manager.yaml"),
      (.legacyAlwaysWhenAuthorized, "continuous-background-session.yaml"),
      (.regionsAtReducedAccuracy, "region-limit.yaml"),
      (.updatesIgnoreReducedAccuracy, "automatic-pause.yaml"),
      (.sessionWithoutBackgroundUpdates, "automatic-pause.yaml"),
      (.backgroundUpdatesWithoutBackgroundMode, "background-mode-crash.yaml"),
      (.legacyNoOpsAccepted, "region-limit.yaml"),
      (.registrationsEndAtTermination, "significant-changes-relaunch.yaml"),
      (.significantChangesWithoutNewStart, "significant-changes-relaunch.yaml"),
      (.visitsNeedNewStart, "visits-after-relaunch.yaml"),
      (.userTerminationLikeSystem, "user-terminate.yaml"),
      (.userTerminationEndsRelaunch, "user-terminate.yaml"),
    ])
  func caught(_ mutation: ModelMutation, _ file: String) {
    let path = Self.folder.appendingPathComponent(file).path
    #expect(ScenarioOutcome.run(path: path).status == .passed)
    #expect(ScenarioOutcome.run(path: path, mutation: mutation).status == .failed)
  }
}
