import AuthExplorer
import AuthModel
import Testing

/// `AuthorizationSystem.refusedActions(in:)` lets the explorer skip steps without asking the
/// model, and `selfLoopActions(in:refused:)` lets it count steps back to the same state without
/// taking them. Both are sound only if, in every reachable state, the model refuses every step
/// marked as refused, and takes every step marked as a self-loop back to the same state,
/// finding nothing.
@Suite struct ActionMarksTests {
  /// The legacy services' steps (§8b): continuous updates with the three properties, and the
  /// monitoring services with their registrations and regions.
  static let legacyCases: [(AppConfiguration, LegacyCatalogue)] = [
    (
      AppConfiguration(ios: .ios17, infoPlist: Fixtures.backgroundOnly),
      try! LegacyCatalogue(services: .updates)
    ),
    (
      AppConfiguration(ios: .ios18, infoPlist: Fixtures.backgroundOnly),
      try! LegacyCatalogue(services: [.significantChanges, .visits, .regions])
    ),
  ]

  @Test(
    "the legacy steps: the model refuses every one marked refused, loops on every self-loop",
    arguments: legacyCases)
  func legacyMarksAgreeWithTheModel(
    _ configuration: AppConfiguration, _ legacy: LegacyCatalogue
  ) throws {
    let system = try AuthorizationSystem(
      configuration: configuration, catalogue: SessionCatalogue([]), legacy: legacy)
    // Every legacy step is among the first 64, which the marks cover.
    #expect(system.actions.count <= 64)
    try check(system, legacySteps: true)
  }

  @Test(
    "the model refuses every step marked refused and loops on every step marked a self-loop",
    arguments: [
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.everyKey), "none", true),
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseAndBackground), "", true),
      // Without the reductions a request changes the result of the last one: not a self-loop.
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseAndBackground), "", false),
      (AppConfiguration(ios: .ios17, infoPlist: Fixtures.whenInUseOnly), "always", true),
      // Two sessions, each created while the other is held or not (R21).
      (
        AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly), "always,whenInUse+Nav",
        true
      ),
      (
        AppConfiguration(
          ios: .ios18, infoPlist: Fixtures.everyKey, mutation: .promptsFromBackground),
        "whenInUse", true
      ),
      (
        AppConfiguration(
          ios: .ios18, infoPlist: Fixtures.everyKey, mutation: .allowOnceNeverLapses),
        "whenInUse+Nav", true
      ),
    ])
  func marksAgreeWithTheModel(
    _ configuration: AppConfiguration, _ sessions: String, _ reduced: Bool
  ) throws {
    let system = try AuthorizationSystem(
      configuration: configuration, catalogue: try SessionCatalogue(parsing: sessions),
      reductions: reduced ? Reduction.allCases : [])
    try check(system, legacySteps: false)
  }

  /// Checks every mark of `system` in every reachable state; with `legacySteps`, also that
  /// legacy steps are among those marked refused and, for the requests, as self-loops.
  private func check(_ system: AuthorizationSystem, legacySteps: Bool) throws {
    let states = Fixtures.reachableStates(system)
    var legacyRefused: Set<String> = []
    var legacyLoops: Set<String> = []
    let firstLegacy = system.actions.count - legacyCount(system)
    var (markedRefused, accepted, markedLoops, loops) = (0, 0, 0, 0)
    var wronglyRefused: Set<String> = []
    var wronglyLooping: Set<String> = []
    for reachable in states {
      // The explorer's own node, as the explorer unpacks it: its steps carry their findings.
      let packed = system.codec.pack(reachable)
      let state = system.unpack(packed)
      let refused = system.refusedActions(in: state)
      let selfLoops = system.selfLoopActions(in: state, refused: refused)
      for (index, action) in system.actions.enumerated() {
        let next = system.next(state, action)
        let key = next.map(system.pack)
        let legacy = index >= firstLegacy
        if index < 64 && refused & 1 << UInt64(index) != 0 {
          markedRefused += 1
          if legacy { legacyRefused.insert("\(action)") }
          if next != nil { wronglyRefused.insert("\(action)") }
        }
        if index < 64 && selfLoops & 1 << UInt64(index) != 0 {
          markedLoops += 1
          if legacy { legacyLoops.insert("\(action)") }
          if key != packed || next.map(system.findings) != 0 {
            wronglyLooping.insert("\(action)")
          }
        }
        guard let key else { continue }
        accepted += 1
        if key == packed { loops += 1 }
      }
    }
    #expect(
      wronglyRefused.isEmpty, "marked as refused, but the model takes them: \(wronglyRefused)")
    #expect(wronglyLooping.isEmpty, "marked as self-loops, but they are not: \(wronglyLooping)")
    // The marks matter: a good share of all tries are skipped, and steps are still taken; most
    // steps back to the same state are marked (not the waits).
    #expect(markedRefused * 4 > states.count * system.actions.count)
    #expect(accepted > states.count)
    #expect(markedLoops * 2 > loops, "\(markedLoops) of \(loops) self-loops marked")
    if legacySteps {
      // Every legacy step is marked refused somewhere (the app not running, at least), and the
      // manager's requests are marked as self-loops where they show no prompt.
      let count = legacyCount(system)
      #expect(legacyRefused.count == count, "\(legacyRefused.count) of \(count) legacy steps")
      #expect(legacyLoops.contains("\(AuthorizationEvent.request(.whenInUse, by: ManagerID(0)))"))
    }
  }

  /// The number of legacy steps, which come last among the actions.
  private func legacyCount(_ system: AuthorizationSystem) -> Int {
    system.actions.filter {
      switch $0 {
      case .createManager, .releaseManager: false
      case .configureManager, .request, .startUpdatingLocation, .stopUpdatingLocation,
        .startMonitoringSignificantLocationChanges, .stopMonitoringSignificantLocationChanges,
        .startMonitoringVisits, .stopMonitoringVisits, .startMonitoring, .stopMonitoring,
        .pauseUpdates, .terminateByUser:
        true
      default: false
      }
    }.count
  }
}
