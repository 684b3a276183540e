import AuthEngine
import AuthExplorer
import AuthModel
import Testing

/// Explores the authorization model inside `swift test`, on configurations small enough for a
/// DEBUG build: one session, `always+Nav`, which reaches as many witnesses as the default
/// catalogue `always,whenInUse+Nav` in a fifth of the states.
@Suite struct AuthorizationExplorationTests {
  struct ExplorationCase: CustomTestStringConvertible, Sendable {
    var configuration: AppConfiguration
    var sessions: String
    /// The configuration's name in reports.
    var name: String
    var states: Int
    var transitions: Int
    var depth: Int
    /// The witnesses this configuration cannot reach, each for a reason given beside it.
    var unreached: [AuthorizationWitness]
    /// The legacy services explored (`--legacy`), if any: then only their witnesses are
    /// asked of `unreached`.
    var legacy: LegacyCatalogue? = nil
    var testDescription: String {
      "\(name), sessions '\(sessions)'" + (legacy.map { ", \($0)" } ?? "")
    }
  }

  /// The diagnostics that exist only with CLServiceSession, from iOS 18 (R39).
  static let serviceSessionDiagnostics: [AuthorizationWitness] = DiagnosticFlag.allCases.map {
    .diagnostic($0)
  }

  // The exact numbers of reachable states and transitions pin the model: any change to a rule,
  // to the transition system or to a reduction moves them. A change to one of these numbers must
  // be justified in the commit message that makes it.
  static let cases: [ExplorationCase] = [
    ExplorationCase(
      configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.everyKey),
      sessions: "always+Nav", name: "ios18 whenInUse always purposeKeys location",
      states: 256_460, transitions: 4_378_820, depth: 23,
      // serviceSessionRequired needs NSLocationRequireExplicitServiceSession (R29).
      unreached: [.diagnostic(.serviceSessionRequired)]),
    ExplorationCase(
      configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.explicitSession),
      sessions: "always", name: "ios18 whenInUse always explicitSession location",
      states: 57_188, transitions: 915_604, depth: 20,
      // serviceSessionRequired is reached. Without a purpose-key dictionary there is no
      // temporary full-accuracy prompt (R23), so no full-accuracy request is ever denied.
      unreached: [.prompt(.temporaryFullAccuracy), .diagnostic(.fullAccuracyDenied)]),
    ExplorationCase(
      configuration: AppConfiguration(ios: .ios17, infoPlist: Fixtures.everyKey),
      sessions: "always+Nav", name: "ios17 whenInUse always purposeKeys location",
      states: 78_428, transitions: 1_246_916, depth: 24,
      // iOS 17 has no CLServiceSession, so none of its diagnostics (R39), and its live updates
      // deliver nothing with reduced accuracy (R40).
      unreached: serviceSessionDiagnostics + [.updates(.reduced)]),
  ]

  @Test(
    "every property holds, every reachable witness is reached, the counts are exact",
    arguments: cases)
  func explores(_ test: ExplorationCase) throws {
    try Self.check(test)
  }

  /// Explores `test` and checks its counts, every property and its witnesses.
  static func check(_ test: ExplorationCase) throws {
    let report = try Fixtures.explore(
      test.configuration, sessions: test.sessions, legacy: test.legacy)
    #expect(report.configuration.name == test.name)
    #expect(report.catalogue.description == test.sessions)
    #expect(report.isComplete)
    #expect(report.states == test.states)
    #expect(report.transitions == test.transitions)
    #expect(report.depth == test.depth)

    #expect(report.properties.map(\.id) == AuthorizationProperty.allCases.map(\.rawValue))
    for property in report.properties {
      #expect(property.outcome == .holds, "\(property.id): \(property.summary)")
      #expect(property.path.isEmpty && property.counterexample == nil)
    }
    #expect(report.propertiesHold)
    #expect(report.violations.isEmpty)

    // The legacy services' witnesses only where they are explored, and there only theirs are
    // checked: the legacy catalogues take few of the other steps.
    #expect(
      report.witnesses.map(\.id)
        == AuthorizationWitness.all.filter { test.legacy != nil || !$0.isLegacy }
        .map(\.description))
    let unreached = Set(test.unreached.map(\.description))
    let legacy = Set(AuthorizationWitness.legacy.map(\.description))
    for witness in report.witnesses where test.legacy == nil || legacy.contains(witness.id) {
      if unreached.contains(witness.id) {
        #expect(witness.outcome == .notReached, "\(witness.id) should be out of reach")
      } else {
        #expect(witness.outcome == .reached, "\(witness.id) should be reached")
        // A state witness can hold in the initial state (an empty path); a step witness cannot.
        if witness.id == AuthorizationWitness.relaunch.description {
          #expect(witness.path.last == .relaunchInBackground)
        }
      }
    }
  }

  @Test("reports the first shortest path to each witness, in action order")
  func witnessPaths() throws {
    let report = try Fixtures.explore(
      AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly), sessions: "whenInUse")
    #expect(report.states == 12_540)
    #expect(report.propertiesHold)
    let s0 = AuthorizationEvent.createSession(
      SessionID(0), authorization: .whenInUse, fullAccuracyPurposeKey: nil)
    // A fresh install is not determined, with full accuracy and no updates.
    #expect(report["authorizationStatus notDetermined"]?.path == [])
    #expect(report["accuracyAuthorization fullAccuracy"]?.path == [])
    #expect(report["updates none"]?.path == [])
    // Settings come last in action order, but one step beats any longer path.
    #expect(report["authorizationStatus denied"]?.path == [.settings(.location(.never))])
    // A session prompts for its goal (R18); sessions come before requests in action order.
    #expect(report["prompt whenInUse"]?.path == [.launch, s0])
    #expect(report["diagnostic authorizationRequestInProgress"]?.path == [.launch, s0])
    // Created once the grace period has passed in the background (R19).
    #expect(
      report["diagnostic insufficientlyInUse"]?.path == [.launch, .enterBackground, .wait, s0])
    // Iterating live updates prompts for when-in-use too (R17).
    #expect(
      report["updates full"]?.path
        == [.launch, .liveUpdates(iterating: true), .tap(.allowOnce, precise: nil)])
    #expect(
      report["updates reduced"]?.path
        == [.launch, .liveUpdates(iterating: true), .tap(.allowOnce, precise: false)])
    // Without the location background mode nothing is shown or carried, and nothing relaunches.
    #expect(
      report.unreachedWitnesses == [
        "prompt alwaysUpgrade", "prompt temporaryFullAccuracy",
        "diagnostic serviceSessionRequired", "diagnostic alwaysAuthorizationDenied",
        "diagnostic fullAccuracyDenied", "backgroundIndicator shown",
        "background activity carried across termination", "relaunch into the background",
      ])
  }

  @Test("a state limit makes the exploration incomplete: nothing holds, nothing is unreached")
  func stateLimit() throws {
    let reports = try AuthorizationExploration.run(
      [ConfigurationUnderTest(AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly))],
      settings: AuthorizationExploration.Settings(
        catalogue: SessionCatalogue(parsing: "whenInUse"), maxStates: 1_000, threads: 1))
    let report = try #require(reports.first)
    #expect(!report.isComplete)
    #expect(report.states == 1_000)
    #expect(!report.propertiesHold)
    #expect(report.properties.allSatisfy { $0.outcome == .unknown })
    #expect(!report.witnesses.contains { $0.outcome == .notReached })
    #expect(report.witnesses.contains { $0.outcome == .unknown })
    #expect(report.witnesses.contains { $0.outcome == .reached })
  }

  @Test("a state limit of exactly the reachable states is complete; one less is not")
  func stateLimitBoundary() throws {
    let configuration = ConfigurationUnderTest(
      AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly))
    func explore(maxStates: Int) throws -> ConfigurationReport {
      try AuthorizationExploration.run(
        [configuration],
        settings: AuthorizationExploration.Settings(
          catalogue: SessionCatalogue([]), maxStates: maxStates, threads: 1))[0]
    }
    let exact = try explore(maxStates: 4_184)
    #expect(exact.isComplete && exact.states == 4_184 && exact.propertiesHold)
    let short = try explore(maxStates: 4_183)
    #expect(!short.isComplete && short.states == 4_183 && !short.propertiesHold)
  }

  @Test("configurations run side by side report in the order given, each as if alone")
  func severalConfigurations() throws {
    let configurations = [
      ConfigurationUnderTest(AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly)),
      ConfigurationUnderTest(AppConfiguration(ios: .ios18, infoPlist: Fixtures.noKeys)),
      ConfigurationUnderTest(AppConfiguration(ios: .ios17, infoPlist: Fixtures.whenInUseOnly)),
    ]
    let reports = try AuthorizationExploration.run(
      configurations,
      settings: AuthorizationExploration.Settings(catalogue: SessionCatalogue([]), threads: 2))
    #expect(reports.map(\.configuration.name) == ["ios18 whenInUse", "ios18", "ios17 whenInUse"])
    #expect(reports.allSatisfy { $0.isComplete && $0.propertiesHold })
    #expect(reports[0].states == 4_184)
    #expect(reports[1].states == 3_392)
    let alone = try Fixtures.explore(configurations[2].configuration, sessions: "")
    #expect(reports[2].states == alone.states)
    #expect(reports[2].transitions == alone.transitions)
  }

  @Test("all(ios:catalogue:) lists the 64 Info.plist combinations per iOS version")
  func everyConfiguration() {
    let all = ConfigurationUnderTest.all(catalogue: .standard)
    #expect(all.count == 128)
    #expect(Set(all.map(\.name)).count == 128)
    #expect(Set(all.map(\.configuration)).count == 128)
    let ios17 = ConfigurationUnderTest.all(ios: .ios17, catalogue: .standard)
    #expect(ios17.count == 64 && ios17.allSatisfy { $0.configuration.ios == .ios17 })
    #expect(ios17.first?.name == "ios17")
    #expect(
      ios17.last?.name
        == "ios17 whenInUse always reducedAccuracy purposeKeys explicitSession location")
    // The dictionary holds the catalogue's purpose keys, or Nav when it names none.
    let keyed = ConfigurationUnderTest.all(
      ios: .ios18, catalogue: SessionCatalogue([.init(.whenInUse, fullAccuracyPurposeKey: "Map")]))
    #expect(keyed[8].configuration.purposeKeys == ["Map"])
    #expect(
      ConfigurationUnderTest.all(ios: .ios18, catalogue: SessionCatalogue([]))[8]
        .configuration.purposeKeys == ["Nav"])
    let mutated = ConfigurationUnderTest.all(
      ios: .ios18, catalogue: .standard, mutation: .allowOnceNeverLapses)
    #expect(mutated.allSatisfy { $0.configuration.mutation == .allowOnceNeverLapses })
  }
}
