import AuthFake
import AuthModel
import LocationSeam
import StationFinder
import Testing

/// The run recorder's location logic: background updates, their pause and restart, and what
/// happens to a run when the user changes their mind, with the fake in place of its manager.
@MainActor
@Suite struct RunRecorderTests {
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
    #expect(device.simulator.locationUpdates == .full)
    #expect(device.simulator.backgroundIndicator == .shown)
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
    try device.pauseUpdates()
    #expect(recorder.state == .paused)
    try device.wait()
    #expect(recorder.manager.authorizationStatus == .notDetermined)
    #expect(recorder.state == .paused)
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
    try device.enterBackground()
    try device.wait()
    try device.pauseUpdates()
    // Core Location paused the updates (R46): the recorder says so, and nothing comes.
    #expect(recorder.state == .paused)
    #expect(device.simulator.state.legacy.updating == 0)
    #expect(device.simulator.backgroundIndicator == .hidden)
    // A When In Use app gets nothing until it is in use again: the user opens it, resumes.
    try device.enterForeground()
    recorder.resumeRun()
    #expect(recorder.state == .recording)
    #expect(device.simulator.locationUpdates == .full)
    // And the restart, made in use, goes on in the background again (R44).
    try device.enterBackground()
    try device.wait()
    #expect(device.simulator.locationUpdates == .full)
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("Location turned off in Settings during a run in the background stops it")
  func settingsInBackground() throws {
    let (device, recorder) = try Self.launched()
    recorder.startRun()
    try device.tap(.allowWhileUsing)
    try device.enterBackground()
    try device.changeSettings(.precise(false))
    // Approximate fixes still record (R43).
    #expect(recorder.state == .recording)
    #expect(device.simulator.locationUpdates == .reduced)
    try device.changeSettings(.location(.never))
    #expect(recorder.state == .locationOff)
    #expect(device.simulator.state.legacy.updating == 0)
    // Back to While Using: the run does not restart by itself; Resume does.
    try device.changeSettings(.location(.whileUsing))
    #expect(recorder.state == .locationOff)
    try device.enterForeground()
    recorder.resumeRun()
    #expect(recorder.state == .recording)
  }

  @Test("Stop ends the run and its updates")
  func stop() throws {
    let (device, recorder) = try Self.launched()
    recorder.startRun()
    try device.tap(.allowWhileUsing)
    recorder.stopRun()
    #expect(recorder.state == .idle)
    #expect(device.simulator.locationUpdates == .none)
  }
}
