import CoreLocation

/// The package's one way to Core Location: a wrapper the rest of the code calls.
public final class LocationProvider {
  private let manager: CLLocationManager

  public init() {
    manager = CLLocationManager()
    manager.allowsBackgroundLocationUpdates = true
  }

  public func startUpdatingLocation() {
    manager.requestWhenInUseAuthorization()
    manager.startUpdatingLocation()
  }

  public func askForPreciseLocation() {
    manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: PurposeKeys.ride)
  }
}
