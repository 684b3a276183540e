// Whether a step can happen: the one place where the model refuses a step. Every guard of
// docs/RULES.md that forbids a step (R3, R6, R9–R11, R13, R14, R16, R17, R21, R33–R39, R41,
// R43, R45–R49) is written
// in `StepConditions.refusal(of:)`, which sees only what the protocol gives, so what a refusal
// depends on is those few values; the transition function asks it first and applies the step's
// effect only after it.

/// Why a step cannot happen in the current state, with the rule that forbids it.
///
/// The model never ignores a step silently: a step is applied, or refused with one of these.
/// Only the refusal function, in this file, makes one: its initialiser is `fileprivate`, so the
/// compiler keeps every guard of a rule in one place. A test reads a refusal's ``rule`` and
/// ``reason`` (docs/TESTING.md, "What the fake gives").
public struct Refusal: Error, Hashable, Sendable {
  /// The rule that forbids the step.
  public let rule: Rule
  /// What stands in the way, in the model's terms.
  public let reason: Reason

  fileprivate init(_ rule: Rule, _ reason: Reason) {
    self.rule = rule
    self.reason = reason
  }
}

/// What the model's guards read to decide whether a step can happen, and nothing more.
///
/// A state gives them through ``AuthorizationState/conditions(_:)``; the explorer gives them
/// from a packed key (``StepPreconditions``). The refusal function is written against this
/// protocol alone, so the compiler keeps it from reading anything else.
package protocol StepConditions {
  /// Whether the app runs, and where (R3, R37).
  var app: AppRunState { get }
  /// The kind of prompt pending, `.none` for none (R6, R9–R11).
  var prompt: Prompt { get }
  /// Whether the pending prompt is the system's upgrade prompt, answered anywhere (R6, R14).
  var promptIsSystem: Bool { get }
  /// Whether the app iterates live updates (R33) and monitor events (R34).
  var iteratingLiveUpdates: Bool { get }
  var iteratingMonitor: Bool { get }
  /// Whether the app holds a CLBackgroundActivitySession, active or not (R35).
  var holdsBackgroundActivity: Bool { get }
  /// Whether restrictions lock the app's location settings (R38).
  var restrictionsEnabled: Bool { get }
  /// Whether the app holds as many sessions as the model keeps (R17).
  var sessionsFull: Bool { get }
  /// Whether the app holds the session `id` (R21).
  func holds(_ id: SessionID) -> Bool
  /// Whether the app holds the manager `id`, one below ``AuthorizationState/maximumManagers``
  /// (R41).
  func holds(_ id: ManagerID) -> Bool
  /// Whether the app is in use (R3).
  var inUse: Bool { get }
  /// What forbids a background relaunch (R36), `nil` if nothing does.
  var relaunchBlocker: Refusal.RelaunchBlocker? { get }
  /// Whether the configuration's iOS has CLServiceSession (R39).
  var hasServiceSessions: Bool { get }
  /// Whether the app does not ask for reduced accuracy by default, so that the when-in-use
  /// prompt shows the Precise toggle (R9).
  var defaultPrecise: Bool { get }
  /// Whether `UIBackgroundModes` has `location` (R45).
  var hasLocationBackgroundMode: Bool { get }
  /// Whether the manager `id` runs continuous updates (R43).
  func updates(_ id: ManagerID) -> Bool
  /// Whether some manager runs continuous updates with `pausesLocationUpdatesAutomatically`
  /// true (R46).
  var hasPausableUpdates: Bool { get }
  /// Whether the app is registered for significant changes (R47) and for visits (R48).
  var significantChangesRegistered: Bool { get }
  var visitsRegistered: Bool { get }
  /// Whether the region `id` is registered (R49).
  func monitors(_ id: RegionID) -> Bool
  /// The deliberately broken rule, if any (``ModelMutation``): read only on the legacy
  /// services' refusals it changes.
  var mutation: ModelMutation? { get }
}

extension StepConditions {
  /// The rule that forbids `event`, or `nil` if the model takes it.
  ///
  /// The only place a ``Refusal`` for a step is made. The guards of a step run in the order the
  /// rules give, so a step refused for two reasons cites the first.
  @inline(__always)
  package func refusal(of event: AuthorizationEvent) -> Refusal? {
    switch event {
    case .launch:
      guard app == .notRunning else { return Refusal(.r37, .appAlreadyRunning) }
    case .relaunchInBackground:
      guard app == .notRunning else { return Refusal(.r37, .appAlreadyRunning) }
      if let relaunchBlocker { return Refusal(.r36, .relaunchNotAllowed(relaunchBlocker)) }
    case .enterBackground:
      guard app == .foreground else { return Refusal(.r3, .appNotInForeground) }
    case .enterForeground:
      guard app == .background else { return Refusal(.r3, .appNotInBackground) }
    case .wait:
      break
    case .terminate, .terminateByUser:
      return running(.r37)
    case .createSession(let id, _, _):
      if let refusal = running(.r17) { return refusal }
      guard hasServiceSessions else { return Refusal(.r39, .noServiceSessionsBeforeIOS18) }
      guard !holds(id) else { return Refusal(.r21, .sessionAlreadyHeld(id)) }
      guard !sessionsFull else { return Refusal(.r17, .tooManySessions) }
    case .invalidateSession(let id):
      if let refusal = running(.r21) { return refusal }
      guard hasServiceSessions else { return Refusal(.r39, .noServiceSessionsBeforeIOS18) }
      guard holds(id) else { return Refusal(.r21, .sessionNotHeld(id)) }
    case .liveUpdates(let start):
      if let refusal = running(.r33) { return refusal }
      guard iteratingLiveUpdates != start else {
        return Refusal(.r33, start ? .liveUpdatesAlreadyIterating : .liveUpdatesNotIterating)
      }
    case .monitor(let start):
      if let refusal = running(.r34) { return refusal }
      guard iteratingMonitor != start else {
        return Refusal(.r34, start ? .monitorAlreadyIterating : .monitorNotIterating)
      }
    case .backgroundActivity(let start):
      if let refusal = running(.r35) { return refusal }
      guard holdsBackgroundActivity != start else {
        return Refusal(.r35, start ? .backgroundActivityAlreadyHeld : .backgroundActivityNotHeld)
      }
    case .requestWhenInUseAuthorization:
      return running(.r13)
    case .requestAlwaysAuthorization:
      return running(.r14)
    case .requestTemporaryFullAccuracyAuthorization:
      return running(.r16)
    case .tap(let button, let precise):
      guard prompt != .none else { return Refusal(.r6, .noPromptUp) }
      guard app.showsPrompt(isSystemPrompt: promptIsSystem) else {
        return Refusal(.r6, .promptOnlyInForeground(prompt))
      }
      guard prompt.offers(button) else {
        return Refusal(prompt.answerRule, .buttonNotOnPrompt(button, prompt))
      }
      if precise != nil && !prompt.offersPreciseToggle(defaultPrecise: defaultPrecise) {
        return Refusal(.r9, .noPreciseToggle(prompt))
      }
    case .settings(let change):
      guard app != .foreground else { return Refusal(.r38, .settingsWhileInForeground) }
      switch change {
      case .location, .precise, .reset:
        guard !restrictionsEnabled else { return Refusal(.r38, .settingsLockedByRestrictions) }
      case .locationServices, .restrictions:
        break
      }
    case .settingsChanges(let changes):
      // R38, R42: refused whole if one change is; each is judged after those before it, so
      // that turning restrictions off unlocks the changes that follow.
      guard app != .foreground else { return Refusal(.r38, .settingsWhileInForeground) }
      var locked = restrictionsEnabled
      for change in changes {
        switch change {
        case .location, .precise, .reset:
          guard !locked else { return Refusal(.r38, .settingsLockedByRestrictions) }
        case .restrictions(let on):
          locked = on
        case .locationServices:
          break
        }
      }
    case .backgroundEvent:
      guard !inUse else { return Refusal(.r14, .backgroundEventWhileInUse) }
    case .createManager(let id, let properties):
      if let refusal = running(.r41) { return refusal }
      guard id.rawValue < AuthorizationState.maximumManagers else {
        return Refusal(.r41, .tooManyManagers)
      }
      guard !holds(id) else { return Refusal(.r41, .managerAlreadyHeld(id)) }
      return backgroundModeMissing(properties)
    case .releaseManager(let id):
      if let refusal = running(.r41) { return refusal }
      guard holds(id) else { return Refusal(.r41, .managerNotHeld(id)) }
    case .configureManager, .request, .startUpdatingLocation, .stopUpdatingLocation,
      .startMonitoringSignificantLocationChanges, .stopMonitoringSignificantLocationChanges,
      .startMonitoringVisits, .stopMonitoringVisits, .startMonitoring, .stopMonitoring,
      .pauseUpdates:
      // Asked of plain values, out of line: the state is not copied for the call.
      return StepPreconditions(legacyStep: event, self).legacyRefusal(of: event)
    }
    return nil
  }

  /// The guards of the legacy services' steps (§8b), in the order of docs/SCENARIOS.md,
  /// "Refused steps": not running (the service's rule), the manager not held (R41), R45, then
  /// what is not there. Out of line: the explorer's default run takes none of these steps, and
  /// inlined they made every other step's guards slower.
  @inline(never)
  fileprivate func legacyRefusal(of event: AuthorizationEvent) -> Refusal? {
    switch event {
    case .configureManager(let id, let properties):
      if let refusal = manager(id, .r41) { return refusal }
      return backgroundModeMissing(properties)
    case .request(let request, let id):
      return manager(id, request.rule)
    case .startUpdatingLocation(let id):
      if let refusal = manager(id, .r43) { return refusal }
      guard !updates(id) || mutation == .legacyNoOpsAccepted else {
        return Refusal(.r43, .updatesAlreadyRunning(id))
      }
    case .stopUpdatingLocation(let id):
      if let refusal = manager(id, .r43) { return refusal }
      guard updates(id) || mutation == .legacyNoOpsAccepted else {
        return Refusal(.r43, .updatesNotRunning(id))
      }
    case .startMonitoringSignificantLocationChanges(let id):
      return manager(id, .r47)
    case .stopMonitoringSignificantLocationChanges(let id):
      if let refusal = manager(id, .r47) { return refusal }
      guard significantChangesRegistered || mutation == .legacyNoOpsAccepted else {
        return Refusal(.r47, .significantChangesNotRegistered)
      }
    case .startMonitoringVisits(let id):
      return manager(id, .r48)
    case .stopMonitoringVisits(let id):
      if let refusal = manager(id, .r48) { return refusal }
      guard visitsRegistered || mutation == .legacyNoOpsAccepted else {
        return Refusal(.r48, .visitsNotRegistered)
      }
    case .startMonitoring(let id, _):
      // R49: a 21st region is not refused; it fails (monitoringDidFail).
      return manager(id, .r49)
    case .stopMonitoring(let id, let region):
      if let refusal = manager(id, .r49) { return refusal }
      guard monitors(region) || mutation == .legacyNoOpsAccepted else {
        return Refusal(.r49, .regionNotMonitored(region))
      }
    case .pauseUpdates:
      guard app != .foreground else { return Refusal(.r46, .pauseInForeground) }
      guard
        app == .background && (hasPausableUpdates || mutation == .legacyNoOpsAccepted)
      else {
        return Refusal(.r46, .nothingToPause)
      }
    default:
      // Every other step is judged in `refusal(of:)`.
      return nil
    }
    return nil
  }

  /// A call on the manager `id`: refused with `rule` while the app does not run, and with R41
  /// when the app does not hold that manager.
  private func manager(_ id: ManagerID, _ rule: Rule) -> Refusal? {
    if let refusal = running(rule) { return refusal }
    return holds(id) ? nil : Refusal(.r41, .managerNotHeld(id))
  }

  /// R45: `allowsBackgroundLocationUpdates` set true without the background mode.
  private func backgroundModeMissing(_ properties: ManagerProperties) -> Refusal? {
    guard properties.allowsBackgroundLocationUpdates == true, !hasLocationBackgroundMode else {
      return nil
    }
    if mutation == .backgroundUpdatesWithoutBackgroundMode { return nil }
    return Refusal(.r45, .backgroundLocationUpdatesWithoutBackgroundMode)
  }

  /// What only a running app does, refused by `rule` while it does not run.
  private func running(_ rule: Rule) -> Refusal? {
    app != .notRunning ? nil : Refusal(rule, .appNotRunning)
  }
}

/// Step conditions as plain values: what the explorer asks the refusal function about, for
/// every value its key can take. The session and manager a step names are held or not as
/// `namedHeld` says.
package struct StepPreconditions: StepConditions, Hashable, Sendable {
  package var app: AppRunState = .notRunning
  package var prompt: Prompt = .none
  package var promptIsSystem = false
  package var iteratingLiveUpdates = false
  package var iteratingMonitor = false
  package var holdsBackgroundActivity = false
  package var restrictionsEnabled = false
  package var sessionsFull = false
  /// Whether the session or manager the step names is held.
  package var namedHeld = false
  package var inUse = false
  package var relaunchBlocker: Refusal.RelaunchBlocker?
  package var hasServiceSessions = false
  package var defaultPrecise = true
  /// The legacy services' conditions (§8b): the explorer reads the background mode off the
  /// configuration and tries every value of the others.
  package var hasLocationBackgroundMode = false
  package var hasPausableUpdates = false
  package var significantChangesRegistered = false
  package var visitsRegistered = false
  /// Whether the manager the step names updates, and the region it names is registered.
  package var namedRuns = false
  /// The configuration's mutation, as the state's conditions give it.
  package var mutation: ModelMutation?

  package init() {}

  /// What the guards of the legacy step `event` read in `conditions`: the manager and region
  /// it names are ``namedHeld`` and ``namedRuns``.
  fileprivate init(legacyStep event: AuthorizationEvent, _ conditions: some StepConditions) {
    app = conditions.app
    hasLocationBackgroundMode = conditions.hasLocationBackgroundMode
    hasPausableUpdates = conditions.hasPausableUpdates
    significantChangesRegistered = conditions.significantChangesRegistered
    visitsRegistered = conditions.visitsRegistered
    mutation = conditions.mutation
    if let id = event.namedManager { namedHeld = conditions.holds(id) }
    switch event {
    case .startUpdatingLocation(let id), .stopUpdatingLocation(let id):
      namedRuns = conditions.updates(id)
    case .stopMonitoring(_, let region):
      namedRuns = conditions.monitors(region)
    default:
      break
    }
  }

  package func holds(_ id: SessionID) -> Bool { namedHeld }
  package func holds(_ id: ManagerID) -> Bool { namedHeld }
  package func updates(_ id: ManagerID) -> Bool { namedRuns }
  package func monitors(_ id: RegionID) -> Bool { namedRuns }
}

extension Refusal {
  /// ``AuthorizationSimulator``'s own limit: it names at most 255 sessions in one story (R17).
  static var tooManySessionNames: Refusal { Refusal(.r17, .tooManySessions) }

  /// ``AuthorizationSimulator``'s own limit: one visit to Settings makes at most
  /// ``SettingsChanges/capacity`` changes (R38).
  static var tooManySettingsChanges: Refusal { Refusal(.r38, .tooManySettingsChanges) }

  /// ``AuthorizationSimulator``'s own limit: it names at most
  /// ``LegacyServices/maximumRegionIDs`` regions in one story (R49).
  static var tooManyRegionNames: Refusal { Refusal(.r49, .tooManyRegionNames) }

  /// A call on `object`, which belongs to no running app (`since`), refused with the rule
  /// of the object's kind: R41 for a manager (termination releases them all), R21 for a
  /// service session, R35 for a background activity session. Core Location's objects of a
  /// terminated app are gone; a test that keeps one and calls it after the relaunch gets this.
  package static func stale(_ object: AppObject, since: StaleSince) -> Refusal {
    let rule: Rule =
      switch object {
      case .manager: .r41
      case .serviceSession: .r21
      case .backgroundActivitySession: .r35
      }
    return Refusal(rule, .staleObject(object, since))
  }

  /// What the completion of a temporary full accuracy request gets when the app is
  /// terminated with its prompt up: termination withdraws the prompt (R6), so nothing is
  /// granted.
  package static var fullAccuracyPromptWithdrawn: Refusal {
    Refusal(.r6, .promptWithdrawnAtTermination(.temporaryFullAccuracy))
  }
}

/// A state's step conditions, read from it as the guards ask.
package struct StateConditions: StepConditions {
  /// The state, read in place: a copy for every step, right after the step's writes to it,
  /// stalled the processor (Benchmarks/README.md, "Rules v4's cost"). Valid only inside
  /// ``AuthorizationState/withConditions(_:_:)``.
  let pointer: UnsafePointer<AuthorizationState>
  var state: AuthorizationState {
    @inline(__always) unsafeAddress { pointer }
  }
  let configuration: AppConfiguration

  package var app: AppRunState { state.app }
  package var prompt: Prompt { state.pendingPrompt?.prompt ?? .none }
  package var promptIsSystem: Bool { state.pendingPrompt?.isSystemPrompt ?? false }
  package var iteratingLiveUpdates: Bool { state.iteratingLiveUpdates }
  package var iteratingMonitor: Bool { state.iteratingMonitor }
  package var holdsBackgroundActivity: Bool { state.backgroundActivity != .none }
  package var restrictionsEnabled: Bool { state.restrictionsEnabled }
  package var sessionsFull: Bool { state.sessions.isFull }
  package func holds(_ id: SessionID) -> Bool { state.sessions.contains(id) }
  package func holds(_ id: ManagerID) -> Bool {
    id.rawValue < AuthorizationState.maximumManagers && state.heldManagers & id.bit != 0
  }
  package var inUse: Bool {
    var quiet = Trace.off
    return state.isInUse(configuration, trace: &quiet)
  }
  package var relaunchBlocker: Refusal.RelaunchBlocker? {
    var quiet = Trace.off
    return state.relaunchBlocker(configuration, trace: &quiet)
  }
  package var hasServiceSessions: Bool { configuration.hasServiceSessions }
  package var defaultPrecise: Bool { configuration.defaultPrecise }
  package var hasLocationBackgroundMode: Bool { configuration.hasLocationBackgroundMode }
  package func updates(_ id: ManagerID) -> Bool { state.legacy.updating & id.bit != 0 }
  package var hasPausableUpdates: Bool {
    state.legacy.updating & ~state.legacy.pausesManually != 0
  }
  package var significantChangesRegistered: Bool { state.legacy.significantChangesRegistered }
  package var visitsRegistered: Bool { state.legacy.visitsRegistered }
  package func monitors(_ id: RegionID) -> Bool { state.legacy.monitoredRegions & id.bit != 0 }
  package var mutation: ModelMutation? { configuration.mutation }
}

extension AuthorizationState {
  /// Calls `body` with what the guards read in this state, read in place.
  @inline(__always)
  package mutating func withConditions<Result>(
    _ c: AppConfiguration, _ body: (StateConditions) -> Result
  ) -> Result {
    withUnsafeMutablePointer(to: &self) { body(StateConditions(pointer: $0, configuration: c)) }
  }

  /// R36: what forbids Core Location to relaunch the terminated app into the background, or
  /// `nil` with the reason it may cited.
  func relaunchBlocker(_ c: AppConfiguration, trace: inout Trace) -> Refusal.RelaunchBlocker? {
    guard isAuthorized(c, trace: &trace) else { return .notAuthorized }
    if carriedBackgroundActivity {
      trace.cite(.r36, "a CLBackgroundActivitySession carried across termination relaunches it")
      return nil
    }
    // R36, R47–R49: the legacy monitoring services relaunch an app with stored Always.
    if !legacy.isIdle && legacyRelaunchReason(c, trace: &trace) { return nil }
    let alwaysInEffect =
      location == .always
      && (!c.hasServiceSessions
        || sessionsAtTermination.contains { $0.authorization == .always && $0.createdInUse })
    guard alwaysInEffect else { return .noAlwaysInEffect }
    guard iteratingAtTermination else { return .nothingToDeliver }
    trace.cite(.r36, "Always was in effect and the app was iterating at termination")
    return nil
  }
}
