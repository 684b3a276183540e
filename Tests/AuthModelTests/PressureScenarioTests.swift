import AuthModel
import Testing

/// The three pressure scenarios of `shared/seeds/001_…txt` (long form in `003_…txt`), as
/// model-level stories. Denial rates are out of scope; what the model shows is what each choice
/// leaves the user able to do.
@Suite struct PressureScenarioTests {
  // MARK: 1) "Just use Always authorization"

  @Test("pressure 1: Always on first launch; a refusal can only be undone in Settings")
  func alwaysOnFirstLaunch() throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(.dontAllow)
    // Nothing the app does brings a prompt back, in this run or the next.
    try location.createSession("reminders", authorization: .always)
    try location.requestWhenInUseAuthorization()
    try location.terminate()
    try location.launch()
    try location.createSession("reminders", authorization: .always)
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .none)
    #expect(location.flags("reminders") == [.authorizationDenied])
    try location.enterBackground()
    try location.changeSettings(.location(.always))
    try location.enterForeground()
    #expect(location.flags("reminders") == [])
  }

  @Test("pressure 1: staged ask; a refused upgrade still leaves the app working while in use")
  func stagedAsk() throws {
    var location = try launched()
    try location.createSession("app", authorization: .whenInUse)
    try location.liveUpdates(iterating: true)
    try location.tap(.allowWhileUsing)
    #expect(location.liveUpdatesDelivery == .full)
    // The user creates the first location reminder.
    try location.createSession("reminders", authorization: .always)
    #expect(location.prompt == .alwaysUpgrade)
    try location.tap(.keepOnlyWhileUsing)
    #expect(location.flags("reminders") == [.alwaysAuthorizationDenied])
    #expect(location.liveUpdatesDelivery == .full, "the when-in-use features still work")
    #expect(location.authorizationStatus == .authorizedWhenInUse)
  }

  // MARK: 2) "Location isn't working in background"

  struct BackgroundCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info = makeInfo()
    var steps: @Sendable (inout AuthorizationSimulator) throws -> Void
    var updates: LiveUpdatesDelivery
    var indicator: BackgroundIndicator
    var testDescription: String { name }
  }

  static let backgroundChecklist: [BackgroundCase] = [
    BackgroundCase(
      name: "right: location mode, session held, started in the foreground, While Using",
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
      },
      updates: .full, indicator: .shown),
    BackgroundCase(
      name: "1. no location background mode", info: makeInfo(locationBackgroundMode: false),
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
      },
      updates: .none, indicator: .hidden),
    BackgroundCase(
      name: "2. session not retained",
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.backgroundActivity(held: false)
        try $0.backgroundPastGrace()
      }, updates: .none, indicator: .hidden),
    BackgroundCase(
      name: "3. session started from the background",
      steps: {
        try $0.enterBackground()
        try $0.backgroundActivity(held: true)
        try $0.wait()
      }, updates: .none, indicator: .hidden),
    BackgroundCase(
      name: "wrong fix: request Always instead of holding a session",
      steps: {
        try $0.requestAlwaysAuthorization()
        try $0.tap(.changeToAlwaysAllow)
        try $0.backgroundPastGrace()
      }, updates: .none, indicator: .hidden),
  ]

  @Test("pressure 2: the background location checklist", arguments: backgroundChecklist)
  func backgroundLocation(_ c: BackgroundCase) throws {
    var location = try launched(info: c.info, start: .init(location: .whileUsing))
    try location.liveUpdates(iterating: true)
    try c.steps(&location)
    #expect(location.liveUpdatesDelivery == c.updates)
    #expect(location.backgroundIndicator == c.indicator)
    #expect(location.authorizationStatus != .denied)
  }

  @Test("pressure 2: relaunch recovery restores the session and the update stream")
  func relaunchRecovery() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.liveUpdates(iterating: true)
    try location.backgroundActivity(held: true)
    try location.backgroundPastGrace()
    try location.terminate()
    try location.relaunchInBackground()
    try location.backgroundActivity(held: true)
    try location.liveUpdates(iterating: true)
    try location.wait()
    #expect(location.liveUpdatesDelivery == .full)
    #expect(location.backgroundIndicator == .shown)
    // Without the recovery, the stream stops at the first wait.
    var forgetful = try launched(start: .init(location: .whileUsing))
    try forgetful.liveUpdates(iterating: true)
    try forgetful.backgroundActivity(held: true)
    try forgetful.backgroundPastGrace()
    try forgetful.terminate()
    try forgetful.relaunchInBackground()
    try forgetful.liveUpdates(iterating: true)
    try forgetful.wait()
    #expect(forgetful.liveUpdatesDelivery == .none)
    #expect(forgetful.backgroundIndicator == .hidden)
  }

  // MARK: 3) "Geofence events aren't firing"

  struct GeofenceCase: Sendable, CustomTestStringConvertible {
    var name: String
    var start = StartingState(location: .always)
    var steps: @Sendable (inout AuthorizationSimulator) throws -> Void
    var events: MonitorEventsDelivery
    var monitorFlags: DiagnosticFlags?
    var testDescription: String { name }
  }

  static let geofenceCauses: [GeofenceCase] = [
    GeofenceCase(
      name: "right: Always, always session, awaiting events",
      steps: {
        try $0.createSession("geofence", authorization: .always)
        try $0.monitor(iterating: true)
        try $0.backgroundPastGrace()
      }, events: .delivered, monitorFlags: []),
    GeofenceCase(
      name: "reduced accuracy: accuracyLimited",
      start: .init(location: .always, precise: false),
      steps: {
        try $0.createSession("geofence", authorization: .always)
        try $0.monitor(iterating: true)
        try $0.backgroundPastGrace()
      }, events: .none, monitorFlags: [.accuracyLimited]),
    GeofenceCase(
      name: "not awaiting monitor.events",
      steps: {
        try $0.createSession("geofence", authorization: .always)
        try $0.backgroundPastGrace()
      }, events: .none, monitorFlags: nil),
    GeofenceCase(
      name: "While Using only", start: .init(location: .whileUsing),
      steps: {
        try $0.createSession("geofence", authorization: .whenInUse)
        try $0.monitor(iterating: true)
        try $0.backgroundPastGrace()
      }, events: .none, monitorFlags: [.insufficientlyInUse]),
    GeofenceCase(
      name: "Always but no always session on iOS 18",
      steps: {
        try $0.monitor(iterating: true)
        try $0.backgroundPastGrace()
      },
      events: .none, monitorFlags: [.insufficientlyInUse]),
    GeofenceCase(
      name: "monitor not recreated after a relaunch",
      steps: {
        try $0.createSession("geofence", authorization: .always)
        try $0.monitor(iterating: true)
        try $0.terminate()
        try $0.relaunchInBackground()
        try $0.createSession("geofence", authorization: .always)
        try $0.wait()
      }, events: .none, monitorFlags: nil),
    GeofenceCase(
      name: "monitor recreated after a relaunch",
      steps: {
        try $0.createSession("geofence", authorization: .always)
        try $0.monitor(iterating: true)
        try $0.terminate()
        try $0.relaunchInBackground()
        try $0.createSession("geofence", authorization: .always)
        try $0.monitor(iterating: true)
        try $0.wait()
      }, events: .delivered, monitorFlags: []),
  ]

  @Test("pressure 3: why geofence events do not fire", arguments: geofenceCauses)
  func geofence(_ c: GeofenceCase) throws {
    // Out of scope: the 20-condition cap, radius, overlapping regions and lastEvent; the model
    // has no conditions, only whether events are delivered.
    var location = try launched(start: c.start)
    try c.steps(&location)
    #expect(location.monitorEvents == c.events)
    #expect(location.flags("monitor") == c.monitorFlags)
  }
}
