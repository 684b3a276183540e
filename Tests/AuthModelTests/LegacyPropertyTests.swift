import AuthModel
import Testing

/// P13 (and P8 for the legacy services) in every state a bounded search of the legacy
/// services' steps reaches from a few starts. The explorer does not take these steps yet
/// (`ModelProperty.isExplored`), so this search stands in for it.
@Suite struct LegacyPropertyTests {
  static let manager = ManagerID(0)
  static let events: [AuthorizationEvent] = [
    .launch, .relaunchInBackground, .enterBackground, .enterForeground, .wait, .terminate,
    .terminateByUser, .createManager(manager, allowsBackground),
    .createManager(
      manager,
      ManagerProperties(
        allowsBackgroundLocationUpdates: true, showsBackgroundLocationIndicator: true)),
    .releaseManager(manager),
    .configureManager(manager, ManagerProperties(allowsBackgroundLocationUpdates: false)),
    .configureManager(manager, allowsBackground), .startUpdatingLocation(manager),
    .stopUpdatingLocation(manager), .startMonitoringSignificantLocationChanges(manager),
    .stopMonitoringSignificantLocationChanges(manager), .startMonitoringVisits(manager),
    .stopMonitoringVisits(manager), .startMonitoring(manager, region: RegionID(0)),
    .stopMonitoring(manager, region: RegionID(0)), .pauseUpdates,
    .request(.whenInUse, by: manager), .request(.always, by: manager),
    .tap(.allowWhileUsing, precise: nil), .tap(.allowOnce, precise: nil),
    .tap(.dontAllow, precise: nil), .tap(.changeToAlwaysAllow, precise: nil),
    .tap(.keepOnlyWhileUsing, precise: nil), .settings(.location(.whileUsing)),
    .settings(.location(.always)), .settings(.precise(false)), .settings(.precise(true)),
    .backgroundEvent,
  ]

  @Test("P13 no legacy event out of use without stored Always; relaunch only with it or carried")
  func p13() {
    let c = AppConfiguration(ios: .ios18, infoPlist: makeInfo())
    var seen = Set<AuthorizationState>()
    var queue: [AuthorizationState] = []
    for setting in [LocationSetting.askNextTime, .whileUsing, .always] {
      let start = AuthorizationState(configuration: c, start: StartingState(location: setting))
      if seen.insert(start).inserted { queue.append(start) }
    }
    var violations: [String] = []
    var witnesses = Set<String>()
    var next = 0
    while next < queue.count && seen.count < 20_000 && violations.isEmpty {
      let state = queue[next]
      next += 1
      for event in Self.events {
        guard let after = state.applying(event, configuration: c) else { continue }
        if case .relaunchInBackground = event, state.location != .always,
          !state.carriedBackgroundActivity
        {
          violations.append("relaunched without Always: \(state)")
        }
        Self.check(after, c, &violations, &witnesses)
        if seen.insert(after).inserted { queue.append(after) }
      }
    }
    #expect(violations.isEmpty, "\(violations.first ?? "")")
    #expect(seen.count > 1_000)
    #expect(
      witnesses == [
        "served out of use", "indicator shown", "indicator hidden for Always", "regions delivered",
        "visits delivered", "significant changes delivered",
      ])
  }

  static func check(
    _ s: AuthorizationState, _ c: AppConfiguration, _ violations: inout [String],
    _ witnesses: inout Set<String>
  ) {
    var q = Trace.off
    let inUse = s.isInUse(c, trace: &q)
    let updates = s.locationUpdates(c, trace: &q)
    let events = [
      s.significantChanges(c, trace: &q), s.visits(c, trace: &q), s.regionEvents(c, trace: &q),
    ]
    let delivered = updates != .none || events.contains(.delivered)
    if !inUse && s.location != .always && delivered {
      violations.append("a legacy event out of use without Always: \(s)")
    }
    if delivered && !s.isAuthorized(c, trace: &q) {
      violations.append("a legacy event while not authorized (P4): \(s)")
    }
    if !inUse && updates != .none { witnesses.insert("served out of use") }
    if s.continuousBackgroundSessions(c) != 0 && s.app == .background {
      let indicator = s.backgroundIndicator(c, trace: &q)
      if indicator == .shown { witnesses.insert("indicator shown") }
      if indicator == .hidden && s.location == .always {
        witnesses.insert("indicator hidden for Always")
      }
    }
    if events[0] == .delivered { witnesses.insert("significant changes delivered") }
    if events[1] == .delivered { witnesses.insert("visits delivered") }
    if events[2] == .delivered { witnesses.insert("regions delivered") }
  }
}
