import AuthFake
import AuthModel
import LocationSeam
import StationFinder
import Testing

#if canImport(CoreLocation)
  import CoreLocation
#endif

/// The station finder's location logic, driven through the answers a user can give and what
/// the system does, with the fake's public API only: each test swaps in the fake where the app
/// passes Core Location's manager, and checks what the finder shows.
@MainActor
@Suite struct StationFinderTests {
  /// The app as built: both features' usage strings, the Precise button's purpose key, and
  /// `location` in its background modes for the run recorder.
  static let app = AppConfiguration(
    ios: .ios18,
    infoPlist: InfoPlist(
      whenInUseUsageDescription: "Shows stations near you",
      alwaysAndWhenInUseUsageDescription: "Wakes you before your station",
      temporaryUsageDescriptions: [
        StationFinder.precisePurposeKey: "Shows the stations nearest you"
      ],
      backgroundModes: ["location"]))

  static let central = Station.all[0]
  static let westside = Station.all[4]

  /// A location `meters` north of `station`.
  static func location(near station: Station, meters: Double = 50) -> CLLocation {
    CLLocation(latitude: station.latitude + meters / 111_195, longitude: station.longitude)
  }

  /// The fake's name of `manager`, as a delivery returns it.
  static func name(_ manager: any LocationManaging) -> String {
    (manager as? FakeLocationManager)?.name ?? "not the fake"
  }

  /// The app launched, the finder on screen.
  static func launched() throws -> (FakeDevice, StationFinder) {
    let device = FakeDevice(configuration: app)
    try device.launch()
    // The one line that differs from the app's `StationFinder()`, which passes
    // `CLLocationManager()`:
    let finder = StationFinder(manager: FakeLocationManager(device: device))
    return (device, finder)
  }

  @Test("the denial path: Don't Allow, the link to Settings, no alert, and back from Settings")
  func denied() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.dontAllow)
    #expect(finder.banner == .locationOff)
    // No location comes: the list stays without nearby stations.
    #expect(device.deliverLocations([Self.location(near: Self.westside)]).isEmpty)
    #expect(finder.nearbyStations.isEmpty)
    // Asking again shows nothing: the app must send the user to Settings (R13).
    finder.askForLocation()
    #expect(device.prompt == .none)
    // The alert asks for Always, which shows nothing either: it stays off.
    finder.turnOnArrivalAlert(at: Self.central)
    #expect(device.prompt == .none)
    #expect(finder.arrivalAlert == .off)
    // The user follows the link, allows While Using in Settings, and comes back.
    try device.enterBackground()
    try device.changeSettings(.location(.whileUsing))
    try device.enterForeground()
    #expect(finder.banner == .none)
    #expect(finder.arrivalAlert == .onlyWhileOpen)
    // Told of the change, the finder started its significant changes: the list fills.
    #expect(
      device.deliverLocations([Self.location(near: Self.westside)]) == [Self.name(finder.manager)])
    #expect(finder.nearbyStations.first == Self.westside)
    #expect(device.refusedAppCalls.isEmpty)
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

  @Test("Allow Once: precise stations while in use, then asked again once the grant lapses")
  func allowOnceLapses() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowOnce)
    #expect(finder.banner == .none)
    #expect(device.deliverLocations([Self.location(near: Self.westside)]).count == 1)
    #expect(finder.nearbyStations.first == Self.westside)
    // A short trip to the background keeps the grant (R12).
    try device.enterBackground()
    try device.enterForeground()
    #expect(finder.banner == .none)
    // Out of use, time passes: the grant lapses, and the app, in the background, is told (R41).
    try device.enterBackground()
    try device.wait()
    #expect(finder.authorizationChanges.last == "notDetermined/fullAccuracy")
    #expect(finder.banner == .askForLocation)
    // Nothing comes any more, even back in use: the list keeps what it had.
    try device.enterForeground()
    #expect(device.deliverLocations([Self.location(near: Self.central)]).isEmpty)
    #expect(finder.nearbyStations.first == Self.westside)
    // "Use my location" asks again.
    finder.askForLocation()
    #expect(device.prompt == .whenInUse)
  }

  @Test("reduced accuracy, then temporary full accuracy from the banner, until the app leaves use")
  func reducedThenTemporaryFullAccuracy() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing, precise: false)
    #expect(finder.banner == .approximate)
    finder.askForPreciseLocation()
    #expect(device.prompt == .temporaryFullAccuracy)
    try device.tap(.allowOnce)
    #expect(finder.banner == .none)
    // The grant lasts while the app is in use, a short trip to the background included (R12).
    try device.enterBackground()
    #expect(finder.banner == .none)
    try device.wait()
    #expect(finder.banner == .approximate)
    #expect(
      finder.authorizationChanges == [
        "notDetermined/fullAccuracy", "authorizedWhenInUse/reducedAccuracy",
        "authorizedWhenInUse/fullAccuracy", "authorizedWhenInUse/reducedAccuracy",
      ])
  }

  @Test("the Precise button with full accuracy already shows nothing, and changes nothing")
  func preciseWhenPrecise() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    let calls = finder.authorizationChanges
    finder.askForPreciseLocation()
    #expect(device.prompt == .none)
    #expect(device.simulator.requestResult == .promptDeclined)
    #expect(finder.authorizationChanges == calls)
  }

  @Test("Settings changed while the app is in the background: the banner and the alert follow")
  func settingsInBackground() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    finder.turnOnArrivalAlert(at: Self.central)
    try device.tap(.changeToAlwaysAllow)
    #expect(finder.arrivalAlert == .on)
    try device.enterBackground()
    try device.changeSettings(.precise(false))
    // Told at once, in the background (R41): approximate, and the alert cannot work.
    #expect(finder.banner == .approximate)
    #expect(finder.arrivalAlert == .needsPreciseLocation)
    try device.changeSettings(.location(.never))
    #expect(finder.banner == .locationOff)
    #expect(finder.arrivalAlert == .off)
    #expect(device.deliverLocations([Self.location(near: Self.westside)]).isEmpty)
    #expect(finder.nearbyStations.isEmpty)
    // The alert is still the user's: with Always and Precise back, it is on again.
    try device.changeSettings(.location(.always))
    try device.changeSettings(.precise(true))
    #expect(finder.banner == .none)
    #expect(finder.arrivalAlert == .on)
    #expect(finder.authorizationChanges.count == 7)
    // With Always, the significant changes it started again come in the background too (R47).
    #expect(device.deliverLocations([Self.location(near: Self.westside)]).count == 1)
    #expect(finder.nearbyStations.first == Self.westside)
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
    finder.turnOnArrivalAlert(at: Self.central)
    #expect(device.prompt == .alwaysUpgrade)
    try device.tap(.keepOnlyWhileUsing)
    #expect(finder.authorizationChanges == calls)  // nothing changed: no call (R41)
    #expect(finder.arrivalAlert == .onlyWhileOpen)
  }

  @Test("Always allowed from the alert's prompt: its region is monitored")
  func alwaysAllowed() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    finder.turnOnArrivalAlert(at: Self.central)
    try device.tap(.changeToAlwaysAllow)
    #expect(finder.arrivalAlert == .on)
    #expect(finder.alertStation == Self.central)
    #expect(device.simulator.monitoredRegions == [Self.central.arrivalRegionIdentifier])
    finder.turnOffArrivalAlert()
    #expect(finder.arrivalAlert == .off)
    #expect(device.simulator.monitoredRegions.isEmpty)
  }

  @Test("termination and relaunch: a new finder starts from what iOS remembers")
  func terminationAndRelaunch() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing, precise: false)
    finder.turnOnArrivalAlert(at: Self.central)
    try device.tap(.keepOnlyWhileUsing)
    try device.terminate()
    let changes = finder.authorizationChanges
    try device.changeSettings(.precise(true))  // while not running: no call (R41)
    #expect(finder.authorizationChanges == changes)
    try device.launch()
    let next = StationFinder(manager: FakeLocationManager(device: device))
    #expect(next.banner == .none)
    #expect(next.authorizationChanges == ["authorizedWhenInUse/fullAccuracy"])
    // The alert's region outlived the app (R49): the new finder shows the alert on.
    #expect(next.alertStation == Self.central)
    #expect(next.arrivalAlert == .onlyWhileOpen)
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test(
    "significant changes refresh the nearby stations: in use, and in the background with Always")
  func nearbyStations() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    #expect(
      device.deliverLocations([Self.location(near: Self.westside)]) == [Self.name(finder.manager)])
    #expect(finder.nearbyStations.map(\.name) == ["Westside", "Museum", "Central"])
    // When In Use, out of use: none come (R47), and the list keeps the last ones.
    try device.enterBackground()
    try device.wait()
    #expect(device.deliverLocations([Self.location(near: Self.central)]).isEmpty)
    #expect(finder.nearbyStations.first == Self.westside)
    // With Always (the arrival alert's), they come in the background too.
    try device.enterForeground()
    finder.turnOnArrivalAlert(at: Self.central)
    try device.tap(.changeToAlwaysAllow)
    try device.enterBackground()
    try device.wait()
    #expect(device.deliverLocations([Self.location(near: Self.central)]).count == 1)
    #expect(finder.nearbyStations.first == Self.central)
  }

  @Test("the arrival alert's region crossing comes only with full accuracy, and alerts once")
  func arrivalNeedsFullAccuracy() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing, precise: false)
    finder.turnOnArrivalAlert(at: Self.central)
    try device.tap(.changeToAlwaysAllow)
    #expect(finder.arrivalAlert == .needsPreciseLocation)
    let region = Self.central.arrivalRegionIdentifier
    #expect(device.simulator.monitoredRegions == [region])
    // Approximate location: region monitoring is not available (R49), the crossing never comes.
    try device.enterBackground()
    try device.wait()
    #expect(device.crossRegion(region, entering: true).isEmpty)
    #expect(finder.arrivedAt == nil)
    // Precise on in Settings: the alert works, and the crossing wakes the app (R49).
    try device.changeSettings(.precise(true))
    #expect(finder.arrivalAlert == .on)
    #expect(device.crossRegion(region, entering: true) == [Self.name(finder.manager)])
    #expect(finder.arrivedAt == Self.central)
    // One trip, one alert: the region is gone, and the next crossing reaches nobody.
    #expect(finder.arrivalAlert == .off)
    #expect(device.simulator.monitoredRegions.isEmpty)
    #expect(device.crossRegion(region, entering: true).isEmpty)
  }

  @Test("a relaunch for significant changes: the new finder starts them again and refreshes")
  func relaunchForSignificantChanges() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    finder.turnOnArrivalAlert(at: Self.central)
    try device.tap(.changeToAlwaysAllow)
    finder.turnOffArrivalAlert()  // no region: significant changes are all that relaunch it
    try device.terminate()
    #expect(device.deliverLocations([Self.location(near: Self.westside)]).isEmpty)
    // Always, and registered for significant changes: Core Location relaunches the app into the
    // background for the event (R36, R47), and the app makes its finder again.
    try device.relaunchInBackground()
    let relaunched = StationFinder(manager: FakeLocationManager(device: device))
    #expect(relaunched.banner == .none)
    #expect(relaunched.arrivalAlert == .off)
    // The new manager started the service again (R47): the event reaches it, not the old one.
    #expect(
      device.deliverLocations([Self.location(near: Self.westside)]) == [
        Self.name(relaunched.manager)
      ])
    #expect(relaunched.nearbyStations.first == Self.westside)
    #expect(finder.nearbyStations.isEmpty)
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("a When In Use app is never relaunched for its significant changes (R36)")
  func noRelaunchWhenInUse() throws {
    let (device, finder) = try Self.launched()
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    #expect(device.simulator.state.legacy.significantChangesRegistered)
    try device.terminate()
    let refusal = #expect(throws: Refusal.self) { try device.relaunchInBackground() }
    #expect(refusal?.rule == .r36)
  }

  @Test("a step iOS never allows is refused with its rule")
  func refused() throws {
    let (device, _) = try Self.launched()
    let refusal = #expect(throws: Refusal.self) { try device.changeSettings(.precise(false)) }
    #expect(refusal?.rule == .r38)
    #expect(refusal?.reason == .settingsWhileInForeground)
  }
}
