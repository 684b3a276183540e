import AuthEngine
import AuthExplorer
import AuthModel

/// An app's description as a transition system: the model of docs/RULES.md with the app's features
/// on top, explored by AuthEngine's breadth-first engine.
///
/// ## The packed state
///
/// One 64-bit word, low bits first:
///
/// | bits | what |
/// |---|---|
/// | `codec.bitWidth` | the model's state (``AuthorizationStateCodec``, the app's sessions as its catalogue, in file order; with the legacy services, their fields: ``LegacyCatalogue``) |
/// | one per feature | the feature is on |
/// | one per `restore` feature | it was on at the last termination (the app saved it) |
/// | 1 | a reaction the model refused happened (an internal error, with its story) |
///
/// An app that uses CLLocationManager's own services (§8b: a legacy holding, a manager's
/// property, or a request by a feature's manager; ``usesLegacy``) packs the model's legacy
/// fields too, for each of its managers, which are then each its own (``managerIDs``): seven
/// facts a manager, its held bit, the app's three flags, the manager that raised the prompt,
/// and a bit per region id: each `regions` holding's `count` regions are one region id (they
/// register together, and A5 keeps the app within R49's 20), with one id more than there are
/// holdings and at least two, the limit being one per holding. With `n` managers that is
/// 8n + 2 + ⌈log₂(n + 1)⌉ + max(2, holdings + 1) bits (``AuthorizationStateCodec``), so that
/// an app of the legacy services with a few managers still packs into one word: 8 bytes a slot
/// of the visited set. An app whose managers run no service and make no request has them as
/// one, the model's manager 0: R41 calls every delegate after the same steps.
///
/// Nothing else is stored: whether a feature is *running* or *paused* follows from its on bit,
/// its `inBackground` and where the app is; what the app holds is the union of what its running
/// features hold, which the model's state already records. A state needs
/// `codec.bitWidth + features + restored + 1` bits; ``init(_:cooperative:)`` refuses an app
/// that needs more than 64 (at most 7 sessions fit the codec, and 32 purpose keys the model).
///
/// ## Steps
///
/// The user's (every answer of the prompt on screen; every Settings change; starting a `user`
/// feature that is off and stopping one that is on, in the foreground with no prompt up), the
/// lifecycle's (`launch`, `launch: background`, `background`, `foreground`, `wait`,
/// `terminate`, and for an app of the legacy services `terminate: user`) and the system's
/// (`backgroundEvent`, and for the legacy services `pauseUpdates`). The app's reactions run inside the step
/// that triggers them, after the model's own event: at a launch, `launch` features start, then
/// restored ones, then (into the foreground) `foreground` ones; entering the foreground, paused
/// features resume, then `foreground` features start; leaving it, `foreground` features stop,
/// then running `pause` features pause. Starting or resuming takes the feature's holdings in
/// order, skipping what another running feature already holds; starting then makes its
/// requests (a feature started paused at a background launch makes them too: the model gives a
/// request outside the foreground its effect, usually none). Stopping or pausing releases its
/// holdings in reverse order, except what another running feature still holds, and a stop call
/// for what is already gone (updates the system paused, R46) is not made. The registrations of
/// R47–R49 are the model's, persisted: they outlive the feature at termination.
///
/// With `cooperative`, only the cooperative user's steps are taken: while a prompt is on screen
/// (an app's prompt with the app in the foreground, or R14's system prompt anywhere), its most
/// generous answer and nothing else; never a Settings change.
public struct AppSystem: TransitionSystem {
  /// A state: the model's, which features are on, which the app saved at termination.
  public struct State: Sendable {
    public var explored: ExploredState
    /// Bit `i`: feature `i` is on.
    public var on: UInt32
    /// Bit `i`: feature `i` (a `restore` feature) was on at the last termination.
    public var saved: UInt32
    /// A reaction the model refused happened on the way here.
    public var refusedReaction: Bool
  }

  /// A step.
  public enum Action: Hashable, Sendable {
    /// A model event: a lifecycle step, an answer, a Settings change, the system's event.
    case event(AuthorizationEvent)
    /// The user starts feature `i`.
    case start(Int)
    /// The user stops feature `i`.
    case stop(Int)
  }

  public let app: AppDescription
  /// The model's own transition system, whose steps this one takes.
  public var model: AuthorizationSystem { steps.system }
  /// The model's per-step work, called by reference (`ModelSteps`): every step calls it.
  let steps: ModelSteps
  public let cooperative: Bool
  public let actions: [Action]
  /// The catalogue index of each session id.
  let sessionIndex: [String: Int]
  let featureShift: UInt64
  let savedShift: UInt64
  let refusedShift: UInt64
  /// The index, among the saved bits, of each `restore` feature.
  let savedSlot: [Int?]
  /// Features by who starts them, and those that keep what they hold in the background, a bit
  /// each: what every step reads, without copying the features.
  let launchMask: UInt32
  let foregroundMask: UInt32
  let keepMask: UInt32
  /// For each feature, each holding's model steps (to take, to release) and the features that
  /// hold the same thing, a bit each: the features whose holding, running, means this one is
  /// not taken, and those whose holding means it is not released (``sameThing(_:_:_:)``).
  let holdings:
    [[(
      take: AuthorizationEvent, release: AuthorizationEvent, takeSharers: UInt32,
      releaseSharers: UInt32
    )]]
  /// For each feature, its requests, in order.
  let requestEvents: [[LegacyRequest]]
  /// For each feature, the manager its requests are made by (R6): its first; `nil` for a
  /// manager the app never releases.
  let requestManager: [ManagerID?]
  /// The model's manager of each manager name: in an app of the legacy services (``usesLegacy``)
  /// each name is its own manager, in file order; otherwise every name is manager 0.
  public let managerIDs: [String: ManagerID]
  /// For each feature, for each of its `regions` holdings, the one region id that stands for
  /// them all (`nil` for other holdings).
  let regionBlocks: [[RegionID?]]
  /// Whether the app uses CLLocationManager's own services (§8b): the model's legacy fields are
  /// then packed, and the steps `terminate: user` and `system: pauseUpdates` are taken.
  public let usesLegacy: Bool
  /// The number of bits a packed state uses.
  public let bitWidth: Int
  /// The checks, set by whoever explores the system.
  public var properties: [Property<AppSystem>] = []
  /// What ``refusedActions(in:)`` reads, built with the actions.
  let marks: RefusalTables

  /// Why an app cannot be explored.
  public struct Unsupported: Error, Hashable, Sendable {
    public let message: String
  }

  /// The app's system, over any user's stories or only the cooperative user's.
  public init(_ app: AppDescription, cooperative: Bool) throws(Unsupported) {
    self.app = app
    self.cooperative = cooperative
    var entries: [SessionCatalogue.Entry] = []
    var index: [String: Int] = [:]
    for feature in app.features {
      for holding in feature.holds {
        if case .session(let id, let goal, let key) = holding.kind {
          index[id] = entries.count
          entries.append(.init(goal, fullAccuracyPurposeKey: key))
        }
      }
    }
    guard entries.count <= SessionCatalogue.maximumCount else {
      throw Unsupported(
        message: "the app holds \(entries.count) sessions; at most "
          + "\(SessionCatalogue.maximumCount) can be explored")
    }
    guard app.features.count <= 16 else {
      throw Unsupported(
        message: "the app has \(app.features.count) features; at most 16 can be explored")
    }
    sessionIndex = index
    // §8b: the legacy services run on the model's one manager; each feature's regions are one
    // region id (A5 keeps the app within R49's limit, so a block registers whole or not at
    // all), and the limit is one per block (``LegacyCatalogue/regionLimit``).
    var blocks: [[RegionID?]] = []
    var blockCount = 0
    for feature in app.features {
      blocks.append(
        feature.holds.map { holding in
          guard case .regions = holding.kind else { return nil }
          blockCount += 1
          return RegionID(UInt8(blockCount - 1))
        })
    }
    regionBlocks = blocks
    let managerNames = Self.managerNames(app)
    // A feature's requests are made by its first manager (R6).
    let firstManagers = app.features.map { feature in
      feature.requests.isEmpty
        ? nil
        : feature.holds.lazy.compactMap { holding -> String? in
          if case .manager(let name) = holding.kind { name } else { nil }
        }.first
    }
    usesLegacy =
      app.features.contains { $0.holds.contains(where: \.isLegacy) }
      || firstManagers.contains { $0 != nil }
    // An app of the legacy services holds each manager on its own: each has its properties,
    // updates and prompt (R6, §8b). Otherwise its managers are alike (R41: every delegate is
    // called after the same steps) and are one, which keeps the states few.
    var ids: [String: ManagerID] = [:]
    for (k, name) in managerNames.enumerated() {
      ids[name] = ManagerID(UInt8(usesLegacy ? k : 0))
    }
    managerIDs = ids
    requestManager = firstManagers.map { $0.flatMap { ids[$0] } }
    guard !usesLegacy || managerNames.count <= LegacyCatalogue.maximumManagers else {
      throw Unsupported(
        message: "the app holds \(managerNames.count) managers that use CLLocationManager's own "
          + "services; at most \(LegacyCatalogue.maximumManagers) can be explored")
    }
    do {
      let legacy =
        usesLegacy
        ? try LegacyCatalogue(
          regions: max(LegacyCatalogue.minimumRegions, blockCount + 1),
          managers: max(1, managerNames.count)) : nil
      steps = ModelSteps(
        try AuthorizationSystem(
          configuration: app.configuration, catalogue: SessionCatalogue(entries), legacy: legacy))
    } catch {
      throw Unsupported(message: error.message)
    }
    var launch: UInt32 = 0
    var foreground: UInt32 = 0
    var keep: UInt32 = 0
    for (i, feature) in app.features.enumerated() {
      if feature.startedBy == .launch { launch |= 1 << UInt32(i) }
      if feature.startedBy == .foreground { foreground |= 1 << UInt32(i) }
      if feature.backgroundBehavior == .keep { keep |= 1 << UInt32(i) }
    }
    launchMask = launch
    foregroundMask = foreground
    keepMask = keep
    let codec = steps.system.codec
    let distinct = usesLegacy
    holdings = app.features.enumerated().map { i, feature in
      feature.holds.enumerated().map { j, holding in
        var take: UInt32 = 0
        var release: UInt32 = 0
        for (k, other) in app.features.enumerated() {
          let bit: UInt32 = 1 << UInt32(k)
          for kind in other.holds.lazy.map(\.kind) {
            guard let same = Self.sameThing(kind, holding.kind, distinctManagers: distinct) else {
              continue
            }
            release |= bit
            if same == .taken { take |= bit }
          }
        }
        return (
          Self.event(holding, taking: true, index, codec, ids, blocks[i][j]),
          Self.event(holding, taking: false, index, codec, ids, blocks[i][j]), take, release
        )
      }
    }
    requestEvents = app.features.map { feature in
      feature.requests.compactMap { request -> LegacyRequest? in
        switch request.kind {
        case .whenInUse: return .whenInUse
        case .always: return .always
        case .temporaryFullAccuracy(let key):
          return app.configuration.purposeKey(named: key).map { .temporaryFullAccuracy($0) }
        }
      }
    }
    var slots: [Int?] = []
    var savedCount = 0
    for feature in app.features {
      slots.append(feature.restore ? savedCount : nil)
      if feature.restore { savedCount += 1 }
    }
    savedSlot = slots
    featureShift = UInt64(steps.system.codec.bitWidth)
    savedShift = featureShift + UInt64(app.features.count)
    refusedShift = savedShift + UInt64(savedCount)
    bitWidth = Int(refusedShift) + 1
    guard bitWidth <= 64 else {
      throw Unsupported(
        message: "the app's state needs \(bitWidth) bits; at most 64 can be explored")
    }
    // The model's steps no app call makes, from its one list (with the user's swipe and the
    // system's pause for an app of the legacy services); then the user's features.
    var actions: [Action] = AuthorizationEvent.userAndSystemSteps(legacy: usesLegacy).map {
      .event($0)
    }
    for (i, feature) in app.features.enumerated() where feature.startedBy == .user {
      actions += [.start(i), .stop(i)]
    }
    self.actions = actions
    marks = RefusalTables(actions: actions, model: steps.system, cooperative: cooperative)
  }

  // MARK: TransitionSystem

  public var initialStates: [State] {
    // Nothing to reduce: a fresh state has no request result and no termination record.
    let explored = ExploredState(
      model: AuthorizationState(configuration: app.configuration, start: app.start))
    return [State(explored: explored, on: 0, saved: 0, refusedReaction: false)]
  }

  public func next(_ state: State, _ action: Action) -> State? {
    var story: [AuthorizationEvent]? = nil
    return advance(state, action, story: &story)
  }

  public func next(_ state: State, _ action: Action, into successor: inout State) -> Bool {
    var story: [AuthorizationEvent]? = nil
    return advance(state, action, into: &successor, story: &story)
  }

  public func pack(_ state: State) -> UInt64 {
    var savedBits: UInt64 = 0
    for (i, slot) in savedSlot.enumerated() where state.saved & (1 << UInt32(i)) != 0 {
      if let slot { savedBits |= 1 << UInt64(slot) }
    }
    return steps.pack(state.explored) | UInt64(state.on) << featureShift
      | savedBits << savedShift | (state.refusedReaction ? 1 : 0) << refusedShift
  }

  public func unpack(_ packed: UInt64) -> State {
    let modelBits = featureShift == 64 ? packed : packed & ((1 << featureShift) - 1)
    let featureMask: UInt64 = (1 << UInt64(app.features.count)) - 1
    var saved: UInt32 = 0
    for (i, slot) in savedSlot.enumerated() {
      if let slot, packed >> (savedShift + UInt64(slot)) & 1 != 0 { saved |= 1 << UInt32(i) }
    }
    return State(
      explored: steps.unpack(modelBits), on: UInt32(packed >> featureShift & featureMask),
      saved: saved, refusedReaction: packed >> refusedShift & 1 != 0)
  }

  // MARK: Steps

  /// The state after `action`, or `nil` when it cannot happen; `story`, when not `nil`,
  /// receives the model steps the app's reactions made, in the order made.
  func advance(_ state: State, _ action: Action, story: inout [AuthorizationEvent]?) -> State? {
    var next = state
    return advance(state, action, into: &next, story: &story) ? next : nil
  }

  /// Writes the state after `action` into `next` and returns `true`, or returns `false` when
  /// it cannot happen (`next` is then left in any state): the step without a copy of the
  /// state to return.
  func advance(
    _ state: State, _ action: Action, into next: inout State, story: inout [AuthorizationEvent]?
  ) -> Bool {
    guard !state.refusedReaction else { return false }
    let m = state.explored.model
    var running = runningMask(state)
    switch action {
    case .start(let i), .stop(let i):
      guard m.app == .foreground, m.pendingPrompt == nil else { return false }
      let isOn = state.on & bit(i) != 0
      next = state
      if case .start = action {
        guard !isOn else { return false }
        start(i, in: &next, running: &running, story: &story)
      } else {
        guard isOn else { return false }
        release(i, in: &next, running: &running, story: &story)
        next.on &= ~bit(i)
      }
      return true
    case .event(let event):
      if cooperative && !Self.cooperativeUserTakes(event, in: m, app.configuration) {
        return false
      }
      // The model's step writes the whole model state; the app's own fields are copied.
      next.on = state.on
      next.saved = state.saved
      next.refusedReaction = false
      guard steps.step(from: state.explored, event, into: &next.explored) else { return false }
      react(to: event, in: &next, running: &running, story: &story)
      return true
    }
  }

  /// Whether the cooperative user takes `event` in `m`: while a prompt is on screen
  /// (``AuthorizationState/promptOnScreen``), its most generous answer and nothing else;
  /// otherwise any step but an answer; never a Settings change.
  static func cooperativeUserTakes(
    _ event: AuthorizationEvent, in m: AuthorizationState, _ c: AppConfiguration
  ) -> Bool {
    if case .settings = event { return false }
    guard let prompt = m.promptOnScreen else {
      if case .tap = event { return false }
      return true
    }
    guard case .tap(let button, let precise) = event else { return false }
    return generousAnswer(prompt, c) == (button, precise)
  }

  /// The cooperative user's answer to `prompt`: its most generous button, with Precise on
  /// where the prompt has the toggle.
  static func generousAnswer(_ prompt: PendingPrompt, _ c: AppConfiguration) -> (
    PromptButton, Bool?
  ) {
    switch prompt {
    case .whenInUse: (.allowWhileUsing, prompt.offersPreciseToggle(c) ? true : nil)
    case .alwaysUpgrade: (.changeToAlwaysAllow, nil)
    case .temporaryFullAccuracy: (.allowOnce, nil)
    }
  }

  @inline(__always) func bit(_ i: Int) -> UInt32 { 1 << UInt32(i) }

  /// Whether feature `i` runs in `state`: on, and not paused.
  public func isRunning(_ i: Int, _ state: State) -> Bool {
    state.on & bit(i) != 0 && runsWhere(i, state.explored.model.app)
  }

  /// Whether feature `i`, on, runs with the app at `place`: a `pause` feature only in the
  /// foreground.
  func runsWhere(_ i: Int, _ place: AppRunState) -> Bool {
    keepMask & bit(i) != 0 || place == .foreground
  }

  /// The running features of `state`, a bit each.
  func runningMask(_ state: State) -> UInt32 {
    state.explored.model.app == .foreground ? state.on : state.on & keepMask
  }

  /// The app's reactions to `event`, which the model has taken; `running` is the set of
  /// running features before the event, kept up to date as features take and release.
  private func react(
    to event: AuthorizationEvent, in state: inout State, running: inout UInt32,
    story: inout [AuthorizationEvent]?
  ) {
    let features = app.features.indices
    switch event {
    case .launch, .relaunchInBackground:
      let saved = state.saved
      state.saved = 0
      for i in features where launchMask & bit(i) != 0 {
        start(i, in: &state, running: &running, story: &story)
      }
      for i in features where saved & bit(i) != 0 {
        start(i, in: &state, running: &running, story: &story)
      }
      if event == .launch {
        for i in features where foregroundMask & bit(i) != 0 {
          start(i, in: &state, running: &running, story: &story)
        }
      }
    case .enterForeground:
      for i in features where state.on & bit(i) != 0 && running & bit(i) == 0 {
        take(i, in: &state, running: &running, story: &story)
      }
      for i in features where foregroundMask & bit(i) != 0 {
        start(i, in: &state, running: &running, story: &story)
      }
    case .enterBackground:
      for i in features where foregroundMask & state.on & bit(i) != 0 {
        release(i, in: &state, running: &running, story: &story)
        state.on &= ~bit(i)
      }
      for i in features where running & bit(i) != 0 && !runsWhere(i, .background) {
        release(i, in: &state, running: &running, story: &story)
      }
    case .terminate, .terminateByUser:
      for i in features where savedSlot[i] != nil && state.on & bit(i) != 0 {
        state.saved |= bit(i)
      }
      state.on = 0
      running = 0
    default:
      break
    }
  }

  /// Starts feature `i` if it is off: on; its holdings if it runs where the app is; then its
  /// requests.
  private func start(
    _ i: Int, in state: inout State, running: inout UInt32, story: inout [AuthorizationEvent]?
  ) {
    guard state.on & bit(i) == 0 else { return }
    state.on |= bit(i)
    let runs = runsWhere(i, state.explored.model.app)
    if runs { take(i, in: &state, running: &running, story: &story) }
    // A feature started paused makes its requests without its manager, not held yet.
    let manager = runs ? requestManager[i] : nil
    for request in requestEvents[i] {
      perform(
        manager.map { .request(request, by: $0) } ?? request.event, in: &state, story: &story)
    }
  }

  /// Takes feature `i`'s holdings in order, but what another running feature holds.
  private func take(
    _ i: Int, in state: inout State, running: inout UInt32, story: inout [AuthorizationEvent]?
  ) {
    for holding in holdings[i] where holding.takeSharers & running & ~bit(i) == 0 {
      perform(holding.take, in: &state, story: &story)
    }
    running |= bit(i)
  }

  /// Releases feature `i`'s holdings in reverse order, but what another running feature holds.
  private func release(
    _ i: Int, in state: inout State, running: inout UInt32, story: inout [AuthorizationEvent]?
  ) {
    guard running & bit(i) != 0 else { return }
    for holding in holdings[i].reversed() where holding.releaseSharers & running & ~bit(i) == 0 {
      // A stop call for what is already gone is not made: updates the system paused (R46).
      if Self.isGone(holding.release, in: state.explored.model) { continue }
      perform(holding.release, in: &state, story: &story)
    }
    running &= ~bit(i)
  }

  /// How two holdings share what they take in the model; `nil` for not at all.
  enum Sharing {
    /// The same thing: the same session, iteration or activity session, the same manager or
    /// its updates; in an app whose managers are alike, any two managers.
    case taken
    /// Only the app's one registration for significant changes or visits (R47, R48), which
    /// each feature's manager starts for itself: a feature takes it, but does not stop it
    /// while another running feature holds it.
    case registration
  }

  /// How holdings `a` and `b` share what they take.
  private static func sameThing(
    _ a: Holding.Kind, _ b: Holding.Kind, distinctManagers: Bool
  ) -> Sharing? {
    switch (a, b) {
    case (.manager, .manager) where !distinctManagers: .taken
    case (.significantChanges, .significantChanges), (.visits, .visits):
      a == b ? .taken : .registration
    default: a == b ? .taken : nil
    }
  }

  /// The app's manager names, in file order.
  static func managerNames(_ app: AppDescription) -> [String] {
    var names: [String] = []
    for holding in app.features.lazy.flatMap(\.holds) {
      if case .manager(let name) = holding.kind, !names.contains(name) { names.append(name) }
    }
    return names
  }

  /// Whether the stop call `event` finds nothing to stop in `m`: updates the system paused
  /// (R46), a registration or a region that is not there (R47–R49).
  private static func isGone(_ event: AuthorizationEvent, in m: AuthorizationState) -> Bool {
    let l = m.legacy
    switch event {
    case .stopUpdatingLocation(let id): return l.updating & (1 << id.rawValue) == 0
    case .stopMonitoringSignificantLocationChanges: return !l.significantChangesRegistered
    case .stopMonitoringVisits: return !l.visitsRegistered
    case .stopMonitoring(_, let region): return l.monitoredRegions & (1 << region.rawValue) == 0
    default: return false
    }
  }

  /// The model's step that takes or releases `holding`, on the manager of `managerIDs` it names.
  private static func event(
    _ holding: Holding, taking: Bool, _ sessionIndex: [String: Int],
    _ codec: AuthorizationStateCodec, _ managerIDs: [String: ManagerID], _ regions: RegionID?
  ) -> AuthorizationEvent {
    let name: String? =
      if case .manager(let name) = holding.kind { name } else { holding.kind.serviceManager }
    let m = name.flatMap { managerIDs[$0] } ?? ManagerID(0)
    switch holding.kind {
    case .session(let id, let goal, _):
      let index = sessionIndex[id]!
      return taking
        ? .createSession(
          SessionID(UInt8(index)), authorization: goal,
          fullAccuracyPurposeKey: codec.entryKeys[index])
        : .invalidateSession(SessionID(UInt8(index)))
    case .liveUpdates: return .liveUpdates(iterating: taking)
    case .monitor: return .monitor(iterating: taking)
    case .backgroundActivity: return .backgroundActivity(held: taking)
    case .manager:
      return taking ? .createManager(m, holding.properties) : .releaseManager(m)
    case .updatingLocation: return taking ? .startUpdatingLocation(m) : .stopUpdatingLocation(m)
    case .significantChanges:
      return taking
        ? .startMonitoringSignificantLocationChanges(m)
        : .stopMonitoringSignificantLocationChanges(m)
    case .visits: return taking ? .startMonitoringVisits(m) : .stopMonitoringVisits(m)
    case .regions:
      let region = regions ?? RegionID(0)
      return taking ? .startMonitoring(m, region: region) : .stopMonitoring(m, region: region)
    }
  }

  /// Applies a reaction's model event; a refusal marks the state.
  private func perform(
    _ event: AuthorizationEvent, in state: inout State, story: inout [AuthorizationEvent]?
  ) {
    guard !state.refusedReaction else { return }
    story?.append(event)
    let before = state.explored
    if !steps.step(from: before, event, into: &state.explored) {
      state.explored = before
      state.refusedReaction = true
    }
  }
}
