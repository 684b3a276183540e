// The README's example (docs/TESTING.md names it beside Examples/StationFinder), compiled and
// run as a test; DocExampleTests checks that the README shows this text.
import LocationSeam

/// The app's code: what the station list shows, from what Core Location says. It holds the
/// seam, `any LocationManaging`: a `CLLocationManager` in the app, a fake in its tests.
@MainActor
final class StationListModel: LocationManagingDelegate {
  enum Banner: Equatable { case none, askForLocation, locationOff, approximate }
  private(set) var banner = Banner.none
  let manager: any LocationManaging

  init(manager: any LocationManaging) {
    self.manager = manager
    manager.locationDelegate = self
  }

  func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
    switch manager.authorizationStatus {
    case .denied, .restricted: banner = .locationOff
    case .authorizedWhenInUse, .authorizedAlways:
      banner = manager.accuracyAuthorization == .reducedAccuracy ? .approximate : .none
    default: banner = .askForLocation
    }
  }
}
