// The test of the README's example (docs/TESTING.md names it beside Examples/StationFinder),
// compiled and run; DocExampleTests checks that the README shows this text.
import AuthFake
import AuthModel
import Testing

@MainActor
@Test func theStationListFollowsTheUsersAnswers() throws {
  let device = FakeDevice(
    configuration: AppConfiguration(
      ios: .ios18, infoPlist: InfoPlist(whenInUseUsageDescription: "Shows stations near you")))
  try device.launch()
  // The one line that differs from the app's `StationListModel(manager: CLLocationManager())`:
  let model = StationListModel(manager: FakeLocationManager(device: device))
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
