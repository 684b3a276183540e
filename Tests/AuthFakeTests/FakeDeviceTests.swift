import AuthFake
import AuthModel
import AuthScenario
import LocationSeam
import Testing

/// Records what a delegate sees: the status and accuracy it reads at each call.
@MainActor
final class RecordingDelegate: FakeLocationManagerDelegate {
  var calls: [String] = []
  func locationManagerDidChangeAuthorization(_ manager: FakeLocationManager) {
    calls.append(manager.authorizationPair.description)
  }
}

@MainActor
@Suite struct FakeDeviceTests {
  static let plist = InfoPlist(
    whenInUseUsageDescription: "Shows stations near you",
    alwaysAndWhenInUseUsageDescription: "Reminds you when you arrive",
    temporaryUsageDescriptions: ["Walk": "Walking directions"], backgroundModes: ["location"])

  static func device(_ ios: IOSVersion = .ios18) -> FakeDevice {
    FakeDevice(configuration: AppConfiguration(ios: ios, infoPlist: plist))
  }

  @Test("R41: one call at creation, one per change of status or accuracy, none for no change")
  func delegateCalls() throws {
    let device = Self.device()
    try device.launch()
    let manager = FakeLocationManager(device: device)
    let delegate = RecordingDelegate()
    manager.delegate = delegate
    #expect(delegate.calls == ["notDetermined/fullAccuracy"])
    manager.requestWhenInUseAuthorization()
    #expect(device.prompt == .whenInUse)
    #expect(delegate.calls.count == 1, "a prompt on screen changes neither value")
    try device.tap(.allowWhileUsing, precise: false)
    #expect(
      delegate.calls == ["notDetermined/fullAccuracy", "authorizedWhenInUse/reducedAccuracy"])
    manager.requestAlwaysAuthorization()
    #expect(device.prompt == .alwaysUpgrade)
    try device.tap(.keepOnlyWhileUsing)
    #expect(delegate.calls.count == 2, "Keep Only While Using changes nothing the delegate reads")
    manager.requestWhenInUseAuthorization()
    #expect(delegate.calls.count == 2, "a request with no effect calls nothing")
    try device.enterBackground()
    try device.changeSettings(.precise(true))
    #expect(delegate.calls.last == "authorizedWhenInUse/fullAccuracy")
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("R41: no call while the app is not running; termination releases every manager")
  func noCallWhileNotRunning() throws {
    let device = Self.device()
    try device.launch()
    let manager = FakeLocationManager(device: device)
    let delegate = RecordingDelegate()
    manager.delegate = delegate
    try device.terminate()
    try device.changeSettings(.location(.never))
    try device.changeSettings(.location(.whileUsing))
    #expect(delegate.calls == ["notDetermined/fullAccuracy"])
    // The app's code does not run: a manager it would create is refused (R41).
    _ = FakeLocationManager(device: device)
    #expect(device.refusedAppCalls.map(\.rule) == [.r41])
    try device.launch()
    let next = FakeLocationManager(device: device)
    let nextDelegate = RecordingDelegate()
    next.delegate = nextDelegate
    #expect(nextDelegate.calls == ["authorizedWhenInUse/fullAccuracy"])
  }

  @Test("several managers each get their own calls; a released one gets none")
  func severalManagers() throws {
    let device = Self.device()
    try device.launch()
    let first = FakeLocationManager(device: device)
    let firstDelegate = RecordingDelegate()
    first.delegate = firstDelegate
    var second: FakeLocationManager? = FakeLocationManager(device: device)
    let secondDelegate = RecordingDelegate()
    second?.delegate = secondDelegate
    first.requestWhenInUseAuthorization()
    try device.tap(.allowOnce)
    #expect(
      firstDelegate.calls == ["notDetermined/fullAccuracy", "authorizedWhenInUse/fullAccuracy"])
    #expect(secondDelegate.calls == firstDelegate.calls)
    second = nil
    #expect(second == nil)
    try device.enterBackground()
    try device.wait()
    #expect(firstDelegate.calls.last == "notDetermined/fullAccuracy", "Allow Once lapsed (R12)")
    #expect(secondDelegate.calls.count == 2)
  }

  @Test("a step iOS never allows throws its rule and changes nothing")
  func refusedStep() throws {
    let device = Self.device()
    try device.launch()
    let manager = FakeLocationManager(device: device)
    let delegate = RecordingDelegate()
    manager.delegate = delegate
    let noPrompt = #expect(throws: Refusal.self) { try device.tap(.allowOnce) }
    #expect(noPrompt?.rule == .r6)
    #expect(noPrompt?.reason == .noPromptUp)
    let inForeground = #expect(throws: Refusal.self) {
      try device.changeSettings(.location(.always))
    }
    #expect(inForeground?.rule == .r38)
    #expect(inForeground?.reason == .settingsWhileInForeground)
    #expect(manager.authorizationStatus == .notDetermined)
    #expect(delegate.calls.count == 1)
  }

  @Test("a session's diagnostics: the value now, each change, and the end at invalidate")
  func diagnosticsStream() async throws {
    let device = Self.device()
    try device.launch()
    let session = FakeServiceSession(device: device, authorization: .whenInUse)
    var iterator = session.diagnostics.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first?.authorizationRequestInProgress == true)
    #expect(first?.description == "[authorizationRequestInProgress]")
    try device.tap(.allowWhileUsing, precise: false)
    let second = await iterator.next()
    #expect(second == FakeServiceSession.Diagnostic([]))
    session.invalidate()
    #expect(await iterator.next() == nil)
    #expect(device.refusedAppCalls.map(\.rule) == [])
  }

  @Test("a session's diagnostics finish when the app terminates; on iOS 17 it is refused (R39)")
  func diagnosticsFinish() async throws {
    let device = Self.device()
    try device.launch()
    let session = FakeServiceSession(device: device, authorization: .always)
    var iterator = session.diagnostics.makeAsyncIterator()
    #expect(await iterator.next() != nil)
    try device.terminate()
    #expect(await iterator.next() == nil)
    #expect(session.current == nil)
    let old = Self.device(.ios17)
    try old.launch()
    let refused = FakeServiceSession(device: old, authorization: .whenInUse)
    var none = refused.diagnostics.makeAsyncIterator()
    #expect(await none.next() == nil)
    #expect(old.refusedAppCalls.map(\.rule) == [.r39])
  }

  @Test("temporary full accuracy: the completion runs when the user answers")
  func fullAccuracy() async throws {
    let device = Self.device()
    try device.launch()
    let manager = FakeLocationManager(device: device)
    manager.requestWhenInUseAuthorization()
    try device.tap(.allowWhileUsing, precise: false)
    var answered = false
    manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Walk") { refusal in
      #expect(refusal == nil)
      answered = true
    }
    #expect(device.prompt == .temporaryFullAccuracy)
    #expect(!answered)
    try device.tap(.allowOnce)
    #expect(answered)
    #expect(manager.accuracyAuthorization == .fullAccuracy)
    // Already full: the async form returns at once.
    try await manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Walk")
  }

  /// One story, told to the fake and to the scenario runner: the delegate's calls are the
  /// runner's `callbacks`.
  @Test("the delegate calls a test sees are the scenario runner's callbacks for the same story")
  func sameAsScenarioRunner() throws {
    let device = Self.device()
    try device.launch()
    let manager = FakeLocationManager(device: device)
    let delegate = RecordingDelegate()
    manager.delegate = delegate
    manager.requestAlwaysAuthorization()
    try device.tap(.allowWhileUsing, precise: false)
    try device.enterBackground()
    try device.wait()
    try device.backgroundEvent()
    try device.tap(.changeToAlwaysAllow)
    try device.changeSettings(.precise(true))
    try device.enterForeground()
    let scenario = """
      scenario: the same story
      info:
        NSLocationWhenInUseUsageDescription: Shows stations near you
        NSLocationAlwaysAndWhenInUseUsageDescription: Reminds you when you arrive
        NSLocationTemporaryUsageDescriptionDictionary:
          Walk: Walking directions
        UIBackgroundModes: [location]
      steps:
        - launch
        - manager: m
        - request: always
        - tap: allowWhileUsing
          precise: off
        - background
        - wait
        - system: backgroundEvent
        - tap: changeToAlwaysAllow
        - settings:
            precise: on
        - foreground
        - expect:
            callbacks:
              m: [\(delegate.calls.joined(separator: ", "))]

      """
    // Provisional Always reads as Always at once (R14): Change to Always Allow changes nothing.
    #expect(
      delegate.calls == [
        "notDetermined/fullAccuracy", "authorizedAlways/reducedAccuracy",
        "authorizedAlways/fullAccuracy",
      ])
    let parsed = try ScenarioFile.parse(Array(scenario.utf8), path: "same.yaml").scenario.get()
    let result = ScenarioRunner.run(parsed)
    #expect(result.failure == nil, "\(String(describing: result.failure))")
  }
}

@MainActor
@Suite struct FakeStreamTests {
  @Test("live updates: what they deliver now and at each change, stopped when the loop ends")
  func liveUpdates() async throws {
    let device = FakeDeviceTests.device()
    try device.launch()
    var updates = device.liveUpdates().makeAsyncIterator()
    // An implicit when-in-use session prompts (R17, R18): nothing arrives yet.
    let first = try #require(await updates.next())
    #expect(first.fix == LiveUpdatesDelivery.none)
    #expect(first.authorizationRequestInProgress)
    try device.tap(.allowWhileUsing, precise: false)
    let second = try #require(await updates.next())
    #expect(second.fix == .reduced)
    #expect(second.accuracyLimited)
    #expect(second.description == "reduced [accuracyLimited]")
    #expect(device.simulator.state.iteratingLiveUpdates)
    updates = device.liveUpdates().makeAsyncIterator()  // the first stream ends here
    #expect(device.refusedAppCalls.map(\.rule) == [.r33], "a second iteration is refused")
    #expect(await updates.next() == nil)
    for _ in 0..<10 where device.simulator.state.iteratingLiveUpdates { await Task.yield() }
    #expect(!device.simulator.state.iteratingLiveUpdates)
  }

  @Test("monitor events: each change as the model decides it; the stream ends at termination")
  func monitorEvents() async throws {
    let device = FakeDeviceTests.device()
    try device.launch()
    let session = FakeServiceSession(device: device, authorization: .always)
    var events = device.monitorEvents().makeAsyncIterator()
    var seen: [FakeMonitorEvent] = []
    /// The model's value now, which the stream's last element must be.
    func now() -> FakeMonitorEvent {
      FakeMonitorEvent(
        delivered: device.simulator.monitorEvents == .delivered,
        flags: device.simulator.diagnostics(for: .monitor) ?? [])
    }
    seen.append(try #require(await events.next()))
    #expect(seen.last == now())
    #expect(seen.last?.delivered == false, "a prompt is up: nothing is delivered yet")
    try device.tap(.allowWhileUsing)
    seen.append(try #require(await events.next()))
    #expect(seen.last == now())
    #expect(seen.last?.delivered == true, "authorized and in use (R34)")
    #expect(session.current != nil)
    try device.terminate()
    #expect(await events.next() == nil)
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("a background activity session keeps the app in use; started outside it waits (R35)")
  func backgroundActivity() throws {
    let device = FakeDeviceTests.device()
    try device.launch()
    let manager = FakeLocationManager(device: device)
    manager.requestWhenInUseAuthorization()
    try device.tap(.allowWhileUsing)
    let activity = FakeBackgroundActivitySession(device: device)
    #expect(activity.isActive)
    try device.enterBackground()
    try device.wait()
    #expect(activity.isActive)
    #expect(device.simulator.backgroundIndicator == .shown)
    activity.invalidate()
    #expect(!activity.isActive)
    let late = FakeBackgroundActivitySession(device: device)
    #expect(!late.isActive, "started outside the foreground: inactive (R35)")
    try device.enterForeground()
    #expect(late.isActive)
    _ = FakeBackgroundActivitySession(device: device)
    #expect(device.refusedAppCalls.map(\.rule) == [.r35], "one is held already")
  }
}

@MainActor
@Suite struct FakeProtocolTests {
  /// App code written against the seam, as it is for CLLocationManager too.
  @MainActor final class Onboarding {
    let manager: any LocationManaging
    init(_ manager: any LocationManaging) { self.manager = manager }
    var needsToAsk: Bool { manager.authorizationStatus == .notDetermined }
    func ask() { manager.requestWhenInUseAuthorization() }
  }

  @Test("app code holding LocationManaging runs on the fake")
  func protocolDrivesTheFake() throws {
    let device = FakeDeviceTests.device()
    try device.launch()
    let onboarding = Onboarding(FakeLocationManager(device: device))
    #expect(onboarding.needsToAsk)
    onboarding.ask()
    try device.tap(.allowWhileUsing, precise: false)
    #expect(!onboarding.needsToAsk)
    #expect(onboarding.manager.authorizationStatus == .authorizedWhenInUse)
    #expect(onboarding.manager.accuracyAuthorization == .reducedAccuracy)
  }

  @Test("a refusal reads as one line naming its rule, as a description and as an error")
  func refusalText() throws {
    let device = FakeDeviceTests.device()
    try device.launch()
    let refusal = try #require(throws: Refusal.self) { try device.tap(.allowOnce) }
    #expect(refusal.description == "no prompt is up (R6)")
    #expect((refusal as any Error).localizedDescription == "no prompt is up (R6)")
    #expect("\(refusal)" == "no prompt is up (R6)")
  }
}
