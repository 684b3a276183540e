import AuthModel

/// The authorization model of one configuration as a transition system: every app, user,
/// Settings and system step, with the sessions of a catalogue.
public struct AuthorizationSystem: Sendable {
  public let configuration: AppConfiguration
  public let catalogue: SessionCatalogue
  public let codec: AuthorizationStateCodec
  /// The reductions applied to every state before it is packed.
  public let reductions: [Reduction]
  /// `reductions` as bits (``Reduction/bits(_:)``), which every step tests.
  private let reductionBits: UInt8
  /// Every step, in the fixed order the explorer tries them.
  public let actions: [AuthorizationEvent]

  public init(
    configuration: AppConfiguration, catalogue: SessionCatalogue,
    reductions: [Reduction] = Reduction.allCases
  ) throws(CatalogueError) {
    self.configuration = configuration
    self.catalogue = catalogue
    self.reductions = reductions
    reductionBits = Reduction.bits(reductions)
    codec = try AuthorizationStateCodec(configuration: configuration, catalogue: catalogue)
    var actions: [AuthorizationEvent] = [
      .launch, .relaunchInBackground, .enterBackground, .enterForeground, .wait, .terminate,
    ]
    for (i, entry) in catalogue.entries.enumerated() {
      actions.append(
        .createSession(
          SessionID(UInt8(i)), authorization: entry.authorization,
          fullAccuracyPurposeKey: codec.entryKeys[i]))
      actions.append(.invalidateSession(SessionID(UInt8(i))))
    }
    actions += [
      .liveUpdates(iterating: true), .liveUpdates(iterating: false),
      .monitor(iterating: true), .monitor(iterating: false),
      .backgroundActivity(held: true), .backgroundActivity(held: false),
      .requestWhenInUseAuthorization, .requestAlwaysAuthorization,
    ]
    for index in codec.keyNames.indices {
      actions.append(.requestTemporaryFullAccuracyAuthorization(PurposeKey(index: UInt8(index))))
    }
    for button in [PromptButton.allowOnce, .allowWhileUsing, .dontAllow] {
      for precise in [nil, true, false] { actions.append(.tap(button, precise: precise)) }
    }
    actions += [.tap(.changeToAlwaysAllow, precise: nil), .tap(.keepOnlyWhileUsing, precise: nil)]
    actions += LocationSetting.allCases.map { .settings(.location($0)) }
    actions += [
      .settings(.precise(true)), .settings(.precise(false)),
      .settings(.locationServices(true)), .settings(.locationServices(false)),
      .settings(.restrictions(true)), .settings(.restrictions(false)),
      .settings(.reset), .backgroundEvent,
      // R41: one manager stands for all, which the model treats alike.
      .createManager(ManagerID(0)), .releaseManager(ManagerID(0)),
    ]
    self.actions = actions
    var marks = RefusalMarks()
    var refusedAnswers: [Prompt: UInt64] = [:]
    marks.createSession = Array(repeating: 0, count: catalogue.entries.count)
    marks.invalidateSession = Array(repeating: 0, count: catalogue.entries.count)
    for (index, action) in actions.enumerated().prefix(64) {
      let bit: UInt64 = 1 << UInt64(index)
      switch action {
      case .tap: marks.answers |= bit
      case .settings(let change):
        marks.settings |= bit
        switch change {
        case .location, .precise, .reset: marks.lockedSettings |= bit
        case .locationServices, .restrictions: break
        }
      case .launch, .relaunchInBackground: marks.launches |= bit
      case .enterBackground: marks.toBackground |= bit
      case .enterForeground: marks.toForeground |= bit
      case .liveUpdates(true): marks.startLiveUpdates |= bit
      case .liveUpdates(false): marks.stopLiveUpdates |= bit
      case .monitor(true): marks.startMonitor |= bit
      case .monitor(false): marks.stopMonitor |= bit
      case .backgroundActivity(held: true): marks.startBackgroundActivity |= bit
      case .backgroundActivity(held: false): marks.stopBackgroundActivity |= bit
      case .createSession(let id, _, _):
        marks.createSession[Int(id.rawValue)] |= bit
        if !configuration.hasServiceSessions { marks.always |= bit }
      case .invalidateSession(let id):
        marks.invalidateSession[Int(id.rawValue)] |= bit
        if !configuration.hasServiceSessions { marks.always |= bit }
      case .backgroundEvent: marks.backgroundEvent |= bit
      case .createManager: marks.createManager |= bit
      case .releaseManager: marks.releaseManager |= bit
      default: break
      }
      switch action {
      case .terminate, .createSession, .invalidateSession, .liveUpdates, .monitor,
        .backgroundActivity, .requestWhenInUseAuthorization, .requestAlwaysAuthorization,
        .requestTemporaryFullAccuracyAuthorization, .createManager, .releaseManager:
        marks.runningOnly |= bit
      default: break
      }
      // The answers each kind of prompt refuses: a button it does not show, or a Precise
      // setting where it shows no toggle. The model's own tests of a prompt decide both, and
      // neither reads more than the kind of prompt (`offers` and `offersPreciseToggle`).
      if case .tap(let button, let precise) = action {
        let prompts: [PendingPrompt] = [
          .whenInUse(forAlways: false), .alwaysUpgrade(bySystem: false),
          .temporaryFullAccuracy(PurposeKey(index: 0)),
        ]
        for prompt in prompts
        where !prompt.offers(button)
          || (precise != nil && !prompt.offersPreciseToggle(configuration))
        {
          refusedAnswers[prompt.prompt, default: 0] |= bit
        }
      }
    }
    marks.whenInUseAnswers = refusedAnswers[.whenInUse] ?? 0
    marks.alwaysUpgradeAnswers = refusedAnswers[.alwaysUpgrade] ?? 0
    marks.temporaryFullAccuracyAnswers = refusedAnswers[.temporaryFullAccuracy] ?? 0
    refusalMarks = marks
    // The steps that often change nothing: a request that shows no prompt, a setting already
    // set, the system's event with no upgrade prompt to show. The others change what they name
    // whenever the model takes them (launches, moves, sessions, iterations, answers, a reset),
    // or find something all the same (a wait). A request changes the result of the last one,
    // so it returns to the same state only where that result is forgotten.
    var candidates: UInt64 = 0
    var settingsMarks = SettingsLoopMarks()
    let forgetsRequestResult = reductions.contains(.forgetRequestResult)
    for (index, action) in actions.enumerated().prefix(64)
    where AuthorizationProperty.findsNothingWithoutChange(action) {
      switch action {
      case .requestWhenInUseAuthorization, .requestAlwaysAuthorization,
        .requestTemporaryFullAccuracyAuthorization:
        if forgetsRequestResult { candidates |= 1 << UInt64(index) }
      case .settings(.reset): break
      case .settings(let change):
        candidates |= 1 << UInt64(index)
        settingsMarks.add(change, bit: 1 << UInt64(index))
      case .backgroundEvent: candidates |= 1 << UInt64(index)
      default: break
      }
    }
    selfLoopCandidates = candidates
    settingsLoopMarks = settingsMarks
    holderSpecificWitnesses = DiagnosticFlag.allCases
      .filter { !DiagnosticFlags.sharedByEveryHolder.contains($0) }
      .reduce(0) { $0 | AuthorizationWitness.diagnostic($1).bit }
  }

  /// The actions among the first 64 that ``refusedActions(in:)`` may mark, a bit each, by the
  /// reason the model refuses them.
  private struct RefusalMarks {
    /// Refused in every state of this configuration: the sessions' steps before iOS 18 (R39).
    var always: UInt64 = 0
    /// Prompt answers: refused with no prompt up, and with a prompt other than the system's
    /// while the app is not in the foreground (R6).
    var answers: UInt64 = 0
    /// The answers each kind of prompt refuses (R9–R11), read by every state with a prompt up.
    var whenInUseAnswers: UInt64 = 0
    var alwaysUpgradeAnswers: UInt64 = 0
    var temporaryFullAccuracyAnswers: UInt64 = 0
    /// Settings changes: refused while the app is in the foreground (R38).
    var settings: UInt64 = 0
    /// The app's location, Precise and reset: refused while restrictions are on (R38).
    var lockedSettings: UInt64 = 0
    /// Launch and background relaunch: refused while the app runs (R37).
    var launches: UInt64 = 0
    /// What only a running app does: terminate (R37), sessions (R17, R21), live updates,
    /// monitor events and background activity (R33–R35), requests (R13, R14, R16).
    var runningOnly: UInt64 = 0
    /// Leaving the foreground: refused unless the app is in the foreground (R3).
    var toBackground: UInt64 = 0
    /// Entering the foreground: refused unless the app is in the background (R3).
    var toForeground: UInt64 = 0
    /// Starting live updates or monitor events while iterating them, or stopping them while
    /// not: refused (R33, R34).
    var startLiveUpdates: UInt64 = 0
    var stopLiveUpdates: UInt64 = 0
    var startMonitor: UInt64 = 0
    var stopMonitor: UInt64 = 0
    /// Starting a CLBackgroundActivitySession while holding one, or ending one while not:
    /// refused (R35).
    var startBackgroundActivity: UInt64 = 0
    var stopBackgroundActivity: UInt64 = 0
    /// The system's background event: refused while the app is in use (R14).
    var backgroundEvent: UInt64 = 0
    /// Creating the manager while it is held, or releasing it while it is not (R41).
    var createManager: UInt64 = 0
    var releaseManager: UInt64 = 0
    /// Per catalogue entry: creating its session while it is held, or invalidating it while it
    /// is not, is refused (R21).
    var createSession: [UInt64] = []
    var invalidateSession: [UInt64] = []
  }

  private let refusalMarks: RefusalMarks
  /// The bits of the diagnostic witnesses whose flags differ between holders: while one is
  /// wanted, every holder's flags are read (`unpack(_:findingsWanted:)`).
  let holderSpecificWitnesses: UInt64
  /// The actions among the first 64 that ``selfLoopActions(in:refused:)`` asks about.
  private let selfLoopCandidates: UInt64
  /// The Settings changes among them, by the setting and the value they set.
  private let settingsLoopMarks: SettingsLoopMarks

  private struct SettingsLoopMarks {
    /// By `LocationSetting.code`.
    var location: [UInt64] = Array(repeating: 0, count: LocationSetting.allCases.count)
    var precise: (on: UInt64, off: UInt64) = (0, 0)
    var locationServices: (on: UInt64, off: UInt64) = (0, 0)
    var restrictions: (on: UInt64, off: UInt64) = (0, 0)
    var all: UInt64 = 0

    mutating func add(_ change: SettingsChange, bit: UInt64) {
      switch change {
      case .location(let setting):
        location[Int(setting.code)] |= bit
      case .precise(true): precise.on |= bit
      case .precise(false): precise.off |= bit
      case .locationServices(true): locationServices.on |= bit
      case .locationServices(false): locationServices.off |= bit
      case .restrictions(true): restrictions.on |= bit
      case .restrictions(false): restrictions.off |= bit
      case .reset: return
      }
      all |= bit
    }
  }

  /// The actions that lead from `state` back to itself, a bit per index into ``actions``,
  /// among those `refused` (from ``refusedActions(in:)``) leaves unmarked: the legacy requests,
  /// Settings changes and the system's background event that change nothing. A step like that
  /// finds nothing either (``AuthorizationProperty/findsNothingWithoutChange(_:)``), so the
  /// explorer counts it without taking it: about a third of all steps.
  ///
  /// The model decides (``AuthorizationState/changesNothing(_:configuration:)``), asking what
  /// the steps themselves ask, for a few comparisons each; for the Settings changes it says
  /// once which values are already set (`settingsChangingNothing`, what `changesNothing` reads
  /// too), and a mark per value turns that into bits. The refusal marks are complete for
  /// these events (a request only from a running app, Settings only outside the foreground and,
  /// for the app's own settings, without restrictions, the event only out of use), so every
  /// action left is one the model takes. `ActionMarksTests` checks every mark against whole steps
  /// in every reachable state of its catalogues.
  public func selfLoopActions(in state: ExploredState, refused: UInt64) -> UInt64 {
    var candidates = selfLoopCandidates & ~refused
    var loops: UInt64 = 0
    // The Settings changes, all at once: a mark per value each setting may be changed to.
    if let same = state.model.settingsChangingNothing {
      let marks = settingsLoopMarks
      if let location = same.location {
        loops |= marks.location[Int(location.code)]
      }
      loops |= same.precise ? marks.precise.on : marks.precise.off
      loops |= same.locationServices ? marks.locationServices.on : marks.locationServices.off
      loops |= same.restrictions ? marks.restrictions.on : marks.restrictions.off
      loops &= candidates
    }
    candidates &= ~settingsLoopMarks.all
    while candidates != 0 {
      let index = candidates.trailingZeroBitCount
      candidates &= candidates &- 1
      if state.model.changesNothing(actions[index], configuration: configuration) {
        loops |= 1 << UInt64(index)
      }
    }
    return loops
  }

  /// The actions the model refuses in `state` for reasons that need no more than a glance, a
  /// bit per index into ``actions``: a prompt answer with no prompt up, or from the background
  /// (R6), or one the prompt does not offer (R9–R11); a Settings change while the app is in the
  /// foreground (R38); the app's location, Precise or a reset while restrictions are on (R38); a
  /// launch while it runs, or what only a running app does while it does not (R37); a move to
  /// the foreground or background from the wrong place (R3); starting what is already iterated
  /// or held or stopping what is not (R33, R34, R35); creating a session that is held or ending
  /// one that is not (R21), and any session before iOS 18 (R39); the system's background event
  /// while the app is in use (R14, the model's `isInUse`); creating the manager that is held or
  /// releasing it when it is not (R41). In a typical state that is most
  /// of the actions: skipping them spares the explorer most of the calls to the model that end
  /// in a refusal. `ActionMarksTests` checks that the model refuses every action this marks.
  public func refusedActions(in state: ExploredState) -> UInt64 {
    let m = state.model
    let marks = refusalMarks
    var refused = marks.always
    if let prompt = m.pendingPrompt {
      if m.app != .foreground && !prompt.isSystemPrompt {
        refused |= marks.answers
      } else {
        switch prompt.prompt {
        case .whenInUse: refused |= marks.whenInUseAnswers
        case .alwaysUpgrade: refused |= marks.alwaysUpgradeAnswers
        case .temporaryFullAccuracy: refused |= marks.temporaryFullAccuracyAnswers
        case .none: break
        }
      }
    } else {
      refused |= marks.answers
    }
    switch m.app {
    case .foreground: refused |= marks.settings | marks.launches | marks.toForeground
    case .background: refused |= marks.launches | marks.toBackground
    case .notRunning: refused |= marks.toBackground | marks.toForeground | marks.runningOnly
    }
    refused |= m.iteratingLiveUpdates ? marks.startLiveUpdates : marks.stopLiveUpdates
    refused |= m.iteratingMonitor ? marks.startMonitor : marks.stopMonitor
    if m.restrictionsEnabled { refused |= marks.lockedSettings }
    refused |=
      m.backgroundActivity != .none ? marks.startBackgroundActivity : marks.stopBackgroundActivity
    refused |= m.heldManagers & 1 != 0 ? marks.createManager : marks.releaseManager
    // In use is more than a glance, but the model says it once per state, where each refused
    // background event tried would cost a step.
    var trace = Trace.off
    if m.isInUse(configuration, trace: &trace) { refused |= marks.backgroundEvent }
    // Per catalogue entry (its index is its session's id), which of its steps is refused.
    let held = m.sessions.idBits.held
    for entry in marks.createSession.indices {
      refused |=
        held &>> UInt64(entry) & 1 != 0
        ? marks.createSession[entry] : marks.invalidateSession[entry]
    }
    return refused
  }

  /// The state before any step: a fresh install, not running.
  public var initialState: ExploredState {
    var state = ExploredState(model: AuthorizationState(configuration: configuration))
    reduce(&state)
    return state
  }

  /// The state after `event`, in canonical form and reduced, or `nil` if the model refuses the
  /// step.
  public func next(_ state: ExploredState, _ event: AuthorizationEvent) -> ExploredState? {
    var next = state
    return step(from: state, event, into: &next) ? next : nil
  }

  /// Writes the state after `event` into `next`, in canonical form and reduced: whether the
  /// model accepts the step (when it refuses, `next` is left half written).
  ///
  /// In place, for the explorer: returning an optional state copied it several times per step.
  ///
  /// Canonical form: the termination record lists its sessions in catalogue order rather than
  /// creation order. The model only asks whether the record holds a session (R19, R36), and the
  /// codec keeps it as one bit per catalogue entry, so without this two states differing only in
  /// that order would pack alike and `unpack(pack(s))` would not be `s`.
  package func step(
    from state: ExploredState, _ event: AuthorizationEvent, into next: inout ExploredState
  ) -> Bool {
    next = state
    guard next.model.apply(event, configuration: configuration) else { return false }
    // Only termination writes the record; every other step keeps it or empties it.
    if case .terminate = event {
      let record = next.model.sessionsAtTermination
      if record.count > 1 && !record.isSortedByID {
        next.model.sessionsAtTermination = record.sortedByID()
      }
    }
    if case .settings(.reset) = event { next.upgradePromptAnswered = false }
    if ExploredState.upgradePromptAnswered(before: state.model.pendingPrompt, by: event) {
      next.upgradePromptAnswered = true
    }
    reduce(&next)
    return true
  }

  private func reduce(_ state: inout ExploredState) {
    Reduction.apply(reductionBits, to: &state)
  }

  /// The names of sessions and keys, for explanations and counterexamples.
  public var names: Names {
    Names(sessions: catalogue.entries.indices.map { "s\($0)" }, purposeKeys: codec.keyNames)
  }
}
