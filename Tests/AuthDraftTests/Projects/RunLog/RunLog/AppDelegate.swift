import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication,
    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    if launchOptions?[.location] != nil {
      // Relaunched for location: a run was on when iOS terminated the app.
      RunRecorder.shared.resume()
    }
    return true
  }
}
