// The transition function: a state and an event in, the next state or a refusal out. Pure: no
// I/O, no clocks, no globals. Each rule of docs/RULES.md that changes the state lives
// here, in one place, commented with its id.

extension AuthorizationState {
  /// The state after `event`, or the rule that says it cannot happen.
  ///
  /// - Parameter trace: records the rules that accepted the step and decided its effects.
  /// - Throws: a ``Refusal`` citing its rule when the step cannot happen in this state.
  public func applying(
    _ event: AuthorizationEvent, configuration c: AppConfiguration, trace: inout Trace
  ) throws(Refusal) -> AuthorizationState {
    switch outcome(of: event, configuration: c, trace: &trace) {
    case .success(let next): return next
    case .failure(let refusal): throw refusal
    }
  }

  /// The state after `event` without recording why, or `nil` if it cannot happen: a refusal is
  /// a value here, nothing is thrown.
  public func applying(
    _ event: AuthorizationEvent, configuration c: AppConfiguration
  ) -> AuthorizationState? {
    var next = self
    return next.apply(event, configuration: c) ? next : nil
  }

  /// Applies `event` to this state in place without recording why: whether it can happen.
  ///
  /// For the package only: a refused step may leave this state half changed, so the caller
  /// starts every step from a fresh copy (``applying(_:configuration:)`` is this on a copy).
  ///
  /// - Parameter legacyServicesIdle: that the state holds no legacy service (§8b,
  ///   ``LegacyServices/isIdle``) and `event` is not one of their steps, so that the state after
  ///   holds none either: what an exploration without them knows of every step it takes. Then
  ///   the step leaves out its reads of the legacy services; debug builds check both conditions.
  package mutating func apply(
    _ event: AuthorizationEvent, configuration c: AppConfiguration,
    legacyServicesIdle: Bool = false
  ) -> Bool {
    // The guards here, the effect out of line: the optimizer inlines the refusal function
    // only into a small caller, and inlined it reads the state in place and builds no refusal.
    guard withConditions(c, { $0.refusal(of: event) }) == nil else { return false }
    applyAccepted(event, configuration: c, legacyServicesIdle: legacyServicesIdle)
    return true
  }

  /// ``apply(_:configuration:legacyServicesIdle:)`` without asking the guards, for a caller
  /// that knows they let `event` happen in this state (debug builds check).
  @inline(__always)
  package mutating func applyAccepted(
    _ event: AuthorizationEvent, configuration c: AppConfiguration, legacyServicesIdle: Bool
  ) {
    assert(withConditions(c, { $0.refusal(of: event) }) == nil, "the guards refuse \(event)")
    if legacyServicesIdle {
      assert(legacy.isIdle, "a state without legacy services holds none")
      takeUntracedWithoutLegacyServices(event, c)
      assert(legacy.isIdle, "\(event) is not a step of the legacy services")
    } else {
      takeUntraced(event, c)
    }
  }

  /// The effect of `event`, which the guards let happen, without recording why: every
  /// citation compiles away.
  @inline(never)
  private mutating func takeUntraced(_ event: AuthorizationEvent, _ c: AppConfiguration) {
    var trace = Trace.off
    take(event, c, &trace, legacyServicesIdle: false)
    settle(c, &trace, legacyServicesIdle: false)
  }

  /// ``takeUntraced(_:_:)`` in a state that holds no legacy service, by a step that holds none.
  @inline(never)
  private mutating func takeUntracedWithoutLegacyServices(
    _ event: AuthorizationEvent, _ c: AppConfiguration
  ) {
    var trace = Trace.off
    take(event, c, &trace, legacyServicesIdle: true)
    settle(c, &trace, legacyServicesIdle: true)
  }

  /// The state after `event`, or the refusal, as a value.
  public func outcome(
    of event: AuthorizationEvent, configuration c: AppConfiguration, trace: inout Trace
  ) -> Result<AuthorizationState, Refusal> {
    var next = self
    if let refusal = next.withConditions(c, { $0.refusal(of: event) }) {
      return .failure(refusal)
    }
    next.take(event, c, &trace, legacyServicesIdle: false)
    next.settle(c, &trace, legacyServicesIdle: false)
    return .success(next)
  }

  /// The effect of `event` on this state (citing the rules), once the refusal function
  /// (``StepConditions/refusal(of:)``) has let it happen.
  ///
  /// - Parameter legacyServicesIdle: a constant: `true` where the state holds no legacy
  ///   service and the step is not one of theirs, so that what reads them is left out.
  @inline(__always)
  private mutating func take(
    _ event: AuthorizationEvent, _ c: AppConfiguration, _ trace: inout Trace,
    legacyServicesIdle: Bool
  ) {
    // R44: a continuous background session held before the step ends if the step takes the
    // app's authorization away (a claim made while unauthorized waits instead).
    var quiet = Trace.off
    // Read as a byte first: most steps hold none, and the call would copy the state.
    let heldSessions =
      legacyServicesIdle || legacy.sessionClaims == 0 ? 0 : continuousBackgroundSessions(c)
    switch event {
    case .launch:
      startRun(in: .foreground, trace: &trace)
    case .relaunchInBackground:
      // R36 allowed it; the reason it gives is part of the step's explanation.
      _ = relaunchBlocker(c, trace: &trace)
      startRun(in: .background, trace: &trace)
    case .enterBackground:
      app = .background
      inGrace = true
      trace.cite(.r3, "the app stays in use for a grace period after leaving the foreground")
    case .enterForeground:
      app = .foreground
      inGrace = false
      // R35: a background activity session started outside the foreground becomes active now.
      if backgroundActivity == .startedOutsideForeground {
        backgroundActivity = .started
        trace.cite(
          .r35, "the CLBackgroundActivitySession started outside the foreground can now be active")
      }
      // R19: sessions created outside use count as in use once the app is in the foreground.
      for i in sessions.indices where !sessions[i].createdInUse {
        sessions[i].createdInUse = true
        trace.cite(.r19) { n in "session '\(n.name(of: sessions[i].id))' is no longer marked" }
      }
    case .wait:
      wait(c, &trace)
    case .terminate:
      terminate(byUser: false, c, &trace)
    case .terminateByUser:
      terminate(byUser: true, c, &trace)
    case .createSession(let id, let goal, let key):
      createSession(id, goal, key, c, &trace)
    case .invalidateSession(let id):
      if let i = sessions.firstIndex(of: id) { sessions.remove(at: i) }
      trace.cite(.r21) { n in "session '\(n.name(of: id))' ends at once" }
    case .liveUpdates(let start):
      iteratingLiveUpdates = start
      citeImplicitSession(c, "live updates", &trace)
    case .monitor(let start):
      iteratingMonitor = start
      citeImplicitSession(c, "monitor events", &trace)
    case .backgroundActivity(let start):
      holdBackgroundActivity(start, c, &trace)
    case .requestWhenInUseAuthorization:
      requestWhenInUse(c, &trace)
    case .requestAlwaysAuthorization:
      requestAlways(c, &trace)
    case .requestTemporaryFullAccuracyAuthorization(let key):
      requestTemporaryFullAccuracy(key, c, &trace)
    case .tap(let button, let precise):
      tap(button, precise: precise, c, &trace)
    case .settings(let change):
      changeSettings(CollectionOfOne(change), c, &trace)
    case .settingsChanges(let changes):
      changeSettings(changes, c, &trace)
    case .backgroundEvent:
      backgroundEvent(&trace)
    case .createManager(let id, let properties):
      heldManagers |= id.bit
      trace.cite(.r41) { n in
        "manager '\(n.name(of: id))' is created; its delegate is called once with the values now"
      }
      if !properties.isEmpty { configure(id, properties, c, &trace) }
    case .releaseManager(let id):
      releaseManager(id, c, &trace)
    case .configureManager, .request, .startUpdatingLocation, .stopUpdatingLocation,
      .startMonitoringSignificantLocationChanges, .stopMonitoringSignificantLocationChanges,
      .startMonitoringVisits, .stopMonitoringVisits, .startMonitoring, .stopMonitoring,
      .pauseUpdates:
      applyLegacy(event, c, &trace)
    }
    if heldSessions != 0 && !isAuthorized(c, trace: &quiet) {
      legacy.sessionClaims &= ~heldSessions
      trace.cite(.r44, "the app is no longer authorized, so its continuous background session ends")
    }
  }

  /// The legacy services' steps (§8b, R43–R49, and R6 for a manager's request). Out of line:
  /// the explorer's default run takes none of them, and inlined they made every other step
  /// slower.
  @inline(never)
  private mutating func applyLegacy(
    _ event: AuthorizationEvent, _ c: AppConfiguration, _ trace: inout Trace
  ) {
    switch event {
    case .configureManager(let id, let properties):
      configure(id, properties, c, &trace)
    case .request(let request, let id):
      switch request {
      case .whenInUse: requestWhenInUse(c, &trace)
      case .always: requestAlways(c, &trace)
      case .temporaryFullAccuracy(let key): requestTemporaryFullAccuracy(key, c, &trace)
      }
      // R6: the prompt this request raised is withdrawn if the manager is released first.
      if lastRequestResult == .prompted {
        legacy.promptRaisedBy = id
        trace.cite(.r6) { n in
          "the prompt is withdrawn if manager '\(n.name(of: id))' is released before it is answered"
        }
      }
    case .startUpdatingLocation(let id):
      startUpdatingLocation(id, c, &trace)
    case .stopUpdatingLocation(let id):
      legacy.updating &= ~id.bit
      endContinuousSession(id.bit, "its updates stop", &trace)
      trace.cite(.r43) { n in "manager '\(n.name(of: id))' stops continuous updates" }
    case .startMonitoringSignificantLocationChanges(let id):
      legacy.significantChangesRegistered = true
      legacy.significantChangesStarted |= id.bit
      trace.cite(.r47) { n in
        "manager '\(n.name(of: id))' registers the app for significant changes, persisted"
      }
    case .stopMonitoringSignificantLocationChanges(let id):
      legacy.significantChangesRegistered = false
      legacy.significantChangesStarted = 0
      trace.cite(.r47) { n in
        "manager '\(n.name(of: id))' ends the app's significant-change registration"
      }
    case .startMonitoringVisits(let id):
      legacy.visitsRegistered = true
      legacy.visitsStarted |= id.bit
      trace.cite(.r48) { n in "manager '\(n.name(of: id))' registers the app for visits, persisted"
      }
    case .stopMonitoringVisits(let id):
      legacy.visitsRegistered = false
      legacy.visitsStarted = 0
      legacy.visitsDeliverToAnyManager = false
      trace.cite(.r48) { n in "manager '\(n.name(of: id))' ends the app's visit registration" }
    case .startMonitoring(let id, let region):
      startMonitoring(region, by: id, c, &trace)
    case .stopMonitoring(let id, let region):
      legacy.monitoredRegions &= ~region.bit
      trace.cite(.r49) { n in
        "manager '\(n.name(of: id))' removes region '\(n.name(of: region))'"
      }
    case .pauseUpdates:
      pauseUpdates(&trace)
    default:
      // Every other step is taken in `take`.
      break
    }
  }

  // MARK: Life cycle (R3, R12, R19, R36, R37)

  private mutating func startRun(in runState: AppRunState, trace: inout Trace) {
    app = runState
    inGrace = false
    rejoinWindowOpen = true
    // R48: a visit registration from before this launch delivers to any held manager.
    if legacy.visitsRegistered {
      legacy.visitsDeliverToAnyManager = true
      trace.cite(.r48, "the visit registration delivers to any manager the app holds")
    }
    trace.cite(
      .r19, "sessions matching those held at termination rejoin until the first wait")
  }

  /// R12, R37: time passes.
  private mutating func wait(_ c: AppConfiguration, _ trace: inout Trace) {
    inGrace = false
    if rejoinWindowOpen {
      rejoinWindowOpen = false
      // R37: a carried session not resumed before the first wait after launch ends.
      if carriedBackgroundActivity {
        carriedBackgroundActivity = false
        trace.cite(.r37, "the carried CLBackgroundActivitySession was not resumed, so it ends")
      }
    }
    var quiet = Trace.off
    guard !isInUse(c, trace: &quiet) else { return }
    if c.mutation == .allowOnceNeverLapses && allowOnce { return }
    expireTemporaryGrants(trace: &trace)
  }

  /// R12: Allow Once and temporary full accuracy end when the app stops being in use.
  private mutating func expireTemporaryGrants(trace: inout Trace) {
    if allowOnce {
      allowOnce = false
      location = .askNextTime
      trace.cite(.r12, "the Allow Once grant lapsed and the choice reverts to Ask Next Time")
    }
    if temporaryFullAccuracy {
      temporaryFullAccuracy = false
      trace.cite(.r12, "temporary full accuracy lapsed")
    }
  }

  /// R37: termination; R50: by the user.
  private mutating func terminate(byUser: Bool, _ c: AppConfiguration, _ trace: inout Trace) {
    // R50: the user's termination carries no CLBackgroundActivitySession, and live updates
    // no longer relaunch the app; CLMonitor does.
    let byUser = byUser && c.mutation != .userTerminationLikeSystem
    let carries = !byUser && backgroundActivityIsActive(c)
    sessionsAtTermination = sessions
    iteratingAtTermination = iteratingMonitor || (!byUser && iteratingLiveUpdates)
    let endsRegistrations: Bool
    if byUser {
      trace.cite(
        .r50,
        "the user swiped the app away: no background activity session carries it, and live "
          + "updates do not relaunch it")
      endsRegistrations = c.mutation == .userTerminationEndsRelaunch
      if endsRegistrations { iteratingAtTermination = false }
    } else {
      endsRegistrations = false
    }
    if carries {
      trace.cite(.r37, "the active CLBackgroundActivitySession continues after termination")
    } else if carriedBackgroundActivity {
      trace.cite(.r37, "the carried CLBackgroundActivitySession was not resumed, so it ends")
    }
    carriedBackgroundActivity = carries
    app = .notRunning
    inGrace = false
    rejoinWindowOpen = false
    sessions.removeAll()
    iteratingLiveUpdates = false
    iteratingMonitor = false
    backgroundActivity = .none
    declinedPurposeKeys = 0
    lastRequestResult = nil
    // R41: termination releases every manager; R43, R44, R47–R49: their services stop, the
    // registrations stay.
    heldManagers = 0
    if !legacy.isIdle {
      if legacy.sessionClaims != 0 {
        trace.cite(.r44, "termination ends the continuous background session")
      }
      legacy.terminate()
      if endsRegistrations || c.mutation == .registrationsEndAtTermination {
        legacy = LegacyServices()
      }
    }
    // R6: termination withdraws a pending prompt, but the system's own upgrade prompt (R14).
    if let prompt = pendingPrompt, !prompt.isSystemPrompt {
      pendingPrompt = nil
      trace.cite(.r6, "termination withdraws the pending prompt")
    }
    // R12: without a carried session the app is no longer in use.
    if !carries { expireTemporaryGrants(trace: &trace) }
  }

  // MARK: Sessions (R17, R19, R21, R35, R39)

  private mutating func createSession(
    _ id: SessionID, _ goal: AuthorizationRequirement, _ key: PurposeKey?,
    _ c: AppConfiguration, _ trace: inout Trace
  ) {
    var session = HeldSession(id: id, authorization: goal, fullAccuracyPurposeKey: key)
    // R19: judged in the state before the step.
    var quiet = Trace.off
    if isInUse(c, trace: &quiet) {
      trace.cite(.r19) { n in "session '\(n.name(of: id))' is created while the app is in use" }
    } else if rejoinWindowOpen && sessionsAtTermination.contains(where: session.requiresSame) {
      trace.cite(.r19) { n in
        "session '\(n.name(of: id))' rejoins a matching session held at termination"
      }
    } else {
      session.createdInUse = false
      trace.cite(.r19) { n in "session '\(n.name(of: id))' is created while the app is not in use" }
    }
    if let key, !c.hasPurposeKey(key) {
      trace.cite(.r23) { n in
        "purpose key '\(n.name(of: key))' is not in the dictionary, so it never prompts"
      }
    }
    sessions.append(session)
    trace.cite(.r17) { n in "session '\(n.name(of: id))' holds the goal \(goal.rawValue)" }
  }

  // Always inlined: it only cites, so where the trace is off nothing of it is left.
  @inline(__always)
  private func citeImplicitSession(_ c: AppConfiguration, _ what: String, _ trace: inout Trace) {
    if !c.hasServiceSessions {
      trace.cite(.r39, "on iOS 17 iterating \(what) holds no session and does not prompt")
    } else if c.requiresExplicitServiceSession {
      trace.cite(.r17, "NSLocationRequireExplicitServiceSession: \(what) hold no implicit session")
    } else {
      trace.cite(.r17, "iterating \(what) holds an implicit whenInUse session")
    }
  }

  private mutating func holdBackgroundActivity(
    _ start: Bool, _ c: AppConfiguration, _ trace: inout Trace
  ) {
    guard start else {
      backgroundActivity = .none
      trace.cite(.r35, "the app invalidates its CLBackgroundActivitySession")
      return
    }
    if rejoinWindowOpen && carriedBackgroundActivity {
      carriedBackgroundActivity = false
      backgroundActivity = .started
      trace.cite(.r37, "the app resumes the CLBackgroundActivitySession carried across termination")
    } else if app == .foreground {
      backgroundActivity = .started
      trace.cite(.r35, "the CLBackgroundActivitySession is started in the foreground")
    } else {
      backgroundActivity = .startedOutsideForeground
      trace.cite(
        .r35,
        "a CLBackgroundActivitySession started outside the foreground is inactive until the app "
          + "next enters the foreground")
    }
  }

  // MARK: Legacy requests (R5–R8, R13–R16, R22)

  /// Whether a prompt the app asks for may appear now (R5, R6, R8). Cites what stops it.
  private func appCanPrompt(_ c: AppConfiguration, _ trace: inout Trace) -> Bool {
    if app != .foreground {
      guard app == .background && c.mutation == .requestsPromptFromBackground else {
        trace.cite(.r5, "the app is not in the foreground")
        return false
      }
    }
    if let pendingPrompt {
      trace.cite(.r6, "a \(pendingPrompt.prompt.rawValue) prompt is already pending")
      return false
    }
    return !promptsAreBlocked(trace: &trace)
  }

  /// R13.
  private mutating func requestWhenInUse(_ c: AppConfiguration, _ trace: inout Trace) {
    lastRequestResult = .noEffect
    guard whenInUseRequestPrompts(c, &trace) else { return }
    pendingPrompt = .whenInUse(forAlways: false)
    lastRequestResult = .prompted
    trace.cite(.r13, "requestWhenInUseAuthorization() shows the when-in-use prompt")
  }

  /// R13: whether requestWhenInUseAuthorization() shows its prompt now. Cites what stops it.
  func whenInUseRequestPrompts(_ c: AppConfiguration, _ trace: inout Trace) -> Bool {
    guard
      location == .askNextTime
        || (c.mutation == .whenInUseRequestRepeats && location == .whileUsing && !allowOnce
          && !provisionalAlways)
    else {
      trace.cite(.r13, "the app has already been answered, so the request has no effect")
      return false
    }
    guard appCanPrompt(c, &trace) else {
      trace.cite(.r13, "the request has no effect")
      return false
    }
    guard c.hasWhenInUseString else {
      trace.cite(.r7, "NSLocationWhenInUseUsageDescription is missing")
      return false
    }
    return true
  }

  /// R14, R15.
  private mutating func requestAlways(_ c: AppConfiguration, _ trace: inout Trace) {
    lastRequestResult = .noEffect
    guard alwaysRequestPrompts(c, &trace) else { return }
    alwaysPromptSpent = true
    lastRequestResult = .prompted
    if location == .askNextTime {
      pendingPrompt = .whenInUse(forAlways: true)
      trace.cite(.r14, "requestAlwaysAuthorization() shows the when-in-use prompt first")
    } else {
      pendingPrompt = .alwaysUpgrade(bySystem: false)
      trace.cite(.r15, "requestAlwaysAuthorization() shows the upgrade prompt")
    }
  }

  /// R14, R15: whether requestAlwaysAuthorization() shows a prompt now (the when-in-use prompt
  /// from Ask Next Time, the upgrade from While Using). Cites what stops it.
  func alwaysRequestPrompts(_ c: AppConfiguration, _ trace: inout Trace) -> Bool {
    if alwaysPromptSpent {
      trace.cite(.r15, "the one Always prompt was already shown; further calls have no effect")
      return false
    }
    switch location {
    case .askNextTime, .whileUsing:
      if location == .whileUsing && allowOnce {
        trace.cite(.r15, "an Always request from an Allow Once grant is ignored")
        return false
      }
      guard appCanPrompt(c, &trace) else {
        trace.cite(location == .askNextTime ? .r14 : .r15, "the request has no effect")
        return false
      }
      guard c.hasWhenInUseString && c.hasAlwaysString else {
        trace.cite(.r7, "an Always request needs both usage strings")
        return false
      }
      return true
    case .never:
      _ = promptsAreBlocked(trace: &trace)
      return false
    case .always:
      trace.cite(.r15, "the app already has Always, so the request has no effect")
      return false
    }
  }

  /// R16.
  private mutating func requestTemporaryFullAccuracy(
    _ key: PurposeKey, _ c: AppConfiguration, _ trace: inout Trace
  ) {
    lastRequestResult = .promptDeclined
    guard temporaryFullAccuracyRequestPrompts(key, c, &trace) else { return }
    pendingPrompt = .temporaryFullAccuracy(key)
    lastRequestResult = .prompted
    trace.cite(.r16) { n in "the temporary full accuracy prompt for '\(n.name(of: key))' appears" }
  }

  /// R16: whether requestTemporaryFullAccuracyAuthorization(withPurposeKey:) shows its
  /// prompt now. Cites what stops it.
  func temporaryFullAccuracyRequestPrompts(
    _ key: PurposeKey, _ c: AppConfiguration, _ trace: inout Trace
  ) -> Bool {
    var quiet = Trace.off
    guard isAuthorized(c, trace: &quiet) else {
      _ = isAuthorized(c, trace: &trace)  // why not: R1, R4
      trace.cite(.r16, "the app is not authorized, so the request fails")
      return false
    }
    guard !precise && !temporaryFullAccuracy else {
      trace.cite(.r16, "full accuracy is already granted, so the request fails")
      return false
    }
    guard c.hasPurposeKey(key) else {
      trace.cite(.r16) { n in "purpose key '\(n.name(of: key))' is not in the dictionary" }
      return false
    }
    // R16, R22: an earlier decline of the key this run does not stop the legacy request.
    guard appCanPrompt(c, &trace) else {
      trace.cite(.r16, "the request fails without showing anything")
      return false
    }
    return true
  }

  // MARK: Answers (R6, R9–R11, R14)

  private mutating func tap(
    _ button: PromptButton, precise toggle: Bool?, _ c: AppConfiguration, _ trace: inout Trace
  ) {
    guard let prompt = pendingPrompt else { return }
    pendingPrompt = nil
    switch (prompt, button) {
    case (.whenInUse(let forAlways), _):
      // R9: the Precise toggle applies whatever the answer.
      if let toggle {
        precise = toggle
        trace.cite(.r9, "the user set Precise \(toggle ? "on" : "off") on the prompt")
      }
      switch button {
      case .allowWhileUsing:
        location = .whileUsing
        provisionalAlways = forAlways
        trace.cite(.r9, "Allow While Using stores While Using the App")
        if forAlways { trace.cite(.r14, "on an Always request this is provisional Always") }
      case .allowOnce:
        location = .whileUsing
        allowOnce = true
        trace.cite(.r9, "Allow Once grants when-in-use until the app stops being in use")
      default:
        location = .never
        trace.cite(.r9, "Don't Allow stores Never")
      }
    case (.alwaysUpgrade, .changeToAlwaysAllow):
      location = .always
      provisionalAlways = false
      trace.cite(.r10, "Change to Always Allow stores Always")
    case (.alwaysUpgrade, _):
      location = .whileUsing
      provisionalAlways = false
      trace.cite(.r10, "Keep Only While Using keeps While Using the App")
    case (.temporaryFullAccuracy, .allowOnce):
      temporaryFullAccuracy = true
      trace.cite(.r11, "Allow Once grants temporary full accuracy")
    case (.temporaryFullAccuracy(let key), _):
      declinedPurposeKeys |= 1 << UInt32(key.index)
      trace.cite(.r11) { n in "Don't Allow declines '\(n.name(of: key))' for this run (R22)" }
    }
  }

  // MARK: Settings (R38) and the system (R14)

  /// R38: the changes, one visit to Settings, withdraw a pending prompt, then write in order
  /// what ``SettingsChange/write(to:defaultPrecise:)`` says.
  private mutating func changeSettings(
    _ changes: some Collection<SettingsChange>, _ c: AppConfiguration, _ trace: inout Trace
  ) {
    if let prompt = promptWithdrawnBySettings {
      pendingPrompt = nil
      trace.cite(.r38, "the Settings change withdraws the pending \(prompt.prompt.rawValue) prompt")
      // R38: provisional Always stays; the next background event shows R14's prompt again.
      if prompt.isSystemPrompt && provisionalAlways {
        trace.cite(.r38, "provisional Always stays; the next background event asks again")
      }
    }
    for change in changes { write(change, c, &trace) }
  }

  /// R38: one change in Settings. Always inlined: where the trace is off, only the write is
  /// left of it, on every Settings step the explorer takes.
  @inline(__always)
  private mutating func write(
    _ change: SettingsChange, _ c: AppConfiguration, _ trace: inout Trace
  ) {
    change.write(to: &self, defaultPrecise: c.defaultPrecise)
    switch change {
    case .location(let setting):
      trace.cite(.r38, "the user sets the app's location to \(setting.rawValue) in Settings")
    case .precise(let on):
      trace.cite(.r38, "the user turns Precise Location \(on ? "on" : "off") in Settings")
    case .locationServices(let on):
      trace.cite(.r38, "the user turns Location Services \(on ? "on" : "off")")
    case .restrictions(let on):
      trace.cite(.r38, "restrictions are turned \(on ? "on" : "off")")
    case .reset:
      trace.cite(.r38, "Reset Location & Privacy forgets the app's choices")
    }
  }

  /// R14: the system shows the upgrade prompt for a provisional-Always app.
  private mutating func backgroundEvent(_ trace: inout Trace) {
    guard systemUpgradePromptAppears(&trace) else { return }
    pendingPrompt = .alwaysUpgrade(bySystem: true)
    trace.cite(.r14, "Core Location shows the upgrade prompt to deliver the event")
  }

  /// R14: whether the system's background event shows the upgrade prompt now. Cites what
  /// stops it.
  func systemUpgradePromptAppears(_ trace: inout Trace) -> Bool {
    guard provisionalAlways else {
      trace.cite(.r14, "the app has no provisional Always grant, so no prompt appears")
      return false
    }
    if let pendingPrompt {
      trace.cite(.r6, "a \(pendingPrompt.prompt.rawValue) prompt is already pending")
      return false
    }
    return !promptsAreBlocked(trace: &trace)
  }

  // MARK: Legacy services (R6, R41, R43–R46, R49)

  /// R41: the manager is released; its services stop (R43, R47–R49: the registrations stay),
  /// its continuous background session ends (R44), and a prompt its request raised is
  /// withdrawn (R6).
  private mutating func releaseManager(
    _ id: ManagerID, _ c: AppConfiguration, _ trace: inout Trace
  ) {
    heldManagers &= ~id.bit
    trace.cite(.r41) { n in "manager '\(n.name(of: id))' is released" }
    if pendingPrompt != nil && c.mutation == .anyReleaseWithdrawsPrompt {
      pendingPrompt = nil
      legacy.promptRaisedBy = nil
    }
    guard !legacy.isIdle else { return }
    endContinuousSession(id.bit, "its manager is released", &trace)
    if legacy.updating & id.bit != 0 {
      trace.cite(.r43) { n in "manager '\(n.name(of: id))' no longer runs continuous updates" }
    }
    if legacy.promptRaisedBy == id, let prompt = pendingPrompt,
      c.mutation != .promptOutlivesManager
    {
      pendingPrompt = nil
      legacy.promptRaisedBy = nil
      trace.cite(.r6) { n in
        "the \(prompt.prompt.rawValue) prompt that manager '\(n.name(of: id))' raised is "
          + "withdrawn with it"
      }
    }
    legacy.forget(managers: id.bit)
  }

  /// The manager's properties (§8b); R44: setting `allowsBackgroundLocationUpdates` true while
  /// it updates completes the pair, false ends its session.
  private mutating func configure(
    _ id: ManagerID, _ properties: ManagerProperties, _ c: AppConfiguration,
    _ trace: inout Trace
  ) {
    if let shows = properties.showsBackgroundLocationIndicator {
      set(&legacy.showsBackgroundLocationIndicator, id, shows)
      trace.cite(.r44) { n in
        "manager '\(n.name(of: id))' sets showsBackgroundLocationIndicator to \(shows)"
      }
    }
    if let pauses = properties.pausesLocationUpdatesAutomatically {
      set(&legacy.pausesManually, id, !pauses)
      trace.cite(.r46) { n in
        "manager '\(n.name(of: id))' sets pausesLocationUpdatesAutomatically to \(pauses)"
      }
    }
    guard let allows = properties.allowsBackgroundLocationUpdates else { return }
    set(&legacy.allowsBackgroundLocationUpdates, id, allows)
    trace.cite(.r44) { n in
      "manager '\(n.name(of: id))' sets allowsBackgroundLocationUpdates to \(allows)"
    }
    if !allows {
      endContinuousSession(id.bit, "allowsBackgroundLocationUpdates is set to false", &trace)
    } else if legacy.updating & id.bit != 0 {
      claimContinuousSession(id, c, &trace)
    }
  }

  private func set(_ bits: inout UInt8, _ id: ManagerID, _ on: Bool) {
    bits = on ? bits | id.bit : bits & ~id.bit
  }

  /// R43, R44.
  private mutating func startUpdatingLocation(
    _ id: ManagerID, _ c: AppConfiguration, _ trace: inout Trace
  ) {
    trace.cite(.r43) { n in "manager '\(n.name(of: id))' starts continuous updates" }
    if legacy.allowsBackgroundLocationUpdates & id.bit != 0
      || (c.mutation == .sessionWithoutBackgroundUpdates && c.hasLocationBackgroundMode)
    {
      claimContinuousSession(id, c, &trace)
    }
    legacy.updating |= id.bit
  }

  /// R44: the call that completes the pair of updates and `allowsBackgroundLocationUpdates`
  /// claims a continuous background session if the app is in use, or Always is in effect,
  /// judged in the state before the step. A claim made while the app is not authorized waits
  /// for authorization.
  private mutating func claimContinuousSession(
    _ id: ManagerID, _ c: AppConfiguration, _ trace: inout Trace
  ) {
    var quiet = Trace.off
    let inUse = isInUse(c, trace: &quiet)
    guard inUse || legacyAlwaysInEffect(for: .r44, c, trace: &quiet) else {
      if legacy.sessionClaims & id.bit == 0 {
        trace.cite(.r44) { n in
          "manager '\(n.name(of: id))' completes the pair out of use without Always in "
            + "effect, so it holds no continuous background session"
        }
      }
      return
    }
    legacy.sessionClaims |= id.bit
    let reason = inUse ? "in use" : "with Always in effect"
    if isAuthorized(c, trace: &quiet) {
      trace.cite(.r44) { n in
        "manager '\(n.name(of: id))' holds a continuous background session, begun \(reason)"
      }
    } else {
      trace.cite(.r44) { n in
        "manager '\(n.name(of: id))' will hold a continuous background session once the app "
          + "is authorized (begun \(reason))"
      }
    }
  }

  /// R44: the continuous background sessions of `managers` end.
  private mutating func endContinuousSession(
    _ managers: UInt8, _ why: String, _ trace: inout Trace
  ) {
    guard legacy.sessionClaims & managers != 0 else { return }
    legacy.sessionClaims &= ~managers
    trace.cite(.r44, "the continuous background session ends: \(why)")
  }

  /// R49: registers the region, replaces it if registered, or fails past the limit.
  private mutating func startMonitoring(
    _ region: RegionID, by id: ManagerID, _ c: AppConfiguration, _ trace: inout Trace
  ) {
    if legacy.monitoredRegions & region.bit != 0 {
      trace.cite(.r49) { n in "region '\(n.name(of: region))' is registered again: a replacement" }
      return
    }
    if registeringFails(region, c) {
      trace.cite(.r49) { n in
        "\(c.regionLimit) regions are registered: region '\(n.name(of: region))' "
          + "is not, and manager '\(n.name(of: id))' receives monitoringDidFail"
      }
      return
    }
    legacy.monitoredRegions |= region.bit
    trace.cite(.r49) { n in
      "manager '\(n.name(of: id))' registers region '\(n.name(of: region))', persisted"
    }
  }

  /// R46: Core Location pauses every manager that updates and pauses automatically.
  private mutating func pauseUpdates(_ trace: inout Trace) {
    let paused = legacy.updating & ~legacy.pausesManually
    legacy.updating &= ~paused
    trace.cite(
      .r46,
      "Core Location pauses the updates of the managers that pause automatically; their "
        + "delegates receive locationManagerDidPauseLocationUpdates")
    endContinuousSession(paused, "its updates are paused", &trace)
  }

  // MARK: After every step (R18, R37)

  /// What follows every step that happens: R37's end of a carried background activity session,
  /// then R18's goals acting in the foreground.
  ///
  /// Idempotent: settling a settled state changes nothing. The goals act only by showing a
  /// prompt, after which they do not act again. So a state
  /// that a step produced stays as it is under an event that by itself changes nothing
  /// (``changesNothing(_:configuration:)``); `ActionMarksTests` checks this in every reachable
  /// state of its catalogues.
  ///
  /// - Parameter legacyServicesIdle: as in ``take(_:_:_:legacyServicesIdle:)``.
  @inline(__always)
  private mutating func settle(
    _ c: AppConfiguration, _ trace: inout Trace, legacyServicesIdle: Bool
  ) {
    // R37: a carried session of an app that is not authorized is suspended, not ended: that is
    // derived (`carriedBackgroundActivityIsActive`), nothing to change here.
    // R6: a prompt raised by a manager's request is remembered only while it is pending.
    if !legacyServicesIdle && pendingPrompt == nil && legacy.promptRaisedBy != nil {
      legacy.promptRaisedBy = nil
    }
    let acts = app == .foreground || (app == .background && c.mutation == .promptsFromBackground)
    if acts && pendingPrompt == nil { actOnGoals(c, &trace) }
  }

  /// R18: in the foreground with no prompt up, Core Location acts on the app's goal.
  private mutating func actOnGoals(_ c: AppConfiguration, _ trace: inout Trace) {
    let goal = goal(c)
    var quiet = Trace.off
    let wantsKey = sessions.contains { $0.fullAccuracyPurposeKey != nil }
    guard goal != .none || wantsKey else { return }
    if promptsAreBlocked(trace: &quiet) { return }
    // R18.1
    if location == .askNextTime && goal != .none {
      guard c.hasWhenInUseString else {
        trace.cite(.r7, "NSLocationWhenInUseUsageDescription is missing, so no prompt")
        return
      }
      pendingPrompt = .whenInUse(forAlways: false)
      trace.cite(.r18, "a \(goal.rawValue) goal from Ask Next Time shows the when-in-use prompt")
      return
    }
    // R18.2
    if location == .whileUsing && !allowOnce && !provisionalAlways && goal == .always
      && !alwaysPromptSpent
    {
      // Both strings are part of the match: without them step 2 does not match, and step 3
      // may still ask for full accuracy.
      if c.hasWhenInUseString && c.hasAlwaysString {
        pendingPrompt = .alwaysUpgrade(bySystem: false)
        alwaysPromptSpent = true
        trace.cite(.r18, "an always goal with a While Using grant shows the upgrade prompt")
        return
      }
      trace.cite(
        .r7, "NSLocationAlwaysAndWhenInUseUsageDescription is missing, so no upgrade prompt")
    }
    // R18.3
    guard wantsKey, !precise, !temporaryFullAccuracy, isAuthorized(c, trace: &quiet) else {
      return
    }
    for session in sessions {
      guard let key = session.fullAccuracyPurposeKey, c.hasPurposeKey(key) else { continue }
      if declined(key) {
        trace.cite(.r22) { n in "the user declined '\(n.name(of: key))' this run, so no prompt" }
        continue
      }
      pendingPrompt = .temporaryFullAccuracy(key)
      trace.cite(.r18) { n in
        "session '\(n.name(of: session.id))' wants full accuracy for '\(n.name(of: key))'"
      }
      return
    }
  }
}
