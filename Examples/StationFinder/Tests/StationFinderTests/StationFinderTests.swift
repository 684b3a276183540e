import AuthFake
import AuthModel
import StationFinder
import Testing

/// The station finder's location logic, driven through every answer a user can give, with the
/// fake's public API only.
@MainActor
@Suite struct StationFinderTests {
  static let app = AppConfiguration(
    ios: .ios18,
    infoPlist: InfoPlist(
      whenInUseUsageDescription: "Shows stations near you",
      alwaysAndWhenInUseUsageDescription: "Wakes you before your station",
      backgroundModes: ["location"]))

  /// The app launched, the finder on screen.
  static func launched() throws -> (FakeDevice, StationFinder) {
    let device = FakeDevice(configuration: app)
    try device.launch()
    return (device, StationFinder(device: device))
  }

  @Test("the user allows: precise stations, and one delegate call per change")
  func allowed() throws {
    let (device, finder) = try Self.launched()
    #expect(finder.banner == .askForLocation)
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    #expect(finder.banner == .none)
    // Exactly two calls: at creation, then the answer (R41).
    #expect(
      finder.authorizationChanges == [
        "notDetermined/fullAccuracy", "authorizedWhenInUse/fullAccuracy",
      ])
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("the denial path: Don't Allow, then the link to Settings")
  func denied() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.dontAllow)
    #expect(finder.banner == .locationOff)
    // Asking again shows nothing: the app must send the user to Settings (R13).
    finder.askForLocation()
    #expect(device.prompt == .none)
  }

  @Test("Precise off: approximate stations, precise again after Settings")
  func preciseOff() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing, precise: false)
    #expect(finder.banner == .approximate)
    try device.enterBackground()
    try device.changeSettings(.precise(true))
    try device.enterForeground()
    #expect(finder.banner == .none)
  }

  @Test("Location Services off for the whole device")
  func locationServicesOff() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    try device.enterBackground()
    try device.changeSettings(.locationServices(false))
    #expect(finder.banner == .locationOff)
    #expect(finder.authorizationChanges.last == "denied/fullAccuracy")
    #expect(finder.authorizationChanges.count == 3)
  }

  @Test("Always declined: no delegate call comes, so the alert reads the manager")
  func alwaysDeclined() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    let calls = finder.authorizationChanges
    finder.turnOnArrivalAlert()
    #expect(device.prompt == .alwaysUpgrade)
    try device.tap(.keepOnlyWhileUsing)
    #expect(finder.authorizationChanges == calls)  // nothing changed: no call (R41)
    #expect(finder.arrivalAlert == .onlyWhileOpen)
  }

  @Test("Always allowed from the alert's prompt")
  func alwaysAllowed() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    finder.turnOnArrivalAlert()
    try device.tap(.changeToAlwaysAllow)
    #expect(finder.arrivalAlert == .on)
  }

  @Test("termination and relaunch: a new finder starts from what iOS remembers")
  func terminationAndRelaunch() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing, precise: false)
    try device.terminate()
    let changes = finder.authorizationChanges
    try device.changeSettings(.precise(true))  // while not running: no call (R41)
    #expect(finder.authorizationChanges == changes)
    try device.launch()
    let next = StationFinder(device: device)
    #expect(next.banner == .none)
    #expect(next.authorizationChanges == ["authorizedWhenInUse/fullAccuracy"])
  }

  @Test("a step iOS never allows is refused with its rule")
  func refused() throws {
    let (device, _) = try Self.launched()
    let refusal = #expect(throws: Refusal.self) { try device.changeSettings(.precise(false)) }
    #expect(refusal?.rule == .r38)
    #expect(refusal?.reason == .settingsWhileInForeground)
  }
}
