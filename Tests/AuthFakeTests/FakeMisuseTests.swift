import AuthModel
import Testing

@testable import AuthFake

/// What the fake does with app code that misuses it: objects of an app that is gone, a prompt
/// withdrawn under a waiting completion, a dropped background activity session, and long tests.
@MainActor
@Suite struct FakeMisuseTests {
  static let staleManager =
    "this manager belongs to the app before it was terminated; make a new one after launch() (R41)"

  @Test("R41: a manager of the app before its termination is refused after the relaunch")
  func managerFromBeforeTermination() throws {
    let device = FakeDeviceTests.device()
    try device.launch()
    let old = FakeLocationManager(device: device)
    let delegate = RecordingDelegate()
    old.delegate = delegate
    try device.terminate()
    try device.launch()
    old.requestWhenInUseAuthorization()
    old.requestAlwaysAuthorization()
    #expect(device.prompt == Prompt.none, "the model never saw the requests")
    #expect(device.refusedAppCalls.map(\.rule) == [.r41, .r41])
    #expect(
      device.refusedAppCalls.map(\.reason)
        == Array(repeating: .staleObject(.manager, .terminated), count: 2))
    #expect(device.refusedAppCalls.first?.description == Self.staleManager)
    var answer: Refusal?
    old.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Walk") { answer = $0 }
    #expect(answer?.description == Self.staleManager)
    // A manager made after the relaunch is the app's: it gets its call and its prompt.
    let fresh = FakeLocationManager(device: device)
    let freshDelegate = RecordingDelegate()
    fresh.delegate = freshDelegate
    fresh.requestWhenInUseAuthorization()
    #expect(device.prompt == .whenInUse)
    try device.tap(.allowWhileUsing)
    #expect(
      freshDelegate.calls == ["notDetermined/fullAccuracy", "authorizedWhenInUse/fullAccuracy"])
    #expect(delegate.calls == ["notDetermined/fullAccuracy"], "the old delegate is never called")
  }

  @Test("R41: a manager made before launch() stays refused once the app runs")
  func managerMadeBeforeLaunch() throws {
    let device = FakeDeviceTests.device()
    let early = FakeLocationManager(device: device)
    try device.launch()
    early.requestWhenInUseAuthorization()
    #expect(device.prompt == Prompt.none)
    #expect(
      device.refusedAppCalls.map(\.description) == [
        "the app is not running (R41)",
        "this manager was made while the app was not running; make a new one after launch() (R41)",
      ])
  }

  @Test("R21: invalidate() on a session of the app before its termination is refused")
  func sessionFromBeforeTermination() throws {
    let device = FakeDeviceTests.device()
    try device.launch()
    let old = FakeServiceSession(device: device, authorization: .whenInUse)
    try device.terminate()
    try device.launch()
    let fresh = FakeServiceSession(device: device, authorization: .whenInUse)
    #expect(fresh.name != old.name, "a living object keeps its name")
    old.invalidate()
    #expect(fresh.current != nil, "the new session is still held")
    #expect(
      device.refusedAppCalls.map(\.description) == [
        "this service session belongs to the app before it was terminated; "
          + "make a new one after launch() (R21)"
      ])
  }

  @Test("R35: invalidate() on a background activity session of the terminated app is refused")
  func backgroundActivityFromBeforeTermination() throws {
    let device = FakeDeviceTests.device()
    try device.launch()
    let manager = FakeLocationManager(device: device)
    manager.requestWhenInUseAuthorization()
    try device.tap(.allowWhileUsing)
    let old = FakeBackgroundActivitySession(device: device)
    try device.terminate()
    try device.launch()
    let resumed = FakeBackgroundActivitySession(device: device)
    #expect(resumed.isActive, "the carried session is resumed (R37)")
    old.invalidate()
    #expect(resumed.isActive)
    #expect(!old.isActive)
    #expect(device.refusedAppCalls.map(\.rule) == [.r35])
    #expect(
      device.refusedAppCalls.map(\.reason) == [
        .staleObject(.backgroundActivitySession, .terminated)
      ])
  }

  /// A device where the app is authorized with reduced accuracy, the temporary full accuracy
  /// prompt one request away.
  static func reducedAccuracy() throws -> (FakeDevice, FakeLocationManager) {
    let device = FakeDeviceTests.device()
    try device.launch()
    let manager = FakeLocationManager(device: device)
    manager.requestWhenInUseAuthorization()
    try device.tap(.allowWhileUsing, precise: false)
    return (device, manager)
  }

  @Test(
    "R6: termination withdraws the temporary full accuracy prompt; the completion gets no grant")
  func fullAccuracyAtTermination() throws {
    let (device, manager) = try Self.reducedAccuracy()
    var answers: [Refusal?] = []
    manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Walk") { answers.append($0) }
    #expect(device.prompt == .temporaryFullAccuracy)
    try device.terminate()
    #expect(answers.map { $0?.rule } == [.r6])
    #expect(answers.map { $0?.reason } == [.promptWithdrawnAtTermination(.temporaryFullAccuracy)])
    #expect(
      answers.first??.description
        == "the app was terminated before the user answered the temporaryFullAccuracy prompt, "
        + "which termination withdrew (R6)")
    try device.launch()
    #expect(manager.accuracyAuthorization == .reducedAccuracy)
    #expect(answers.count == 1, "called once")
  }

  @Test("R6: the async form throws when termination withdraws its prompt")
  func asyncFullAccuracyAtTermination() async throws {
    let (device, manager) = try Self.reducedAccuracy()
    let request = Task { @MainActor in
      try await manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Walk")
    }
    for _ in 0..<10 where device.prompt != .temporaryFullAccuracy { await Task.yield() }
    try #require(device.prompt == .temporaryFullAccuracy)
    try device.terminate()
    let refusal = await #expect(throws: Refusal.self) { try await request.value }
    #expect(refusal?.rule == .r6)
    #expect(refusal?.reason == .promptWithdrawnAtTermination(.temporaryFullAccuracy))
  }

  @Test("R35: dropping the last reference to a background activity session invalidates it")
  func droppedBackgroundActivity() throws {
    let device = FakeDeviceTests.device()
    try device.launch()
    let manager = FakeLocationManager(device: device)
    manager.requestWhenInUseAuthorization()
    try device.tap(.allowWhileUsing)
    var activity: FakeBackgroundActivitySession? = FakeBackgroundActivitySession(device: device)
    #expect(activity?.isActive == true)
    activity = nil
    #expect(activity == nil)
    #expect(device.simulator.backgroundActivityStatus == BackgroundActivityStatus.none)
    try device.enterBackground()
    try device.wait()
    #expect(device.simulator.backgroundIndicator == .hidden)
    try device.enterForeground()
    let next = FakeBackgroundActivitySession(device: device)
    #expect(next.isActive, "not refused as one held already")
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("a manager without a delegate: its changes call nobody, its creation waits for one")
  func managerWithoutDelegate() throws {
    let (device, manager) = try Self.reducedAccuracy()
    try device.enterBackground()
    try device.changeSettings(.precise(true))
    try device.enterForeground()
    let delegate = RecordingDelegate()
    manager.delegate = delegate
    #expect(delegate.calls == ["authorizedWhenInUse/fullAccuracy"], "the creation's call, now")
    #expect(device.simulator.locationManagerDidChangeAuthorization(of: manager.name) == [])
  }

  /// Reads what `stream` buffered until it finishes.
  static func count<Element>(_ stream: AsyncStream<Element>) async -> Int {
    var count = 0
    for await _ in stream { count += 1 }
    return count
  }

  @Test("memory stays bounded over 100,000 steps: entries counted after them")
  func boundedOverALongTest() async throws {
    let device = FakeDeviceTests.device()
    let early = FakeLocationManager(device: device)  // refused: the app is not running
    let (steps, rounds) = (100_000, 25_000)
    try device.launch()
    let keeper = FakeLocationManager(device: device)  // no delegate, ever
    keeper.requestWhenInUseAuthorization()
    try device.tap(.allowWhileUsing, precise: false)
    let session = FakeServiceSession(device: device, authorization: .whenInUse)
    let unreadDiagnostics = session.diagnostics
    let unreadUpdates = device.liveUpdates()
    var stepsTaken = 0
    for round in 0..<rounds {
      // Four steps; each change of Precise changes the accuracy, the diagnostics and updates.
      try device.enterBackground()
      try device.changeSettings(.precise(true))
      try device.changeSettings(.precise(false))
      try device.enterForeground()
      stepsTaken += 4
      // The app's code makes and drops a manager, a session and its stream, and monitor events.
      do {
        _ = FakeLocationManager(device: device)
        let dropped = FakeServiceSession(device: device, authorization: .whenInUse)
        var diagnostics = dropped.diagnostics.makeAsyncIterator()
        _ = await diagnostics.next()
        var again = session.diagnostics.makeAsyncIterator()
        _ = await again.next()
        var events = device.monitorEvents().makeAsyncIterator()
        _ = await events.next()
      }
      // And calls a manager of no running app.
      early.requestWhenInUseAuthorization()
      if round.isMultiple(of: 100) {
        var answered = false
        keeper.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Walk") { _ in
          answered = true
        }
        try device.tap(.dontAllow)
        #expect(answered)
      }
      for _ in 0..<10 where device.simulator.state.iteratingMonitor { await Task.yield() }
    }
    for _ in 0..<10 { await Task.yield() }
    #expect(stepsTaken == steps)
    #expect(device.refusedAppCalls.count == FakeDevice.refusedAppCallLimit)
    #expect(device.droppedRefusedAppCalls == rounds + 1 - FakeDevice.refusedAppCallLimit)
    let retained = device.retainedEntries
    #expect(retained.streams == 1, "the live updates still read; every monitor stream left")
    #expect(retained.sessionContinuations == 1, "the unread diagnostics; the dropped ones left")
    #expect(retained.fullAccuracyCompletions == 0)
    #expect(retained.names <= 16, "names are reused: \(retained.names)")
    #expect(retained.delegateCalls <= 8, "lists taken at every step: \(retained.delegateCalls)")
    #expect(retained.refusedAppCalls == FakeDevice.refusedAppCallLimit)
    // What the unread streams buffered: the newest values, no more than the limit.
    session.invalidate()
    try device.terminate()
    #expect(await Self.count(unreadDiagnostics) == FakeDevice.streamBufferLimit)
    #expect(await Self.count(unreadUpdates) == FakeDevice.streamBufferLimit)
  }
}
