import AuthEngine
import AuthExplorer
import AuthModel
import Testing

/// The legacy CLLocationManager services explored (`authcheck explore --legacy`, §8b): exact
/// counts, every property, every witness of the legacy services.
@Suite struct LegacyExplorationTests {
  typealias Case = AuthorizationExplorationTests.ExplorationCase

  /// A case of the legacy services `legacy`, named as its report names its configuration.
  static func legacyCase(
    _ configuration: AppConfiguration, legacy: LegacyCatalogue, states: Int, transitions: Int,
    depth: Int, unreached: [AuthorizationWitness]
  ) -> Case {
    Case(
      configuration: configuration, sessions: "",
      name: ConfigurationUnderTest(configuration).name, states: states,
      transitions: transitions, depth: depth, unreached: unreached, legacy: legacy)
  }

  // The exact numbers pin the model and the explorer's legacy steps, as in
  // `AuthorizationExplorationTests`.
  static let cases: [Case] = [
    // Continuous updates with the three properties and the pause, on an app that only has the
    // location background mode: no prompt, the choices come from Settings.
    legacyCase(
      AppConfiguration(ios: .ios17, infoPlist: Fixtures.backgroundOnly),
      legacy: try! LegacyCatalogue(services: .updates), states: 51_200,
      transitions: 1_259_236, depth: 18,
      // The monitoring services are not taken.
      unreached: [
        .significantChangesDelivered, .visitsDelivered, .regionEventsDelivered, .legacyRelaunch,
      ]),
    // The monitoring services, two regions past a limit of one, on iOS 18.
    legacyCase(
      AppConfiguration(ios: .ios18, infoPlist: Fixtures.backgroundOnly),
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
  func explores(_ test: Case) throws {
    try AuthorizationExplorationTests.check(test)
  }
}
