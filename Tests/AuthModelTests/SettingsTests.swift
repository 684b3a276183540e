import AuthModel
import Testing

/// RULES.md §9: Settings and device (R38).
@Suite struct SettingsTests {
  @Test(
    "R38 Settings while the app is in the foreground is refused",
    arguments: [
      SettingsChange.location(.always), .precise(false), .locationServices(false),
      .restrictions(true), .reset,
    ])
  func settingsInForeground(change: SettingsChange) throws {
    var location = try launched(start: .init(location: .whileUsing))
    expectRefusal(.r38, .settingsWhileInForeground, &location) {
      try $0.changeSettings(change)
    }
  }

  struct ChangeCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info = makeInfo()
    /// How the app was authorized before the change: a prompt answer, or nothing.
    var grant: PromptButton? = nil
    var start = StartingState()
    var change: SettingsChange
    var status: AuthorizationStatus
    var settings: LocationSetting
    var accuracy: AccuracyAuthorization
    var alwaysPromptSpent: Bool
    var testDescription: String { name }
  }

  static let changeTable: [ChangeCase] = [
    ChangeCase(
      name: "Never", start: .init(location: .always), change: .location(.never), status: .denied,
      settings: .never, accuracy: .fullAccuracy, alwaysPromptSpent: false),
    ChangeCase(
      name: "Ask Next Time", start: .init(location: .whileUsing),
      change: .location(.askNextTime), status: .notDetermined, settings: .askNextTime,
      accuracy: .fullAccuracy, alwaysPromptSpent: false),
    ChangeCase(
      name: "While Using from Never", start: .init(location: .never),
      change: .location(.whileUsing), status: .authorizedWhenInUse, settings: .whileUsing,
      accuracy: .fullAccuracy, alwaysPromptSpent: false),
    ChangeCase(
      name: "Always from undecided", change: .location(.always), status: .authorizedAlways,
      settings: .always, accuracy: .fullAccuracy, alwaysPromptSpent: false),
    ChangeCase(
      name: "While Using makes an Allow Once grant permanent", grant: .allowOnce,
      change: .location(.whileUsing), status: .authorizedWhenInUse, settings: .whileUsing,
      accuracy: .fullAccuracy, alwaysPromptSpent: true),
    ChangeCase(
      name: "While Using ends provisional Always", grant: .allowWhileUsing,
      change: .location(.whileUsing), status: .authorizedWhenInUse, settings: .whileUsing,
      accuracy: .fullAccuracy, alwaysPromptSpent: true),
    ChangeCase(
      name: "Precise off", start: .init(location: .whileUsing), change: .precise(false),
      status: .authorizedWhenInUse, settings: .whileUsing, accuracy: .reducedAccuracy,
      alwaysPromptSpent: false),
    ChangeCase(
      name: "Precise on", start: .init(location: .whileUsing, precise: false),
      change: .precise(true), status: .authorizedWhenInUse, settings: .whileUsing,
      accuracy: .fullAccuracy, alwaysPromptSpent: false),
    ChangeCase(
      name: "Location Services off", start: .init(location: .always),
      change: .locationServices(false), status: .denied, settings: .always,
      accuracy: .fullAccuracy, alwaysPromptSpent: false),
    ChangeCase(
      name: "Location Services back on",
      start: .init(location: .always, locationServicesEnabled: false),
      change: .locationServices(true), status: .authorizedAlways, settings: .always,
      accuracy: .fullAccuracy, alwaysPromptSpent: false),
    ChangeCase(
      name: "restrictions on an undecided app", change: .restrictions(true), status: .restricted,
      settings: .askNextTime, accuracy: .fullAccuracy, alwaysPromptSpent: false),
    ChangeCase(
      name: "restrictions off", start: .init(restrictionsEnabled: true),
      change: .restrictions(false), status: .notDetermined, settings: .askNextTime,
      accuracy: .fullAccuracy, alwaysPromptSpent: false),
    ChangeCase(
      name: "reset", start: .init(location: .always, precise: false, alwaysPromptSpent: true),
      change: .reset, status: .notDetermined, settings: .askNextTime, accuracy: .fullAccuracy,
      alwaysPromptSpent: false),
    ChangeCase(
      name: "reset with NSLocationDefaultAccuracyReduced",
      info: makeInfo(accuracyReduced: true), start: .init(location: .whileUsing, precise: true),
      change: .reset, status: .notDetermined, settings: .askNextTime,
      accuracy: .reducedAccuracy, alwaysPromptSpent: false),
  ]

  @Test("R38 Settings changes", arguments: changeTable)
  func change(_ c: ChangeCase) throws {
    var location = try launched(info: c.info, start: c.start)
    if let grant = c.grant {
      // Allow While Using here answers an Always request: provisional Always.
      try location.requestAlwaysAuthorization()
      try location.tap(grant)
    }
    try location.enterBackground()
    let citations = try location.changeSettings(c.change)
    #expect(rules(citations).contains(.r38))
    #expect(location.authorizationStatus == c.status)
    #expect(location.settingsShows == c.settings)
    #expect(location.accuracyAuthorization == c.accuracy)
    #expect(location.state.alwaysPromptSpent == c.alwaysPromptSpent)
    #expect(location.state.allowOnce == false)
    #expect(location.state.provisionalAlways == false)
  }

  @Test(
    "R38 restrictions lock the app's choice, its toggle and reset",
    arguments: [SettingsChange.location(.always), .precise(false), .reset])
  func restrictionsLock(change: SettingsChange) throws {
    var location = makeSimulator(start: .init(location: .whileUsing, restrictionsEnabled: true))
    expectRefusal(.r38, .settingsLockedByRestrictions, &location) {
      try $0.changeSettings(change)
    }
  }

  @Test("R38 under restrictions the device switches still change")
  func restrictionsLeaveDeviceSwitches() throws {
    var location = makeSimulator(start: .init(location: .whileUsing, restrictionsEnabled: true))
    try location.changeSettings(.locationServices(false))
    #expect(location.authorizationStatus == .denied)
    try location.changeSettings(.locationServices(true))
    try location.changeSettings(.restrictions(false))
    try location.changeSettings(.location(.never))
    #expect(location.authorizationStatus == .denied)
  }

  @Test("R38 any Settings change withdraws a pending prompt; R18 asks again in the foreground")
  func withdrawsPendingPrompt() throws {
    var location = try launched()
    try location.createSession("app", authorization: .whenInUse)
    try location.enterBackground()
    #expect(location.prompt == .whenInUse)
    let citations = try location.changeSettings(.locationServices(true))
    #expect(location.prompt == .none)
    #expect(rules(citations).contains(.r38))
    try location.enterForeground()
    #expect(location.prompt == .whenInUse)
    // A legacy request is not asked again.
    var legacy = try launched()
    try legacy.requestWhenInUseAuthorization()
    try legacy.enterBackground()
    try legacy.changeSettings(.precise(true))
    try legacy.enterForeground()
    #expect(legacy.prompt == .none)
  }

  @Test("R38 withdrawing R14's system prompt keeps provisional Always; the next event asks again")
  func withdrawSystemPrompt() throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(.allowWhileUsing)
    try location.backgroundPastGrace()
    try location.backgroundEvent()
    #expect(location.prompt == .alwaysUpgrade)
    try location.changeSettings(.precise(true))
    #expect(location.prompt == .none)
    #expect(location.state.provisionalAlways)
    #expect(location.authorizationStatus == .authorizedAlways)
    #expect(location.settingsShows == .whileUsing)
    try location.backgroundEvent()
    #expect(location.prompt == .alwaysUpgrade, "shown again (R14)")
    try location.tap(.changeToAlwaysAllow)
    #expect(location.settingsShows == .always)
  }

  @Test("R38 reset ends Allow Once and provisional Always")
  func resetEndsGrants() throws {
    var once = try launched()
    try once.requestWhenInUseAuthorization()
    try once.tap(.allowOnce)
    try once.backgroundActivity(held: true)
    try once.enterBackground()
    try once.changeSettings(.reset)
    #expect(once.state.allowOnce == false)
    #expect(once.authorizationStatus == .notDetermined)
    var provisional = try launched()
    try provisional.requestAlwaysAuthorization()
    try provisional.tap(.allowWhileUsing)
    try provisional.enterBackground()
    try provisional.changeSettings(.reset)
    #expect(provisional.state.provisionalAlways == false)
    #expect(provisional.authorizationStatus == .notDetermined)
  }

  @Test("R38 reset ends temporary full accuracy")
  func resetEndsTemporaryFullAccuracy() throws {
    var location = try launched(
      info: makeInfo(accuracyReduced: true), start: .init(location: .whileUsing))
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    try location.tap(.allowOnce)
    try location.backgroundActivity(held: true)
    try location.enterBackground()
    try location.changeSettings(.reset)
    #expect(location.state.temporaryFullAccuracy == false)
    #expect(location.accuracyAuthorization == .reducedAccuracy)
  }
}
