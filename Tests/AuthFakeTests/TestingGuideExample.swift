// The example of docs/TESTING.md, compiled and run as a test; DocExampleTests checks that the
// guide shows this text.
import AuthFake
import AuthModel
import Testing

/// The app's code: what the station list shows, from what Core Location says.
@MainActor
final class StationListModel: FakeLocationManagerDelegate {
  enum Banner: Equatable { case none, askForLocation, locationOff, approximate }
  private(set) var banner = Banner.none
  let manager: FakeLocationManager

  init(device: FakeDevice) {
    manager = FakeLocationManager(device: device)
    manager.delegate = self
  }

  func locationManagerDidChangeAuthorization(_ manager: FakeLocationManager) {
    switch manager.authorizationStatus {
    case .notDetermined: banner = .askForLocation
    case .denied, .restricted: banner = .locationOff
    case .authorizedWhenInUse, .authorizedAlways:
      banner = manager.accuracyAuthorization == .reducedAccuracy ? .approximate : .none
    }
  }
}

@MainActor
@Test func theStationListFollowsTheUsersAnswers() throws {
  let device = FakeDevice(
    configuration: AppConfiguration(
      ios: .ios18, infoPlist: InfoPlist(whenInUseUsageDescription: "Shows stations near you")))
  try device.launch()
  let model = StationListModel(device: device)
  #expect(model.banner == .askForLocation)
  model.manager.requestWhenInUseAuthorization()
  try device.tap(.allowWhileUsing, precise: false)  // the user turns Precise off
  #expect(model.banner == .approximate)
  try device.enterBackground()
  try device.changeSettings(.location(.never))  // then Never, in Settings
  try device.enterForeground()
  #expect(model.banner == .locationOff)
  // A step iOS never allows throws its rule: no prompt is up (R6).
  let refusal = #expect(throws: Refusal.self) { try device.tap(.allowOnce) }
  #expect(refusal?.rule == .r6)
  #expect(device.refusedAppCalls.isEmpty)
}
