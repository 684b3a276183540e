import AuthModel

/// Why one value a feature needs is unmet, as docs/APPS.md's table of reasons names it: a
/// way to fail's reason is the set of these over the need's unmet keys.
///
/// Each is decided by asking the model the questions that decide the value itself, in the
/// order the model asks them (``init(of:wanted:in:_:context:)``); the first that fails names
/// the cause. Nothing here restates a rule: whether the app is authorized, in use, served
/// outside use, whether prompts are blocked or shown, whether a purpose key was declined, are
/// the model's answers.
public enum UnmetCause: Hashable, Sendable {
  /// Not authorized: Location Services are off (R24).
  case locationServicesOff
  /// Not authorized: restrictions are on (R26).
  case restricted
  /// Not authorized: the stored choice is Never (R25).
  case denied
  /// Not determined, no prompt: the app is not in the foreground (R5).
  case notDeterminedOutsideForeground
  /// Not determined, no prompt: iOS 17, and the app made no request (R13).
  case notRequested
  /// Not determined, no prompt: the when-in-use usage string is missing (R7).
  case usageStringMissing
  /// Not determined, no prompt, otherwise: no goal asks (R18).
  case noGoalPrompts
  /// Reduced accuracy: the purpose key's prompt was declined this run (R31, R22).
  case fullAccuracyDeclined
  /// Reduced accuracy: the purpose key is missing from Info.plist (R2, R23).
  case purposeKeyMissing
  /// Reduced accuracy: prompts are blocked (R2, R8).
  case fullAccuracyPromptBlocked
  /// Reduced accuracy: the temporary full accuracy prompt waits for the foreground (R2, R5).
  case fullAccuracyPromptWaiting
  /// Reduced accuracy: Precise is off (R2).
  case preciseOff
  /// Out of use, Always not in effect: the `.always` session was created out of use (R20, R19).
  case alwaysSessionCreatedOutOfUse
  /// Out of use, Always not in effect: provisional Always waits for its system prompt (R20,
  /// R14).
  case provisionalAlways
  /// Out of use, Always not in effect (R20).
  case alwaysNotInEffect
  /// `updates` none: the app does not iterate live updates (R33).
  case notIteratingLiveUpdates
  /// `updates` (or `monitorEvents`) none: an explicit service session is required (R29).
  case serviceSessionRequired
  /// `updates` none: iOS 17 with reduced accuracy (R40).
  case reducedOnIOS17
  /// `monitorEvents` none: the app does not iterate monitor events (R34).
  case notIteratingMonitor
  /// `monitorEvents` none: reduced accuracy (R32).
  case monitorAtReducedAccuracy
  /// The background activity session is not active (R35).
  case backgroundActivityInactive
  /// The app paused the feature (`inBackground: pause`): the app's own choice, not a rule.
  case paused
  /// Wants Always, has When In Use: the user declined Always (R30).
  case alwaysDeclined
  /// Wants Always, has When In Use: Always was never asked for (R15).
  case alwaysNotAsked
  /// `locationUpdates` none: the system paused the updates the app started (R46).
  case updatesPausedBySystem
  /// `locationUpdates` none: no manager updates (R43).
  case notUpdating
  /// `locationUpdates` none: out of use, no continuous background session keeps the app
  /// running with Always in effect (R44).
  case suspended
  /// `significantChanges` none: not started in this run (R47).
  case significantChangesNotStarted
  /// `significantChanges` none: out of use and Always not in effect (R47, R3).
  case significantChangesOutOfUse
  /// `visits` none: not started in this run (R48).
  case visitsNotStarted
  /// `visits` none: out of use and Always not in effect (R48, R3).
  case visitsOutOfUse
  /// `regionEvents` none: reduced accuracy (R49, R2).
  case regionsAtReducedAccuracy
  /// `regionEvents` none: no region is registered (R49).
  case noRegion
  /// `regionEvents` none: no manager is held to receive them (R49, R41).
  case noManagerForRegions
  /// `regionEvents` none: out of use and Always not in effect (R49, R3).
  case regionsOutOfUse
  /// A value the table has no row for (a need on `prompt`, `settingsShows`, a status or an
  /// accuracy other than the one a denial leaves): the rules the model cites for it, in rule
  /// order.
  case cited([Rule])

  /// The reason's words in the table: rule ids, or `paused`.
  public var ids: [String] {
    switch self {
    case .locationServicesOff: ["R24"]
    case .restricted: ["R26"]
    case .denied: ["R25"]
    case .notDeterminedOutsideForeground: ["R5"]
    case .notRequested: ["R13"]
    case .usageStringMissing: ["R7"]
    case .noGoalPrompts: ["R18"]
    case .fullAccuracyDeclined: ["R31", "R22"]
    case .purposeKeyMissing: ["R2", "R23"]
    case .fullAccuracyPromptBlocked: ["R2", "R8"]
    case .fullAccuracyPromptWaiting: ["R2", "R5"]
    case .preciseOff: ["R2"]
    case .alwaysSessionCreatedOutOfUse: ["R20", "R19"]
    case .provisionalAlways: ["R20", "R14"]
    case .alwaysNotInEffect: ["R20"]
    case .notIteratingLiveUpdates: ["R33"]
    case .serviceSessionRequired: ["R29"]
    case .reducedOnIOS17: ["R40"]
    case .notIteratingMonitor: ["R34"]
    case .monitorAtReducedAccuracy: ["R32"]
    case .backgroundActivityInactive: ["R35"]
    case .paused: ["paused"]
    case .alwaysDeclined: ["R30"]
    case .alwaysNotAsked: ["R15"]
    case .updatesPausedBySystem: ["R46"]
    case .notUpdating: ["R43"]
    case .suspended: ["R44"]
    case .significantChangesNotStarted: ["R47"]
    case .significantChangesOutOfUse: ["R47", "R3"]
    case .visitsNotStarted: ["R48"]
    case .visitsOutOfUse: ["R48", "R3"]
    case .regionsAtReducedAccuracy: ["R49", "R2"]
    case .noRegion: ["R49"]
    case .noManagerForRegions: ["R49", "R41"]
    case .regionsOutOfUse: ["R49", "R3"]
    case .cited(let rules): rules.map(\.id)
    }
  }

  /// What the app adds to the model's state for a cause: whether it paused the feature, whether
  /// a running feature started continuous updates, and the purpose keys of its legacy requests.
  public struct Context: Hashable, Sendable {
    /// The feature is on and the app paused it (`inBackground: pause`).
    public var paused: Bool
    /// A running feature's holdings start continuous updates (`startUpdatingLocation`), so a
    /// manager that does not update was paused by the system (R46).
    public var startsUpdates: Bool
    /// The purpose keys of the temporary full accuracy requests of the features that are on.
    public var requestedKeys: [PurposeKey]

    public init(paused: Bool = false, startsUpdates: Bool = false, requestedKeys: [PurposeKey] = [])
    {
      self.paused = paused
      self.startsUpdates = startsUpdates
      self.requestedKeys = requestedKeys
    }
  }

  /// The cause of `key`'s value in `m` when it is none of `wanted`: the first of the model's
  /// own questions behind the value that fails, in the order the model asks them, and within
  /// a row of the table the first cause that matches. A value the table has no row for is
  /// ``cited(_:)``.
  public init(
    of key: ObservableKey, wanted: [ObservedValue], in m: AuthorizationState,
    _ c: AppConfiguration, context: Context = Context()
  ) {
    let reader = Reader(m: m, c: c, context: context)
    self = reader.cause(of: key, wanted: wanted) ?? .cited(reader.cited(key))
  }
}

/// The questions behind each value, asked of the model.
private struct Reader {
  let m: AuthorizationState
  let c: AppConfiguration
  let context: Context
  typealias Context = UnmetCause.Context

  func cause(of key: ObservableKey, wanted: [ObservedValue]) -> UnmetCause? {
    var quiet = Trace.off
    switch key {
    case .authorizationStatus:
      let status = m.authorizationStatus(c)
      if let cause = notAuthorized() { return cause }
      guard status == .authorizedWhenInUse, wanted.contains(.authorizationStatus(.authorizedAlways))
      else { return nil }
      return m.alwaysDeclined(status: status) ? .alwaysDeclined : .alwaysNotAsked
    case .accuracyAuthorization:
      guard m.accuracyAuthorization(trace: &quiet) == .reducedAccuracy else { return nil }
      return reducedAccuracy()
    case .updates:
      guard m.iteratingLiveUpdates else {
        return context.paused ? .paused : .notIteratingLiveUpdates
      }
      if let cause = notAuthorized() { return cause }
      if m.serviceSessionRequired(c, trace: &quiet) { return .serviceSessionRequired }
      if let cause = outOfUse(needsBackgroundMode: true) { return cause }
      let reduced = m.accuracyAuthorization(trace: &quiet) == .reducedAccuracy
      if reduced && !c.hasServiceSessions { return .reducedOnIOS17 }
      return reduced ? reducedAccuracy() : nil
    case .monitorEvents:
      guard m.iteratingMonitor else { return context.paused ? .paused : .notIteratingMonitor }
      if let cause = notAuthorized() { return cause }
      if m.serviceSessionRequired(c, trace: &quiet) { return .serviceSessionRequired }
      if let cause = outOfUse(needsBackgroundMode: false) { return cause }
      let reduced = m.accuracyAuthorization(trace: &quiet) == .reducedAccuracy
      return reduced ? .monitorAtReducedAccuracy : nil
    case .backgroundActivity, .backgroundIndicator:
      // The indicator a feature waits for in the background is its background activity
      // session's (R35).
      guard m.app != .notRunning, m.backgroundActivity != .none else {
        return context.paused ? .paused : .backgroundActivityInactive
      }
      guard !m.backgroundActivityIsActive(c) else { return nil }
      if m.backgroundActivity == .started && c.hasLocationBackgroundMode {
        if let cause = notAuthorized() { return cause }
        if m.serviceSessionRequired(c, trace: &quiet) { return .serviceSessionRequired }
      }
      return .backgroundActivityInactive
    case .locationUpdates:
      guard m.app != .notRunning, m.legacy.updating != 0 else {
        if context.paused { return .paused }
        return context.startsUpdates ? .updatesPausedBySystem : .notUpdating
      }
      if let cause = notAuthorized() { return cause }
      if !m.isInUse(c, trace: &quiet)
        && (m.continuousBackgroundSessions(c) == 0
          || !m.legacyAlwaysInEffect(for: .r43, c, trace: &quiet))
      {
        return .suspended
      }
      return m.accuracyAuthorization(trace: &quiet) == .reducedAccuracy ? reducedAccuracy() : nil
    case .significantChanges:
      guard m.app != .notRunning, m.significantChangesStartedThisRun(c) else {
        return context.paused ? .paused : .significantChangesNotStarted
      }
      if let cause = notAuthorized() { return cause }
      return legacyOutOfUse(.r47) ? .significantChangesOutOfUse : nil
    case .visits:
      guard m.app != .notRunning, m.visitsReachAManager(c) else {
        return context.paused ? .paused : .visitsNotStarted
      }
      if let cause = notAuthorized() { return cause }
      return legacyOutOfUse(.r48) ? .visitsOutOfUse : nil
    case .regionEvents:
      guard m.app != .notRunning, m.legacy.monitoredRegions != 0 else {
        return context.paused ? .paused : .noRegion
      }
      guard m.heldManagers != 0 else { return context.paused ? .paused : .noManagerForRegions }
      if let cause = notAuthorized() { return cause }
      if legacyOutOfUse(.r49) { return .regionsOutOfUse }
      let reduced = m.accuracyAuthorization(trace: &quiet) == .reducedAccuracy
      return reduced ? .regionsAtReducedAccuracy : nil
    case .prompt, .settingsShows, .requestResult, .monitoredRegions, .diagnostics, .callbacks:
      return nil
    }
  }

  /// Not authorized (R24, R26, R25, as the diagnostics decide them), or not determined with no
  /// prompt (R5, R13, R7, R18); `nil` when the app is authorized.
  func notAuthorized() -> UnmetCause? {
    let status = m.authorizationStatus(c)
    guard !status.isAuthorized else { return nil }
    var quiet = Trace.off
    let flags = m.stateWideFlags(status: status, c, trace: &quiet)
    if flags.contains(.authorizationDeniedGlobally) { return .locationServicesOff }
    if flags.contains(.authorizationRestricted) { return .restricted }
    if flags.contains(.authorizationDenied) { return .denied }
    if !m.app.showsPrompt(isSystemPrompt: false) { return .notDeterminedOutsideForeground }
    if !c.hasServiceSessions { return .notRequested }
    if !c.hasWhenInUseString { return .usageStringMissing }
    return .noGoalPrompts
  }

  /// Out of use and not served outside use (R3, R20); `nil` when the app is served. Without
  /// the background mode an app with Always in effect still gets no live updates (R33), a case
  /// A1 keeps from being explored.
  func outOfUse(needsBackgroundMode: Bool) -> UnmetCause? {
    var quiet = Trace.off
    guard !m.isInUse(c, trace: &quiet) else { return nil }
    guard m.alwaysInEffectOutsideUse(c, trace: &quiet) else {
      if m.location == .always
        && m.sessions.contains(where: { $0.authorization == .always && !$0.createdInUse })
      {
        return .alwaysSessionCreatedOutOfUse
      }
      return m.provisionalAlways ? .provisionalAlways : .alwaysNotInEffect
    }
    return needsBackgroundMode && !c.hasLocationBackgroundMode ? .notIteratingLiveUpdates : nil
  }

  /// Out of use without Always in effect for a legacy service (R3, §8b).
  func legacyOutOfUse(_ rule: Rule) -> Bool {
    var quiet = Trace.off
    return !m.isInUse(c, trace: &quiet) && !m.legacyAlwaysInEffect(for: rule, c, trace: &quiet)
  }

  /// Why accuracy is reduced: a purpose key declined this run (R31, R22) or missing from the
  /// dictionary (R23), its prompt blocked (R8) or waiting for the foreground (R5, a held
  /// session's goal only: a legacy request does not wait), or Precise off (R2).
  func reducedAccuracy() -> UnmetCause {
    let sessionKeys = m.sessions.compactMap(\.fullAccuracyPurposeKey)
    let keys = sessionKeys + context.requestedKeys
    if keys.contains(where: { c.hasPurposeKey($0) && m.declined($0) }) {
      return .fullAccuracyDeclined
    }
    if keys.contains(where: { !c.hasPurposeKey($0) }) { return .purposeKeyMissing }
    guard !keys.isEmpty else { return .preciseOff }
    var quiet = Trace.off
    if m.promptsAreBlocked(trace: &quiet) { return .fullAccuracyPromptBlocked }
    if !sessionKeys.isEmpty && !m.app.showsPrompt(isSystemPrompt: false) {
      return .fullAccuracyPromptWaiting
    }
    return .preciseOff
  }

  /// The rules the model cites for `key`'s value, in rule order.
  func cited(_ key: ObservableKey) -> [Rule] {
    guard key.form == .value else { return [] }
    var trace = Trace()
    _ = key.value(in: m, c, trace: &trace)
    let rules = Set(trace.citations.map(\.rule))
    return Rule.allCases.filter { rules.contains($0) }
  }
}
