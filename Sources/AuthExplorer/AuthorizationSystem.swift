import AuthModel

/// The authorization model of one configuration as a transition system: every app, user,
/// Settings and system step, with the sessions of a catalogue.
public struct AuthorizationSystem: Sendable {
  public let configuration: AppConfiguration
  public let catalogue: SessionCatalogue
  public let codec: AuthorizationStateCodec
  /// The reductions applied to every state before it is packed.
  public let reductions: [Reduction]
  /// Every step, in the fixed order the explorer tries them.
  public let actions: [AuthorizationEvent]

  public init(
    configuration: AppConfiguration, catalogue: SessionCatalogue,
    reductions: [Reduction] = Reduction.allCases
  ) throws(CatalogueError) {
    self.configuration = configuration
    self.catalogue = catalogue
    self.reductions = reductions
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
    ]
    self.actions = actions
    var answers: UInt64 = 0
    var settings: UInt64 = 0
    for (index, action) in actions.enumerated().prefix(64) {
      switch action {
      case .tap: answers |= 1 << UInt64(index)
      case .settings: settings |= 1 << UInt64(index)
      default: break
      }
    }
    promptAnswers = answers
    settingsChanges = settings
  }

  /// The prompt answers (`tap`) and the Settings changes among the first 64 actions, a bit
  /// each: see ``refusedActions(in:)``.
  private let promptAnswers: UInt64
  private let settingsChanges: UInt64

  /// The actions the model refuses in `state` for the two reasons that need no more than a
  /// glance, a bit per index into ``actions``: a prompt answer with no prompt up (R6), and a
  /// Settings change while the app is in the foreground (R38, the user is in the app). In a
  /// typical state that is about 20 of some 40 actions; skipping them saves the explorer
  /// half its calls to the model. `RefusedActionsTests` checks that the model refuses every
  /// action this marks.
  public func refusedActions(in state: ExploredState) -> UInt64 {
    var refused: UInt64 = 0
    if state.model.pendingPrompt == nil { refused |= promptAnswers }
    if state.model.app == .foreground { refused |= settingsChanges }
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
  ///
  /// Canonical form: the termination record lists its sessions in catalogue order rather than
  /// creation order. The model only asks whether the record holds a session (R19, R36), and the
  /// codec keeps it as one bit per catalogue entry, so without this two states differing only in
  /// that order would pack alike and `unpack(pack(s))` would not be `s`.
  public func next(_ state: ExploredState, _ event: AuthorizationEvent) -> ExploredState? {
    guard var model = state.model.applying(event, configuration: configuration) else {
      return nil
    }
    // Only termination writes the record; every other step keeps it or empties it.
    if case .terminate = event {
      let record = model.sessionsAtTermination
      if record.count > 1 && !zip(record, record.dropFirst()).allSatisfy({ $0.id < $1.id }) {
        model.sessionsAtTermination = HeldSessions(record.sorted { $0.id < $1.id })
      }
    }
    var next = ExploredState(model: model, upgradePromptShown: state.upgradePromptShown)
    if case .settings(.reset) = event { next.upgradePromptShown = false }
    if ExploredState.upgradePromptAppears(from: state.model, to: model) {
      next.upgradePromptShown = true
    }
    reduce(&next)
    return next
  }

  private func reduce(_ state: inout ExploredState) {
    for reduction in reductions { reduction.apply(to: &state) }
  }

  /// The names of sessions and keys, for explanations and counterexamples.
  public var names: Names {
    Names(sessions: catalogue.entries.indices.map { "s\($0)" }, purposeKeys: codec.keyNames)
  }
}
