import AuthModel
import Testing

/// RULES.md §5: legacy CLLocationManager requests (R13–R16).
@Suite struct LegacyRequestTests {
  // MARK: R13

  struct WhenInUseCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info = makeInfo()
    var start = StartingState()
    var before: @Sendable (inout AuthorizationSimulator) throws -> Void = { _ in }
    var result: RequestResult
    /// The rule that decided the result, first among those the explanation cites.
    var decidedBy = Rule.r13
    var testDescription: String { name }
  }

  static let whenInUseTable: [WhenInUseCase] = [
    WhenInUseCase(name: "undecided, foreground, strings present", result: .prompted),
    WhenInUseCase(
      name: "already While Using", start: .init(location: .whileUsing), result: .noEffect),
    WhenInUseCase(name: "already Always", start: .init(location: .always), result: .noEffect),
    WhenInUseCase(name: "denied", start: .init(location: .never), result: .noEffect),
    WhenInUseCase(
      name: "Allow Once grant",
      before: {
        try $0.requestWhenInUseAuthorization()
        try $0.tap(.allowOnce)
      },
      result: .noEffect),
    WhenInUseCase(
      name: "in the background", before: { try $0.enterBackground() }, result: .noEffect,
      decidedBy: .r5),
    WhenInUseCase(
      name: "string missing", info: makeInfo(whenInUse: false), result: .noEffect,
      decidedBy: .r7),
    WhenInUseCase(
      name: "restricted", start: .init(restrictionsEnabled: true), result: .noEffect,
      decidedBy: .r8),
  ]

  @Test("R13 requestWhenInUseAuthorization prompts only when undecided", arguments: whenInUseTable)
  func requestWhenInUse(_ c: WhenInUseCase) throws {
    var location = try launched(info: c.info, start: c.start)
    try c.before(&location)
    let status = location.authorizationStatus
    try location.requestWhenInUseAuthorization()
    #expect(location.requestResult == c.result)
    #expect(location.prompt == (c.result == .prompted ? .whenInUse : .none))
    #expect(location.authorizationStatus == status)
    #expect(location.explanation(of: .requestResult).first?.rule == c.decidedBy)
  }

  @Test("R13 a request while the app is not running is refused")
  func requestWhileNotRunning() {
    var location = makeSimulator()
    expectRefusal(.r13, .appNotRunning, &location) {
      try $0.requestWhenInUseAuthorization()
    }
    expectRefusal(.r14, .appNotRunning, &location) {
      try $0.requestAlwaysAuthorization()
    }
    expectRefusal(.r16, .appNotRunning, &location) {
      try $0.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    }
  }

  @Test("R13 requestResult is nil until a legacy request is made in this run")
  func requestResultPerRun() throws {
    var location = try launched()
    #expect(location.requestResult == nil)
    try location.requestWhenInUseAuthorization()
    try location.tap(.allowWhileUsing)
    #expect(location.requestResult == .prompted)
    try location.terminate()
    #expect(location.requestResult == nil)
  }

  // MARK: R14

  @Test("R14 requestAlwaysAuthorization from undecided shows the when-in-use prompt first")
  func alwaysFromUndecided() throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .whenInUse)
    #expect(location.requestResult == .prompted)
    #expect(location.state.alwaysPromptSpent == true)
  }

  @Test("R14 Allow While Using on an Always request is provisional Always")
  func provisionalAlways() throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(.allowWhileUsing)
    #expect(location.authorizationStatus == .authorizedAlways)
    #expect(location.settingsShows == .whileUsing)
    #expect(location.state.provisionalAlways == true)
    #expect(location.prompt == .none, "no upgrade prompt in the foreground")
    #expect(location.rules(of: .authorizationStatus).isSuperset(of: [.r1, .r14]))
  }

  @Test(
    "R14 Allow Once or Don't Allow on an Always request grant no provisional Always",
    arguments: [
      (PromptButton.allowOnce, AuthorizationStatus.authorizedWhenInUse),
      (.dontAllow, .denied),
    ])
  func noProvisionalAlways(button: PromptButton, status: AuthorizationStatus) throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(button)
    #expect(location.authorizationStatus == status)
    #expect(location.state.provisionalAlways == false)
    #expect(location.state.alwaysPromptSpent == true)
  }

  @Test(
    "R14 the system shows the upgrade prompt for a background event, answered in the background",
    arguments: [
      (
        PromptButton.changeToAlwaysAllow, AuthorizationStatus.authorizedAlways,
        LocationSetting.always
      ),
      (.keepOnlyWhileUsing, .authorizedWhenInUse, .whileUsing),
    ])
  func systemUpgrade(
    button: PromptButton, status: AuthorizationStatus, settings: LocationSetting
  ) throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(.allowWhileUsing)
    try location.backgroundPastGrace()
    let citations = try location.backgroundEvent()
    #expect(location.prompt == .alwaysUpgrade)
    #expect(rules(citations).contains(.r14))
    try location.tap(button)
    #expect(location.prompt == .none)
    #expect(location.state.provisionalAlways == false)
    #expect(location.authorizationStatus == status)
    #expect(location.settingsShows == settings)
  }

  @Test("R14 a background event while the app is in use is refused")
  func backgroundEventWhileInUse() throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(.allowWhileUsing)
    expectRefusal(.r14, .backgroundEventWhileInUse, &location) {
      try $0.backgroundEvent()
    }
    try location.enterBackground()
    expectRefusal(.r14, .backgroundEventWhileInUse, &location) {
      try $0.backgroundEvent()
    }
  }

  @Test("R14 a background event without provisional Always shows nothing")
  func backgroundEventWithoutProvisional() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.backgroundPastGrace()
    let citations = try location.backgroundEvent()
    #expect(location.prompt == .none)
    #expect(rules(citations) == [.r14])
  }

  // MARK: R15

  @Test("R15 requestAlwaysAuthorization from While Using shows the upgrade prompt once")
  func upgradeOnce() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .alwaysUpgrade)
    #expect(location.requestResult == .prompted)
    #expect(location.state.alwaysPromptSpent == true)
    try location.tap(.keepOnlyWhileUsing)
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .none)
    #expect(location.requestResult == .noEffect)
    // Another run changes nothing: the one-shot is persisted.
    try location.terminate()
    try location.launch()
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .none)
    #expect(location.requestResult == .noEffect)
  }

  @Test("R15 an Always request from an Allow Once grant is ignored and spends nothing")
  func alwaysFromAllowOnce() throws {
    var location = try launched()
    try location.requestWhenInUseAuthorization()
    try location.tap(.allowOnce)
    let citations = try location.requestAlwaysAuthorization()
    #expect(location.prompt == .none)
    #expect(location.requestResult == .noEffect)
    #expect(location.state.alwaysPromptSpent == false)
    #expect(rules(citations).contains(.r15))
  }

  @Test("R15 an Always request in the background has no effect and spends nothing")
  func alwaysInBackground() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.enterBackground()
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .none)
    #expect(location.state.alwaysPromptSpent == false)
    try location.enterForeground()
    #expect(location.prompt == .none)
  }

  @Test("R15 once an R14 Allow Once grant lapsed, Always requests have no effect (assumed)")
  func oneShotWinsAfterLapse() throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(.allowOnce)
    try location.backgroundPastGrace()
    #expect(location.authorizationStatus == .notDetermined)
    try location.enterForeground()
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .none)
    #expect(location.requestResult == .noEffect)
    // The when-in-use request still works.
    try location.requestWhenInUseAuthorization()
    #expect(location.prompt == .whenInUse)
  }

  @Test("R15 only a reset clears the one-shot")
  func resetClearsOneShot() throws {
    var location = try launched(start: .init(location: .whileUsing, alwaysPromptSpent: true))
    try location.requestAlwaysAuthorization()
    #expect(location.requestResult == .noEffect)
    try location.enterBackground()
    try location.changeSettings(.location(.askNextTime))
    try location.enterForeground()
    #expect(location.state.alwaysPromptSpent == true)
    try location.enterBackground()
    try location.changeSettings(.reset)
    try location.enterForeground()
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .whenInUse)
    #expect(location.requestResult == .prompted)
  }

  @Test("R15 an Always request when already Always has no effect")
  func alwaysWhenAlways() throws {
    var location = try launched(start: .init(location: .always))
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .none)
    #expect(location.requestResult == .noEffect)
    #expect(location.state.alwaysPromptSpent == false)
  }

  // MARK: R16

  struct FullAccuracyCase: Sendable, CustomTestStringConvertible {
    var name: String
    var start = StartingState(location: .whileUsing, precise: false)
    var key = "Navigation"
    var before: @Sendable (inout AuthorizationSimulator) throws -> Void = { _ in }
    var result: RequestResult
    var testDescription: String { name }
  }

  static let fullAccuracyTable: [FullAccuracyCase] = [
    FullAccuracyCase(name: "authorized, reduced, foreground, key present", result: .prompted),
    FullAccuracyCase(
      name: "Always, reduced", start: .init(location: .always, precise: false), result: .prompted),
    FullAccuracyCase(
      name: "Precise on", start: .init(location: .whileUsing, precise: true),
      result: .promptDeclined),
    FullAccuracyCase(
      name: "temporary full accuracy already granted",
      before: {
        try $0.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Parking")
        try $0.tap(.allowOnce)
      }, result: .promptDeclined),
    FullAccuracyCase(name: "key missing", key: "Skiing", result: .promptDeclined),
    FullAccuracyCase(
      name: "in the background", before: { try $0.enterBackground() }, result: .promptDeclined),
    FullAccuracyCase(
      name: "undecided (assumed)", start: .init(precise: false), result: .promptDeclined),
    FullAccuracyCase(
      name: "denied", start: .init(location: .never, precise: false), result: .promptDeclined),
  ]

  @Test("R16 requestTemporaryFullAccuracyAuthorization", arguments: fullAccuracyTable)
  func temporaryFullAccuracy(_ c: FullAccuracyCase) throws {
    var location = try launched(start: c.start)
    try c.before(&location)
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: c.key)
    #expect(location.requestResult == c.result)
    #expect(location.prompt == (c.result == .prompted ? .temporaryFullAccuracy : .none))
  }

  @Test(
    "R16 the user's answer does not change requestResult",
    arguments: [PromptButton.allowOnce, .dontAllow])
  func answerKeepsResult(button: PromptButton) throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    try location.tap(button)
    #expect(location.requestResult == .prompted)
    #expect(
      location.accuracyAuthorization
        == (button == .allowOnce ? .fullAccuracy : .reducedAccuracy))
  }
}
