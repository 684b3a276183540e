import CoreLocation

/// Records a run: continuous updates, in the background too.
final class RunRecorder: NSObject, CLLocationManagerDelegate {
  static let shared = RunRecorder()

  private lazy var manager: CLLocationManager = {
    let manager = CLLocationManager()
    manager.allowsBackgroundLocationUpdates = true
    manager.showsBackgroundLocationIndicator = true
    manager.pausesLocationUpdatesAutomatically = false
    manager.delegate = self
    return manager
  }()

  func start() {
    manager.requestWhenInUseAuthorization()
    manager.startUpdatingLocation()
  }

  func resume() { start() }

  func stop() { manager.stopUpdatingLocation() }
}
