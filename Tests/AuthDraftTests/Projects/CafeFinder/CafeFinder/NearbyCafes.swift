import CoreLocation

/// The cafés around the user, refreshed each time the list appears.
@MainActor
final class NearbyCafes: NSObject, ObservableObject, CLLocationManagerDelegate {
  @Published var cafes: [Cafe] = []
  private let manager = CLLocationManager()

  func refresh() {
    manager.delegate = self
    manager.requestWhenInUseAuthorization()
    manager.startUpdatingLocation()
  }

  nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations: [CLLocation]) {
    // manager.startMonitoringVisits() would need Always: not here.
  }
}
