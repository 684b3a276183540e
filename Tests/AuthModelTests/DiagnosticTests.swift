import AuthModel
import Testing

/// RULES.md §7: diagnostics, iOS 18 (R24–R32).
@Suite struct DiagnosticTests {
  /// An app holding an explicit whenInUse session and iterating live updates, launched from
  /// `start`; the prompt its goal raises is left pending unless the start decides it.
  static func holding(start: StartingState) throws -> AuthorizationSimulator {
    var location = try launched(start: start)
    try location.createSession("app", authorization: .whenInUse)
    try location.liveUpdates(iterating: true)
    return location
  }

  // MARK: R24, R25

  @Test("R24 authorizationDeniedGlobally implies authorizationDenied on every holder")
  func deniedGlobally() throws {
    var location = try Self.holding(start: .init(location: .always))
    try location.enterBackground()
    try location.changeSettings(.locationServices(false))
    try location.enterForeground()
    #expect(location.flags("app") == [.authorizationDeniedGlobally, .authorizationDenied])
    #expect(
      location.flags("liveUpdates") == [.authorizationDeniedGlobally, .authorizationDenied])
    #expect(location.diagnosticRules("app").isSuperset(of: [.r24, .r25]))
    #expect(location.authorizationStatus == .denied)
  }

  @Test("R25 authorizationDenied iff the effective status is denied")
  func denied() throws {
    let location = try Self.holding(start: .init(location: .never))
    #expect(location.flags("app") == [.authorizationDenied])
    #expect(location.flags("liveUpdates") == [.authorizationDenied])
    #expect(location.diagnosticRules("app").contains(.r25))
    let allowed = try Self.holding(start: .init(location: .whileUsing))
    #expect(allowed.flags("app") == [])
  }

  // MARK: R26

  @Test(
    "R26 authorizationRestricted iff restrictions are on and the app is not authorized",
    arguments: [
      (LocationSetting.askNextTime, [DiagnosticFlag.authorizationRestricted]),
      (.never, [.authorizationDenied, .authorizationRestricted]),
      (.whileUsing, []),
      (.always, []),
    ] as [(LocationSetting, [DiagnosticFlag])])
  func restricted(setting: LocationSetting, flags: [DiagnosticFlag]) throws {
    let location = try Self.holding(start: .init(location: setting, restrictionsEnabled: true))
    #expect(location.flags("app") == DiagnosticFlags(flags))
    #expect(location.prompt == .none)
  }

  // MARK: R27

  @Test("R27 authorizationRequestInProgress on every holder while a prompt is pending")
  func requestInProgress() throws {
    var location = try Self.holding(start: .init())
    #expect(location.prompt == .whenInUse)
    #expect(location.flags("app") == [.authorizationRequestInProgress])
    #expect(location.flags("liveUpdates") == [.authorizationRequestInProgress])
    try location.enterBackground()
    #expect(location.flags("app") == [.authorizationRequestInProgress])
    try location.wait()
    #expect(location.flags("app") == [.authorizationRequestInProgress, .insufficientlyInUse])
    try location.enterForeground()
    try location.tap(.allowWhileUsing)
    #expect(location.flags("app") == [])
    #expect(location.flags("liveUpdates") == [])
  }

  // MARK: R28

  struct InUseCase: Sendable, CustomTestStringConvertible {
    var name: String
    var start: StartingState
    var steps: @Sendable (inout AuthorizationSimulator) throws -> Void
    var flags: DiagnosticFlags
    var testDescription: String { name }
  }

  static let insufficientlyInUseTable: [InUseCase] = [
    InUseCase(
      name: "While Using in the foreground", start: .init(location: .whileUsing),
      steps: { try $0.createSession("app", authorization: .whenInUse) }, flags: []),
    InUseCase(
      name: "While Using in the grace period", start: .init(location: .whileUsing),
      steps: {
        try $0.createSession("app", authorization: .whenInUse)
        try $0.enterBackground()
      },
      flags: []),
    InUseCase(
      name: "While Using after the grace period", start: .init(location: .whileUsing),
      steps: {
        try $0.createSession("app", authorization: .whenInUse)
        try $0.backgroundPastGrace()
      }, flags: [.insufficientlyInUse]),
    InUseCase(
      name: "R19 marks a session created outside use, though Always is in effect",
      start: .init(location: .always),
      steps: {
        try $0.createSession("keeper", authorization: .always)
        try $0.backgroundPastGrace()
        try $0.createSession("app", authorization: .always)
        #expect($0.flags("keeper") == [])
      }, flags: [.insufficientlyInUse]),
    InUseCase(
      name: "not marked when an active background activity session keeps the app in use",
      start: .init(location: .whileUsing),
      steps: {
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
        try $0.createSession("app", authorization: .whenInUse)
      }, flags: []),
    InUseCase(
      name: "undecided outside use (assumed)", start: .init(),
      steps: {
        try $0.enterBackground()
        try $0.wait()
        try $0.createSession("app", authorization: .none)
        try $0.enterForeground()
        try $0.backgroundPastGrace()
      }, flags: [.insufficientlyInUse]),
    InUseCase(
      name: "Always without an always session outside use", start: .init(location: .always),
      steps: {
        try $0.createSession("app", authorization: .whenInUse)
        try $0.backgroundPastGrace()
      }, flags: [.insufficientlyInUse]),
    InUseCase(
      name: "Always with an always session created in use", start: .init(location: .always),
      steps: {
        try $0.createSession("app", authorization: .always)
        try $0.backgroundPastGrace()
      }, flags: []),
    InUseCase(
      name: "denied outside use", start: .init(location: .never),
      steps: {
        try $0.createSession("app", authorization: .whenInUse)
        try $0.backgroundPastGrace()
      }, flags: [.authorizationDenied]),
    InUseCase(
      name: "restricted outside use", start: .init(restrictionsEnabled: true),
      steps: {
        try $0.createSession("app", authorization: .whenInUse)
        try $0.backgroundPastGrace()
      }, flags: [.authorizationRestricted]),
    InUseCase(
      name: "While Using with an active background activity session",
      start: .init(location: .whileUsing),
      steps: {
        try $0.createSession("app", authorization: .whenInUse)
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
      }, flags: []),
  ]

  @Test("R28 insufficientlyInUse", arguments: insufficientlyInUseTable)
  func insufficientlyInUse(_ c: InUseCase) throws {
    var location = try launched(start: c.start)
    try c.steps(&location)
    #expect(location.flags("app") == c.flags)
    if c.flags.contains(.insufficientlyInUse) {
      #expect(location.diagnosticRules("app").contains(.r28))
    }
  }

  @Test("R28 provisional Always outside use is insufficientlyInUse, explained by R20")
  func provisionalOutsideUse() throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(.allowWhileUsing)
    try location.createSession("app", authorization: .always)
    try location.backgroundPastGrace()
    #expect(location.flags("app") == [.insufficientlyInUse])
    #expect(location.diagnosticRules("app").isSuperset(of: [.r20, .r28]))
  }

  // MARK: R29

  @Test("R29 serviceSessionRequired until a session requiring authorization is held")
  func serviceSessionRequired() throws {
    var location = try launched(
      info: makeInfo(requireExplicitServiceSession: true), start: .init(location: .whileUsing))
    try location.liveUpdates(iterating: true)
    #expect(location.flags("liveUpdates") == [.serviceSessionRequired])
    #expect(location.diagnosticRules("liveUpdates").contains(.r29))
    try location.createSession("quiet", authorization: .none)
    #expect(location.flags("liveUpdates") == [], "a none session satisfies it while authorized")
    try location.invalidateSession("quiet")
    try location.createSession("app", authorization: .whenInUse)
    #expect(location.flags("liveUpdates") == [])
    #expect(location.flags("app") == [])
  }

  @Test("R29 a none session does not satisfy the requirement before authorization")
  func noneSessionBeforeAuthorization() throws {
    var location = try launched(info: makeInfo(requireExplicitServiceSession: true))
    try location.monitor(iterating: true)
    try location.createSession("quiet", authorization: .none)
    #expect(location.prompt == .none)
    #expect(location.flags("quiet") == [.serviceSessionRequired])
    #expect(location.flags("monitor") == [.serviceSessionRequired])
    try location.createSession("app", authorization: .whenInUse)
    #expect(location.prompt == .whenInUse)
    #expect(location.flags("quiet") == [.authorizationRequestInProgress])
  }

  @Test("R29 never set without NSLocationRequireExplicitServiceSession")
  func noRequirement() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.liveUpdates(iterating: true)
    #expect(location.flags("liveUpdates") == [])
  }

  // MARK: R30

  @Test("R30 alwaysAuthorizationDenied after keepOnlyWhileUsing")
  func alwaysDeniedOnPrompt() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.createSession("app", authorization: .whenInUse)
    try location.createSession("reminders", authorization: .always)
    #expect(location.prompt == .alwaysUpgrade)
    #expect(location.flags("reminders") == [.authorizationRequestInProgress])
    try location.tap(.keepOnlyWhileUsing)
    #expect(location.flags("reminders") == [.alwaysAuthorizationDenied])
    #expect(location.flags("app") == [], "only the holder whose goal is always")
    #expect(location.diagnosticRules("reminders").contains(.r30))
  }

  @Test("R30 alwaysAuthorizationDenied after a downgrade in Settings")
  func alwaysDeniedInSettings() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.createSession("reminders", authorization: .always)
    try location.tap(.changeToAlwaysAllow)
    #expect(location.flags("reminders") == [])
    try location.enterBackground()
    try location.changeSettings(.location(.whileUsing))
    try location.enterForeground()
    #expect(location.prompt == .none)
    #expect(location.flags("reminders") == [.alwaysAuthorizationDenied])
  }

  struct NoDecisionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info = makeInfo()
    var start = StartingState()
    var steps: @Sendable (inout AuthorizationSimulator) throws -> Void
    var flags: DiagnosticFlags
    var testDescription: String { name }
  }

  static let noDecisionTable: [NoDecisionCase] = [
    NoDecisionCase(
      name: "the Always string is missing (assumed)", info: makeInfo(always: false),
      start: .init(location: .whileUsing),
      steps: { try $0.createSession("reminders", authorization: .always) }, flags: []),
    NoDecisionCase(
      name: "an Allow Once grant (assumed)",
      steps: {
        try $0.createSession("reminders", authorization: .always)
        try $0.tap(.allowOnce)
      }, flags: []),
    NoDecisionCase(
      name: "provisional Always",
      steps: {
        try $0.requestAlwaysAuthorization()
        try $0.tap(.allowWhileUsing)
        try $0.createSession("reminders", authorization: .always)
      }, flags: []),
    NoDecisionCase(
      name: "the upgrade prompt is pending",
      start: .init(location: .whileUsing),
      steps: { try $0.createSession("reminders", authorization: .always) },
      flags: [.authorizationRequestInProgress]),
    NoDecisionCase(
      name: "spent, then Never in Settings", start: .init(location: .whileUsing),
      steps: {
        try $0.createSession("reminders", authorization: .always)
        try $0.tap(.keepOnlyWhileUsing)
        try $0.enterBackground()
        try $0.changeSettings(.location(.never))
        try $0.enterForeground()
      }, flags: [.authorizationDenied]),
  ]

  @Test(
    "R30 no alwaysAuthorizationDenied without a user decision on Always", arguments: noDecisionTable
  )
  func noAlwaysDecision(_ c: NoDecisionCase) throws {
    var location = try launched(info: c.info, start: c.start)
    try c.steps(&location)
    #expect(location.flags("reminders") == c.flags)
  }

  // MARK: R31

  @Test("R31 fullAccuracyDenied on the holder whose purpose key was declined this run")
  func fullAccuracyDenied() throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    try location.createSession("app", authorization: .whenInUse)
    try location.createSession("park", authorization: .whenInUse, fullAccuracyPurposeKey: "Parking")
    try location.createSession(
      "nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    #expect(
      location.state.pendingPrompt == .temporaryFullAccuracy(try #require(location.key("Parking"))))
    try location.tap(.dontAllow)
    #expect(location.prompt == .temporaryFullAccuracy, "the next key is asked")
    try location.tap(.allowOnce)
    #expect(location.flags("park") == [], "full accuracy is granted now")
    try location.enterBackground()
    try location.wait()
    try location.enterForeground()
    #expect(location.accuracyAuthorization == .reducedAccuracy)
    #expect(location.prompt == .temporaryFullAccuracy, "navigation is asked again, not parking")
    try location.tap(.dontAllow)
    #expect(location.flags("park") == [.fullAccuracyDenied])
    #expect(location.flags("nav") == [.fullAccuracyDenied])
    #expect(location.flags("app") == [])
    #expect(location.diagnosticRules("park").contains(.r31))
    try location.enterBackground()
    try location.changeSettings(.precise(true))
    try location.enterForeground()
    #expect(location.flags("park") == [], "accuracy is full")
  }

  @Test("R31 a decline is forgotten at termination")
  func fullAccuracyDeniedPerRun() throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    try location.createSession(
      "nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    try location.tap(.dontAllow)
    #expect(location.flags("nav") == [.fullAccuracyDenied])
    try location.terminate()
    try location.launch()
    try location.createSession(
      "nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    #expect(location.flags("nav") == [.authorizationRequestInProgress])
  }

  // MARK: R32

  @Test(
    "R32 accuracyLimited on live updates and monitor only, while reduced",
    arguments: [false, true])
  func accuracyLimited(precise: Bool) throws {
    var location = try launched(start: .init(location: .whileUsing, precise: precise))
    try location.createSession("app", authorization: .whenInUse)
    try location.liveUpdates(iterating: true)
    try location.monitor(iterating: true)
    try location.backgroundActivity(held: true)
    let limited: DiagnosticFlags = precise ? [] : [.accuracyLimited]
    #expect(location.flags("liveUpdates") == limited)
    #expect(location.flags("monitor") == limited)
    #expect(location.flags("app") == [])
    #expect(location.flags("backgroundActivity") == [])
    if !precise { #expect(location.diagnosticRules("monitor").contains(.r32)) }
  }

  @Test("R32 no accuracyLimited while not authorized")
  func accuracyLimitedNeedsAuthorization() throws {
    var location = try launched(start: .init(location: .never, precise: false))
    try location.liveUpdates(iterating: true)
    #expect(location.flags("liveUpdates") == [.authorizationDenied])
  }
}
