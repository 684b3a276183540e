import CoreLocation

/// The stations near the user, while the app is in use.
@MainActor
final class NearbyStations {
  private var session: CLServiceSession?

  func start() {
    session = CLServiceSession(authorization: .whenInUse)
    Task {
      for try await update in CLLocationUpdate.liveUpdates() {
        print("update \(String(describing: update.location))")
      }
    }
  }
}
