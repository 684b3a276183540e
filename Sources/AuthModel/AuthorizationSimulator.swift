/// A faithful fake of Core Location's authorization for one app, driven step by step.
///
/// Use it from your own tests to play a story — the app's calls, the user's taps, Settings — and
/// check what the app would observe. Each step either happens or is refused with the rule that
/// forbids it, because iOS would never let it happen (a tap with no prompt up, Settings while
/// the app is in the foreground…).
///
/// ```swift
/// var location = AuthorizationSimulator(
///   configuration: AppConfiguration(
///     ios: .ios18, infoPlist: InfoPlist(whenInUseUsageDescription: "Shows stations near you")))
/// try location.launch()
/// try location.createSession("app", authorization: .whenInUse)
/// #expect(location.prompt == .whenInUse)
/// try location.tap(.allowWhileUsing, precise: false)
/// #expect(location.authorizationStatus == .authorizedWhenInUse)
/// #expect(location.accuracyAuthorization == .reducedAccuracy)
/// ```
///
/// Every step returns the rules that accepted it and decided its effects, and
/// ``explanation(of:)`` names the rules behind any observable value.
///
/// CLLocationManager delegates (R41): create managers with ``createManager(_:properties:)`` and
/// read the calls their delegates received with ``locationManagerDidChangeAuthorization(of:)``
/// (`locationManagerDidChangeAuthorization`, and for the legacy services `didPause` and
/// `monitoringDidFail`):
///
/// ```swift
/// try location.createManager("map")
/// try location.requestWhenInUseAuthorization()
/// try location.tap(.allowWhileUsing)
/// #expect(location.takeLocationManagerDidChangeAuthorization(of: "map")?.map(\.pair.description)
///   == ["notDetermined/fullAccuracy", "authorizedWhenInUse/fullAccuracy"])
/// ```
///
/// The legacy services run on those managers (§8b, R43–R50):
///
/// ```swift
/// try location.configureManager(
///   "map", properties: ManagerProperties(allowsBackgroundLocationUpdates: true))
/// try location.startUpdatingLocation("map")
/// try location.enterBackground()
/// #expect(location.backgroundIndicator == .shown)
/// ```
public struct AuthorizationSimulator: Sendable {
  /// The app as built and the iOS it runs on.
  public let configuration: AppConfiguration
  /// The current state. Read it to pack or compare states; change it only through steps.
  public private(set) var state: AuthorizationState
  /// The names of sessions, purpose keys and managers used so far.
  public private(set) var names: Names
  /// By manager name, the calls its delegate received since it was created or since they were
  /// last taken (R41). A released manager
  /// keeps what it received and gets no more; creating the name again starts a new list.
  public private(set) var delegateCalls: [String: [DelegateCall]] = [:]
  /// For the result of the last legacy request, the status and the accuracy: the rules the
  /// step that last decided the value cited, which ``explanation(of:)`` adds to the rules that
  /// compute it from the state.
  private var decidedBy: [Observable: [Citation]] = [:]

  /// One call on a manager's delegate (R41): `locationManagerDidChangeAuthorization(_:)`,
  /// `didPause` (R46) or `monitoringDidFail` (R49).
  public struct DelegateCall: Hashable, Sendable {
    /// The call, as a scenario writes it.
    public var callback: LocationManagerCallback
    /// What the delegate reads in the call: `authorizationStatus` and `accuracyAuthorization`.
    public var pair: AuthorizationPair
    /// The step after which the delegate was called: the manager's creation, the step that
    /// changed the pair, the pause or the failed region.
    public var event: AuthorizationEvent
    /// The rules the step cited: which rule changed the pair.
    public var cause: [Citation]
  }

  /// A story of the app of `configuration`, from what iOS remembers (`start`: a fresh install by default).
  public init(configuration: AppConfiguration, start: StartingState = StartingState()) {
    self.configuration = configuration
    self.state = AuthorizationState(configuration: configuration, start: start)
    self.names = Names(purposeKeys: configuration.purposeKeys)
    // R49: the regions of `start` are region ids 0..<count, in order.
    for region in start.regions.prefix(LegacyServices.maximumRegionIDs)
    where !names.regions.contains(region) {
      names.regions.append(region)
    }
  }

  // MARK: Steps

  /// Applies one event, or throws the refusal that forbids it; returns the rules it cited.
  @discardableResult
  public mutating func apply(_ event: AuthorizationEvent) throws(Refusal) -> [Citation] {
    var trace = Trace(names: names)
    let before = state
    state = try state.applying(event, configuration: configuration, trace: &trace)
    recordDecisions(from: before, by: event, trace.citations)
    let called = AuthorizationState.managersCalledBack(
      from: before, by: event, to: state, configuration)
    let paused = AuthorizationState.managersPaused(from: before, by: event)
    let failure = AuthorizationState.monitoringFailure(from: before, by: event, configuration)
    guard called | paused != 0 || failure != nil else { return trace.citations }
    let pair = state.authorizationPair(configuration)
    func call(_ manager: ManagerID, _ callback: LocationManagerCallback) {
      delegateCalls[names.name(of: manager), default: []].append(
        DelegateCall(callback: callback, pair: pair, event: event, cause: trace.citations))
    }
    for index in 0..<AuthorizationState.maximumManagers {
      let manager = ManagerID(UInt8(index))
      if case .createManager(manager, _) = event { delegateCalls[names.name(of: manager)] = [] }
      if called & manager.bit != 0 { call(manager, .didChangeAuthorization(pair)) }
      // R46
      if paused & manager.bit != 0 { call(manager, .didPause) }
    }
    // R49
    if let (manager, region) = failure {
      call(manager, .monitoringDidFail(region: names.name(of: region)))
    }
    return trace.citations
  }

  /// Keeps the rules of a step that decided the request result, the status or the accuracy.
  private mutating func recordDecisions(
    from before: AuthorizationState, by event: AuthorizationEvent, _ citations: [Citation]
  ) {
    switch event {
    case .requestWhenInUseAuthorization, .requestAlwaysAuthorization,
      .requestTemporaryFullAccuracyAuthorization:
      // The request's own rules: what stopped it or let it prompt (R1, R4–R8, R13–R16), not
      // the goals acting after it (R18).
      let deciding: Set<Rule> = [.r1, .r4, .r5, .r6, .r7, .r8, .r13, .r14, .r15, .r16]
      decidedBy[.requestResult] = citations.filter { deciding.contains($0.rule) }
    default: break
    }
    let (old, new) = (
      before.authorizationPair(configuration), state.authorizationPair(configuration)
    )
    let stepRules = citations.filter { $0.rule != .r41 }
    if old.authorizationStatus != new.authorizationStatus {
      decidedBy[.authorizationStatus] = stepRules
    }
    if old.accuracyAuthorization != new.accuracyAuthorization {
      decidedBy[.accuracyAuthorization] = stepRules
    }
  }

  /// The app creates a CLLocationManager named `name`, sets its delegate, which is called at
  /// once (R41), and sets `properties`; the others keep their defaults (§8b, R45).
  @discardableResult
  public mutating func createManager(
    _ name: String, properties: ManagerProperties = ManagerProperties()
  ) throws(Refusal) -> [Citation] {
    try apply(.createManager(managerID(name), properties))
  }

  /// The app sets `properties` of the manager named `name` (R44, R45).
  @discardableResult
  public mutating func configureManager(
    _ name: String, properties: ManagerProperties
  ) throws(Refusal) -> [Citation] {
    try apply(.configureManager(managerID(name), properties))
  }

  /// `startUpdatingLocation()` on the manager named `name` (R43, R44).
  @discardableResult
  public mutating func startUpdatingLocation(_ name: String) throws(Refusal) -> [Citation] {
    try apply(.startUpdatingLocation(managerID(name)))
  }
  /// `stopUpdatingLocation()` on the manager named `name` (R43, R44).
  @discardableResult
  public mutating func stopUpdatingLocation(_ name: String) throws(Refusal) -> [Citation] {
    try apply(.stopUpdatingLocation(managerID(name)))
  }
  /// `startMonitoringSignificantLocationChanges()` on the manager named `name` (R47).
  @discardableResult
  public mutating func startMonitoringSignificantLocationChanges(
    _ name: String
  ) throws(Refusal) -> [Citation] {
    try apply(.startMonitoringSignificantLocationChanges(managerID(name)))
  }
  /// `stopMonitoringSignificantLocationChanges()` on the manager named `name` (R47).
  @discardableResult
  public mutating func stopMonitoringSignificantLocationChanges(
    _ name: String
  ) throws(Refusal) -> [Citation] {
    try apply(.stopMonitoringSignificantLocationChanges(managerID(name)))
  }
  /// `startMonitoringVisits()` on the manager named `name` (R48).
  @discardableResult
  public mutating func startMonitoringVisits(_ name: String) throws(Refusal) -> [Citation] {
    try apply(.startMonitoringVisits(managerID(name)))
  }
  /// `stopMonitoringVisits()` on the manager named `name` (R48).
  @discardableResult
  public mutating func stopMonitoringVisits(_ name: String) throws(Refusal) -> [Citation] {
    try apply(.stopMonitoringVisits(managerID(name)))
  }
  /// `startMonitoring(for:)` on the manager named `name`, with a CLCircularRegion whose
  /// identifier is `region` (R49).
  @discardableResult
  public mutating func startMonitoring(
    _ name: String, region: String
  ) throws(Refusal) -> [Citation] {
    try apply(.startMonitoring(managerID(name), region: regionID(region)))
  }
  /// `stopMonitoring(for:)` on the manager named `name`, for the region `region` (R49).
  @discardableResult
  public mutating func stopMonitoring(
    _ name: String, region: String
  ) throws(Refusal) -> [Citation] {
    try apply(.stopMonitoring(managerID(name), region: regionID(region)))
  }
  /// Core Location pauses the updates of every manager that pauses automatically (R46).
  @discardableResult public mutating func pauseUpdates() throws(Refusal) -> [Citation] {
    try apply(.pauseUpdates)
  }

  /// The app releases the CLLocationManager named `name` (R41).
  @discardableResult
  public mutating func releaseManager(_ name: String) throws(Refusal) -> [Citation] {
    try apply(.releaseManager(managerID(name)))
  }

  /// The `locationManagerDidChangeAuthorization(_:)` calls the delegate of the manager named
  /// `name` received and nobody took yet, oldest first; `nil` if no manager of that name was
  /// ever created (R41).
  public func locationManagerDidChangeAuthorization(of name: String) -> [DelegateCall]? {
    delegateCalls[name]
  }

  /// Returns ``locationManagerDidChangeAuthorization(of:)`` and forgets those calls, so that
  /// the next read returns only what comes after.
  public mutating func takeLocationManagerDidChangeAuthorization(
    of name: String
  ) -> [DelegateCall]? {
    guard let calls = delegateCalls[name] else { return nil }
    delegateCalls[name] = []
    return calls
  }

  /// The user launches the app into the foreground (R19, R37).
  @discardableResult public mutating func launch() throws(Refusal) -> [Citation] {
    try apply(.launch)
  }
  /// Core Location relaunches the terminated app into the background (R36).
  @discardableResult public mutating func relaunchInBackground() throws(Refusal) -> [Citation] {
    try apply(.relaunchInBackground)
  }
  /// The app leaves the foreground (R3).
  @discardableResult public mutating func enterBackground() throws(Refusal) -> [Citation] {
    try apply(.enterBackground)
  }
  /// The app returns to the foreground (R3).
  @discardableResult public mutating func enterForeground() throws(Refusal) -> [Citation] {
    try apply(.enterForeground)
  }
  /// Time passes: grace periods end, temporary grants of an app not in use lapse (R12).
  @discardableResult public mutating func wait() throws(Refusal) -> [Citation] {
    try apply(.wait)
  }
  /// iOS terminates the app (R37); `byUser`, the user swipes it away (R50).
  @discardableResult
  public mutating func terminate(byUser: Bool = false) throws(Refusal) -> [Citation] {
    try apply(byUser ? .terminateByUser : .terminate)
  }

  /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)`, held under the name `id`.
  @discardableResult
  public mutating func createSession(
    _ id: String, authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String? = nil
  ) throws(Refusal) -> [Citation] {
    let session = try sessionID(id)
    var key: PurposeKey?
    if let fullAccuracyPurposeKey { key = purposeKey(fullAccuracyPurposeKey) }
    return try apply(
      .createSession(
        session, authorization: authorization,
        fullAccuracyPurposeKey: key))
  }

  /// `invalidate()` on the session named `id`.
  @discardableResult
  public mutating func invalidateSession(_ id: String) throws(Refusal) -> [Citation] {
    try apply(.invalidateSession(try sessionID(id)))
  }

  /// The app starts or stops iterating `CLLocationUpdate.liveUpdates()` (R17, R33).
  @discardableResult
  public mutating func liveUpdates(iterating: Bool) throws(Refusal) -> [Citation] {
    try apply(.liveUpdates(iterating: iterating))
  }
  /// The app starts or stops iterating `CLMonitor.events` (R17, R34).
  @discardableResult
  public mutating func monitor(iterating: Bool) throws(Refusal) -> [Citation] {
    try apply(.monitor(iterating: iterating))
  }
  /// The app creates or invalidates a CLBackgroundActivitySession (R35, R37).
  @discardableResult
  public mutating func backgroundActivity(held: Bool) throws(Refusal) -> [Citation] {
    try apply(.backgroundActivity(held: held))
  }
  /// `requestWhenInUseAuthorization()` (R13), on the held manager named `manager`, or without
  /// one on a manager the app never releases (R6).
  @discardableResult
  public mutating func requestWhenInUseAuthorization(
    by manager: String? = nil
  ) throws(Refusal) -> [Citation] {
    try request(.whenInUse, by: manager)
  }
  /// `requestAlwaysAuthorization()` (R14, R15), on the held manager named `manager`, or
  /// without one on a manager the app never releases (R6).
  @discardableResult
  public mutating func requestAlwaysAuthorization(
    by manager: String? = nil
  ) throws(Refusal) -> [Citation] {
    try request(.always, by: manager)
  }
  /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` (R16), on the held manager
  /// named `manager`, or without one on a manager the app never releases (R6).
  @discardableResult
  public mutating func requestTemporaryFullAccuracyAuthorization(
    withPurposeKey key: String, by manager: String? = nil
  ) throws(Refusal) -> [Citation] {
    try request(.temporaryFullAccuracy(purposeKey(key)), by: manager)
  }

  private mutating func request(
    _ request: LegacyRequest, by manager: String?
  ) throws(Refusal) -> [Citation] {
    guard let manager else { return try apply(request.event) }
    return try apply(.request(request, by: managerID(manager)))
  }
  /// The user taps `button`; `precise` sets the when-in-use prompt's Precise toggle.
  @discardableResult
  public mutating func tap(_ button: PromptButton, precise: Bool? = nil) throws(Refusal)
    -> [Citation]
  {
    try apply(.tap(button, precise: precise))
  }
  /// The user changes Settings (R38).
  @discardableResult
  public mutating func changeSettings(_ change: SettingsChange) throws(Refusal) -> [Citation] {
    try apply(.settings(change))
  }
  /// The user changes several things in one visit to Settings, in this order: one step,
  /// refused whole if one change is refused (R38, R42); a delegate is called once if its pair
  /// changed, not at all if the changes cancel out (R41).
  @discardableResult
  public mutating func changeSettings(_ changes: [SettingsChange]) throws(Refusal) -> [Citation] {
    if changes.count == 1 { return try apply(.settings(changes[0])) }
    guard let visit = SettingsChanges(changes) else { throw Refusal.tooManySettingsChanges }
    return try apply(.settingsChanges(visit))
  }
  /// Core Location has an event for the app that needs Always while it is not in use (R14).
  @discardableResult
  public mutating func backgroundEvent() throws(Refusal) -> [Citation] {
    try apply(.backgroundEvent)
  }

  // MARK: Observables

  /// `CLLocationManager.authorizationStatus` now (R1).
  public var authorizationStatus: AuthorizationStatus { value(.authorizationStatus) }
  /// `CLLocationManager.accuracyAuthorization` now (R2).
  public var accuracyAuthorization: AccuracyAuthorization { value(.accuracyAuthorization) }
  /// The prompt on screen, or waiting for the foreground (R6).
  public var prompt: Prompt { value(.prompt) }
  /// What the Settings app shows for the app's location.
  public var settingsShows: LocationSetting { value(.settingsShows) }
  /// What live updates deliver now (R33).
  public var liveUpdatesDelivery: LiveUpdatesDelivery { value(.liveUpdates) }
  /// Whether monitor events are delivered now (R34).
  public var monitorEvents: MonitorEventsDelivery { value(.monitorEvents) }
  /// The CLBackgroundActivitySession the running app holds (R35, R37).
  public var backgroundActivityStatus: BackgroundActivityStatus { value(.backgroundActivity) }
  /// Whether the blue location indicator shows (R35, R37).
  public var backgroundIndicator: BackgroundIndicator { value(.backgroundIndicator) }
  /// The result of the last legacy request this run, `nil` if none was made (R13–R16).
  public var requestResult: RequestResult? {
    var trace = Trace.off
    return state.requestResult(trace: &trace)
  }
  /// What continuous updates deliver now (R43).
  public var locationUpdates: LocationUpdatesDelivery { value(.locationUpdates) }
  /// Whether significant-change events are delivered now (R47).
  public var significantChanges: LegacyEventsDelivery { value(.significantChanges) }
  /// Whether visit events are delivered now (R48).
  public var visits: LegacyEventsDelivery { value(.visits) }
  /// Whether region events are delivered now (R49).
  public var regionEvents: LegacyEventsDelivery { value(.regionEvents) }
  /// The identifiers of the regions registered, sorted (R49).
  public var monitoredRegions: [String] {
    var trace = Trace.off
    return state.monitoredRegionIDs(trace: &trace).map(names.name(of:)).sorted()
  }

  /// The diagnostic flags of the session named `id`, `nil` if it is not held.
  public func diagnostics(forSession id: String) -> DiagnosticFlags? {
    guard let index = names.sessions.firstIndex(of: id) else { return nil }
    return diagnostics(for: .session(SessionID(UInt8(index))))
  }

  /// The diagnostic flags of `holder`, `nil` if the app does not hold it.
  public func diagnostics(for holder: Holder) -> DiagnosticFlags? {
    var trace = Trace.off
    return state.diagnostics(for: holder, configuration, trace: &trace)
  }

  /// The holders of diagnostics now, by name: session ids, then `liveUpdates`, `monitor`,
  /// `backgroundActivity`.
  public var holderNames: [String] {
    state.holders(configuration).map(name)
  }

  /// The holder called `name` in a story: a held session's id, else one of `liveUpdates`,
  /// `monitor`, `backgroundActivity`.
  public func holder(named name: String) -> Holder? {
    if let index = names.sessions.firstIndex(of: name),
      state.sessions.contains(SessionID(UInt8(index)))
    {
      return .session(SessionID(UInt8(index)))
    }
    return ImplicitHolder(rawValue: name)?.holder
  }

  /// The name of `holder` in a story.
  public func name(_ holder: Holder) -> String {
    if case .session(let id) = holder { return names.name(of: id) }
    return ImplicitHolder(holder)?.rawValue ?? ""
  }

  /// An observable value of the app's Core Location state: one of the vocabulary's
  /// (``ObservableKey``), or the diagnostics of one holder.
  public enum Observable: Hashable, Sendable {
    /// An observable of the ``ObservableKey/Form/value`` form (not `diagnostics` or
    /// `callbacks`, which name a holder or a manager).
    case value(ObservableKey)
    /// The diagnostics of one holder.
    case diagnostics(Holder)

    /// `CLLocationManager.authorizationStatus`.
    public static let authorizationStatus = Self.value(.authorizationStatus)
    /// `CLLocationManager.accuracyAuthorization`.
    public static let accuracyAuthorization = Self.value(.accuracyAuthorization)
    /// The authorization prompt on screen.
    public static let prompt = Self.value(.prompt)
    /// The app's location choice in the Settings app.
    public static let settingsShows = Self.value(.settingsShows)
    /// `CLLocationUpdate.liveUpdates()`, which a file checks as `updates`.
    public static let liveUpdates = Self.value(.updates)
    /// `CLMonitor.events`.
    public static let monitorEvents = Self.value(.monitorEvents)
    /// The CLBackgroundActivitySession the running app holds.
    public static let backgroundActivity = Self.value(.backgroundActivity)
    /// The blue location indicator in the status bar.
    public static let backgroundIndicator = Self.value(.backgroundIndicator)
    /// The result of the last legacy request in this run.
    public static let requestResult = Self.value(.requestResult)
    /// `startUpdatingLocation()`'s continuous updates.
    public static let locationUpdates = Self.value(.locationUpdates)
    /// Significant-change events.
    public static let significantChanges = Self.value(.significantChanges)
    /// Visit events.
    public static let visits = Self.value(.visits)
    /// Region events.
    public static let regionEvents = Self.value(.regionEvents)
    /// The regions registered.
    public static let monitoredRegions = Self.value(.monitoredRegions)
  }

  /// The rules that decide the current value of `observable`, with their causes: for the
  /// result of the last legacy request, the rules that request cited; for the status and the
  /// accuracy, the rules that compute them, then those of the step that last changed them.
  public func explanation(of observable: Observable) -> [Citation] {
    var trace = Trace(names: names)
    _ = observe(observable, &trace)
    guard case .value(let key) = observable, key.isExplainedByItsStep else {
      return trace.citations
    }
    guard key == .requestResult else { return trace.citations + (decidedBy[observable] ?? []) }
    guard state.lastRequestResult != nil, let decided = decidedBy[observable], !decided.isEmpty
    else { return trace.citations }
    return decided
  }

  /// The current value of `observable` in words, as a story writes it (`nil` for a
  /// `requestResult` with no request this run or the diagnostics of a holder not held).
  public func describe(_ observable: Observable) -> String? {
    var trace = Trace.off
    switch observe(observable, &trace) {
    case .requestResult(nil), .notHeld: return nil
    case let value: return value.description
    }
  }

  /// The current value of `observable` and the rules behind it (``explanation(of:)``); with no
  /// legacy request this run, the request result is cited to R13, the rule of such requests.
  public func observation(of observable: Observable) -> (value: ObservedValue, because: [Citation])
  {
    var trace = Trace.off
    let value = observe(observable, &trace)
    if case .requestResult(nil) = value {
      return (value, [Citation(.r13, "the app made no legacy request in this run")])
    }
    return (value, explanation(of: observable))
  }

  /// The diagnostics of the holder a story calls `name` (``holder(named:)``) and the rules
  /// behind them: its flags; ``ObservedValue/notHeld`` when the app holds no such holder (R17);
  /// ``ObservedValue/noDiagnostics`` on iOS 17 (R39).
  public func observation(ofDiagnosticsNamed name: String) -> (
    value: ObservedValue, because: [Citation]
  ) {
    guard configuration.hasServiceSessions else {
      return (.noDiagnostics, [Citation(.r39, "iOS 17 has no CLServiceSession diagnostics")])
    }
    guard let holder = holder(named: name), diagnostics(for: holder) != nil else {
      let holders = holderNames.isEmpty ? "none" : holderNames.joined(separator: ", ")
      return (.notHeld, [Citation(.r17, "the app holds no '\(name)' now; holders: \(holders)")])
    }
    return observation(of: .diagnostics(holder))
  }

  private func observe(_ observable: Observable, _ trace: inout Trace) -> ObservedValue {
    switch observable {
    case .value(.monitoredRegions):
      .monitoredRegions(
        unordered: state.monitoredRegionIDs(trace: &trace).map(names.name(of:)))
    case .value(let key): key.value(in: state, configuration, trace: &trace)
    case .diagnostics(let holder):
      .diagnostics(of: holder, in: state, configuration, trace: &trace)
    }
  }

  private func value<T: RawRepresentable<String>>(_ observable: Observable) -> T {
    T(rawValue: describe(observable)!)!
  }

  // MARK: Names

  private mutating func sessionID(_ name: String) throws(Refusal) -> SessionID {
    if let index = names.sessions.firstIndex(of: name) { return SessionID(UInt8(index)) }
    guard names.sessions.count < Int(UInt8.max) else { throw Refusal.tooManySessionNames }
    names.sessions.append(name)
    return SessionID(UInt8(names.sessions.count - 1))
  }

  /// The id of the held manager named `name`, else a free one, now named `name` (the model
  /// refuses a release of it, or a creation past ``AuthorizationState/maximumManagers``).
  private mutating func managerID(_ name: String) -> ManagerID {
    let held = state.heldManagers
    if let index = names.managers.indices.first(where: {
      names.managers[$0] == name && held & 1 << $0 != 0
    }) {
      return ManagerID(UInt8(index))
    }
    let free =
      (0..<AuthorizationState.maximumManagers).first { held & 1 << $0 == 0 }
      ?? AuthorizationState.maximumManagers
    while names.managers.count <= free { names.managers.append("") }
    names.managers[free] = name
    return ManagerID(UInt8(free))
  }

  /// The id of the region named `name`, a new one for a name not met yet (R49).
  private mutating func regionID(_ name: String) throws(Refusal) -> RegionID {
    if let index = names.regions.firstIndex(of: name) { return RegionID(UInt8(index)) }
    guard names.regions.count < LegacyServices.maximumRegionIDs else {
      throw Refusal.tooManyRegionNames
    }
    names.regions.append(name)
    return RegionID(UInt8(names.regions.count - 1))
  }

  private mutating func purposeKey(_ name: String) -> PurposeKey {
    if let index = names.purposeKeys.firstIndex(of: name) {
      return PurposeKey(index: UInt8(index))
    }
    names.purposeKeys.append(name)
    return PurposeKey(index: UInt8(min(names.purposeKeys.count - 1, 255)))
  }
}
