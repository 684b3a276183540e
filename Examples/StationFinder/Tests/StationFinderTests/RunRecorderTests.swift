import AuthFake
import AuthModel
import LocationSeam
import StationFinder
import Testing

#if canImport(CoreLocation)
  import CoreLocation
#endif

/// The run recorder's location logic: background updates, their pause and restart, and what
/// happens to a run when the user changes their mind, with the fake in place of its manager.
@MainActor
@Suite struct RunRecorderTests {
  /// A location `meters` north of Central.
  static func point(_ meters: Double) -> CLLocation {
    StationFinderTests.location(near: StationFinderTests.central, meters: meters)
  }

  /// The latitudes of the route, in meters north of Central, rounded.
  static func meters(_ route: [CLLocation]) -> [Int] {
    route.map {
      Int(
        (($0.coordinate.latitude - StationFinderTests.central.latitude) * 111_195)
          .rounded())
    }
  }

  /// The app launched, the recorder on screen with a manager of its own.
  static func launched() throws -> (FakeDevice, RunRecorder) {
    let device = FakeDevice(configuration: StationFinderTests.app)
    try device.launch()
    // The app's `RunRecorder()` passes `CLLocationManager()`; the test, the fake:
    return (device, RunRecorder(manager: FakeLocationManager(device: device)))
  }

  @Test("Start asks for location first, and records once the user allows")
  func startAsks() throws {
    let (device, recorder) = try Self.launched()
    recorder.startRun()
    #expect(recorder.state == .waitingForPermission)
    #expect(device.prompt == .whenInUse)
    try device.tap(.allowWhileUsing)
    #expect(recorder.state == .recording)
    #expect(recorder.manager.allowsBackgroundLocationUpdates)
    #expect(device.simulator.locationUpdates == .full)
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("the denial path: Don't Allow at Start, and a later Start shows the link to Settings")
  func denied() throws {
    let (device, recorder) = try Self.launched()
    recorder.startRun()
    try device.tap(.dontAllow)
    #expect(recorder.state == .locationOff)
    #expect(device.simulator.state.legacy.updating == 0)
    recorder.startRun()
    #expect(recorder.state == .locationOff)
    #expect(device.prompt == .none)
  }

  @Test("a run goes on in the background, past the grace period, with the indicator")
  func background() throws {
    let (device, recorder) = try Self.launched()
    recorder.startRun()
    try device.tap(.allowWhileUsing)
    try device.enterBackground()
    try device.wait()
    #expect(recorder.state == .recording)
    #expect(device.simulator.backgroundIndicator == .shown)
    #expect(device.deliverLocations([Self.point(0), Self.point(10)]).count == 1)
    #expect(Self.meters(recorder.route) == [0, 10])
  }

  @Test("Allow Once lasts through a run in the background, and lapses once it is paused")
  func allowOnceDuringARun() throws {
    let (device, recorder) = try Self.launched()
    recorder.startRun()
    try device.tap(.allowOnce)
    try device.enterBackground()
    try device.wait()
    // The indicator keeps the app in use, and the grant with it (R44, R12).
    #expect(recorder.state == .recording)
    #expect(recorder.manager.authorizationStatus == .authorizedWhenInUse)
    #expect(device.deliverLocations([Self.point(0)]).count == 1)
    try device.pauseUpdates()
    #expect(recorder.state == .paused)
    try device.wait()
    #expect(recorder.manager.authorizationStatus == .notDetermined)
    #expect(recorder.state == .paused)
    #expect(Self.meters(recorder.route) == [0])
    // Resume, back in the app, asks again.
    try device.enterForeground()
    recorder.resumeRun()
    #expect(recorder.state == .waitingForPermission)
    #expect(device.prompt == .whenInUse)
  }

  @Test("background tracking stops at a pause, and records again once the user resumes")
  func pauseAndRestart() throws {
    let (device, recorder) = try Self.launched()
    recorder.startRun()
    try device.tap(.allowWhileUsing)
    #expect(device.deliverLocations([Self.point(0)]) == [StationFinderTests.name(recorder.manager)])
    try device.enterBackground()
    try device.wait()
    #expect(device.deliverLocations([Self.point(100), Self.point(200)]).count == 1)
    #expect(Self.meters(recorder.route) == [0, 100, 200])
    try device.pauseUpdates()
    // Core Location paused the updates (R46): the recorder says so, and nothing comes.
    #expect(recorder.state == .paused)
    #expect(device.simulator.backgroundIndicator == .hidden)
    #expect(device.deliverLocations([Self.point(300)]).isEmpty)
    // A When In Use app gets nothing until it is in use again: the user opens it, resumes.
    try device.enterForeground()
    recorder.resumeRun()
    #expect(recorder.state == .recording)
    #expect(device.deliverLocations([Self.point(400)]).count == 1)
    // And the restart, made in use, goes on in the background again (R44).
    try device.enterBackground()
    try device.wait()
    #expect(device.deliverLocations([Self.point(500)]).count == 1)
    #expect(Self.meters(recorder.route) == [0, 100, 200, 400, 500])
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("Location turned off in Settings during a run in the background stops it")
  func settingsInBackground() throws {
    let (device, recorder) = try Self.launched()
    recorder.startRun()
    try device.tap(.allowWhileUsing)
    try device.enterBackground()
    try device.changeSettings(.precise(false))
    // Approximate fixes still come, and record (R43).
    #expect(recorder.state == .recording)
    #expect(device.simulator.locationUpdates == .reduced)
    #expect(device.deliverLocations([Self.point(1_000)]).count == 1)
    try device.changeSettings(.location(.never))
    #expect(recorder.state == .locationOff)
    #expect(device.simulator.state.legacy.updating == 0)
    #expect(device.deliverLocations([Self.point(2_000)]).isEmpty)
    // Back to While Using: the run does not restart by itself; Resume does.
    try device.changeSettings(.location(.whileUsing))
    #expect(recorder.state == .locationOff)
    #expect(device.deliverLocations([Self.point(3_000)]).isEmpty)
    try device.enterForeground()
    recorder.resumeRun()
    #expect(recorder.state == .recording)
    #expect(device.deliverLocations([Self.point(4_000)]).count == 1)
    #expect(Self.meters(recorder.route) == [1_000, 4_000])
  }

  @Test("the two features, each with its manager: a run's locations go to the recorder")
  func twoFeatures() throws {
    let (device, recorder) = try Self.launched()
    let finder = StationFinder(manager: FakeLocationManager(device: device))
    finder.askForLocation()
    try device.tap(.allowWhileUsing)
    recorder.startRun()
    let location = StationFinderTests.location(near: StationFinderTests.westside)
    // Both managers get it: the recorder's updates, the finder's significant changes.
    #expect(
      Set(device.deliverLocations([location]))
        == [StationFinderTests.name(recorder.manager), StationFinderTests.name(finder.manager)])
    #expect(recorder.route.count == 1)
    #expect(finder.nearbyStations.first == StationFinderTests.westside)
    // The arrival alert's region, the app's, reaches both; only the finder acts on it.
    finder.turnOnArrivalAlert(at: StationFinderTests.central)
    #expect(
      device.crossRegion(StationFinderTests.central.arrivalRegionIdentifier, entering: true).count
        == 2)
    #expect(finder.arrivedAt == StationFinderTests.central)
    #expect(recorder.state == .recording)
    #expect(recorder.route.count == 1)
  }

  @Test("Stop ends the run and its updates")
  func stop() throws {
    let (device, recorder) = try Self.launched()
    recorder.startRun()
    try device.tap(.allowWhileUsing)
    #expect(device.deliverLocations([Self.point(0)]).count == 1)
    recorder.stopRun()
    #expect(recorder.state == .idle)
    #expect(device.simulator.locationUpdates == .none)
    #expect(device.deliverLocations([Self.point(100)]).isEmpty)
    #expect(Self.meters(recorder.route) == [0])
  }
}
