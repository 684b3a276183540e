import AuthFake
import AuthModel
import LocationSeam
import StationFinder
import Testing

/// The station finder's own code, on the fake, through every user's decisions up to a depth:
/// its banner and its arrival alert always say what Core Location says.
@MainActor
@Suite struct EveryUserTests {
  /// What the finder shows: what tells its states apart beside the device's.
  struct Shown: Hashable {
    let banner: StationFinder.Banner
    let arrivalAlert: StationFinder.ArrivalAlert
  }

  /// A finder's check: the banner matches the status and accuracy the device reports.
  struct WrongBanner: Error, CustomStringConvertible {
    let shown: StationFinder.Banner
    let expected: StationFinder.Banner
    var description: String { "the banner shows \(shown), Core Location says \(expected)" }
  }

  static func expectedBanner(_ device: FakeDevice) -> StationFinder.Banner {
    banner(device.simulator.authorizationStatus, device.simulator.accuracyAuthorization)
  }

  static func banner(
    _ status: AuthorizationStatus, _ accuracy: AccuracyAuthorization
  ) -> StationFinder.Banner {
    switch status {
    case .notDetermined: .askForLocation
    case .denied, .restricted: .locationOff
    case .authorizedWhenInUse, .authorizedAlways:
      accuracy == .reducedAccuracy ? .approximate : .none
    }
  }

  /// The finder and the user's three taps in it.
  static let finder = EveryUserExploration(
    configuration: StationFinderTests.app,
    actions: [
      AppAction("the user taps Use my location") { $0.askForLocation() },
      AppAction("the user taps Precise") { $0.askForPreciseLocation() },
      AppAction("the user turns on an arrival alert") {
        $0.turnOnArrivalAlert(at: StationFinderTests.central)
      },
    ],
    make: { device in StationFinder(manager: FakeLocationManager(device: device)) },
    snapshot: { Shown(banner: $0.banner, arrivalAlert: $0.arrivalAlert) },
    check: { finder, device in
      let expected = expectedBanner(device)
      if finder.banner != expected { throw WrongBanner(shown: finder.banner, expected: expected) }
    })

  @Test("the finder's banner follows every user within 6 steps")
  func everyUser() {
    let result = Self.finder.run(depth: 6)
    #expect(result.passed, "\(result)")
    #expect(result.states > 100)
  }

  /// A finder with a bug: it recomputes the banner only when the status changes, so a change of
  /// accuracy alone (Precise turned on or off in Settings) leaves the old banner on screen.
  final class StatusOnlyFinder: LocationManagingDelegate {
    private(set) var banner = StationFinder.Banner.none
    private var lastStatus: AuthorizationStatus?
    let manager: any LocationManaging

    init(manager: any LocationManaging) {
      self.manager = manager
      manager.locationDelegate = self
    }

    func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
      let status = AuthorizationStatus(manager.authorizationStatus)
      guard status != lastStatus else { return }
      lastStatus = status
      banner = EveryUserTests.banner(status, AccuracyAuthorization(manager.accuracyAuthorization))
    }
  }

  /// The broken finder, explored as the real one is.
  static let broken = EveryUserExploration(
    configuration: StationFinderTests.app,
    actions: [
      AppAction("the user taps Use my location") { $0.manager.requestWhenInUseAuthorization() }
    ],
    make: { device in StatusOnlyFinder(manager: FakeLocationManager(device: device)) },
    snapshot: { $0.banner },
    check: { finder, device in
      let expected = expectedBanner(device)
      if finder.banner != expected { throw WrongBanner(shown: finder.banner, expected: expected) }
    })

  @Test("a banner that misses a change of accuracy made in Settings is caught, shortest story")
  func brokenBannerIsCaught() throws {
    let broken = Self.broken
    let failure = try #require(broken.run(depth: 6).failure)
    #expect(
      failure.steps == [
        "launch", "background", "settings: location whileUsing", "settings: precise off",
      ])
    // The story replays: the broken finder fails it, the real one passes it.
    #expect(throws: WrongBanner.self) { try broken.replay(failure.steps) }
    try Self.finder.replay(failure.steps)
  }
}
