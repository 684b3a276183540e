import AuthModel
import Testing

/// RULES.md §3: prompts (R5–R11).
@Suite struct PromptTests {
  // MARK: R5

  @Test("R5 a legacy request in the background shows nothing and has no effect")
  func legacyRequestInBackground() throws {
    var location = try launched()
    try location.enterBackground()
    let citations = try location.requestWhenInUseAuthorization()
    #expect(location.prompt == .none)
    #expect(location.requestResult == .noEffect)
    #expect(location.authorizationStatus == .notDetermined)
    #expect(rules(citations).contains(.r5))
    try location.enterForeground()
    #expect(location.prompt == .none, "a legacy request is not kept for later")
  }

  @Test("R5 a goal held outside the foreground prompts at the next foreground entry")
  func goalKeptForForeground() throws {
    var location = try launched()
    try location.backgroundPastGrace()
    try location.createSession("app", authorization: .whenInUse)
    #expect(location.prompt == .none)
    #expect(location.flags("app") == [.insufficientlyInUse])
    try location.enterForeground()
    #expect(location.prompt == .whenInUse)
    #expect(location.flags("app") == [.authorizationRequestInProgress])
  }

  // MARK: R6

  @Test("R6 while a prompt is pending nothing else prompts")
  func oneAtATime() throws {
    var location = try launched()
    try location.requestWhenInUseAuthorization()
    #expect(location.prompt == .whenInUse)
    let citations = try location.requestAlwaysAuthorization()
    #expect(location.requestResult == .noEffect)
    #expect(location.prompt == .whenInUse)
    #expect(location.state.pendingPrompt == .whenInUse(forAlways: false))
    #expect(location.state.alwaysPromptSpent == false)
    #expect(rules(citations).contains(.r6))
  }

  @Test("R6 a prompt stays pending in the background and is answered only in the foreground")
  func pendingAcrossBackground() throws {
    var location = try launched()
    try location.createSession("app", authorization: .whenInUse)
    try location.backgroundPastGrace()
    #expect(location.prompt == .whenInUse)
    expectRefusal(.r6, .promptOnlyInForeground(.whenInUse), &location) {
      try $0.tap(.allowWhileUsing)
    }
    try location.enterForeground()
    #expect(location.prompt == .whenInUse)
    try location.tap(.allowWhileUsing)
    #expect(location.authorizationStatus == .authorizedWhenInUse)
  }

  @Test("R6 termination withdraws an app's prompt")
  func terminationWithdraws() throws {
    var location = try launched()
    try location.requestWhenInUseAuthorization()
    try location.terminate()
    #expect(location.prompt == .none)
    try location.launch()
    #expect(location.prompt == .none)
    #expect(location.authorizationStatus == .notDetermined)
  }

  @Test("R6 the system's upgrade prompt survives termination and is answered while not running")
  func systemPromptSurvivesTermination() throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(.allowWhileUsing)
    try location.backgroundPastGrace()
    try location.backgroundEvent()
    try location.terminate()
    #expect(location.prompt == .alwaysUpgrade)
    try location.tap(.changeToAlwaysAllow)
    #expect(location.authorizationStatus == .authorizedAlways)
    #expect(location.settingsShows == .always)
  }

  @Test("R6 tapping with no prompt up is refused")
  func tapWithoutPrompt() throws {
    var location = try launched()
    expectRefusal(.r6, .noPromptUp, &location) { try $0.tap(.allowWhileUsing) }
    var notRunning = makeSimulator()
    expectRefusal(.r6, .noPromptUp, &notRunning) { try $0.tap(.dontAllow) }
  }

  // MARK: R7

  struct StringCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info: InfoPlist
    var start = StartingState()
    var step: @Sendable (inout AuthorizationSimulator) throws -> [Citation]
    var testDescription: String { name }
  }

  static let stringTable: [StringCase] = [
    StringCase(
      name: "requestWhenInUseAuthorization without the when-in-use string",
      info: makeInfo(whenInUse: false), step: { try $0.requestWhenInUseAuthorization() }),
    StringCase(
      name: "requestAlwaysAuthorization without the Always string",
      info: makeInfo(always: false), step: { try $0.requestAlwaysAuthorization() }),
    StringCase(
      name: "requestAlwaysAuthorization without the when-in-use string",
      info: makeInfo(whenInUse: false), step: { try $0.requestAlwaysAuthorization() }),
    StringCase(
      name: "upgrade request from While Using without the Always string",
      info: makeInfo(always: false), start: .init(location: .whileUsing),
      step: { try $0.requestAlwaysAuthorization() }),
    StringCase(
      name: "a whenInUse session without the when-in-use string",
      info: makeInfo(whenInUse: false),
      step: { try $0.createSession("app", authorization: .whenInUse) }),
    StringCase(
      name: "an always session from While Using without the Always string",
      info: makeInfo(always: false), start: .init(location: .whileUsing),
      step: { try $0.createSession("app", authorization: .always) }),
  ]

  @Test(
    "R7 a request without its usage strings fails: no prompt, nothing changes",
    arguments: stringTable)
  func usageStrings(_ c: StringCase) throws {
    var location = try launched(info: c.info, start: c.start)
    let before = location.state
    let citations = try c.step(&location)
    #expect(location.prompt == .none)
    #expect(location.state.location == before.location)
    #expect(location.state.alwaysPromptSpent == false)
    #expect(location.state.provisionalAlways == false)
    #expect(rules(citations).contains(.r7))
  }

  // MARK: R8

  enum Blocker: String, Sendable, CaseIterable {
    case restrictions, locationServicesOff, denied
  }

  enum Ask: String, Sendable, CaseIterable {
    case whenInUseRequest, alwaysRequest, whenInUseSession, alwaysSession, fullAccuracyRequest
  }

  struct BlockedCase: Sendable, CustomTestStringConvertible {
    var blocker: Blocker
    var ask: Ask
    var testDescription: String { "\(ask.rawValue) with \(blocker.rawValue)" }
  }

  static let blockedTable: [BlockedCase] = Blocker.allCases.flatMap { blocker in
    Ask.allCases.map { BlockedCase(blocker: blocker, ask: $0) }
  }

  @Test("R8 no prompt of any kind while blocked or denied", arguments: blockedTable)
  func noPromptWhenBlocked(_ c: BlockedCase) throws {
    // Undecided for the authorization asks; While Using with reduced accuracy for the temporary
    // full accuracy ask, so that only the blocker stands in its way.
    let undecided = c.ask != .fullAccuracyRequest
    var start = StartingState(
      location: undecided ? .askNextTime : .whileUsing, precise: false)
    switch c.blocker {
    case .restrictions: start.restrictionsEnabled = true
    case .locationServicesOff: start.locationServicesEnabled = false
    case .denied: start.location = .never
    }
    var location = try launched(start: start)
    switch c.ask {
    case .whenInUseRequest: try location.requestWhenInUseAuthorization()
    case .alwaysRequest: try location.requestAlwaysAuthorization()
    case .whenInUseSession: try location.createSession("app", authorization: .whenInUse)
    case .alwaysSession: try location.createSession("app", authorization: .always)
    case .fullAccuracyRequest:
      try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    }
    #expect(location.prompt == .none)
    #expect(location.state.alwaysPromptSpent == false)
    switch c.ask {
    case .whenInUseRequest, .alwaysRequest: #expect(location.requestResult == .noEffect)
    case .fullAccuracyRequest: #expect(location.requestResult == .promptDeclined)
    case .whenInUseSession, .alwaysSession: #expect(location.requestResult == nil)
    }
  }

  @Test("R8 the system's upgrade prompt is not shown while Location Services are off")
  func noSystemPromptWhenBlocked() throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(.allowWhileUsing)
    try location.backgroundPastGrace()
    try location.changeSettings(.locationServices(false))
    let citations = try location.backgroundEvent()
    #expect(location.prompt == .none)
    #expect(rules(citations).contains(.r8))
  }

  // MARK: R9

  struct AnswerCase: Sendable, CustomTestStringConvertible {
    var button: PromptButton
    var toggle: Bool?
    var testDescription: String {
      "\(button.rawValue), Precise \(toggle.map { $0 ? "on" : "off" } ?? "left alone")"
    }
  }

  static let answerTable: [AnswerCase] = [PromptButton.allowWhileUsing, .allowOnce, .dontAllow]
    .flatMap { button in [true, false, nil].map { AnswerCase(button: button, toggle: $0) } }

  @Test("R9 first prompt answers and the Precise toggle", arguments: answerTable)
  func firstPromptAnswers(_ c: AnswerCase) throws {
    var location = try launched()
    try location.requestWhenInUseAuthorization()
    try location.tap(c.button, precise: c.toggle)
    switch c.button {
    case .allowWhileUsing:
      #expect(location.authorizationStatus == .authorizedWhenInUse)
      #expect(location.settingsShows == .whileUsing)
      #expect(location.state.allowOnce == false)
    case .allowOnce:
      #expect(location.authorizationStatus == .authorizedWhenInUse)
      #expect(location.settingsShows == .askNextTime)
      #expect(location.state.allowOnce == true)
    default:
      #expect(location.authorizationStatus == .denied)
      #expect(location.settingsShows == .never)
    }
    // The toggle sets Precise whatever the answer (kept on a denial: assumed); left alone it
    // keeps its default, on.
    let precise = c.toggle ?? true
    #expect(location.state.precise == precise)
    #expect(location.accuracyAuthorization == (precise ? .fullAccuracy : .reducedAccuracy))
    #expect(location.prompt == .none)
  }

  @Test("R9 with NSLocationDefaultAccuracyReduced the prompt has no Precise toggle")
  func noToggleWhenReduced() throws {
    var location = try launched(info: makeInfo(accuracyReduced: true))
    try location.requestWhenInUseAuthorization()
    expectRefusal(.r9, .noPreciseToggle(.whenInUse), &location) {
      try $0.tap(.allowWhileUsing, precise: true)
    }
    try location.tap(.allowWhileUsing)
    #expect(location.accuracyAuthorization == .reducedAccuracy)
    #expect(location.state.precise == false)
  }

  @Test("R9 a button the when-in-use prompt lacks is refused")
  func wrongButtonOnFirstPrompt() throws {
    var location = try launched()
    try location.requestWhenInUseAuthorization()
    expectRefusal(.r9, .buttonNotOnPrompt(.changeToAlwaysAllow, .whenInUse), &location) {
      try $0.tap(.changeToAlwaysAllow)
    }
  }

  // MARK: R10

  @Test(
    "R10 upgrade prompt answers",
    arguments: [
      (
        PromptButton.changeToAlwaysAllow, AuthorizationStatus.authorizedAlways,
        LocationSetting.always
      ),
      (.keepOnlyWhileUsing, .authorizedWhenInUse, .whileUsing),
    ])
  func upgradeAnswers(
    button: PromptButton, status: AuthorizationStatus, settings: LocationSetting
  ) throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .alwaysUpgrade)
    try location.tap(button)
    #expect(location.authorizationStatus == status)
    #expect(location.settingsShows == settings)
    #expect(location.prompt == .none)
  }

  @Test("R10 the upgrade prompt has no Precise toggle and no first-prompt buttons")
  func upgradePromptRefusals() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.requestAlwaysAuthorization()
    expectRefusal(.r10, .buttonNotOnPrompt(.allowOnce, .alwaysUpgrade), &location) {
      try $0.tap(.allowOnce)
    }
    expectRefusal(.r9, .noPreciseToggle(.alwaysUpgrade), &location) {
      try $0.tap(.changeToAlwaysAllow, precise: true)
    }
  }

  // MARK: R11

  @Test("R11 Allow Once on the temporary full accuracy prompt grants full accuracy")
  func temporaryAllowOnce() throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    #expect(location.prompt == .temporaryFullAccuracy)
    try location.tap(.allowOnce)
    #expect(location.accuracyAuthorization == .fullAccuracy)
    #expect(location.state.temporaryFullAccuracy == true)
    #expect(location.state.precise == false)
    #expect(location.settingsShows == .whileUsing)
  }

  @Test("R11 Don't Allow on the temporary full accuracy prompt records the decline for this run")
  func temporaryDontAllow() throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    try location.tap(.dontAllow)
    #expect(location.accuracyAuthorization == .reducedAccuracy)
    #expect(location.state.declined(try #require(location.key("Navigation"))))
    #expect(!location.state.declined(try #require(location.key("Parking"))))
  }

  @Test("R11 the temporary full accuracy prompt has no Allow While Using button")
  func temporaryWrongButton() throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    expectRefusal(
      .r11, .buttonNotOnPrompt(.allowWhileUsing, .temporaryFullAccuracy), &location
    ) { try $0.tap(.allowWhileUsing) }
  }
}
