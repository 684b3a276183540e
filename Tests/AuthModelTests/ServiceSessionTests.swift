import AuthModel
import Testing

/// RULES.md §6: service sessions, iOS 18 (R17–R23).
@Suite struct ServiceSessionTests {
  // MARK: R17

  @Test("R17 the app's goal is the most demanding held goal; sessions layer")
  func goalsLayer() throws {
    var location = try launched(start: .init(location: .always))
    let c = location.configuration
    #expect(location.state.goal(c) == .none)
    try location.createSession("quiet", authorization: .none)
    #expect(location.state.goal(c) == .none)
    try location.createSession("app", authorization: .whenInUse)
    #expect(location.state.goal(c) == .whenInUse)
    try location.createSession("reminders", authorization: .always)
    #expect(location.state.goal(c) == .always)
    try location.createSession("more", authorization: .whenInUse)
    #expect(location.state.goal(c) == .always)
    try location.invalidateSession("reminders")
    #expect(location.state.goal(c) == .whenInUse)
    #expect(location.holderNames == ["quiet", "app", "more"])
  }

  struct ImplicitCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info = makeInfo()
    var step: @Sendable (inout AuthorizationSimulator) throws -> Void
    var goal: AuthorizationRequirement
    var testDescription: String { name }
  }

  static let implicitTable: [ImplicitCase] = [
    ImplicitCase(
      name: "iterating live updates", step: { try $0.liveUpdates(iterating: true) },
      goal: .whenInUse),
    ImplicitCase(
      name: "iterating monitor events", step: { try $0.monitor(iterating: true) },
      goal: .whenInUse),
    ImplicitCase(
      name: "holding a background activity session",
      step: { try $0.backgroundActivity(held: true) }, goal: .whenInUse),
    ImplicitCase(
      name: "iterating live updates with NSLocationRequireExplicitServiceSession",
      info: makeInfo(requireExplicitServiceSession: true),
      step: { try $0.liveUpdates(iterating: true) }, goal: .none),
    ImplicitCase(
      name: "holding a background activity session with NSLocationRequireExplicitServiceSession",
      info: makeInfo(requireExplicitServiceSession: true),
      step: { try $0.backgroundActivity(held: true) }, goal: .none),
  ]

  @Test("R17 implicit whenInUse sessions", arguments: implicitTable)
  func implicitSessions(_ c: ImplicitCase) throws {
    var location = try launched(info: c.info)
    try c.step(&location)
    #expect(location.state.goal(location.configuration) == c.goal)
    #expect(location.prompt == (c.goal == .none ? .none : .whenInUse))
  }

  @Test("R17 stopping what is not started, or starting twice, is refused")
  func startStopRefusals() throws {
    var location = try launched()
    expectRefusal(.r33, .liveUpdatesNotIterating, &location) {
      try $0.liveUpdates(iterating: false)
    }
    expectRefusal(.r34, .monitorNotIterating, &location) {
      try $0.monitor(iterating: false)
    }
    try location.liveUpdates(iterating: true)
    try location.monitor(iterating: true)
    expectRefusal(.r33, .liveUpdatesAlreadyIterating, &location) {
      try $0.liveUpdates(iterating: true)
    }
    expectRefusal(.r34, .monitorAlreadyIterating, &location) {
      try $0.monitor(iterating: true)
    }
  }

  @Test("R17 app steps while the app is not running are refused")
  func appStepsWhileNotRunning() {
    var location = makeSimulator()
    expectRefusal(.r17, .appNotRunning, &location) {
      try $0.createSession("app", authorization: .whenInUse)
    }
    expectRefusal(.r33, .appNotRunning, &location) { try $0.liveUpdates(iterating: true) }
    expectRefusal(.r34, .appNotRunning, &location) { try $0.monitor(iterating: true) }
    expectRefusal(.r35, .appNotRunning, &location) {
      try $0.backgroundActivity(held: true)
    }
  }

  // MARK: R18

  struct GoalCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info = makeInfo()
    var start: StartingState
    var steps: @Sendable (inout AuthorizationSimulator) throws -> Void
    var prompt: PendingPrompt?
    var alwaysPromptSpent: Bool
    var testDescription: String { name }
  }

  static let navigation = PurposeKey(index: 0)  // "Navigation" sorts before "Parking"
  static let parking = PurposeKey(index: 1)

  static let goalTable: [GoalCase] = [
    GoalCase(
      name: "step 1: whenInUse goal from undecided", start: .init(),
      steps: { try $0.createSession("app", authorization: .whenInUse) },
      prompt: .whenInUse(forAlways: false), alwaysPromptSpent: false),
    GoalCase(
      name: "step 1: always goal from undecided asks for when-in-use first", start: .init(),
      steps: { try $0.createSession("app", authorization: .always) },
      prompt: .whenInUse(forAlways: false), alwaysPromptSpent: false),
    GoalCase(
      name: "step 1: always goal without the Always string still asks for when-in-use",
      info: makeInfo(always: false), start: .init(),
      steps: { try $0.createSession("app", authorization: .always) },
      prompt: .whenInUse(forAlways: false), alwaysPromptSpent: false),
    GoalCase(
      name: "step 1 then 2: the upgrade follows Allow While Using at once (assumed)",
      start: .init(),
      steps: {
        try $0.createSession("app", authorization: .always)
        try $0.tap(.allowWhileUsing)
      },
      prompt: .alwaysUpgrade(bySystem: false), alwaysPromptSpent: true),
    GoalCase(
      name: "step 1 then no upgrade after Allow Once", start: .init(),
      steps: {
        try $0.createSession("app", authorization: .always)
        try $0.tap(.allowOnce)
      },
      prompt: nil, alwaysPromptSpent: false),
    GoalCase(
      name: "step 2: always goal from While Using", start: .init(location: .whileUsing),
      steps: { try $0.createSession("app", authorization: .always) },
      prompt: .alwaysUpgrade(bySystem: false), alwaysPromptSpent: true),
    GoalCase(
      name: "step 2 shares the one-shot of R15 (assumed)",
      start: .init(location: .whileUsing, alwaysPromptSpent: true),
      steps: { try $0.createSession("app", authorization: .always) },
      prompt: nil, alwaysPromptSpent: true),
    GoalCase(
      name: "step 3: a session names a purpose key",
      start: .init(location: .whileUsing, precise: false),
      steps: {
        try $0.createSession("nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
      },
      prompt: .temporaryFullAccuracy(navigation), alwaysPromptSpent: false),
    GoalCase(
      name: "step 3: the first such session in creation order",
      start: .init(location: .whileUsing, precise: false),
      steps: {
        try $0.createSession("plain", authorization: .whenInUse)
        try $0.enterBackground()
        try $0.createSession(
          "parking", authorization: .whenInUse, fullAccuracyPurposeKey: "Parking")
        try $0.createSession("nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
        try $0.enterForeground()
      },
      prompt: .temporaryFullAccuracy(parking), alwaysPromptSpent: false),
    GoalCase(
      name: "step 3 not while Precise is on", start: .init(location: .whileUsing, precise: true),
      steps: {
        try $0.createSession("nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
      },
      prompt: nil, alwaysPromptSpent: false),
    GoalCase(
      name: "step 3 for a none session naming a key while authorized (model's reading)",
      start: .init(location: .whileUsing, precise: false),
      steps: {
        try $0.createSession("nav", authorization: .none, fullAccuracyPurposeKey: "Navigation")
      },
      prompt: .temporaryFullAccuracy(navigation), alwaysPromptSpent: false),
    GoalCase(
      name: "step 3 when step 2 does not match for want of the Always string",
      info: makeInfo(always: false), start: .init(location: .whileUsing, precise: false),
      steps: {
        try $0.createSession("nav", authorization: .always, fullAccuracyPurposeKey: "Navigation")
      },
      prompt: .temporaryFullAccuracy(navigation), alwaysPromptSpent: false),
    GoalCase(
      name: "none goals never prompt", start: .init(),
      steps: { try $0.createSession("quiet", authorization: .none) },
      prompt: nil, alwaysPromptSpent: false),
    GoalCase(
      name: "none goal naming a key does not prompt while undecided", start: .init(precise: false),
      steps: {
        try $0.createSession("nav", authorization: .none, fullAccuracyPurposeKey: "Navigation")
      },
      prompt: nil, alwaysPromptSpent: false),
  ]

  @Test("R18 acting on goals, first match wins", arguments: goalTable)
  func actingOnGoals(_ c: GoalCase) throws {
    var location = try launched(info: c.info, start: c.start)
    try c.steps(&location)
    #expect(location.state.pendingPrompt == c.prompt)
    #expect(location.state.alwaysPromptSpent == c.alwaysPromptSpent)
  }

  @Test("R18 Core Location asks again at the next foreground after a withdrawn prompt")
  func asksAgainAfterWithdrawal() throws {
    var location = try launched()
    try location.createSession("app", authorization: .whenInUse)
    try location.enterBackground()
    try location.changeSettings(.precise(false))
    #expect(location.prompt == .none)
    try location.enterForeground()
    #expect(location.prompt == .whenInUse)
  }

  // MARK: R19

  @Test("R19 a session created while not in use is insufficientlyInUse until the foreground")
  func createdOutsideUse() throws {
    var location = try launched(start: .init(location: .always))
    try location.backgroundPastGrace()
    try location.createSession("late", authorization: .always)
    #expect(location.flags("late") == [.insufficientlyInUse])
    #expect(location.diagnosticRules("late").isSuperset(of: [.r19, .r28]))
    #expect(
      location.explanation(of: .diagnostics(try #require(location.holder(named: "late"))))
        .contains { $0.rule == .r19 && $0.cause.contains("'late'") })
    try location.enterForeground()
    #expect(location.flags("late") == [])
    try location.backgroundPastGrace()
    #expect(location.flags("late") == [], "the mark is gone and Always is now in effect")
  }

  @Test("R19 a session created in the grace period counts as created in use")
  func createdInGrace() throws {
    var location = try launched(start: .init(location: .always))
    try location.enterBackground()
    try location.createSession("early", authorization: .always)
    try location.wait()
    #expect(location.flags("early") == [])
  }

  struct RejoinCase: Sendable, CustomTestStringConvertible {
    var name: String
    var goal: AuthorizationRequirement = .always
    var key: String? = nil
    var waitFirst = false
    var rejoins: Bool
    var testDescription: String { name }
  }

  static let rejoinTable: [RejoinCase] = [
    RejoinCase(name: "same goal, same key, before the first wait", rejoins: true),
    RejoinCase(name: "same goal, after the first wait", waitFirst: true, rejoins: false),
    RejoinCase(name: "another goal", goal: .whenInUse, rejoins: false),
    RejoinCase(name: "another purpose key", key: "Parking", rejoins: false),
  ]

  @Test("R19 at a background relaunch a matching session rejoins", arguments: rejoinTable)
  func rejoin(_ c: RejoinCase) throws {
    var location = try launched(start: .init(location: .always))
    try location.createSession("trip", authorization: .always)
    try location.liveUpdates(iterating: true)
    try location.terminate()
    try location.relaunchInBackground()
    if c.waitFirst { try location.wait() }
    try location.createSession("trip", authorization: c.goal, fullAccuracyPurposeKey: c.key)
    try location.liveUpdates(iterating: true)
    #expect(location.flags("trip") == (c.rejoins ? [] : [.insufficientlyInUse]))
    #expect(location.liveUpdatesDelivery == (c.rejoins ? .full : .none))
    #expect(location.state.sessions.first?.createdInUse == c.rejoins)
  }

  // MARK: R20

  @Test("R20 Always is in effect outside use only with an always session created in use")
  func alwaysInEffect() throws {
    var location = try launched(start: .init(location: .always))
    try location.liveUpdates(iterating: true)
    try location.backgroundPastGrace()
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.flags("liveUpdates") == [.insufficientlyInUse])
    #expect(location.rules(of: .liveUpdates).contains(.r20))
    try location.enterForeground()
    try location.createSession("reminders", authorization: .always)
    try location.backgroundPastGrace()
    #expect(location.liveUpdatesDelivery == .full)
    #expect(location.flags("liveUpdates") == [])
    #expect(location.rules(of: .liveUpdates).contains(.r20))
  }

  @Test("R20 provisional Always is not in effect outside use")
  func provisionalNotInEffect() throws {
    var location = try launched()
    try location.requestAlwaysAuthorization()
    try location.tap(.allowWhileUsing)
    try location.createSession("reminders", authorization: .always)
    #expect(location.prompt == .none)
    try location.liveUpdates(iterating: true)
    try location.backgroundPastGrace()
    #expect(location.authorizationStatus == .authorizedAlways)
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.flags("reminders") == [.insufficientlyInUse])
  }

  // MARK: R21

  @Test("R21 invalidate ends a session at once and frees its id")
  func invalidate() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.createSession("reminders", authorization: .always)
    #expect(location.prompt == .alwaysUpgrade)
    try location.tap(.keepOnlyWhileUsing)
    #expect(location.flags("reminders") == [.alwaysAuthorizationDenied])
    try location.invalidateSession("reminders")
    #expect(location.flags("reminders") == nil)
    #expect(location.diagnostics(forSession: "reminders") == nil)
    #expect(location.state.goal(location.configuration) == .none)
    try location.createSession("reminders", authorization: .whenInUse)
    #expect(location.flags("reminders") == [])
  }

  @Test("R21 invalidating a session not held, or holding an id twice, is refused")
  func invalidateRefusals() throws {
    var location = try launched()
    let ghost = SessionID(0)
    expectRefusal(.r21, .sessionNotHeld(ghost), &location) {
      try $0.invalidateSession("ghost")
    }
    var other = try launched(start: .init(location: .whileUsing))
    try other.createSession("app", authorization: .whenInUse)
    expectRefusal(.r21, .sessionAlreadyHeld(SessionID(0)), &other) {
      try $0.createSession("app", authorization: .always)
    }
    try other.terminate()
    expectRefusal(.r21, .appNotRunning, &other) { try $0.invalidateSession("app") }
  }

  // MARK: R22

  @Test("R22 a declined purpose key is not asked again until the next launch")
  func declineRememberedPerRun() throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    try location.createSession(
      "nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    #expect(location.prompt == .temporaryFullAccuracy)
    try location.tap(.dontAllow)
    #expect(location.prompt == .none)
    try location.invalidateSession("nav")
    try location.createSession(
      "nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    #expect(location.prompt == .none)
    try location.createSession("park", authorization: .whenInUse, fullAccuracyPurposeKey: "Parking")
    #expect(location.prompt == .temporaryFullAccuracy, "another key is still asked")
    try location.tap(.dontAllow)
    try location.terminate()
    try location.launch()
    try location.createSession(
      "nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    #expect(location.prompt == .temporaryFullAccuracy)
  }

  @Test("R22 R16 the legacy request prompts after a decline of the same key; the decline counts")
  func legacyRequestNotStoppedByDecline() throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    try location.createSession(
      "nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    try location.tap(.dontAllow)
    #expect(location.flags("nav") == [.fullAccuracyDenied])
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    #expect(location.requestResult == .prompted)
    #expect(location.prompt == .temporaryFullAccuracy)
    try location.tap(.dontAllow)
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    #expect(location.prompt == .temporaryFullAccuracy, "a legacy decline does not stop it either")
  }

  // MARK: R23

  @Test("R23 a purpose key missing from the dictionary never prompts and sets no diagnostic")
  func missingPurposeKey() throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    let citations = try location.createSession(
      "ski", authorization: .whenInUse, fullAccuracyPurposeKey: "Skiing")
    #expect(rules(citations).contains(.r23))
    #expect(location.prompt == .none)
    #expect(location.flags("ski") == [])
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Skiing")
    #expect(location.requestResult == .promptDeclined)
    #expect(location.flags("ski") == [])
  }
}
