import AuthApp
import AuthEngine
import AuthExplorer
import AuthModel
import Foundation
import TestSupport
import Testing

@Suite struct AppSystemTests {
  /// A station geofence; `always` and `backgroundActivity` choose what it holds.
  static func geofence(always: Bool, backgroundActivity: Bool) throws -> AppDescription {
    try AppSchemaTests.check(
      """
      app: Geofence
      info:
        NSLocationWhenInUseUsageDescription: x
        NSLocationAlwaysAndWhenInUseUsageDescription: x
        UIBackgroundModes: [location]
      features:
        geofence:
          restore: true
          inBackground: keep
          holds:
            - session: g
              authorization: \(always ? "always" : "whenInUse")
            - monitor
      \(backgroundActivity ? "      - backgroundActivity" : "")
          needs:
            background:
              monitorEvents: delivered
      """
    ).get()
  }

  /// Every state the cooperative user reaches, by a search of its own over `next` and `pack`,
  /// and whether the geofence's background need is unmet in one of them, read straight from
  /// the model.
  static func bruteForce(_ app: AppDescription) throws -> (states: Int, unmet: Bool) {
    try bruteForce(app) { m, c in
      var trace = Trace.off
      return m.monitorEvents(c, trace: &trace) != .delivered
    }
  }

  /// Every state the cooperative user reaches, by a search of its own over `next` and `pack`,
  /// and whether `unmet` holds in one where the first feature's background need applies (the
  /// feature on, no prompt pending, provisional Always not waiting, the app in the background).
  static func bruteForce(
    _ app: AppDescription, unmet: (AuthorizationState, AppConfiguration) -> Bool
  ) throws -> (states: Int, unmet: Bool) {
    let system = try AppSystem(app, cooperative: true)
    var seen = Set<UInt64>()
    var queue = system.initialStates
    for state in queue { seen.insert(system.pack(state)) }
    var found = false
    while let state = queue.popLast() {
      let m = state.explored.model
      if state.on & 1 != 0 && m.pendingPrompt == nil && !m.provisionalAlways
        && m.app == .background && unmet(m, app.configuration)
      {
        found = true
      }
      for action in system.actions {
        guard let next = system.next(state, action) else { continue }
        if seen.insert(system.pack(next)).inserted { queue.append(next) }
      }
    }
    return (seen.count, found)
  }

  @Test(
    "works agrees with a brute-force search, and so does the number of states",
    arguments: [(false, false), (false, true), (true, false), (true, true)])
  func worksMatchesBruteForce(always: Bool, backgroundActivity: Bool) throws {
    let app = try Self.geofence(always: always, backgroundActivity: backgroundActivity)
    let brute = try Self.bruteForce(app)
    let report = AppChecker.check(app, options: ExplorationOptions(threads: 1))
    #expect(report.explorations.first?.states == brute.states)
    #expect(
      report.failures.contains { $0.kind == .works(feature: "geofence", place: .background) }
        == brute.unmet)
    // The verdicts, written down: a geofence is delivered outside use when Always is in effect
    // there (R20) or an active background activity session keeps the app in use (R3, R34).
    #expect(brute.unmet == !(always || backgroundActivity))
  }

  @Test(
    "pack and unpack are inverse on every reachable state",
    arguments: [nil, "pace-run-tracker.yaml", "transit-alarm.yaml", "stride-two-managers.yaml"])
  func packing(_ example: String?) throws {
    let app = try example.map(LegacyAppTests.load) ?? AppCheckerTests.example
    let system = try AppSystem(app, cooperative: false)
    var seen = Set<UInt64>()
    var queue = system.initialStates
    while let state = queue.popLast(), seen.count < 5_000 {
      let packed = system.pack(state)
      guard seen.insert(packed).inserted else { continue }
      #expect(system.pack(system.unpack(packed)) == packed)
      let unpacked = system.unpack(packed)
      #expect(unpacked.explored == state.explored && unpacked.on == state.on)
      for action in system.actions {
        if let next = system.next(state, action) { queue.append(next) }
      }
    }
    #expect(system.bitWidth <= 64)
  }

  @Test(
    "the example's every-user exploration holds at most 16 bytes per stored state at its peak",
    arguments: [1, 2])
  func bytesPerState(threads: Int) throws {
    let system = try AppSystem(try AppCheckerTests.example, cooperative: false)
    let result = Explorer(system, options: ExplorationOptions(threads: threads)).run()
    #expect(result.states == 31_579)
    #expect(result.peakBytes > 8 * result.states)
    #expect(result.peakBytes <= 16 * result.states, "\(result.peakBytes) bytes")
  }

  /// A commuter's app of CLLocationManager's services beside the iOS 17 and 18 API, large enough
  /// for its bytes per state to mean something: a ride recorded by one manager's updates, a
  /// stop alarm on another's regions, significant changes and visits, live updates on screen,
  /// a monitor, a background activity session.
  static var commute: AppDescription {
    get throws {
      try AppSchemaTests.check(
        """
        app: Commute
        ios: 18
        info:
          NSLocationWhenInUseUsageDescription: Follows your ride
          NSLocationAlwaysAndWhenInUseUsageDescription: Wakes you before your stop
          UIBackgroundModes: [location]
        features:
          ride:
            restore: true
            inBackground: keep
            requests: [whenInUse]
            holds:
              - manager: ride
                allowsBackgroundLocationUpdates: true
                pausesLocationUpdatesAutomatically: false
              - updatingLocation: ride
          alarm:
            restore: true
            inBackground: keep
            requests: [always]
            holds:
              - manager: alarm
              - regions: alarm
                count: 3
              - significantChanges: alarm
              - visits: alarm
          nearby:
            holds:
              - liveUpdates
          lockScreen:
            inBackground: keep
            holds:
              - monitor
          share:
            restore: true
            inBackground: keep
            holds:
              - backgroundActivity
          stops:
            startedBy: launch
            inBackground: keep
            holds:
              - monitor
        """
      ).get()
    }
  }

  @Test(
    "a large exploration of an app of the legacy services holds at most 16 bytes a stored state",
    arguments: [1, 2])
  func legacyBytesPerState(threads: Int) throws {
    let system = try AppSystem(try Self.commute, cooperative: false)
    #expect(system.usesLegacy && system.managerIDs.count == 2)
    let result = Explorer(system, options: ExplorationOptions(threads: threads)).run()
    #expect(result.states == 46_680)
    #expect(result.peakBytes > 8 * result.states)
    #expect(result.peakBytes <= 16 * result.states, "\(result.peakBytes) bytes")
  }

  @Test("pinned state counts of the broken apps' explorations")
  func pinnedCounts() throws {
    let folder = BrokenAppTests.folder
    var counts: [String: [Int]] = [:]
    for file in ["geofence-without-background-session.yaml", "check-does-not-hold.yaml"] {
      let app = try AppFile.load(path: folder.appendingPathComponent(file).path).app.get()
      counts[file] = AppChecker.check(app).explorations.flatMap { [$0.states, $0.transitions] }
    }
    // States and transitions of the cooperative user's exploration, then of every user's.
    #expect(
      counts == [
        "geofence-without-background-session.yaml": [24, 79, 616, 5050],
        "check-does-not-hold.yaml": [25, 81, 704, 5998],
      ])
  }
}
