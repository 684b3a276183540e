import AuthEngine
import AuthExplorer
import AuthModel
import Testing

/// The hints (`ExplorationHints`: refusal and self-loop marks, step findings decided only where
/// a step may have some, the flags every holder shares read alone) are speed-ups only: a search
/// with them must find what a search without them finds. `.ci/check-hints` compares the two on
/// all 128 configurations in a release build; this compares them, paths included, on a sample.
@Suite struct HintsTests {
  struct HintsCase: CustomTestStringConvertible, Sendable {
    var configuration: AppConfiguration
    var sessions: String
    var reductions: [Reduction] = Reduction.allCases
    var legacy: LegacyCatalogue? = nil
    var testDescription: String {
      "\(ConfigurationUnderTest(configuration).name), sessions \(sessions)"
        + (legacy.map { ", legacy \($0)" } ?? "")
        + (reductions.isEmpty ? ", no reductions" : "")
        + (configuration.mutation.map { ", mutation \($0.rawValue)" } ?? "")
    }
  }

  /// Every 21st of the 128 configurations (both iOS versions, every Info.plist key set
  /// and unset somewhere) with one session, one with the default catalogue, one without the
  /// reductions, and one of each mutation, whose violations have paths to compare.
  static let cases: [HintsCase] =
    stride(from: 3, to: 128, by: 21).map { index in
      HintsCase(
        configuration: ConfigurationUnderTest.all(catalogue: .standard)[index].configuration,
        sessions: "whenInUse")
    } + [
      HintsCase(
        configuration: AppConfiguration(ios: .ios17, infoPlist: Fixtures.whenInUseAndNav),
        sessions: "always,whenInUse+Nav"),
      HintsCase(
        configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseAndBackground),
        sessions: "", reductions: []),
      // The legacy services (§8b), in two parts small enough for a DEBUG build.
      HintsCase(
        configuration: AppConfiguration(ios: .ios17, infoPlist: Fixtures.backgroundOnly),
        sessions: "", legacy: try! LegacyCatalogue(services: .updates)),
      HintsCase(
        configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.backgroundOnly),
        sessions: "",
        legacy: try! LegacyCatalogue(services: [.significantChanges, .visits, .regions])),
    ]
    + ModelMutation.allCases.filter(\.isExplored).map { mutation in
      HintsCase(
        configuration: AppConfiguration(
          ios: .ios18, infoPlist: Fixtures.everyKey, mutation: mutation),
        sessions: "whenInUse")
    }

  @Test(
    "states, transitions, depth, every verdict and every path are the same without the hints",
    arguments: cases)
  func sameWithoutHints(_ test: HintsCase) throws {
    let system = try AuthorizationSystem(
      configuration: test.configuration, catalogue: SessionCatalogue(parsing: test.sessions),
      legacy: test.legacy, reductions: test.reductions)
    let hinted = Explorer(system, options: ExplorationOptions(threads: 1)).run()
    let plain = Explorer(system, options: ExplorationOptions(threads: 1, usesHints: false)).run()
    #expect(hinted.isComplete && plain.isComplete)
    #expect(plain.states == hinted.states)
    #expect(plain.transitions == hinted.transitions)
    #expect(plain.depth == hinted.depth)
    #expect(plain.properties.count == hinted.properties.count)
    for (with, without) in zip(hinted.properties, plain.properties) {
      #expect(without.property.id == with.property.id)
      #expect(verdict(without.verdict) == verdict(with.verdict), "\(with.property.id)")
      #expect(without.path?.actions == with.path?.actions, "\(with.property.id)")
      #expect(
        without.path?.states.map(system.pack) == with.path?.states.map(system.pack),
        "\(with.property.id)")
    }
    if test.configuration.mutation != nil {
      #expect(hinted.properties.contains { if case .violated = $0.verdict { true } else { false } })
    }
  }

  /// The verdict's kind, without its path.
  private func verdict(_ verdict: PropertyResult<AuthorizationSystem>.Verdict) -> String {
    switch verdict {
    case .holds: "holds"
    case .violated: "violated"
    case .reached: "reached"
    case .notReached: "notReached"
    case .unknown: "unknown"
    }
  }
}
