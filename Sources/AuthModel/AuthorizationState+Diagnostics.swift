// The diagnostics of docs/RULES.md (R24–R32), per holder, iOS 18 only (R39).

extension AuthorizationState {
  /// The objects that report diagnostics now: every explicit session by id, then the implicit
  /// holders the app holds. Empty on iOS 17, which has no diagnostics (R39).
  public func holders(_ c: AppConfiguration) -> [Holder] {
    Array(holderSequence(c))
  }

  /// The holders, in ``holders(_:)`` order, as a sequence that allocates nothing.
  @inline(__always)
  public func holderSequence(_ c: AppConfiguration) -> HolderSequence {
    HolderSequence(state: self, hasDiagnostics: c.hasServiceSessions && app != .notRunning)
  }

  /// The flags set on `holder`, or `nil` if the app does not hold it (R24–R32).
  public func diagnostics(
    for holder: Holder, _ c: AppConfiguration, trace: inout Trace
  ) -> DiagnosticFlags? {
    guard holders(c).contains(holder) else { return nil }
    return flags(of: holder, c, trace: &trace)
  }

  /// The flags of a holder the app holds (R24–R32).
  public func flags(
    of holder: Holder, _ c: AppConfiguration, trace: inout Trace
  ) -> DiagnosticFlags? {
    flags(of: holder, HolderContext(self, c, status: authorizationStatus(c)), c, trace: &trace)
  }

  /// What decides every holder's flags alike, decided once (without citing): the effective
  /// status and the state-wide parts of R24–R30.
  struct HolderContext {
    let status: AuthorizationStatus
    let authorized: Bool
    let reduced: Bool
    /// R24–R27, as `stateWideFlags(status:_:trace:)` decides them.
    let stateWide: DiagnosticFlags
    /// R28 for a holder that R19 does not mark: the app is not in use and needs to be.
    let needsInUse: Bool
    /// R29.
    let serviceSessionRequired: Bool

    init(_ s: AuthorizationState, _ c: borrowing AppConfiguration, status: AuthorizationStatus) {
      var quiet = Trace.off
      self.status = status
      authorized = status.isAuthorized
      reduced = !s.precise && !s.temporaryFullAccuracy
      stateWide = s.stateWideFlags(status: status, c, trace: &quiet)
      switch status {
      case .notDetermined, .authorizedWhenInUse: needsInUse = !s.isInUse(c, trace: &quiet)
      case .authorizedAlways:
        needsInUse = !s.isInUse(c, trace: &quiet) && !s.alwaysInEffectOutsideUse(c, trace: &quiet)
      case .denied, .restricted: needsInUse = false
      }
      serviceSessionRequired = s.serviceSessionRequired(c, trace: &quiet)
    }
  }

  /// R24–R27: the flags that read the state alone, the same on every holder, citing each.
  package func stateWideFlags(
    status: AuthorizationStatus, _ c: AppConfiguration, trace: inout Trace
  ) -> DiagnosticFlags {
    var flags = DiagnosticFlags()
    // R24
    if !locationServicesEnabled {
      flags.insert(.authorizationDeniedGlobally)
      trace.cite(.r24, "Location Services are off")
    }
    // R25
    if status == .denied {
      flags.insert(.authorizationDenied)
      if trace.isRecording { _ = authorizationStatus(c, trace: &trace) }
      trace.cite(.r25, "the effective status is denied")
    }
    // R26
    if restrictionsEnabled && !status.isAuthorized {
      flags.insert(.authorizationRestricted)
      trace.cite(.r26, "restrictions are on and the app is not authorized")
    }
    // R27
    if let pendingPrompt {
      flags.insert(.authorizationRequestInProgress)
      trace.cite(.r27, "a \(pendingPrompt.prompt.rawValue) prompt is pending")
    }
    return flags
  }

  /// R30: whether the user has declined Always: the app holds a permanent when-in-use grant
  /// (stored While Using, not Allow Once, not provisional Always, effective
  /// `authorizedWhenInUse` as `status` says), no upgrade prompt is pending, and the one Always
  /// prompt is spent. What R30's flag reads beside the holder's `always` goal, and the cause a
  /// way to fail names for it.
  @inline(__always)
  package func alwaysDeclined(status: AuthorizationStatus) -> Bool {
    location == .whileUsing && !allowOnce && !provisionalAlways && status == .authorizedWhenInUse
      && alwaysPromptSpent && pendingPrompt != .alwaysUpgrade(bySystem: false)
      && pendingPrompt != .alwaysUpgrade(bySystem: true)
  }

  /// The flags of `holder` given what all holders share; with a trace that records, the rules
  /// are cited in order as each flag is decided.
  func flags(
    of holder: Holder, _ context: HolderContext, _ c: AppConfiguration, trace: inout Trace
  ) -> DiagnosticFlags? {
    var session: HeldSession?
    if case .session(let id) = holder {
      guard let i = sessions.firstIndex(of: id) else { return nil }
      session = sessions[i]
    }

    let status = context.status
    let authorized = context.authorized
    // R24–R27, decided once in the context; decided again only to cite them.
    var flags =
      trace.isRecording ? stateWideFlags(status: status, c, trace: &trace) : context.stateWide
    // R28
    if status != .denied && status != .restricted {
      if let session, !session.createdInUse {
        flags.insert(.insufficientlyInUse)
        trace.cite(.r19) { n in
          "session '\(n.name(of: session.id))' was created while the app was not in use, and "
            + "the app has not entered the foreground since"
        }
        trace.cite(.r28, "R19 marks the session")
      } else if context.needsInUse {
        flags.insert(.insufficientlyInUse)
        if trace.isRecording {
          _ = isInUse(c, trace: &trace)
          if status == .authorizedAlways { _ = alwaysInEffectOutsideUse(c, trace: &trace) }
        }
        trace.cite(
          .r28,
          status == .notDetermined
            ? "the app is not in use, so Core Location cannot ask yet"
            : "the app is not in use and needs to be to be served")
      }
    }
    // R29
    if context.serviceSessionRequired {
      flags.insert(.serviceSessionRequired)
      if trace.isRecording { _ = serviceSessionRequired(c, trace: &trace) }
    }
    // R30
    if session?.authorization == .always, alwaysDeclined(status: status) {
      flags.insert(.alwaysAuthorizationDenied)
      trace.cite(
        .r30,
        "the app's one Always prompt was spent and it holds a permanent While Using grant")
    }
    // R31
    if let key = session?.fullAccuracyPurposeKey, context.reduced, authorized, declined(key) {
      flags.insert(.fullAccuracyDenied)
      trace.cite(.r31) { n in "the user declined full accuracy for '\(n.name(of: key))' this run" }
    }
    // R32
    if holder == .liveUpdates || holder == .monitor, authorized, context.reduced {
      flags.insert(.accuracyLimited)
      trace.cite(.r32, "accuracy is reduced")
    }
    return flags
  }
}

/// The holders of a state in ``AuthorizationState/holders(_:)`` order, without an array.
public struct HolderSequence: Sequence, IteratorProtocol {
  @usableFromInline let state: AuthorizationState
  @usableFromInline let hasDiagnostics: Bool
  @usableFromInline var position = 0

  init(state: AuthorizationState, hasDiagnostics: Bool) {
    self.state = state
    self.hasDiagnostics = hasDiagnostics
  }

  /// The next holder, or `nil` after the last.
  @inlinable
  public mutating func next() -> Holder? {
    guard hasDiagnostics else { return nil }
    while true {
      defer { position += 1 }
      let sessionCount = state.sessions.count
      if position < sessionCount { return .session(state.sessions.id(atLane: position)) }
      switch position - sessionCount {
      case 0: if state.iteratingLiveUpdates { return .liveUpdates }
      case 1: if state.iteratingMonitor { return .monitor }
      case 2: if state.backgroundActivity != .none { return .backgroundActivity }
      default: return nil
      }
    }
  }
}
