import AuthExplorer
import AuthModel
import Testing

/// Where the refusal marks leave an action unmarked and its guards read only what the marks'
/// key holds, the explorer's step skips the guards (`AuthorizationSystem.skipsGuards`). That is
/// sound only if the model takes every such step in every reachable state, and only if the
/// marks' reading of the guards notices what the key leaves out.
@Suite struct ExactMarksTests {
  @Test(
    "the model takes every action whose guards the explorer's step skips",
    arguments: [
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.everyKey), "none", nil),
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseAndBackground), "", nil),
      (AppConfiguration(ios: .ios17, infoPlist: Fixtures.whenInUseOnly), "always", nil),
      (
        AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly), "always,whenInUse+Nav",
        nil
      ),
      (
        AppConfiguration(
          ios: .ios18, infoPlist: Fixtures.everyKey, mutation: .promptsFromBackground),
        "whenInUse", nil
      ),
      (
        AppConfiguration(ios: .ios17, infoPlist: Fixtures.backgroundOnly), "",
        try! LegacyCatalogue(services: .updates)
      ),
    ] as [(AppConfiguration, String, LegacyCatalogue?)])
  func skippedGuardsPass(
    _ configuration: AppConfiguration, _ sessions: String, _ legacy: LegacyCatalogue?
  ) throws {
    let system = try AuthorizationSystem(
      configuration: configuration, catalogue: try SessionCatalogue(parsing: sessions),
      legacy: legacy)
    #expect(system.skipsGuards)
    let states = Fixtures.reachableStates(system)
    var skipped = 0
    var refusedAnyway: Set<String> = []
    var differing: Set<String> = []
    for reachable in states {
      let node = system.unpack(system.codec.pack(reachable))
      let refused = system.refusedActions(in: node)
      for (index, action) in system.actions.enumerated().prefix(64)
      where refused & 1 << UInt64(index) == 0
        && AuthorizationSystem.guardsReadOnlyTheMarksKey(action)
      {
        skipped += 1
        // The guards, asked.
        guard reachable.model.applying(action, configuration: system.configuration) != nil
        else {
          refusedAnyway.insert("\(action)")
          continue
        }
        // The explorer's step, without them, is the whole step.
        var after = node
        let full = system.next(node, action)
        if !system.hintedNext(node, action, into: &after)
          || full.map(system.pack) != system.pack(after)
          || full.map(system.findings) != system.findings(of: after)
        {
          differing.insert("\(action)")
        }
      }
    }
    #expect(refusedAnyway.isEmpty, "unmarked, guards skipped, but refused: \(refusedAnyway)")
    #expect(differing.isEmpty, "the step without its guards differs: \(differing)")
    // Most steps the explorer takes skip the guards.
    #expect(skipped > states.count)
  }

  @Test("the marks notice guards that read what their key leaves out")
  func outsideReadsNoticed() throws {
    let system = try AuthorizationSystem(
      configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.backgroundOnly),
      catalogue: SessionCatalogue([]), legacy: try LegacyCatalogue(services: .updates))
    let exact = system.exactlyMarkedActions
    func isExact(_ action: AuthorizationEvent) -> Bool {
      guard let index = system.actions.firstIndex(of: action) else {
        Issue.record("\(action) is not explored")
        return false
      }
      return exact & 1 << UInt64(index) != 0
    }
    // R36's blocker and whether the manager updates are not in the key.
    #expect(!isExact(.relaunchInBackground))
    #expect(!isExact(.startUpdatingLocation(ManagerID(0))))
    #expect(!isExact(.stopUpdatingLocation(ManagerID(0))))
    // Where the app runs, and whether the manager is held, are.
    #expect(isExact(.launch))
    #expect(isExact(.enterBackground))
    #expect(isExact(.releaseManager(ManagerID(0))))
    #expect(isExact(.requestWhenInUseAuthorization))
  }
}
