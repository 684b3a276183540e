import AuthModel

/// The authorization model of one configuration as a transition system: every app, user,
/// Settings and system step, with the sessions of a catalogue and, if asked, the legacy
/// services of one manager.
public struct AuthorizationSystem: Sendable {
  /// The configuration explored; with legacy services, its region limit is theirs
  /// (``LegacyCatalogue/regionLimit``).
  public let configuration: AppConfiguration
  public let catalogue: SessionCatalogue
  /// The legacy CLLocationManager services explored (§8b), or `nil` for none: then the
  /// explorer's manager only comes and goes (R41).
  public let legacy: LegacyCatalogue?
  public let codec: AuthorizationStateCodec
  /// The reductions applied to every state before it is packed.
  public let reductions: [Reduction]
  /// `reductions` as bits (``Reduction/bits(_:)``), which every step tests.
  private let reductionBits: UInt8
  /// Whether the legacy services are left out (`legacy` is `nil`): then no step is one of
  /// theirs and no state holds any, and the model's steps leave out their reads of them.
  private let legacyServicesIdle: Bool
  /// Every step, in the fixed order the explorer tries them.
  public let actions: [AuthorizationEvent]

  public init(
    configuration: AppConfiguration, catalogue: SessionCatalogue,
    legacy: LegacyCatalogue? = nil, reductions: [Reduction] = Reduction.allCases
  ) throws(CatalogueError) {
    var configuration = configuration
    if let legacy { configuration.regionLimit = legacy.regionLimit }
    self.configuration = configuration
    self.catalogue = catalogue
    self.legacy = legacy
    legacyServicesIdle = legacy == nil
    self.reductions = reductions
    reductionBits = Reduction.bits(reductions)
    codec = try AuthorizationStateCodec(
      configuration: configuration, catalogue: catalogue, legacy: legacy)
    var actions = AuthorizationEvent.lifecycleSteps
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
    actions += AuthorizationEvent.answers + AuthorizationEvent.settingsSteps
    actions += AuthorizationEvent.systemSteps
    // R41: one manager stands for all, which the model treats alike.
    actions += [.createManager(ManagerID(0)), .releaseManager(ManagerID(0))]
    // §8b: after every other step, so that a run without them keeps its order.
    if let legacy { actions += legacy.actions(keys: codec.keyNames.count) }
    self.actions = actions
    let refusalMarks = RefusalMarks(
      actions: actions, configuration: configuration,
      sessionsMayFill: catalogue.entries.count > HeldSessions.capacity)
    self.refusalMarks = refusalMarks
    skipsGuards = actions.enumerated().allSatisfy { index, action in
      !Self.guardsReadOnlyTheMarksKey(action)
        || (index < 64 && refusalMarks.exact & 1 << UInt64(index) != 0)
    }
    // The steps that often change nothing: a request that shows no prompt, a setting already
    // set, the system's event with no upgrade prompt to show. The others change what they name
    // whenever the model takes them (launches, moves, sessions, iterations, answers, a reset),
    // or find something all the same (a wait). A request changes the result of the last one,
    // so it returns to the same state only where that result is forgotten.
    var candidates: UInt64 = 0
    var settings: [(change: SettingsChange, bit: UInt64)] = []
    let forgetsRequestResult = reductions.contains(.forgetRequestResult)
    for (index, action) in actions.enumerated().prefix(64)
    where AuthorizationProperty.findsNothingWithoutChange(action) {
      switch action {
      case .requestWhenInUseAuthorization, .requestAlwaysAuthorization,
        .requestTemporaryFullAccuracyAuthorization, .request:
        if forgetsRequestResult { candidates |= 1 << UInt64(index) }
      case .settings(.reset): break
      case .settings(let change): settings.append((change, 1 << UInt64(index)))
      case .backgroundEvent: candidates |= 1 << UInt64(index)
      default: break
      }
    }
    selfLoopCandidates = candidates
    settingsLoops = SettingsLoops(settings, defaultPrecise: configuration.defaultPrecise)
    holderSpecificWitnesses = DiagnosticFlag.allCases
      .filter { !DiagnosticFlags.sharedByEveryHolder.contains($0) }
      .reduce(0) { $0 | AuthorizationWitness.diagnostic($1).bit }
  }

  private let refusalMarks: RefusalMarks
  /// Whether the marks are exact (``RefusalMarks/exact``) for every action
  /// ``guardsReadOnlyTheMarksKey(_:)`` names: then the explorer's steps by those actions, which
  /// the marks left unmarked, skip the guards. Otherwise every step asks them.
  package let skipsGuards: Bool
  /// ``RefusalMarks/exact``: the actions among the first 64 whose guards read only what the
  /// marks' key holds.
  package var exactlyMarkedActions: UInt64 { refusalMarks.exact }
  /// The bits of the diagnostic witnesses whose flags differ between holders: while one is
  /// wanted, every holder's flags are read (`unpack(_:findingsWanted:)`).
  let holderSpecificWitnesses: UInt64
  /// The actions among the first 64 that ``selfLoopActions(in:refused:)`` asks the model
  /// about one by one: the requests and the system's background event.
  private let selfLoopCandidates: UInt64
  /// The Settings changes among the first 64 that may change nothing, all at once.
  private let settingsLoops: SettingsLoops

  /// The actions that lead from `state` back to itself, a bit per index into ``actions``,
  /// among those `refused` (from ``refusedActions(in:)``) leaves unmarked: the legacy requests,
  /// Settings changes and the system's background event that change nothing. A step like that
  /// finds nothing either (``AuthorizationProperty/findsNothingWithoutChange(_:)``), so the
  /// explorer counts it without taking it: about a third of all steps.
  ///
  /// The model decides: ``AuthorizationState/changesNothing(_:configuration:)`` for the
  /// requests and the event, and for the Settings changes ``SettingsLoops``, a table it filled.
  /// The refusal marks are complete for these events (they read nothing the marks' key leaves
  /// out), so every action left is one the model takes. `ActionMarksTests` checks every mark
  /// against whole steps in every reachable state of its catalogues.
  // Inlined into `ModelSteps`, which the app system calls on every step.
  @inline(__always)
  public func selfLoopActions(in state: ExploredState, refused: UInt64) -> UInt64 {
    var candidates = selfLoopCandidates & ~refused
    var loops: UInt64 = 0
    // The Settings changes, all at once, where none withdraws a prompt.
    if state.model.promptWithdrawnBySettings == nil {
      loops |= settingsLoops.unchanged(state.model) & ~refused
    }
    while candidates != 0 {
      let index = candidates.trailingZeroBitCount
      candidates &= candidates &- 1
      if state.model.changesNothing(actions[index], configuration: configuration) {
        loops |= 1 << UInt64(index)
      }
    }
    return loops
  }

  /// The actions the model refuses in `state` for reasons read off a few fields, a bit per
  /// index into ``actions``: in a typical state most of the actions, so skipping them spares the
  /// explorer most of the calls to the model that end in a refusal. The model decides
  /// (``RefusalMarks``); `ActionMarksTests` checks that it refuses every action this marks.
  // Inlined into `ModelSteps`, which the app system calls on every step.
  @inline(__always)
  public func refusedActions(in state: ExploredState) -> UInt64 {
    refusalMarks.refused(in: state.model, configuration)
  }

  /// The actions whose guards the explorer's steps skip where the refusal marks leave them
  /// unmarked, when ``skipsGuards``: every action but those whose guards read what the marks'
  /// key leaves out (a relaunch's R36, the legacy services' own conditions). A test of the
  /// action's kind, cheaper than the guards; the marks' own reading of the guards
  /// (``RefusalMarks/exact``) decides ``skipsGuards``, so that a kind named here whose guards
  /// read more turns the skipping off rather than skip a refusal.
  @inline(__always)
  package static func guardsReadOnlyTheMarksKey(_ action: AuthorizationEvent) -> Bool {
    switch action {
    case .relaunchInBackground, .configureManager, .request, .startUpdatingLocation,
      .stopUpdatingLocation, .startMonitoringSignificantLocationChanges,
      .stopMonitoringSignificantLocationChanges, .startMonitoringVisits, .stopMonitoringVisits,
      .startMonitoring, .stopMonitoring, .pauseUpdates:
      false
    default:
      true
    }
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
  /// model accepts the step (when it refuses, `next` is left half written). With `guardsPass`,
  /// the caller knows that the guards let `event` happen in `state`, and they are not asked
  /// (debug builds check).
  ///
  /// In place, for the explorer: returning an optional state copied it several times per step.
  ///
  /// Canonical form: the termination record lists its sessions in catalogue order rather than
  /// creation order. The model only asks whether the record holds a session (R19, R36), and the
  /// codec keeps it as one bit per catalogue entry, so without this two states differing only in
  /// that order would pack alike and `unpack(pack(s))` would not be `s`.
  package func step(
    from state: ExploredState, _ event: AuthorizationEvent, into next: inout ExploredState,
    guardsPass: Bool = false
  ) -> Bool {
    next = state
    if guardsPass {
      next.model.applyAccepted(
        event, configuration: configuration, legacyServicesIdle: legacyServicesIdle)
    } else {
      guard
        next.model.apply(
          event, configuration: configuration, legacyServicesIdle: legacyServicesIdle)
      else { return false }
    }
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

  /// The names of sessions, keys, managers and regions, for explanations and counterexamples.
  public var names: Names {
    ConfigurationReport.names(
      catalogue: catalogue, keyNames: codec.keyNames, regions: legacy?.regionNames ?? [])
  }
}
