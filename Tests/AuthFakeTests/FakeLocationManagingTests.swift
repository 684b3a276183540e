import AuthFake
import AuthModel
import LocationSeam
import Testing

#if canImport(Darwin) && canImport(CoreLocation)
  import CoreLocation
#endif

/// What a seam delegate sees: each call, with the pair it reads in an authorization call.
@MainActor
final class SeamRecorder: LocationManagingDelegate {
  var calls: [String] = []
  func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
    calls.append(
      "\(AuthorizationStatus(manager.authorizationStatus).rawValue)/"
        + AccuracyAuthorization(manager.accuracyAuthorization).rawValue)
  }
  func locationManagerDidPauseLocationUpdates(_ manager: any LocationManaging) {
    calls.append("didPause")
  }
  func locationManager(
    _ manager: any LocationManaging, monitoringDidFailFor region: CLRegion?,
    withError error: any Error
  ) {
    let code =
      (error as? CLError)?.code == .regionMonitoringFailure ? "regionMonitoringFailure" : ""
    calls.append("monitoringDidFail:\(region?.identifier ?? "nil") \(code)")
  }
}

/// `FakeLocationManager` as `any LocationManaging`: the seam's delegate gets the model's calls
/// (R41, R46, R49) and the legacy services are the model's (§8b).
@MainActor
@Suite struct FakeLocationManagingTests {
  static func device(
    backgroundModes: [String] = ["location"], start: StartingState = StartingState()
  ) -> FakeDevice {
    FakeDevice(
      configuration: AppConfiguration(
        ios: .ios18,
        infoPlist: InfoPlist(
          whenInUseUsageDescription: "Shows stations near you", backgroundModes: backgroundModes)),
      start: start)
  }

  static func region(_ identifier: String) -> CLRegion {
    CLCircularRegion(
      center: CLLocationCoordinate2D(latitude: 48.14, longitude: 11.56), radius: 100,
      identifier: identifier)
  }

  @Test("R41: the seam's delegate gets the calls the fake's delegate gets")
  func authorizationCalls() throws {
    let device = Self.device()
    try device.launch()
    let fake = FakeLocationManager(device: device)
    let recording = RecordingDelegate()
    fake.delegate = recording
    let manager: any LocationManaging = fake
    let recorder = SeamRecorder()
    manager.locationDelegate = recorder
    #expect(manager.locationDelegate === recorder)
    manager.requestWhenInUseAuthorization()
    try device.tap(.allowWhileUsing, precise: false)
    try device.enterBackground()
    try device.changeSettings(.location(.never))
    try device.enterForeground()
    #expect(
      recorder.calls == [
        "notDetermined/fullAccuracy", "authorizedWhenInUse/reducedAccuracy",
        "denied/reducedAccuracy",
      ])
    #expect(recorder.calls == recording.calls)
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("R41: a seam delegate set late gets the call of the manager's creation once")
  func lateDelegate() throws {
    let device = Self.device()
    try device.launch()
    let manager: any LocationManaging = FakeLocationManager(device: device)
    manager.requestWhenInUseAuthorization()
    try device.tap(.allowWhileUsing, precise: true)
    let recorder = SeamRecorder()
    manager.locationDelegate = recorder
    try device.enterBackground()
    #expect(recorder.calls == ["authorizedWhenInUse/fullAccuracy"])
  }

  @Test("R46: a pause reaches the seam's delegate of a manager that pauses automatically")
  func pause() throws {
    let device = Self.device(start: StartingState(location: .whileUsing))
    try device.launch()
    let manager: any LocationManaging = FakeLocationManager(device: device)
    let steady: any LocationManaging = FakeLocationManager(device: device)
    let recorder = SeamRecorder()
    let steadyRecorder = SeamRecorder()
    manager.locationDelegate = recorder
    steady.locationDelegate = steadyRecorder
    steady.pausesLocationUpdatesAutomatically = false
    #expect(!steady.pausesLocationUpdatesAutomatically)
    manager.allowsBackgroundLocationUpdates = true
    manager.startUpdatingLocation()
    steady.startUpdatingLocation()
    #expect(throws: Refusal.self) { try device.pauseUpdates() }  // R46: in the foreground
    try device.enterBackground()
    try device.pauseUpdates()
    #expect(recorder.calls == ["authorizedWhenInUse/fullAccuracy", "didPause"])
    #expect(steadyRecorder.calls == ["authorizedWhenInUse/fullAccuracy"])
    #expect(device.simulator.locationUpdates != .none, "the steady manager's updates go on")
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("R45: allowsBackgroundLocationUpdates without the background mode is refused and kept")
  func backgroundModeCrash() throws {
    let device = Self.device(backgroundModes: [])
    try device.launch()
    let manager: any LocationManaging = FakeLocationManager(device: device)
    manager.allowsBackgroundLocationUpdates = true
    #expect(!manager.allowsBackgroundLocationUpdates)
    #expect(device.refusedAppCalls.map(\.rule) == [.r45])
    manager.showsBackgroundLocationIndicator = true
    #expect(manager.showsBackgroundLocationIndicator)
    #expect(device.refusedAppCalls.count == 1)
  }

  @Test("R49: regions are the app's objects; the 21st fails to the seam's delegate")
  func regions() throws {
    let device = Self.device(start: StartingState(location: .whileUsing))
    try device.launch()
    let manager: any LocationManaging = FakeLocationManager(device: device)
    let recorder = SeamRecorder()
    manager.locationDelegate = recorder
    let twenty = (1...20).map { Self.region("r\($0)") }
    for region in twenty { manager.startMonitoring(for: region) }
    #expect(manager.monitoredRegions == Set(twenty))
    manager.startMonitoring(for: Self.region("r21"))
    #expect(
      recorder.calls == [
        "authorizedWhenInUse/fullAccuracy", "monitoringDidFail:r21 regionMonitoringFailure",
      ])
    manager.stopMonitoring(for: twenty[0])
    #expect(manager.monitoredRegions.count == 19)
    #expect(!manager.monitoredRegions.contains(twenty[0]))
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("R47, R49: registrations survive termination; a stale manager's calls are refused")
  func survivesTermination() throws {
    let device = Self.device(start: StartingState(location: .always))
    try device.launch()
    let manager: any LocationManaging = FakeLocationManager(device: device)
    let home = Self.region("home")
    manager.startMonitoring(for: home)
    manager.startMonitoringSignificantLocationChanges()
    try device.terminate(byUser: true)
    manager.startMonitoringVisits()
    #expect(device.refusedAppCalls.map(\.rule) == [.r41])
    try device.relaunchInBackground()
    let relaunched: any LocationManaging = FakeLocationManager(device: device)
    #expect(relaunched.monitoredRegions.map(ObjectIdentifier.init) == [ObjectIdentifier(home)])
    #expect(device.simulator.state.legacy.significantChangesRegistered)
  }

  @Test("the seam's temporary full accuracy request gets the answer as any Error")
  func temporaryFullAccuracy() throws {
    let device = FakeDevice(
      configuration: AppConfiguration(
        ios: .ios18,
        infoPlist: InfoPlist(
          whenInUseUsageDescription: "Shows stations near you",
          temporaryUsageDescriptions: ["Walk": "Walking directions"])))
    try device.launch()
    let fake = FakeLocationManager(device: device)
    let manager: any LocationManaging = fake
    manager.requestWhenInUseAuthorization()
    try device.tap(.allowWhileUsing, precise: false)
    let answers = Answers()
    manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Walk") { error in
      MainActor.assumeIsolated { answers.errors.append(error.map { "\($0)" }) }
    }
    #expect(answers.errors.isEmpty)
    try device.tap(.allowOnce)
    #expect(answers.errors == [nil])
    #expect(manager.accuracyAuthorization == .fullAccuracy)
    try device.terminate()
    manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Walk") { error in
      MainActor.assumeIsolated { answers.errors.append(error.map { "\($0)" }) }
    }
    #expect(answers.errors.count == 2)
    #expect(answers.errors.last??.hasSuffix("(R41)") == true)
  }

  @MainActor final class Answers { var errors: [String?] = [] }
}
