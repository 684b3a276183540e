// Values of the legacy CLLocationManager services (docs/RULES.md §8b, R43–R49), derived from
// the state by the rules. None is stored: each is computed here and cites the rules that decide
// it. Their steps are in `AuthorizationState+Transition.swift`, their guards in
// `StepConditions.swift`.

/// What continuous updates deliver now (R43).
public enum LocationUpdatesDelivery: String, Hashable, Sendable, CaseIterable {
  case full, reduced, none
}

/// Whether a legacy monitoring service delivers its events now (R47–R49).
public enum LegacyEventsDelivery: String, Hashable, Sendable, CaseIterable {
  case delivered, none
}

extension AuthorizationState {
  // MARK: §8b Always in effect

  /// Whether Always is in effect for a legacy service: the stored choice `always` (§8b).
  /// Provisional Always is not enough (R14), and R20's session clause does not apply. The one
  /// reading of it; `rule` is the rule that asks.
  @inline(__always)
  public func legacyAlwaysInEffect(
    for rule: Rule, _ c: AppConfiguration, trace: inout Trace
  ) -> Bool {
    guard location == .always else {
      if c.mutation == .legacyAlwaysWhenAuthorized {
        var quiet = Trace.off
        if isAuthorized(c, trace: &quiet) { return true }
      }
      trace.cite(
        rule,
        provisionalAlways
          ? "provisional Always is not Always in effect for the legacy services"
          : "the stored choice is not Always, so Always is not in effect")
      return false
    }
    trace.cite(rule, "the stored choice is Always: Always is in effect for the legacy services")
    return true
  }

  // MARK: R44

  /// The managers that hold a continuous background session now (R44): their claim stands
  /// (updates and `allowsBackgroundLocationUpdates`, completed in use or with Always in
  /// effect) and the app is authorized.
  @inline(__always)
  public func continuousBackgroundSessions(_ c: AppConfiguration) -> UInt8 {
    let claims = legacy.sessionClaims
    guard claims != 0 else { return 0 }
    var quiet = Trace.off
    return isAuthorized(c, trace: &quiet) ? claims : 0
  }

  /// Whether a continuous background session shows the blue indicator (R44): the app is in
  /// the background and some manager holds a session, unless Always is in effect and every
  /// such manager's `showsBackgroundLocationIndicator` is false.
  @inline(__always)
  package func legacyIndicatorShows(_ c: AppConfiguration, trace: inout Trace) -> Bool {
    guard app == .background, legacy.sessionClaims != 0 else { return false }
    if c.mutation == .continuousSessionWithoutIndicator { return false }
    let sessions = continuousBackgroundSessions(c)
    guard sessions != 0 else {
      trace.cite(.r44, "a continuous background session waits for the app to be authorized")
      return false
    }
    guard location == .always else {
      trace.cite(.r44, "a continuous background session shows the indicator")
      return true
    }
    if sessions & legacy.showsBackgroundLocationIndicator != 0 {
      trace.cite(
        .r44,
        "a continuous background session of an Always app shows the indicator: "
          + "showsBackgroundLocationIndicator is true")
      return true
    }
    trace.cite(
      .r44,
      "with Always in effect and showsBackgroundLocationIndicator false, the continuous "
        + "background session runs without the indicator")
    return false
  }

  // MARK: R43

  /// What continuous updates (`startUpdatingLocation()`) deliver now (R43).
  public func locationUpdates(_ c: AppConfiguration, trace: inout Trace) -> LocationUpdatesDelivery
  {
    guard app != .notRunning, legacy.updating != 0 else {
      trace.cite(.r43, "no manager runs continuous updates")
      return .none
    }
    guard isAuthorized(c, trace: &trace) else {
      trace.cite(.r43, "the app is not authorized")
      return .none
    }
    if !isInUse(c, trace: &trace) {
      guard continuousBackgroundSessions(c) != 0 else {
        trace.cite(
          .r43,
          "the app is suspended: out of use, no continuous background session keeps it running")
        return .none
      }
      guard legacyAlwaysInEffect(for: .r43, c, trace: &trace) else {
        trace.cite(.r43, "out of use, updates need Always in effect")
        return .none
      }
      trace.cite(.r44, "a continuous background session keeps the Always app running")
    }
    let accuracy = accuracyAuthorization(trace: &trace)
    trace.cite(.r43, "a manager runs continuous updates and the app is served")
    return accuracy == .fullAccuracy || c.mutation == .updatesIgnoreReducedAccuracy
      ? .full : .reduced
  }

  // MARK: R47–R49

  /// Whether the running app is authorized and either in use or with Always in effect (§8b):
  /// what every legacy monitoring service needs. Cites `rule`.
  private func legacyServed(_ rule: Rule, _ c: AppConfiguration, trace: inout Trace) -> Bool {
    guard isAuthorized(c, trace: &trace) else {
      trace.cite(rule, "the app is not authorized")
      return false
    }
    if isInUse(c, trace: &trace) { return true }
    return legacyAlwaysInEffect(for: rule, c, trace: &trace)
  }

  /// Whether significant-change events are delivered now (R47).
  public func significantChanges(_ c: AppConfiguration, trace: inout Trace) -> LegacyEventsDelivery
  {
    guard app != .notRunning else {
      trace.cite(.r47, "the app is not running")
      return .none
    }
    guard significantChangesStartedThisRun(c) else {
      trace.cite(
        .r47,
        legacy.significantChangesRegistered
          ? "no manager the app holds started significant-change monitoring in this run"
          : "the app is not registered for significant changes")
      return .none
    }
    guard legacyServed(.r47, c, trace: &trace) else { return .none }
    trace.cite(.r47, "a held manager started significant-change monitoring and the app is served")
    return .delivered
  }

  /// R47: whether a manager the app holds started significant-change monitoring in this run,
  /// which delivery needs besides the app being served.
  @inline(__always)
  package func significantChangesStartedThisRun(_ c: AppConfiguration) -> Bool {
    legacy.significantChangesStarted != 0
      || (c.mutation == .significantChangesWithoutNewStart
        && legacy.significantChangesRegistered && heldManagers != 0)
  }

  /// R48: whether the visits registration reaches a manager the app holds: one that started
  /// visit monitoring in this run, or any held manager for a registration that predates this
  /// launch. What delivery needs besides the app being served.
  @inline(__always)
  package func visitsReachAManager(_ c: AppConfiguration) -> Bool {
    legacy.visitsRegistered
      && (legacy.visitsStarted != 0
        || (legacy.visitsDeliverToAnyManager && heldManagers != 0
          && c.mutation != .visitsNeedNewStart))
  }

  /// Whether visit events are delivered now (R48).
  public func visits(_ c: AppConfiguration, trace: inout Trace) -> LegacyEventsDelivery {
    guard app != .notRunning else {
      trace.cite(.r48, "the app is not running")
      return .none
    }
    guard visitsReachAManager(c) else {
      trace.cite(
        .r48,
        !legacy.visitsRegistered
          ? "the app is not registered for visits"
          : legacy.visitsDeliverToAnyManager
            ? "the app holds no manager to deliver visits to"
            : "no manager the app holds started visit monitoring in this run")
      return .none
    }
    trace.cite(
      .r48,
      legacy.visitsStarted != 0
        ? "a held manager started visit monitoring in this run"
        : "the registration predates this launch and delivers to any held manager")
    guard legacyServed(.r48, c, trace: &trace) else { return .none }
    return .delivered
  }

  /// Whether region events are delivered now (R49).
  public func regionEvents(_ c: AppConfiguration, trace: inout Trace) -> LegacyEventsDelivery {
    guard app != .notRunning else {
      trace.cite(.r49, "the app is not running")
      return .none
    }
    guard legacy.monitoredRegions != 0 else {
      trace.cite(.r49, "no region is registered")
      return .none
    }
    guard heldManagers != 0 else {
      trace.cite(.r49, "the app holds no manager whose delegate receives region events")
      return .none
    }
    guard legacyServed(.r49, c, trace: &trace) else { return .none }
    guard
      accuracyAuthorization(trace: &trace) == .fullAccuracy
        || c.mutation == .regionsAtReducedAccuracy
    else {
      trace.cite(.r49, "region monitoring is not available with reduced accuracy")
      return .none
    }
    trace.cite(.r49, "a region is registered and the app is served with full accuracy")
    return .delivered
  }

  /// The regions registered, in increasing order of id (R49).
  public func monitoredRegionIDs(trace: inout Trace) -> [RegionID] {
    var ids: [RegionID] = []
    var pending = legacy.monitoredRegions
    while pending != 0 {
      ids.append(RegionID(UInt8(truncatingIfNeeded: pending.trailingZeroBitCount)))
      pending &= pending &- 1
    }
    trace.cite(
      .r49,
      ids.isEmpty
        ? "no region is registered"
        : "\(ids.count) of at most \(LegacyServices.regionLimit) regions are registered")
    return ids
  }

  /// Whether registering `region` fails (R49): it is not registered and the limit is reached,
  /// so nothing is registered and the manager's delegate receives `monitoringDidFail`.
  public func registeringFails(_ region: RegionID, _ c: AppConfiguration) -> Bool {
    legacy.monitoredRegions & region.bit == 0
      && legacy.regionCount >= c.regionLimit
      && c.mutation != .regionsWithoutLimit
  }

  // MARK: R36

  /// R36: whether a legacy monitoring registration relaunches the terminated app: stored
  /// Always (§8b) and significant changes, visits, or a region with full accuracy (R49).
  package func legacyRelaunchReason(_ c: AppConfiguration, trace: inout Trace) -> Bool {
    guard
      legacy.significantChangesRegistered || legacy.visitsRegistered
        || legacy.monitoredRegions != 0
    else { return false }
    var quiet = Trace.off
    guard legacyAlwaysInEffect(for: .r36, c, trace: &quiet) else { return false }
    if legacy.significantChangesRegistered {
      trace.cite(.r36, "the Always app is registered for significant changes")
    } else if legacy.visitsRegistered {
      trace.cite(.r36, "the Always app is registered for visits")
    } else if accuracyAuthorization(trace: &quiet) == .fullAccuracy
      || c.mutation == .regionsAtReducedAccuracy
    {
      trace.cite(.r36, "the Always app has a region registered and full accuracy")
    } else {
      return false
    }
    return true
  }
}
