import AuthModel
import LocationSeam

#if canImport(Darwin) && canImport(CoreLocation)
  import CoreLocation
#endif

extension CLAuthorizationStatus {
  /// The model's status in Core Location's words.
  public init(_ status: AuthorizationStatus) {
    switch status {
    case .notDetermined: self = .notDetermined
    case .restricted: self = .restricted
    case .denied: self = .denied
    case .authorizedAlways: self = .authorizedAlways
    case .authorizedWhenInUse: self = .authorizedWhenInUse
    }
  }
}

extension CLAccuracyAuthorization {
  /// The model's accuracy in Core Location's words.
  public init(_ accuracy: AccuracyAuthorization) {
    switch accuracy {
    case .fullAccuracy: self = .fullAccuracy
    case .reducedAccuracy: self = .reducedAccuracy
    }
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
