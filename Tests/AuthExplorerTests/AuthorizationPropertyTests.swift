import AuthModel
import Testing

@testable import AuthExplorer

@Suite struct AuthorizationPropertyTests {
  @Test("every property is checked once: in the list of state properties or of step ones")
  func listsPartitionTheProperties() {
    var state: [AuthorizationProperty] = []
    var step: [AuthorizationProperty] = []
    AuthorizationProperty.forEachStateProperty { state.append($0) }
    AuthorizationProperty.forEachStepProperty { step.append($0) }
    #expect((state + step).sorted { $0.bit < $1.bit } == AuthorizationProperty.allCases)
    #expect(state.allSatisfy { $0.isStateProperty })
    #expect(!step.contains { $0.isStateProperty })
  }

  /// The explorer asks for a step's findings only where `stepMayFind` says the step may have
  /// some, reading whether the choice or the prompt changed from the packed words. Both are
  /// sound only if, on every reachable step, a step it passes over finds nothing, and the
  /// codec's bits see exactly the changes the model-level comparison sees.
  @Test(
    "a step the explorer does not ask about finds nothing, on every reachable step",
    arguments: [
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.everyKey), "always"),
      (AppConfiguration(ios: .ios17, infoPlist: Fixtures.whenInUseAndBackground), ""),
      (
        AppConfiguration(
          ios: .ios18, infoPlist: Fixtures.everyKey, mutation: .promptsFromBackground),
        "none"
      ),
    ])
  func stepsPassedOverFindNothing(_ configuration: AppConfiguration, _ sessions: String) throws {
    let system = try AuthorizationSystem(
      configuration: configuration, catalogue: try SessionCatalogue(parsing: sessions))
    var (steps, askedAbout, finding, changed) = (0, 0, 0, 0)
    var wrong: Set<String> = []
    for before in Fixtures.reachableStates(system) {
      let beforeKey = system.codec.pack(before)
      let isDenied = before.model.authorizationStatus(configuration) == .denied
      for event in system.actions {
        guard var after = system.next(before, event) else { continue }
        steps += 1
        let byModel = AuthorizationProperty.choiceOrPromptChanged(from: before, to: after)
        let byCodec = (beforeKey ^ system.codec.pack(after)) & system.codec.choiceAndPromptBits != 0
        #expect(byModel == byCodec, "\(event): the codec's bits and the model disagree")
        if byModel { changed += 1 }
        let pairByModel = AuthorizationProperty.managedPairMayChange(from: before, to: after)
        let afterKey = system.codec.pack(after)
        let pairByCodec =
          (beforeKey ^ afterKey) & system.codec.pairAndManagerBits != 0
          && (beforeKey | afterKey) & system.codec.managerBit != 0
        #expect(
          pairByModel == pairByCodec, "\(event): the codec's pair bits and the model disagree")
        let findings = AuthorizationProperty.stepFindings(
          before: before, beforeIsDenied: isDenied, event: event, after: &after, configuration)
        if findings != 0 { finding += 1 }
        if AuthorizationProperty.stepMayFind(
          choiceOrPromptChanged: byModel, managedPairMayChange: pairByModel, before: before,
          beforeIsDenied: isDenied, event: event,
          after: &after, configuration)
        {
          askedAbout += 1
        } else if findings != 0 {
          wrong.insert("\(event)")
        }
      }
    }
    #expect(wrong.isEmpty, "passed over, but they find something: \(wrong)")
    // The shortcut matters, and the steps it sends on do find things and change things.
    #expect(askedAbout * 2 < steps, "\(askedAbout) of \(steps) steps asked about")
    #expect(finding > 0)
    #expect(changed > 0)
  }
}
