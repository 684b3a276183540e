import CoreLocation
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
  let locationManager = CLLocationManager()

  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    locationManager.requestAlwaysAuthorization()
    return true
  }
}
