// Whether a step can happen: the one place where the model refuses a step. Every guard of
// docs/RULES.md that forbids a step (R3, R6, R9–R11, R13, R14, R16, R17, R21, R33–R39, R41) is written
// in `StepConditions.refusal(of:)`, which sees only what the protocol gives, so what a refusal
// depends on is those few values; the transition function asks it first and applies the step's
// effect only after it.

/// Why a step cannot happen in the current state, with the rule that forbids it.
///
/// The model never ignores a step silently: a step is applied, or refused with one of these.
/// Only the refusal function, in this file, makes one: its initialiser is `fileprivate`, so the
/// compiler keeps every guard of a rule in one place. A test reads a refusal's ``rule`` and
/// ``reason`` (docs/TESTING.md, "A step iOS forbids").
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
    case .terminate:
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
    case .backgroundEvent:
      guard !inUse else { return Refusal(.r14, .backgroundEventWhileInUse) }
    case .createManager(let id):
      if let refusal = running(.r41) { return refusal }
      guard id.rawValue < AuthorizationState.maximumManagers else {
        return Refusal(.r41, .tooManyManagers)
      }
      guard !holds(id) else { return Refusal(.r41, .managerAlreadyHeld(id)) }
    case .releaseManager(let id):
      if let refusal = running(.r41) { return refusal }
      guard holds(id) else { return Refusal(.r41, .managerNotHeld(id)) }
    }
    return nil
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

  package init() {}

  package func holds(_ id: SessionID) -> Bool { namedHeld }
  package func holds(_ id: ManagerID) -> Bool { namedHeld }
}

extension Refusal {
  /// ``AuthorizationSimulator``'s own limit: it names at most 255 sessions in one story (R17).
  static var tooManySessionNames: Refusal { Refusal(.r17, .tooManySessions) }

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
  let state: AuthorizationState
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
}

extension AuthorizationState {
  /// What the guards read in this state.
  @inline(__always)
  package func conditions(_ c: AppConfiguration) -> StateConditions {
    StateConditions(state: self, configuration: c)
  }

  /// R36: what forbids Core Location to relaunch the terminated app into the background, or
  /// `nil` with the reason it may cited.
  func relaunchBlocker(_ c: AppConfiguration, trace: inout Trace) -> Refusal.RelaunchBlocker? {
    guard isAuthorized(c, trace: &trace) else { return .notAuthorized }
    if carriedBackgroundActivity {
      trace.cite(.r36, "a CLBackgroundActivitySession carried across termination relaunches it")
      return nil
    }
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
