import AuthExplorer
import AuthModel
import Testing

/// `AuthorizationSystem.refusedActions(in:)` lets the explorer skip steps without asking the
/// model; it is sound only if the model refuses every step it marks, in every reachable state.
@Suite struct RefusedActionsTests {
  @Test(
    "the model refuses every step marked as refused, in every reachable state",
    arguments: [
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.everyKey), "none"),
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseAndBackground), ""),
      (AppConfiguration(ios: .ios17, infoPlist: Fixtures.whenInUseOnly), "always"),
      // Two sessions, each created while the other is held or not (R21).
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly), "always,whenInUse+Nav"),
      (
        AppConfiguration(
          ios: .ios18, infoPlist: Fixtures.everyKey, mutation: .promptsFromBackground),
        "whenInUse"
      ),
    ])
  func markedStepsAreRefused(_ configuration: AppConfiguration, _ sessions: String) throws {
    let system = try AuthorizationSystem(
      configuration: configuration, catalogue: try SessionCatalogue(parsing: sessions))
    var seen: Set<UInt64> = [system.codec.pack(system.initialState)]
    var queue = [system.codec.pack(system.initialState)]
    var marked = 0
    var accepted = 0
    var wronglyMarked: Set<String> = []
    while let packed = queue.popLast() {
      let state = system.unpack(packed)
      let refused = system.refusedActions(in: state)
      for (index, action) in system.actions.enumerated() {
        let next = system.next(state, action)
        if index < 64 && refused & 1 << UInt64(index) != 0 {
          marked += 1
          if next != nil { wronglyMarked.insert("\(action)") }
        }
        guard let next else { continue }
        accepted += 1
        let key = system.pack(next)
        if seen.insert(key).inserted { queue.append(key) }
      }
    }
    #expect(wronglyMarked.isEmpty, "marked as refused, but the model takes them: \(wronglyMarked)")
    // The marks matter: a good share of all tries are skipped, and steps are still taken.
    #expect(marked * 4 > seen.count * system.actions.count)
    #expect(accepted > seen.count)
  }
}
