import AuthFake
import AuthModel

/// A station finder's location logic: what the station list shows, decided from what Core
/// Location reports, and an arrival alert that needs Always.
///
/// It holds the fake's objects where the app holds Core Location's.
@MainActor
public final class StationFinder: FakeLocationManagerDelegate {
  /// What the station list shows above the stations.
  public enum Banner: Equatable, Sendable {
    /// Nothing: stations near the user, precisely.
    case none
    /// A button that asks for location.
    case askForLocation
    /// Location is off for the app, or for the device: a link to Settings.
    case locationOff
    /// Approximate location: stations in the area, and a button for Precise.
    case approximate
  }

  /// What the arrival alert can do.
  public enum ArrivalAlert: Equatable, Sendable {
    case off
    /// On: Always lets it wake the app near the station.
    case on
    /// The user kept While Using: the alert works only while the app is open.
    case onlyWhileOpen
  }

  public private(set) var banner = Banner.none
  /// Whether the user turned the arrival alert on.
  public private(set) var wantsArrivalAlert = false
  /// What the manager reported at each delegate call, `STATUS/ACCURACY`: for tests that check
  /// the calls exactly (R41).
  public private(set) var authorizationChanges: [String] = []

  let manager: FakeLocationManager

  /// Starts the finder in the app running on `device`.
  public init(device: FakeDevice) {
    manager = FakeLocationManager(device: device)
    manager.delegate = self
  }

  /// The user taps "Use my location".
  public func askForLocation() { manager.requestWhenInUseAuthorization() }

  /// The user turns on an arrival alert: ask for Always now, when they want it.
  public func turnOnArrivalAlert() {
    wantsArrivalAlert = true
    manager.requestAlwaysAuthorization()
  }

  /// What the alert can do now. Read from the manager rather than kept from the last delegate
  /// call: when the user keeps While Using, no call comes (nothing changed, R41).
  public var arrivalAlert: ArrivalAlert {
    guard wantsArrivalAlert else { return .off }
    switch manager.authorizationStatus {
    case .authorizedAlways: return .on
    case .authorizedWhenInUse: return .onlyWhileOpen
    default: return .off
    }
  }

  public func locationManagerDidChangeAuthorization(_ manager: FakeLocationManager) {
    authorizationChanges.append(manager.authorizationPair.description)
    update()
  }

  private func update() {
    switch manager.authorizationStatus {
    case .denied, .restricted: banner = .locationOff
    case .authorizedWhenInUse, .authorizedAlways:
      banner = manager.accuracyAuthorization == .reducedAccuracy ? .approximate : .none
    default: banner = .askForLocation
    }
  }
}
