import AuthExplorer
import AuthModel
import Testing

/// An exploration without the legacy services (§8b) steps the model with
/// `legacyServicesIdle`, which leaves out the step's reads of them. It must take every step as
/// the model does: the same acceptance and the same state after, in every reachable state.
@Suite struct LegacyServicesIdleTests {
  @Test(
    "a step that leaves out the legacy services is the model's step",
    arguments: [
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.everyKey), "whenInUse+Nav"),
      (AppConfiguration(ios: .ios17, infoPlist: Fixtures.whenInUseOnly), "always"),
    ])
  func stepsAlike(_ configuration: AppConfiguration, _ sessions: String) throws {
    let system = try AuthorizationSystem(
      configuration: configuration, catalogue: try SessionCatalogue(parsing: sessions))
    let states = Fixtures.reachableStates(system)
    var (taken, differing) = (0, 0)
    for state in states {
      for event in system.actions {
        var idle = state.model
        var full = state.model
        let idleTakes = idle.apply(
          event, configuration: system.configuration, legacyServicesIdle: true)
        let fullTakes = full.apply(event, configuration: system.configuration)
        if idleTakes != fullTakes || (fullTakes && idle != full) { differing += 1 }
        if fullTakes { taken += 1 }
      }
    }
    #expect(differing == 0)
    // Steps were taken, in many states.
    #expect(states.count > 100 && taken > states.count)
  }
}
