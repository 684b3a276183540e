import AuthEngine
import AuthExplorer
import AuthModel
import Testing

/// The legacy CLLocationManager services explored (`authcheck explore --legacy`, §8b): exact
/// counts, every property, every witness of the legacy services.
@Suite struct LegacyExplorationTests {
  struct LegacyCase: CustomTestStringConvertible, Sendable {
    var configuration: AppConfiguration
    var sessions: String
    var legacy: LegacyCatalogue
    var states: Int
    var transitions: Int
    var depth: Int
    /// The witnesses this configuration cannot reach, each for a reason given beside it.
    var unreached: [AuthorizationWitness]
    var testDescription: String {
      "\(ConfigurationUnderTest(configuration).name), sessions '\(sessions)', \(legacy)"
    }
  }

  // The exact numbers pin the model and the explorer's legacy steps, as in
  // `AuthorizationExplorationTests`.
  static let cases: [LegacyCase] = [
    // Continuous updates with the three properties and the pause, on an app that only has the
    // location background mode: no prompt, the choices come from Settings.
    LegacyCase(
      configuration: AppConfiguration(ios: .ios17, infoPlist: Fixtures.backgroundOnly),
      sessions: "", legacy: try! LegacyCatalogue(services: .updates), states: 51_200,
      transitions: 1_259_236, depth: 18,
      // The monitoring services are not taken.
      unreached: [
        .significantChangesDelivered, .visitsDelivered, .regionEventsDelivered, .legacyRelaunch,
      ]),
    // The monitoring services, two regions past a limit of one, on iOS 18.
    LegacyCase(
      configuration: AppConfiguration(ios: .ios18, infoPlist: Fixtures.backgroundOnly),
      sessions: "",
      legacy: try! LegacyCatalogue(services: [.significantChanges, .visits, .regions]),
      states: 154_752, transitions: 3_335_600, depth: 18,
      // Continuous updates are not taken.
      unreached: [
        .locationUpdates(.full), .locationUpdates(.reduced),
        .legacyIndicator(shownForAlways: true), .legacyIndicator(shownForAlways: false), .pause,
      ]),
  ]

  @Test(
    "every property holds, every legacy witness is reached, the counts are exact",
    arguments: cases)
  func explores(_ test: LegacyCase) throws {
    let report = try Fixtures.explore(
      test.configuration, sessions: test.sessions, legacy: test.legacy)
    #expect(report.isComplete)
    #expect(report.states == test.states)
    #expect(report.transitions == test.transitions)
    #expect(report.depth == test.depth)
    #expect(report.properties.map(\.id) == AuthorizationProperty.allCases.map(\.rawValue))
    for property in report.properties {
      #expect(property.outcome == .holds, "\(property.id): \(property.summary)")
    }
    #expect(report.witnesses.map(\.id) == AuthorizationWitness.all.map(\.description))
    let unreached = Set(test.unreached.map(\.description))
    let legacy = Set(AuthorizationWitness.legacy.map(\.description))
    for witness in report.witnesses where legacy.contains(witness.id) {
      #expect(
        witness.outcome == (unreached.contains(witness.id) ? .notReached : .reached),
        "\(witness.id)")
    }
  }
}
