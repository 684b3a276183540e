import CoreLocation

/// Regions around the stops, and significant changes for the journey's estimate.
final class AlarmCenter: NSObject, CLLocationManagerDelegate {
  let journey = CLLocationManager()
  var favourites: [CLCircularRegion] = []

  func setAlarm() {
    journey.requestAlwaysAuthorization()
    for stop in [Stop.home, Stop.work] {
      journey.startMonitoring(for: stop.region)
    }
    journey.startMonitoringSignificantLocationChanges()
  }

  func watchFavourites() {
    for region in favourites {
      journey.startMonitoring(for: region)
    }
  }
}
