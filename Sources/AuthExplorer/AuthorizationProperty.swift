import AuthEngine
import AuthModel

/// The properties of docs/RULES.md that must hold on every reachable transition.
public enum AuthorizationProperty: String, CaseIterable, Hashable, Sendable {
  case p1 = "P1"
  case p2 = "P2"
  case p3 = "P3"
  case p4 = "P4"
  case p5 = "P5"
  case p6 = "P6"
  case p7 = "P7"
  case p8 = "P8"
  case p9 = "P9"
  case p10 = "P10"
  case p11 = "P11"
  case p12 = "P12"
  case p13 = "P13"

  /// The property in plain words.
  public var summary: String {
    switch self {
    case .p1:
      "a prompt other than the provisional upgrade only appears, and is only answered, while the "
        + "app is in the foreground"
    case .p2: "a prompt is up only if its usage strings or purpose key exist"
    case .p3:
      "the stored choice becomes Always, or provisional Always is set, only through "
        + "changeToAlwaysAllow, Settings always, or allowWhileUsing on an Always request"
    case .p4: "no location is delivered unless authorized; none while Location Services are off"
    case .p5: "full-accuracy fixes only with Precise or temporary full accuracy"
    case .p6:
      "a temporary grant is never held after a wait or a termination that leaves the app not in "
        + "use"
    case .p7: "at most one upgrade prompt is answered between resets"
    case .p8: "nothing is delivered while the app is not in use unless Always is in effect"
    case .p9:
      "a step that takes the effective status from denied to anything else is a Settings step"
    case .p10: "no prompt is pending while restrictions are on or Location Services are off"
    case .p11: "authorizationDeniedGlobally implies authorizationDenied on every holder"
    case .p12:
      "apart from the call at its creation, a manager's delegate is called after a step exactly "
        + "when the step changed the pair it reads, and never while the app is not running"
    case .p13:
      "a When In Use or provisional Always app never receives a legacy event out of use, "
        + "and a terminated app is relaunched only with Always in effect or a carried session"
    }
  }

  /// Whether the property reads only one state (checked once per stored state) rather than a
  /// step: it is among ``forEachStateProperty(_:)``'s.
  var isStateProperty: Bool {
    var readsState = false
    Self.forEachStateProperty { if $0 == self { readsState = true } }
    return readsState
  }

  /// Calls `body` with each property that reads one state, in order: the one list of them.
  ///
  /// Written out call by call, like ``forEachStepProperty(_:)``: each call then inlines its
  /// property's case alone.
  @inline(__always)
  static func forEachStateProperty(_ body: (AuthorizationProperty) -> Void) {
    body(.p2)
    body(.p4)
    body(.p5)
    body(.p8)
    body(.p10)
    body(.p11)
  }

  /// Calls `body` with each property that reads a step, in order: the one list of them.
  ///
  /// Written out call by call rather than as an array: ``stepFindings(before:beforeIsDenied:event:after:_:)``
  /// runs it for every transition, and a global array's `swift_once` and reference counting
  /// cost more than the checks (13 % more instructions in the callgrind reference run).
  /// `AuthorizationPropertyTests` checks that the two lists share no property and miss none.
  @inline(__always)
  static func forEachStepProperty(_ body: (AuthorizationProperty) -> Void) {
    body(.p1)
    body(.p3)
    body(.p6)
    body(.p7)
    body(.p9)
    body(.p12)
    body(.p13)
  }

  /// The property's bit in ``stepFindings(before:event:after:_:)`` or
  /// ``stateFindings(_:_:_:)``, where a set bit means violated.
  var bit: UInt64 {
    switch self {
    case .p1: 1 << 0
    case .p2: 1 << 1
    case .p3: 1 << 2
    case .p4: 1 << 3
    case .p5: 1 << 4
    case .p6: 1 << 5
    case .p7: 1 << 6
    case .p8: 1 << 7
    case .p9: 1 << 8
    case .p10: 1 << 9
    case .p11: 1 << 10
    case .p12: 1 << 11
    case .p13: 1 << 12
    }
  }

  private static let stateWitnesses = AuthorizationWitness.StateWitnesses()
  private static let stepWitnesses = AuthorizationWitness.all.filter { !$0.isStateWitness }
    .map { ($0, $0.bit) }

  /// The step properties violated and step witnesses reached by one step, a bit each: decided
  /// once per transition, so that the explorer tests bits (``TransitionSystem/findings(of:)``).
  ///
  /// `beforeIsDenied` is whether `before`'s effective status is `denied`, known once per state.
  /// `after` is `inout` only to be read in place, and is not changed: a state passed by value is
  /// copied for the call, and a copy made right after the step wrote the state stalls the
  /// processor (a wide read of narrow writes not yet done; 5 to 10 % of the explorer's time).
  ///
  /// Never inlined: it is rare beside the steps (see ``stepMayFind``), and inlined into the
  /// search's loop it left its own property checks outlined, for 5 % more instructions.
  @inline(never)
  static func stepFindings(
    before: ExploredState, beforeIsDenied: Bool, event: AuthorizationEvent,
    after: inout ExploredState, _ c: AppConfiguration
  ) -> UInt64 {
    var bits: UInt64 = 0
    // Decided here, once per step, outside the closure.
    let upgradePromptAnsweredNow = ExploredState.upgradePromptAnswered(
      before: before.model.pendingPrompt, by: event)
    forEachStepProperty { p in
      if !p.holds(
        from: before, beforeIsDenied: beforeIsDenied, by: event, to: &after,
        upgradePromptAnsweredNow: upgradePromptAnsweredNow, c)
      {
        bits |= p.bit
      }
    }
    // Most steps can reach no step witness: only those that can are asked.
    if AuthorizationWitness.stepWitness(reachableBy: event) != nil {
      for (w, bit) in stepWitnesses where w.reached(event: event, after: after, c) { bits |= bit }
    }
    return bits
  }

  /// Whether the step from `before` by `event` to `after` may find anything: violate a step
  /// property or reach a step witness. When it says no, `stepFindings` is 0, and the explorer
  /// does not ask: most steps are like that, and asking cost more than a tenth of the
  /// explorer's instructions.
  ///
  /// `choiceOrPromptChanged`: whether the step changed the stored choice, provisional Always or
  /// the pending prompt (``choiceOrPromptChanged(from:to:)``, or the same read from packed
  /// states). Without such a change and without a tap, P1, P3 and P7 hold: it restates their
  /// first tests (P1 reads a tap or a prompt that appears; P3 a stored choice that becomes
  /// Always or a provisional Always that is set; P7 a tap). P6, P9, P13 and
  /// the step witnesses, a few comparisons each, are asked whole: they look at steps that are
  /// many (every wait, every step from a denied state, every step of an app that uses a legacy
  /// service). `AuthorizationPropertyTests` checks this
  /// against `stepFindings` on every reachable step of its catalogues.
  ///
  /// `managedPairMayChange`: whether the explorer's manager is held before or after the step
  /// and the step changed the manager or a field the pair of status and accuracy reads
  /// (``managedPairMayChange(from:to:)``, or the same from packed states): without it, P12
  /// holds (R41 calls a delegate only at its creation or when the pair changes).
  @inline(__always)
  static func stepMayFind(
    choiceOrPromptChanged: Bool, managedPairMayChange: Bool, before: ExploredState,
    beforeIsDenied: Bool, event: AuthorizationEvent, after: inout ExploredState,
    _ c: AppConfiguration
  ) -> Bool {
    if choiceOrPromptChanged || managedPairMayChange { return true }
    if case .tap = event { return true }
    if let witness = AuthorizationWitness.stepWitness(reachableBy: event),
      witness.reached(event: event, after: after, c)
    {
      return true
    }
    return !p6Holds(by: event, to: &after, c)
      || !p9Holds(beforeIsDenied: beforeIsDenied, by: event, to: &after, c)
      || !p13Holds(from: before, by: event, to: &after, c)
  }

  /// Whether a step from `before` to `after` changed what `stepMayFind` compares: the stored
  /// choice, provisional Always or the pending prompt.
  static func choiceOrPromptChanged(from before: ExploredState, to after: ExploredState) -> Bool {
    before.model.location != after.model.location
      || before.model.provisionalAlways != after.model.provisionalAlways
      || before.model.pendingPrompt != after.model.pendingPrompt
  }

  /// Whether the explorer's manager (R41) is held before or after a step that changed it or a
  /// field the pair of status (R1) and accuracy (R2) reads.
  static func managedPairMayChange(from before: ExploredState, to after: ExploredState) -> Bool {
    let (b, a) = (before.model, after.model)
    guard (b.heldManagers | a.heldManagers) & 1 != 0 else { return false }
    return b.heldManagers & 1 != a.heldManagers & 1 || b.location != a.location
      || b.provisionalAlways != a.provisionalAlways
      || b.locationServicesEnabled != a.locationServicesEnabled
      || b.restrictionsEnabled != a.restrictionsEnabled || b.precise != a.precise
      || b.temporaryFullAccuracy != a.temporaryFullAccuracy
  }

  /// Whether a step by `event` that leaves the state as it was finds nothing: violates no step
  /// property and reaches no step witness. So it is for every step but an answer (P1 reads the
  /// tap itself), a wait or a termination (P6 reads the grants that outlive them), a relaunch
  /// (P13) and the steps that are witnesses themselves: every other step property compares the state before the
  /// step with the state after it, which are then one state.
  static func findsNothingWithoutChange(_ event: AuthorizationEvent) -> Bool {
    switch event {
    case .tap, .wait, .terminate, .terminateByUser: false
    default: AuthorizationWitness.stepWitness(reachableBy: event) == nil
    }
  }

  /// The state properties violated and state witnesses reached in a state whose observation is
  /// `o`, a bit each: decided once per stored state.
  static func stateFindings(_ state: ExploredState, _ o: Observation, _ c: AppConfiguration)
    -> UInt64
  {
    var bits: UInt64 = 0
    forEachStateProperty { p in
      if !p.holds(in: state, o, c) { bits |= p.bit }
    }
    return bits | stateWitnesses.reached(in: state, o)
  }

  /// Whether a state property (``isStateProperty``) holds in `state`, whose observation is `o`.
  ///
  /// Always inlined: `stateFindings` asks each property by name, so each call keeps its own
  /// case alone; with the legacy services' values the function grew past what the optimizer
  /// inlines, and one property was asked through a call for every state.
  @inline(__always)
  func holds(in state: ExploredState, _ o: Observation, _ c: AppConfiguration) -> Bool {
    switch self {
    case .p2:
      switch state.model.pendingPrompt {
      case nil: return true
      case .whenInUse(forAlways: false): return c.hasWhenInUseString
      case .whenInUse(forAlways: true), .alwaysUpgrade:
        return c.hasWhenInUseString && c.hasAlwaysString
      case .temporaryFullAccuracy(let key): return c.hasPurposeKey(key)
      }
    case .p4:
      return !(o.delivers || o.legacy.delivers)
        || (o.authorized && state.model.locationServicesEnabled)
    case .p5:
      guard o.updates == .full || o.legacy.locationUpdates == .full else { return true }
      return state.model.precise || state.model.temporaryFullAccuracy
    case .p8:
      guard o.delivers || o.legacy.delivers else { return true }
      var t = Trace.off
      if state.model.isInUse(c, trace: &t) { return true }
      // §8b: Always in effect for a legacy service is the stored choice Always.
      if o.legacy.delivers && state.model.location != .always { return false }
      return !o.delivers || state.model.alwaysInEffectOutsideUse(c, trace: &t)
    case .p10:
      return state.model.pendingPrompt == nil
        || (!state.model.restrictionsEnabled && state.model.locationServicesEnabled)
    case .p11:
      return !o.deniedGloballyWithoutDenied
    case .p1, .p3, .p6, .p7, .p9, .p12, .p13:
      return true
    }
  }

  /// Whether the app is in use in `state`; out of line, so that the rare steps that ask copy
  /// the state they pass, and no other step does (a copy made right after the step wrote the
  /// state stalls the processor).
  @inline(never)
  private static func isInUse(_ state: AuthorizationState, _ c: AppConfiguration) -> Bool {
    var t = Trace.off
    return state.isInUse(c, trace: &t)
  }

  /// Whether a step property (not ``isStateProperty``) holds on the step from `before` by
  /// `event` to `after`.
  /// `beforeIsDenied`: whether `before`'s effective status is `denied`;
  /// `upgradePromptAnsweredNow`: ``ExploredState/upgradePromptAnswered(before:by:)`` of the step.
  /// `after` is read in place and not changed, as in ``stepFindings(before:beforeIsDenied:event:after:_:)``.
  @inline(__always)
  func holds(
    from before: ExploredState, beforeIsDenied: Bool, by event: AuthorizationEvent,
    to after: inout ExploredState, upgradePromptAnsweredNow: Bool, _ c: AppConfiguration
  ) -> Bool {
    switch self {
    case .p1:
      if case .tap = event, let prompt = before.model.pendingPrompt, !prompt.isSystemPrompt,
        before.model.app != .foreground
      {
        return false
      }
      guard let prompt = after.model.pendingPrompt, prompt != before.model.pendingPrompt else {
        return true
      }
      return prompt.isSystemPrompt || after.model.app == .foreground
    case .p3:
      let becameAlways = before.model.location != .always && after.model.location == .always
      let becameProvisional = !before.model.provisionalAlways && after.model.provisionalAlways
      guard becameAlways || becameProvisional else { return true }
      switch event {
      case .tap(.changeToAlwaysAllow, _), .settings(.location(.always)):
        return becameAlways && !becameProvisional
      case .tap(.allowWhileUsing, _):
        return !becameAlways && before.model.pendingPrompt == .whenInUse(forAlways: true)
      default: return false
      }
    case .p6:
      return Self.p6Holds(by: event, to: &after, c)
    case .p7:
      return !upgradePromptAnsweredNow || !before.upgradePromptAnswered
    case .p9:
      return Self.p9Holds(beforeIsDenied: beforeIsDenied, by: event, to: &after, c)
    case .p12:
      // The explorer's manager only (``AuthorizationSystem/actions``). The pairs are compared
      // here, once, and only where the manager is kept.
      let kept = before.model.heldManagers & after.model.heldManagers & 1 != 0
      let pairChanged =
        kept && before.model.authorizationPair(c) != after.model.authorizationPair(c)
      let called =
        AuthorizationState.managersCalledBack(
          from: before.model, by: event, to: after.model, pairChanged: pairChanged) & 1 != 0
      if after.model.app == .notRunning { return !called }
      if case .createManager = event { return called }
      return called == pairChanged
    case .p13:
      return Self.p13Holds(from: before, by: event, to: &after, c)
    case .p2, .p4, .p5, .p8, .p10, .p11:
      return true
    }
  }

  // The step properties that ``stepMayFind`` asks of nearly every step, each on its own so
  // that it is inlined there: `holds` is too large to be.

  /// P6: no Allow Once grant or temporary full accuracy outlives the end of use (R12).
  @inline(__always)
  private static func p6Holds(
    by event: AuthorizationEvent, to after: inout ExploredState, _ c: AppConfiguration
  ) -> Bool {
    switch event {
    case .wait, .terminate, .terminateByUser:
      guard after.model.allowOnce || after.model.temporaryFullAccuracy else { return true }
      return isInUse(after.model, c)
    default: return true
    }
  }

  /// P9: a denied app leaves denied only through Settings.
  @inline(__always)
  private static func p9Holds(
    beforeIsDenied: Bool, by event: AuthorizationEvent, to after: inout ExploredState,
    _ c: AppConfiguration
  ) -> Bool {
    // The cheap tests first: the status of `after` is the costly one.
    guard beforeIsDenied else { return true }
    if case .settings = event { return true }
    return after.model.authorizationStatus(c) == .denied
  }

  /// P13: no legacy event out of use without Always, no relaunch without Always in effect or
  /// a carried session.
  @inline(__always)
  private static func p13Holds(
    from before: ExploredState, by event: AuthorizationEvent, to after: inout ExploredState,
    _ c: AppConfiguration
  ) -> Bool {
    if case .relaunchInBackground = event { return relaunchIsAllowed(before.model, c) }
    // The cheap tests first: most states of an app that uses the legacy services deliver
    // nothing of them, or belong to an Always app.
    let legacy = after.model.legacy
    guard
      legacy.updating != 0 || legacy.significantChangesStarted != 0 || legacy.visitsRegistered
        || legacy.monitoredRegions != 0
    else { return true }
    return legacyDeliveryHolds(after.model, c)
  }

  /// P13's first half in a state of an app that holds a legacy service: an app without the
  /// stored choice Always receives no legacy event while it is not in use. Out of line, as
  /// ``isInUse(_:_:)``.
  @inline(never)
  private static func legacyDeliveryHolds(_ m: AuthorizationState, _ c: AppConfiguration) -> Bool {
    // In the foreground or its grace period the app is in use (R3): nothing to compute.
    guard m.location != .always, m.app == .background, !m.inGrace else { return true }
    guard LegacyObservation(m, c).delivers else { return true }
    return isInUse(m, c)
  }

  /// P13's second half: a terminated app in `before` may be relaunched only with Always in
  /// effect (the stored choice Always, plus R20's session for live updates and CLMonitor where
  /// there are sessions, R39) or by a carried background activity session (R36, R37, R50).
  @inline(never)
  private static func relaunchIsAllowed(_ m: AuthorizationState, _ c: AppConfiguration) -> Bool {
    if m.carriedBackgroundActivity { return true }
    guard m.location == .always else { return false }
    let l = m.legacy
    if l.significantChangesRegistered || l.visitsRegistered || l.monitoredRegions != 0 {
      return true
    }
    return !c.hasServiceSessions
      || m.sessionsAtTermination.contains { $0.authorization == .always && $0.createdInUse }
  }
}

/// Something that must happen in at least one reachable state, or the model is vacuous
/// (docs/RULES.md).
public enum AuthorizationWitness: Hashable, Sendable, CustomStringConvertible {
  case status(AuthorizationStatus)
  case accuracy(AccuracyAuthorization)
  case prompt(Prompt)
  case diagnostic(DiagnosticFlag)
  case updates(LiveUpdatesDelivery)
  case indicatorShown
  case carriedAcrossTermination
  case relaunch
  // §8b, reachable only with the legacy services (``LegacyCatalogue``):
  /// `locationUpdates` of a kind (R43).
  case locationUpdates(LocationUpdatesDelivery)
  /// A continuous background session of an Always app in the background, with its indicator
  /// shown or hidden (R44).
  case legacyIndicator(shownForAlways: Bool)
  /// Continuous updates paused by the system (R46): a step.
  case pause
  /// `significantChanges: delivered` (R47).
  case significantChangesDelivered
  /// `visits: delivered` (R48).
  case visitsDelivered
  /// `regionEvents: delivered` (R49).
  case regionEventsDelivered
  /// A relaunch into the background that a legacy monitoring registration allows (R36,
  /// R47–R49): a step.
  case legacyRelaunch

  /// Every witness, in a fixed order: those of every run, then ``legacy``.
  public static let all: [AuthorizationWitness] =
    AuthorizationStatus.allCases.map(status) + AccuracyAuthorization.allCases.map(accuracy)
    + [Prompt.whenInUse, .alwaysUpgrade, .temporaryFullAccuracy].map(prompt)
    + DiagnosticFlag.allCases.map(diagnostic) + LiveUpdatesDelivery.allCases.map(updates)
    + [.indicatorShown, .carriedAcrossTermination, .relaunch] + legacy

  /// The witnesses of the legacy services (§8b): a run asks for them only when it explores
  /// those services (``AuthorizationSystem/legacy``), since no other step reaches them.
  public static let legacy: [AuthorizationWitness] =
    LocationUpdatesDelivery.allCases.map(locationUpdates)
    + [
      .legacyIndicator(shownForAlways: true), .legacyIndicator(shownForAlways: false), .pause,
      .significantChangesDelivered, .visitsDelivered, .regionEventsDelivered, .legacyRelaunch,
    ]

  /// Whether the witness is one of the legacy services' (``legacy``).
  public var isLegacy: Bool { Self.legacy.contains(self) }

  public var description: String {
    switch self {
    case .status(let s): "authorizationStatus \(s.rawValue)"
    case .accuracy(let a): "accuracyAuthorization \(a.rawValue)"
    case .prompt(let p): "prompt \(p.rawValue)"
    case .diagnostic(let d): "diagnostic \(d.rawValue)"
    case .updates(let u): "updates \(u.rawValue)"
    case .indicatorShown: "backgroundIndicator shown"
    case .carriedAcrossTermination: "background activity carried across termination"
    case .relaunch: "relaunch into the background"
    case .locationUpdates(let u): "locationUpdates \(u.rawValue)"
    case .legacyIndicator(let shown):
      "backgroundIndicator \(shown ? "shown" : "hidden") for an Always app's continuous session"
    case .pause: "continuous updates paused"
    case .significantChangesDelivered: "significantChanges delivered"
    case .visitsDelivered: "visits delivered"
    case .regionEventsDelivered: "regionEvents delivered"
    case .legacyRelaunch: "relaunch for a legacy monitoring service"
    }
  }

  /// The witness's bit in the findings, above the properties' bits: a set bit means reached.
  var bit: UInt64 { 1 << UInt64(16 + Self.all.firstIndex(of: self)!) }

  /// Whether the witness is a property of one state rather than of a step.
  var isStateWitness: Bool {
    switch self {
    case .carriedAcrossTermination, .relaunch, .pause, .legacyRelaunch: false
    default: true
    }
  }

  /// A step witness a step like `event` can reach, if any: each is reached by one kind of
  /// step, a termination that carries a background activity, a background relaunch (which
  /// every relaunch reaches; a legacy relaunch is one too) or a pause.
  static func stepWitness(reachableBy event: AuthorizationEvent) -> AuthorizationWitness? {
    switch event {
    case .terminate: .carriedAcrossTermination
    case .relaunchInBackground: .relaunch
    case .pauseUpdates: .pause
    default: nil
    }
  }

  /// Whether the step witness is reached by the step `event` to `after`; a state witness is
  /// never reached by a step (``StateWitnesses`` says where state witnesses are reached).
  func reached(event: AuthorizationEvent, after: ExploredState, _ c: AppConfiguration) -> Bool {
    switch (self, event) {
    // A termination is the witness only if it carries the session.
    case (.carriedAcrossTermination, .terminate): return after.model.carriedBackgroundActivity
    case (.relaunch, .relaunchInBackground), (.pause, .pauseUpdates): return true
    // The registrations, the stored choice and the accuracy it reads are as they were before
    // the relaunch.
    case (.legacyRelaunch, .relaunchInBackground):
      var quiet = Trace.off
      return after.model.legacyRelaunchReason(c, trace: &quiet)
    default: return false
    }
  }

  /// The state witnesses, by the observable each names, with their bits: what each one means,
  /// read as a few comparisons per state rather than a switch per witness.
  struct StateWitnesses: Sendable {
    private var status: [(AuthorizationStatus, UInt64)] = []
    private var accuracy: [(AccuracyAuthorization, UInt64)] = []
    private var prompt: [(Prompt, UInt64)] = []
    /// The diagnostic witnesses are listed in the order of their flags' bits in
    /// ``DiagnosticFlags``, so a state's flags shifted by this are their bits.
    private var diagnosticShift: UInt64 = 0
    private var updates: [(LiveUpdatesDelivery, UInt64)] = []
    private var indicatorShown: UInt64 = 0
    private var locationUpdates: [(LocationUpdatesDelivery, UInt64)] = []
    private var alwaysIndicator: (shown: UInt64, hidden: UInt64) = (0, 0)
    private var events: [(LegacyEvents, UInt64)] = []
    /// ``legacyReached(_:)`` of a state that holds no legacy service.
    private var idleLegacy: UInt64 = 0

    init() {
      for w in AuthorizationWitness.all {
        switch w {
        case .status(let s): status.append((s, w.bit))
        case .accuracy(let a): accuracy.append((a, w.bit))
        case .prompt(let p): prompt.append((p, w.bit))
        case .diagnostic: break
        case .updates(let u): updates.append((u, w.bit))
        case .indicatorShown: indicatorShown = w.bit
        case .locationUpdates(let u): locationUpdates.append((u, w.bit))
        case .legacyIndicator(shownForAlways: true): alwaysIndicator.shown = w.bit
        case .legacyIndicator(shownForAlways: false): alwaysIndicator.hidden = w.bit
        case .significantChangesDelivered: events.append((.significantChanges, w.bit))
        case .visitsDelivered: events.append((.visits, w.bit))
        case .regionEventsDelivered: events.append((.regionEvents, w.bit))
        case .carriedAcrossTermination, .relaunch, .pause, .legacyRelaunch: break
        }
      }
      idleLegacy = legacyReached(LegacyObservation())
      let first = AuthorizationWitness.diagnostic(DiagnosticFlag.allCases[0]).bit
      diagnosticShift = UInt64(first.trailingZeroBitCount)
      for d in DiagnosticFlag.allCases {
        precondition(
          UInt64(DiagnosticFlags([d]).rawValue) << diagnosticShift
            == AuthorizationWitness.diagnostic(d).bit,
          "the diagnostic witnesses must follow the order of the flags' bits")
      }
    }

    /// The bits of the state witnesses reached in `state`, whose observation is `o`.
    func reached(in state: ExploredState, _ o: Observation) -> UInt64 {
      var bits = UInt64(o.flags.rawValue) << diagnosticShift
      for (s, bit) in status where o.status == s { bits |= bit }
      for (a, bit) in accuracy where o.accuracy == a { bits |= bit }
      if let shown = state.model.pendingPrompt?.prompt {
        for (p, bit) in prompt where p == shown { bits |= bit }
      }
      for (u, bit) in updates where o.updates == u { bits |= bit }
      if o.indicator == .shown { bits |= indicatorShown }
      // Most states hold no legacy service: their bits are known once.
      return bits | (o.legacy.isIdle ? idleLegacy : legacyReached(o.legacy))
    }

    /// The bits of the legacy witnesses reached with the legacy values `o`.
    private func legacyReached(_ o: LegacyObservation) -> UInt64 {
      var bits: UInt64 = 0
      for (u, bit) in locationUpdates where o.locationUpdates == u { bits |= bit }
      for (e, bit) in events where o.events.contains(e) { bits |= bit }
      switch o.alwaysIndicatorShown {
      case true?: bits |= alwaysIndicator.shown
      case false?: bits |= alwaysIndicator.hidden
      case nil: break
      }
      return bits
    }
  }
}
