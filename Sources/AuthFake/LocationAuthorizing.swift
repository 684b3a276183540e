import AuthModel

/// What app code reads and asks of a location manager about authorization, so that the same
/// code can hold a ``FakeLocationManager`` in tests and, on Apple platforms, a
/// `CLLocationManager` in the app (which conforms below, where CoreLocation exists).
@MainActor
public protocol LocationAuthorizing: AnyObject {
  /// The authorization status and accuracy the manager reports now (R1, R2).
  var authorizationPair: AuthorizationPair { get }
  /// `requestWhenInUseAuthorization()` (R13).
  func requestWhenInUseAuthorization()
  /// `requestAlwaysAuthorization()` (R14, R15).
  func requestAlwaysAuthorization()
}

extension FakeLocationManager: LocationAuthorizing {
  /// The status and accuracy the manager reports now.
  public var authorizationPair: AuthorizationPair {
    AuthorizationPair(
      authorizationStatus: authorizationStatus, accuracyAuthorization: accuracyAuthorization)
  }
}

#if canImport(CoreLocation)
  import CoreLocation

  extension CLLocationManager: LocationAuthorizing {
    /// The status and accuracy the manager reports now, in the model's words.
    public var authorizationPair: AuthorizationPair {
      AuthorizationPair(
        authorizationStatus: AuthorizationStatus(authorizationStatus),
        accuracyAuthorization: AccuracyAuthorization(accuracyAuthorization))
    }
  }

  extension AuthorizationStatus {
    /// Core Location's status in the model's words.
    public init(_ status: CLAuthorizationStatus) {
      switch status {
      case .restricted: self = .restricted
      case .denied: self = .denied
      case .authorizedAlways: self = .authorizedAlways
      case .authorizedWhenInUse: self = .authorizedWhenInUse
      default: self = .notDetermined
      }
    }
  }

  extension AccuracyAuthorization {
    /// Core Location's accuracy in the model's words.
    public init(_ accuracy: CLAccuracyAuthorization) {
      self = accuracy == .fullAccuracy ? .fullAccuracy : .reducedAccuracy
    }
  }
#endif
