// Values derived from the state by the rules of docs/RULES.md. None of them is
// stored: each is computed here, in one place, and cites the rules that decide it.

extension AuthorizationState {
  // MARK: R1–R4

  /// `CLLocationManager.authorizationStatus` (R1), without recording why.
  public func authorizationStatus(_ c: AppConfiguration) -> AuthorizationStatus {
    var trace = Trace.off
    return authorizationStatus(c, trace: &trace)
  }

  /// `CLLocationManager.authorizationStatus` (R1).
  public func authorizationStatus(
    _ c: AppConfiguration, trace: inout Trace
  ) -> AuthorizationStatus {
    if !locationServicesEnabled {
      trace.cite(.r1, "Location Services are off")
      return .denied
    }
    switch location {
    case .askNextTime where restrictionsEnabled:
      trace.cite(.r1, "restrictions are on and the app has never been authorized")
      return .restricted
    case .askNextTime:
      trace.cite(.r1, "the stored choice is Ask Next Time")
      return .notDetermined
    case .never:
      trace.cite(.r1, "the stored choice is Never")
      return .denied
    case .always:
      trace.cite(.r1, "the stored choice is Always")
      return .authorizedAlways
    case .whileUsing where provisionalAlways:
      trace.cite(.r1, "Allow While Using on requestAlwaysAuthorization() is provisional Always")
      return .authorizedAlways
    case .whileUsing where allowOnce:
      trace.cite(.r1, "the user chose Allow Once")
      return .authorizedWhenInUse
    case .whileUsing:
      trace.cite(.r1, "the stored choice is While Using the App")
      return .authorizedWhenInUse
    }
  }

  /// What the Settings app shows for the app (R1).
  public func settingsShows(trace: inout Trace) -> LocationSetting {
    if location == .whileUsing && allowOnce {
      trace.cite(.r1, "an Allow Once grant shows as Ask Next Time")
      return .askNextTime
    }
    trace.cite(.r1, "Settings shows the stored choice")
    return location
  }

  /// `CLLocationManager.accuracyAuthorization` (R2).
  public func accuracyAuthorization(trace: inout Trace) -> AccuracyAuthorization {
    if precise {
      trace.cite(.r2, "the Precise toggle is on")
      return .fullAccuracy
    }
    if temporaryFullAccuracy {
      trace.cite(.r2, "temporary full accuracy was granted")
      return .fullAccuracy
    }
    trace.cite(.r2, "the Precise toggle is off and the app holds no temporary full accuracy")
    return .reducedAccuracy
  }

  /// Whether the app is in use (R3): in the foreground, in the grace period, or kept in use by
  /// an active CLBackgroundActivitySession (R35), a legacy continuous background session
  /// showing its indicator (R44), or a session carried across termination (R37).
  public func isInUse(_ c: AppConfiguration, trace: inout Trace) -> Bool {
    switch app {
    case .foreground:
      trace.cite(.r3, "the app is in the foreground")
      return true
    case .background where inGrace:
      trace.cite(.r3, "the app has just left the foreground")
      return true
    case .background where backgroundActivityIsActive(c):
      trace.cite(.r3, "an active CLBackgroundActivitySession keeps the app in use")
      return true
    case .background where legacy.sessionClaims != 0 && legacyIndicatorShows(c, trace: &trace):
      trace.cite(.r3, "a continuous background session showing its indicator keeps it in use")
      return true
    case _ where carriedBackgroundActivityIsActive(c):
      trace.cite(.r3, "a CLBackgroundActivitySession carried across termination keeps it in use")
      return true
    case .notRunning:
      trace.cite(.r3, "the app is not running")
      return false
    case .background:
      trace.cite(.r3, "the app is in the background, past its grace period")
      return false
    }
  }

  /// Whether the effective status is authorized (R4).
  public func isAuthorized(_ c: AppConfiguration, trace: inout Trace) -> Bool {
    let authorized = authorizationStatus(c, trace: &trace).isAuthorized
    trace.cite(.r4, authorized ? "the app is authorized" : "the app is not authorized")
    return authorized
  }

  // MARK: R6, R8

  /// The prompt the user sees, or waits to see when the app returns to the foreground (R6).
  public func prompt(trace: inout Trace) -> Prompt {
    guard let pendingPrompt else {
      trace.cite(.r6, "no prompt is pending")
      return .none
    }
    trace.cite(.r6, "a \(pendingPrompt.prompt.rawValue) prompt is pending")
    return pendingPrompt.prompt
  }

  /// The pending prompt while it is on screen for the user to answer; `nil` when none is
  /// pending or it waits for the app to come to the foreground (R6,
  /// ``AppRunState/showsPrompt(isSystemPrompt:)``).
  public var promptOnScreen: PendingPrompt? {
    guard let pendingPrompt, app.showsPrompt(isSystemPrompt: pendingPrompt.isSystemPrompt)
    else { return nil }
    return pendingPrompt
  }

  /// Whether any prompt may appear at all (R8).
  @inline(__always)
  package func promptsAreBlocked(trace: inout Trace) -> Bool {
    if restrictionsEnabled {
      trace.cite(.r8, "restrictions are on")
      return true
    }
    if !locationServicesEnabled {
      trace.cite(.r8, "Location Services are off")
      return true
    }
    if location == .never {
      trace.cite(.r8, "the user chose Never; only Settings can undo a denial")
      return true
    }
    return false
  }

  // MARK: R17, R20, R29

  /// Whether liveUpdates, monitor and background activity each hold an implicit session (R17).
  func holdsImplicitSessions(_ c: AppConfiguration) -> Bool {
    c.hasServiceSessions && !c.requiresExplicitServiceSession
      && (iteratingLiveUpdates || iteratingMonitor || backgroundActivity != .none)
  }

  /// The most demanding goal the app holds, explicit or implicit (R17).
  @inline(__always)
  public func goal(_ c: AppConfiguration) -> AuthorizationRequirement {
    var goal = sessions.reduce(AuthorizationRequirement.none) { max($0, $1.authorization) }
    if holdsImplicitSessions(c) { goal = max(goal, .whenInUse) }
    return goal
  }

  /// Whether the app may be served while not in use (R20).
  public func alwaysInEffectOutsideUse(_ c: AppConfiguration, trace: inout Trace) -> Bool {
    guard location == .always else {
      trace.cite(
        .r20,
        provisionalAlways
          ? "provisional Always is not in effect outside use until the upgrade is granted"
          : "the stored choice is not Always")
      return false
    }
    if !c.hasServiceSessions {
      trace.cite(.r20, "on iOS 17 stored Always is in effect without a session")
      return true
    }
    if sessions.contains(where: { $0.authorization == .always && $0.createdInUse }) {
      trace.cite(.r20, "the app holds an always session created in use")
      return true
    }
    trace.cite(.r20, "the app holds no always session created in use")
    return false
  }

  /// Whether `NSLocationRequireExplicitServiceSession` still waits for a session (R29).
  public func serviceSessionRequired(_ c: AppConfiguration, trace: inout Trace) -> Bool {
    guard c.hasServiceSessions && c.requiresExplicitServiceSession else { return false }
    if sessions.contains(where: { $0.authorization != .none }) { return false }
    var quiet = Trace.off
    if sessions.contains(where: { $0.authorization == .none }) && isAuthorized(c, trace: &quiet) {
      return false
    }
    trace.cite(
      .r29,
      "NSLocationRequireExplicitServiceSession is true and no session requiring authorization "
        + "is held")
    return true
  }

  // MARK: R33–R37

  /// Whether the held CLBackgroundActivitySession is active (R35).
  public func backgroundActivityIsActive(_ c: AppConfiguration) -> Bool {
    var quiet = Trace.off
    return backgroundActivityIsActive(c, trace: &quiet)
  }

  func backgroundActivityIsActive(_ c: AppConfiguration, trace: inout Trace) -> Bool {
    switch backgroundActivity {
    case .none:
      return false
    case .startedOutsideForeground:
      trace.cite(
        .r35,
        "it was started outside the foreground and the app has not been in the foreground since")
      return false
    case .started:
      guard c.hasLocationBackgroundMode else {
        trace.cite(.r35, "UIBackgroundModes lacks location")
        return false
      }
      var quiet = Trace.off
      guard isAuthorized(c, trace: &quiet) else {
        trace.cite(.r35, "the app is not authorized")
        return false
      }
      if serviceSessionRequired(c, trace: &trace) {
        trace.cite(.r35, "an explicit service session is required first")
        return false
      }
      trace.cite(.r35, "it was started in the foreground and the app is authorized")
      return true
    }
  }

  /// Whether a carried CLBackgroundActivitySession keeps the app in use (R37).
  func carriedBackgroundActivityIsActive(_ c: AppConfiguration) -> Bool {
    var quiet = Trace.off
    return carriedBackgroundActivity && isAuthorized(c, trace: &quiet)
  }

  /// Whether the app may be served now: in use, or Always in effect (R20) with what `outside`
  /// needs besides. Cites R3 and R20.
  private func served(
    _ c: AppConfiguration, needsBackgroundMode: Bool, trace: inout Trace
  ) -> Bool {
    if isInUse(c, trace: &trace) { return true }
    guard alwaysInEffectOutsideUse(c, trace: &trace) else { return false }
    return !needsBackgroundMode || c.hasLocationBackgroundMode
  }

  /// What live updates deliver now (R33, R40).
  public func liveUpdates(_ c: AppConfiguration, trace: inout Trace) -> LiveUpdatesDelivery {
    guard iteratingLiveUpdates else {
      trace.cite(.r33, "the app does not iterate live updates")
      return .none
    }
    guard isAuthorized(c, trace: &trace) else {
      trace.cite(.r33, "the app is not authorized")
      return .none
    }
    if serviceSessionRequired(c, trace: &trace) {
      trace.cite(.r33, "nothing is delivered until an explicit session is held")
      return .none
    }
    guard served(c, needsBackgroundMode: true, trace: &trace) else {
      trace.cite(
        .r33,
        "the app is not in use, and updates outside use need Always in effect and the "
          + "location background mode")
      return .none
    }
    let accuracy = accuracyAuthorization(trace: &trace)
    if accuracy == .reducedAccuracy && c.ios.rules == .ios17 {
      trace.cite(.r40, "on iOS 17 live updates deliver nothing with reduced accuracy")
      return .none
    }
    trace.cite(.r33, "the app iterates live updates and is served")
    return accuracy == .fullAccuracy ? .full : .reduced
  }

  /// What monitor events deliver now (R34).
  public func monitorEvents(_ c: AppConfiguration, trace: inout Trace) -> MonitorEventsDelivery {
    guard iteratingMonitor else {
      trace.cite(.r34, "the app does not iterate monitor events")
      return .none
    }
    guard isAuthorized(c, trace: &trace) else {
      trace.cite(.r34, "the app is not authorized")
      return .none
    }
    if serviceSessionRequired(c, trace: &trace) {
      trace.cite(.r34, "nothing is delivered until an explicit session is held")
      return .none
    }
    guard served(c, needsBackgroundMode: false, trace: &trace) else {
      trace.cite(.r34, "the app is not in use and Always is not in effect")
      return .none
    }
    guard accuracyAuthorization(trace: &trace) == .fullAccuracy else {
      trace.cite(.r34, "monitor events need full accuracy (R32)")
      return .none
    }
    trace.cite(.r34, "the app iterates monitor events and is served")
    return .delivered
  }

  /// The CLBackgroundActivitySession the running app holds (R35).
  public func backgroundActivityStatus(
    _ c: AppConfiguration, trace: inout Trace
  ) -> BackgroundActivityStatus {
    guard app != .notRunning, backgroundActivity != .none else {
      trace.cite(.r35, "the app holds no CLBackgroundActivitySession")
      return .none
    }
    return backgroundActivityIsActive(c, trace: &trace) ? .active : .inactive
  }

  /// The blue location indicator (R35, R37, R44).
  public func backgroundIndicator(
    _ c: AppConfiguration, trace: inout Trace
  ) -> BackgroundIndicator {
    if app == .foreground {
      trace.cite(.r35, "the app is in the foreground")
      return .hidden
    }
    if carriedBackgroundActivityIsActive(c) {
      trace.cite(.r37, "a CLBackgroundActivitySession carries the app across termination")
      return .shown
    }
    if app == .notRunning {
      trace.cite(
        .r37,
        carriedBackgroundActivity
          ? "the carried CLBackgroundActivitySession is suspended while the app is not authorized"
          : "the app is not running and no CLBackgroundActivitySession carries it")
      return .hidden
    }
    if app == .background && backgroundActivityIsActive(c, trace: &trace) {
      trace.cite(.r35, "an active CLBackgroundActivitySession runs in the background")
      return .shown
    }
    trace.cite(.r35, "no active CLBackgroundActivitySession runs outside the foreground")
    // R44: a continuous background session of a legacy manager.
    if legacyIndicatorShows(c, trace: &trace) { return .shown }
    return .hidden
  }

  /// The result of the last legacy request this run, `nil` if none was made (R13–R16).
  public func requestResult(trace: inout Trace) -> RequestResult? {
    if let lastRequestResult {
      trace.cite(.r13, "the last legacy request this run was \(lastRequestResult.rawValue)")
    }
    return lastRequestResult
  }
}

extension AppRunState {
  /// R6: whether a pending prompt is on screen, for the user to answer, with the app here: an
  /// app's prompt only while the app is in the foreground, the system's upgrade prompt (R14)
  /// wherever the app is. The guard of an answer asks it, and so does every reader of the
  /// prompt on screen (``AuthorizationState/promptOnScreen``).
  @inline(__always)
  package func showsPrompt(isSystemPrompt: Bool) -> Bool { isSystemPrompt || self == .foreground }
}
