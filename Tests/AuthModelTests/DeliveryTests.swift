import AuthModel
import Testing

/// RULES.md §8: delivery and background (R33–R37).
@Suite struct DeliveryTests {
  /// Where the app is when delivery is checked.
  enum Place: String, Sendable {
    case foreground, grace, backgroundPastGrace, backgroundWithActivity
  }

  struct DeliveryCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info = makeInfo()
    var start: StartingState
    /// An explicit session created in the foreground, if any.
    var session: AuthorizationRequirement? = nil
    var place: Place
    var updates: LiveUpdatesDelivery
    var monitorEvents: MonitorEventsDelivery
    var testDescription: String { name }
  }

  static let whileUsing = StartingState(location: .whileUsing)
  static let always = StartingState(location: .always)

  static let deliveryTable: [DeliveryCase] = [
    DeliveryCase(
      name: "While Using, Precise, foreground", start: whileUsing, place: .foreground,
      updates: .full, monitorEvents: .delivered),
    DeliveryCase(
      name: "While Using, reduced, foreground",
      start: .init(location: .whileUsing, precise: false), place: .foreground,
      updates: .reduced, monitorEvents: .none),
    DeliveryCase(
      name: "undecided", start: .init(), place: .foreground, updates: .none, monitorEvents: .none),
    DeliveryCase(
      name: "denied", start: .init(location: .never), place: .foreground, updates: .none,
      monitorEvents: .none),
    DeliveryCase(
      name: "Location Services off",
      start: .init(location: .always, locationServicesEnabled: false),
      session: .always, place: .foreground, updates: .none, monitorEvents: .none),
    DeliveryCase(
      name: "While Using in the grace period", start: whileUsing, place: .grace, updates: .full,
      monitorEvents: .delivered),
    DeliveryCase(
      name: "While Using after the grace period", start: whileUsing, place: .backgroundPastGrace,
      updates: .none, monitorEvents: .none),
    DeliveryCase(
      name: "While Using with an active background activity session", start: whileUsing,
      place: .backgroundWithActivity, updates: .full, monitorEvents: .delivered),
    DeliveryCase(
      name: "Always with an always session, after the grace period", start: always,
      session: .always, place: .backgroundPastGrace, updates: .full, monitorEvents: .delivered),
    DeliveryCase(
      name: "Always with an always session, no location background mode",
      info: makeInfo(locationBackgroundMode: false), start: always, session: .always,
      place: .backgroundPastGrace, updates: .none, monitorEvents: .delivered),
    DeliveryCase(
      name: "Always with an always session, reduced, after the grace period",
      start: .init(location: .always, precise: false), session: .always,
      place: .backgroundPastGrace, updates: .reduced, monitorEvents: .none),
    DeliveryCase(
      name: "Always without an always session, after the grace period", start: always,
      session: .whenInUse, place: .backgroundPastGrace, updates: .none, monitorEvents: .none),
    DeliveryCase(
      name: "explicit session required, none held",
      info: makeInfo(requireExplicitServiceSession: true), start: whileUsing, place: .foreground,
      updates: .none, monitorEvents: .none),
    DeliveryCase(
      name: "explicit session required, whenInUse held",
      info: makeInfo(requireExplicitServiceSession: true), start: whileUsing,
      session: .whenInUse, place: .foreground, updates: .full, monitorEvents: .delivered),
    DeliveryCase(
      name: "explicit session required, none held while authorized",
      info: makeInfo(requireExplicitServiceSession: true), start: whileUsing,
      session: AuthorizationRequirement.none,
      place: .foreground, updates: .full, monitorEvents: .delivered),
  ]

  @Test("R33 R34 live updates and monitor events delivered", arguments: deliveryTable)
  func delivery(_ c: DeliveryCase) throws {
    var location = try launched(info: c.info, start: c.start)
    if let goal = c.session { try location.createSession("app", authorization: goal) }
    try location.liveUpdates(iterating: true)
    try location.monitor(iterating: true)
    switch c.place {
    case .foreground: break
    case .grace: try location.enterBackground()
    case .backgroundPastGrace: try location.backgroundPastGrace()
    case .backgroundWithActivity:
      try location.backgroundActivity(held: true)
      try location.backgroundPastGrace()
    }
    #expect(location.liveUpdatesDelivery == c.updates)
    #expect(location.monitorEvents == c.monitorEvents)
    #expect(location.rules(of: .liveUpdates).contains(.r33))
    #expect(location.rules(of: .monitorEvents).contains(.r34))
  }

  @Test("R33 R34 nothing is delivered to an app that does not iterate")
  func notIterating() throws {
    var location = try launched(start: .init(location: .always))
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.monitorEvents == .none)
    try location.liveUpdates(iterating: true)
    try location.monitor(iterating: true)
    #expect(location.liveUpdatesDelivery == .full)
    try location.liveUpdates(iterating: false)
    try location.monitor(iterating: false)
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.monitorEvents == .none)
  }

  // MARK: R35

  struct ActivityCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info = makeInfo()
    var start = StartingState(location: .whileUsing)
    var steps: @Sendable (inout AuthorizationSimulator) throws -> Void
    var status: BackgroundActivityStatus
    var indicator: BackgroundIndicator
    var testDescription: String { name }
  }

  static let activityTable: [ActivityCase] = [
    ActivityCase(
      name: "started in the foreground, still in the foreground",
      steps: { try $0.backgroundActivity(held: true) }, status: .active, indicator: .hidden),
    ActivityCase(
      name: "started in the foreground, now in the background",
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
      },
      status: .active, indicator: .shown),
    ActivityCase(
      name: "no location background mode", info: makeInfo(locationBackgroundMode: false),
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.enterBackground()
      },
      status: .inactive, indicator: .hidden),
    ActivityCase(
      name: "not authorized", start: .init(),
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.enterBackground()
      },
      status: .inactive, indicator: .hidden),
    ActivityCase(
      name: "authorization revoked in Settings",
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.enterBackground()
        try $0.changeSettings(.location(.never))
      }, status: .inactive, indicator: .hidden),
    ActivityCase(
      name: "explicit service session required and none held",
      info: makeInfo(requireExplicitServiceSession: true),
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.enterBackground()
      },
      status: .inactive, indicator: .hidden),
    ActivityCase(
      name: "explicit service session required and held",
      info: makeInfo(requireExplicitServiceSession: true),
      steps: {
        try $0.createSession("app", authorization: .whenInUse)
        try $0.backgroundActivity(held: true)
        try $0.enterBackground()
      }, status: .active, indicator: .shown),
    ActivityCase(
      name: "started in the background is inactive there",
      steps: {
        try $0.enterBackground()
        try $0.backgroundActivity(held: true)
        try $0.wait()
      }, status: .inactive, indicator: .hidden),
    ActivityCase(
      name: "R35 started in the background becomes active at the next foreground",
      steps: {
        try $0.enterBackground()
        try $0.backgroundActivity(held: true)
        try $0.enterForeground()
        try $0.backgroundPastGrace()
      }, status: .active, indicator: .shown),
    ActivityCase(
      name: "stopped",
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.backgroundActivity(held: false)
        try $0.enterBackground()
      }, status: .none, indicator: .hidden),
  ]

  @Test("R35 CLBackgroundActivitySession and the blue indicator", arguments: activityTable)
  func backgroundActivity(_ c: ActivityCase) throws {
    var location = try launched(info: c.info, start: c.start)
    try c.steps(&location)
    #expect(location.backgroundActivityStatus == c.status)
    #expect(location.backgroundIndicator == c.indicator)
  }

  @Test("R35 starting twice or stopping what is not held is refused")
  func backgroundActivityRefusals() throws {
    var location = try launched()
    expectRefusal(.r35, .backgroundActivityNotHeld, &location) {
      try $0.backgroundActivity(held: false)
    }
    try location.backgroundActivity(held: true)
    expectRefusal(.r35, .backgroundActivityAlreadyHeld, &location) {
      try $0.backgroundActivity(held: true)
    }
  }

  // MARK: R36

  struct RelaunchCase: Sendable, CustomTestStringConvertible {
    var name: String
    var ios: IOSVersion = .ios18
    var start: StartingState
    var session: AuthorizationRequirement? = nil
    var iterate = true
    var backgroundActivity = false
    var blocker: Refusal.RelaunchBlocker?
    var testDescription: String { name }
  }

  static let relaunchTable: [RelaunchCase] = [
    RelaunchCase(
      name: "Always with an always session, iterating", start: always, session: .always,
      blocker: nil),
    RelaunchCase(
      name: "Always with an always session, not iterating", start: always, session: .always,
      iterate: false, blocker: .nothingToDeliver),
    RelaunchCase(
      name: "Always without an always session", start: always, session: .whenInUse,
      blocker: .noAlwaysInEffect),
    RelaunchCase(
      name: "While Using, iterating", start: whileUsing, session: .whenInUse,
      blocker: .noAlwaysInEffect),
    RelaunchCase(
      name: "While Using with an active background activity session", start: whileUsing,
      iterate: false, backgroundActivity: true, blocker: nil),
    RelaunchCase(name: "undecided", start: .init(), blocker: .notAuthorized),
    RelaunchCase(
      name: "Always on iOS 17 needs no session", ios: .ios17, start: always, blocker: nil),
    RelaunchCase(
      name: "Always on iOS 17, not iterating", ios: .ios17, start: always, iterate: false,
      blocker: .nothingToDeliver),
  ]

  @Test("R36 relaunch into the background", arguments: relaunchTable)
  func relaunch(_ c: RelaunchCase) throws {
    var location = try launched(ios: c.ios, start: c.start)
    if let goal = c.session { try location.createSession("app", authorization: goal) }
    if c.iterate { try location.monitor(iterating: true) }
    if c.backgroundActivity { try location.backgroundActivity(held: true) }
    try location.enterBackground()
    try location.terminate()
    if let blocker = c.blocker {
      expectRefusal(.r36, .relaunchNotAllowed(blocker), &location) {
        try $0.relaunchInBackground()
      }
    } else {
      let citations = try location.relaunchInBackground()
      #expect(rules(citations).contains(.r36))
      #expect(location.state.app == .background)
    }
  }

  @Test("R36 a relaunch is refused once authorization is revoked")
  func relaunchAfterRevoke() throws {
    var location = try launched(start: .init(location: .always))
    try location.createSession("app", authorization: .always)
    try location.monitor(iterating: true)
    try location.terminate()
    try location.changeSettings(.location(.whileUsing))
    expectRefusal(.r36, .relaunchNotAllowed(.noAlwaysInEffect), &location) {
      try $0.relaunchInBackground()
    }
    try location.changeSettings(.locationServices(false))
    expectRefusal(.r36, .relaunchNotAllowed(.notAuthorized), &location) {
      try $0.relaunchInBackground()
    }
  }

  // MARK: R37

  @Test("R37 launching a running app, or terminating one not running, is refused")
  func lifeCycleRefusals() throws {
    var location = try launched()
    expectRefusal(.r37, .appAlreadyRunning, &location) { try $0.launch() }
    expectRefusal(.r37, .appAlreadyRunning, &location) {
      try $0.relaunchInBackground()
    }
    try location.terminate()
    expectRefusal(.r37, .appNotRunning, &location) { try $0.terminate() }
    expectRefusal(.r3, .appNotInForeground, &location) { try $0.enterBackground() }
    expectRefusal(.r3, .appNotInBackground, &location) { try $0.enterForeground() }
  }

  @Test("R37 termination drops volatile state and keeps persisted state")
  func terminationDropsVolatile() throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    try location.createSession(
      "nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    try location.tap(.dontAllow)
    try location.liveUpdates(iterating: true)
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .alwaysUpgrade)
    try location.terminate()
    #expect(location.prompt == .none)
    #expect(location.holderNames == [])
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.requestResult == nil)
    #expect(location.state.declinedPurposeKeys == 0)
    #expect(location.state.sessionsAtTermination.count == 1)
    #expect(location.state.iteratingAtTermination == true)
    // Persisted: the choice, the toggle, and the spent Always prompt.
    #expect(location.authorizationStatus == .authorizedWhenInUse)
    #expect(location.accuracyAuthorization == .reducedAccuracy)
    #expect(location.state.alwaysPromptSpent == true)
  }

  /// An app with While Using, an Allow Once grant and an active background activity session,
  /// terminated in the background.
  static func carried() throws -> AuthorizationSimulator {
    var location = try launched()
    try location.requestWhenInUseAuthorization()
    try location.tap(.allowOnce)
    try location.liveUpdates(iterating: true)
    try location.backgroundActivity(held: true)
    try location.backgroundPastGrace()
    try location.terminate()
    return location
  }

  @Test("R37 an active background activity session carries the app across termination")
  func carriedAcrossTermination() throws {
    var location = try Self.carried()
    #expect(location.backgroundIndicator == .shown)
    #expect(location.rules(of: .backgroundIndicator).contains(.r37))
    #expect(location.backgroundActivityStatus == .none)
    #expect(location.isInUse)
    try location.wait()
    #expect(location.authorizationStatus == .authorizedWhenInUse, "Allow Once survives")
    try location.relaunchInBackground()
    try location.backgroundActivity(held: true)
    try location.liveUpdates(iterating: true)
    try location.wait()
    #expect(location.backgroundActivityStatus == .active)
    #expect(location.backgroundIndicator == .shown)
    #expect(location.liveUpdatesDelivery == .full)
    #expect(location.state.allowOnce == true)
  }

  @Test("R37 a carried session not resumed before the first wait ends")
  func carriedNotResumed() throws {
    var location = try Self.carried()
    try location.relaunchInBackground()
    try location.liveUpdates(iterating: true)
    #expect(location.liveUpdatesDelivery == .full, "in use until it is resumed or ends")
    let citations = try location.wait()
    #expect(rules(citations).contains(.r37))
    #expect(location.backgroundIndicator == .hidden)
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.authorizationStatus == .notDetermined, "Allow Once lapsed (R12)")
    try location.backgroundActivity(held: true)
    #expect(
      location.backgroundActivityStatus == .inactive, "too late: started outside the foreground")
  }

  @Test("R37 a carried session ends at a termination before it is resumed")
  func carriedTerminatedAgain() throws {
    var location = try Self.carried()
    try location.launch()
    try location.terminate()
    #expect(location.backgroundIndicator == .hidden)
    #expect(location.authorizationStatus == .notDetermined)
  }

  @Test(
    "R37 a carried session is suspended while the app is not authorized, active when it returns")
  func carriedSuspendedWithoutAuthorization() throws {
    var location = try Self.carried()
    try location.changeSettings(.locationServices(false))
    #expect(location.backgroundIndicator == .hidden)
    #expect(location.isInUse == false)
    try location.changeSettings(.locationServices(true))
    #expect(location.backgroundIndicator == .shown, "active again: it had not ended")
    #expect(location.isInUse)
    #expect(location.authorizationStatus == .authorizedWhenInUse, "Allow Once kept")
    try location.relaunchInBackground()
    try location.backgroundActivity(held: true)
    #expect(location.backgroundActivityStatus == .active)
  }

  @Test("R37 R12 a suspended carried session keeps nothing in use: the next wait ends Allow Once")
  func suspendedCarriedKeepsNothing() throws {
    var location = try Self.carried()
    try location.changeSettings(.locationServices(false))
    try location.wait()
    try location.changeSettings(.locationServices(true))
    #expect(location.authorizationStatus == .notDetermined, "Allow Once lapsed (R12)")
    #expect(location.backgroundIndicator == .hidden, "suspended: the app is not authorized")
  }
}
