// The diagnostics of RULES.md §7 (R24–R32), per holder, iOS 18 only (R39).

extension AuthorizationState {
  /// The objects that report diagnostics now: every explicit session by id, then the implicit
  /// holders the app holds. Empty on iOS 17, which has no diagnostics (R39).
  public func holders(_ c: AppConfiguration) -> [Holder] {
    guard c.hasServiceSessions, app != .notRunning else { return [] }
    var holders = sessions.map { Holder.session($0.id) }
    if iteratingLiveUpdates { holders.append(.liveUpdates) }
    if iteratingMonitor { holders.append(.monitor) }
    if backgroundActivity != .none { holders.append(.backgroundActivity) }
    return holders
  }

  /// The flags set on `holder`, or `nil` if the app does not hold it (R24–R32).
  public func diagnostics(
    for holder: Holder, _ c: AppConfiguration, trace: inout Trace
  ) -> DiagnosticFlags? {
    guard holders(c).contains(holder) else { return nil }
    var session: HeldSession?
    if case .session(let id) = holder, let i = sessions.firstIndex(of: id) { session = sessions[i] }

    var flags = DiagnosticFlags()
    var quiet = Trace.off
    let status = authorizationStatus(c, trace: &quiet)
    let authorized = status == .authorizedWhenInUse || status == .authorizedAlways
    let reduced = !precise && !temporaryFullAccuracy

    // R24
    if !locationServicesEnabled {
      flags.insert(.authorizationDeniedGlobally)
      trace.cite(.r24, "Location Services are off")
    }
    // R25
    if status == .denied {
      flags.insert(.authorizationDenied)
      _ = authorizationStatus(c, trace: &trace)
      trace.cite(.r25, "the effective status is denied")
    }
    // R26
    if restrictionsEnabled && !authorized {
      flags.insert(.authorizationRestricted)
      trace.cite(.r26, "restrictions are on and the app is not authorized")
    }
    // R27
    if let pendingPrompt {
      flags.insert(.authorizationRequestInProgress)
      trace.cite(.r27, "a \(pendingPrompt.prompt.rawValue) prompt is pending")
    }
    // R28
    if status != .denied && status != .restricted {
      if let session, !session.createdInUse {
        flags.insert(.insufficientlyInUse)
        trace.cite(.r19) { n in "session '\(n.name(of: session.id))' was created while the app was not in use, and "
            + "the app has not entered the foreground since" }
        trace.cite(.r28, "R19 marks the session")
      } else if !isInUse(c, trace: &quiet) {
        let needsInUse: Bool
        switch status {
        case .notDetermined, .authorizedWhenInUse: needsInUse = true
        case .authorizedAlways: needsInUse = !alwaysInEffectOutsideUse(c, trace: &quiet)
        case .denied, .restricted: needsInUse = false
        }
        if needsInUse {
          flags.insert(.insufficientlyInUse)
          _ = isInUse(c, trace: &trace)
          if status == .authorizedAlways { _ = alwaysInEffectOutsideUse(c, trace: &trace) }
          trace.cite(
            .r28,
            status == .notDetermined
              ? "the app is not in use, so Core Location cannot ask yet"
              : "the app is not in use and needs to be to be served")
        }
      }
    }
    // R29
    if serviceSessionRequired(c, trace: &trace) { flags.insert(.serviceSessionRequired) }
    // R30
    if session?.authorization == .always, location == .whileUsing, !allowOnce,
      !provisionalAlways, status == .authorizedWhenInUse, alwaysPromptSpent,
      pendingPrompt != .alwaysUpgrade(bySystem: false),
      pendingPrompt != .alwaysUpgrade(bySystem: true)
    {
      flags.insert(.alwaysAuthorizationDenied)
      trace.cite(
        .r30,
        "the app's one Always prompt was spent and it holds a permanent While Using grant")
    }
    // R31
    if let key = session?.fullAccuracyPurposeKey, reduced, authorized, declined(key) {
      flags.insert(.fullAccuracyDenied)
      trace.cite(.r31) { n in "the user declined full accuracy for '\(n.name(of: key))' this run" }
    }
    // R32
    if holder == .liveUpdates || holder == .monitor, authorized, reduced {
      flags.insert(.accuracyLimited)
      trace.cite(.r32, "accuracy is reduced")
    }
    return flags
  }
}
