import AuthModel
import Testing

// The legacy services of docs/RULES.md §8b written a second time, from the rule text alone and as
// plainly as possible: a dictionary of managers, a set of regions, no bits, no shared code with
// the model. The test walks every state a small legacy app can reach, with the model and this
// second reading side by side, and compares what each says the app receives.

/// §8b again, naively: what the app's managers and registrations are, step by step.
///
/// It reads from the model only what §8b does not define: where the app runs, the grace period,
/// whether the app is authorized, its stored choice and its accuracy (R1–R4, R2). In use (R3)
/// it works out itself, since the legacy indicator is part of it.
struct NaiveLegacy: Hashable {
  struct Manager: Hashable {
    var allowsBackgroundLocationUpdates = false
    var showsBackgroundLocationIndicator = false
    var pausesLocationUpdatesAutomatically = true
    var updating = false
    /// R44: the call that completed the pair (updates running, the property true) was made in
    /// use or with Always in effect; the session lasts while the app is authorized.
    var sessionClaimed = false
    var startedSignificantChanges = false
    var startedVisits = false

    mutating func set(_ properties: ManagerProperties) {
      if let value = properties.allowsBackgroundLocationUpdates {
        allowsBackgroundLocationUpdates = value
      }
      if let value = properties.showsBackgroundLocationIndicator {
        showsBackgroundLocationIndicator = value
      }
      if let value = properties.pausesLocationUpdatesAutomatically {
        pausesLocationUpdatesAutomatically = value
      }
    }
  }

  /// What the model says of the app that §8b does not define.
  struct Facts {
    var app: AppRunState
    var inGrace: Bool
    var authorized: Bool
    var storedAlways: Bool
    var fullAccuracy: Bool

    init(_ state: AuthorizationState, _ c: AppConfiguration) {
      var trace = Trace.off
      app = state.app
      inGrace = state.inGrace
      let status = ObservableKey.authorizationStatus.value(in: state, c, trace: &trace)
      authorized = ["authorizedWhenInUse", "authorizedAlways"].contains(status.description)
      storedAlways = state.location == .always
      fullAccuracy =
        ObservableKey.accuracyAuthorization.value(in: state, c, trace: &trace).description
        == "fullAccuracy"
    }
  }

  var managers: [ManagerID: Manager] = [:]
  var significantChangesRegistered = false
  var visitsRegistered = false
  /// The visits registration was there when the app was launched (or given in `start`).
  var visitsRegisteredBeforeLaunch = false
  var regions: Set<RegionID> = []

  init(start: StartingState) {
    significantChangesRegistered = start.significantChanges
    visitsRegistered = start.visits
    visitsRegisteredBeforeLaunch = start.visits
    regions = Set((0..<start.regions.count).map { RegionID(UInt8($0)) })
  }

  /// R44: a continuous background session runs on `manager`.
  func holdsSession(_ manager: Manager, _ facts: Facts) -> Bool {
    manager.sessionClaimed && manager.updating && manager.allowsBackgroundLocationUpdates
      && facts.authorized
  }

  /// R44: the blue indicator of a continuous background session.
  func indicatorShown(_ facts: Facts) -> Bool {
    facts.app == .background
      && managers.values.contains {
        holdsSession($0, facts) && !(facts.storedAlways && !$0.showsBackgroundLocationIndicator)
      }
  }

  /// R3, for an app that holds no CLBackgroundActivitySession and no CLServiceSession.
  func inUse(_ facts: Facts) -> Bool {
    facts.app == .foreground || (facts.app == .background && facts.inGrace)
      || indicatorShown(facts)
  }

  /// The step `event`, which the model took from `before` to `after`.
  mutating func take(_ event: AuthorizationEvent, before: Facts, after: Facts) {
    let judgedInUse = inUse(before) || before.storedAlways
    switch event {
    case .launch, .relaunchInBackground:
      visitsRegisteredBeforeLaunch = visitsRegistered
    case .terminate, .terminateByUser:
      managers = [:]
      visitsRegisteredBeforeLaunch = false
    case .createManager(let id, let properties):
      var manager = Manager()
      manager.set(properties)
      managers[id] = manager
    case .releaseManager(let id):
      managers[id] = nil
    case .configureManager(let id, let properties):
      guard var manager = managers[id] else { break }
      manager.set(properties)
      if properties.allowsBackgroundLocationUpdates == false { manager.sessionClaimed = false }
      if properties.allowsBackgroundLocationUpdates == true && manager.updating {
        manager.sessionClaimed = manager.sessionClaimed || judgedInUse
      }
      managers[id] = manager
    case .startUpdatingLocation(let id):
      guard var manager = managers[id] else { break }
      manager.updating = true
      manager.sessionClaimed = manager.allowsBackgroundLocationUpdates && judgedInUse
      managers[id] = manager
    case .stopUpdatingLocation(let id):
      managers[id]?.updating = false
      managers[id]?.sessionClaimed = false
    case .pauseUpdates:
      for id in Array(managers.keys)
      where managers[id]!.updating && managers[id]!.pausesLocationUpdatesAutomatically {
        managers[id]?.updating = false
        managers[id]?.sessionClaimed = false
      }
    case .startMonitoringSignificantLocationChanges(let id):
      significantChangesRegistered = true
      managers[id]?.startedSignificantChanges = true
    case .stopMonitoringSignificantLocationChanges:
      significantChangesRegistered = false
      for id in Array(managers.keys) { managers[id]?.startedSignificantChanges = false }
    case .startMonitoringVisits(let id):
      visitsRegistered = true
      managers[id]?.startedVisits = true
    case .stopMonitoringVisits:
      visitsRegistered = false
      visitsRegisteredBeforeLaunch = false
      for id in Array(managers.keys) { managers[id]?.startedVisits = false }
    case .startMonitoring(_, let region):
      if regions.count < 20 { regions.insert(region) }
    case .stopMonitoring(_, let region):
      regions.remove(region)
    default:
      break
    }
    // R44: a session that was running ends when the app stops being authorized.
    if before.authorized && !after.authorized {
      for id in Array(managers.keys) { managers[id]?.sessionClaimed = false }
    }
  }

  // What the app receives (§8b).

  func locationUpdates(_ facts: Facts) -> String {
    let updating = managers.values.contains { $0.updating }
    let keptRunning =
      facts.storedAlways && managers.values.contains { holdsSession($0, facts) }
    guard updating, facts.authorized, inUse(facts) || keptRunning else { return "none" }
    return facts.fullAccuracy ? "full" : "reduced"
  }

  func backgroundIndicator(_ facts: Facts) -> String { indicatorShown(facts) ? "shown" : "hidden" }

  func significantChanges(_ facts: Facts) -> String {
    let delivered =
      significantChangesRegistered && managers.values.contains { $0.startedSignificantChanges }
      && facts.authorized && (inUse(facts) || facts.storedAlways)
    return delivered ? "delivered" : "none"
  }

  func visits(_ facts: Facts) -> String {
    let receiver =
      visitsRegisteredBeforeLaunch
      ? !managers.isEmpty : managers.values.contains { $0.startedVisits }
    let delivered =
      visitsRegistered && receiver && facts.authorized && (inUse(facts) || facts.storedAlways)
    return delivered ? "delivered" : "none"
  }

  func regionEvents(_ facts: Facts) -> String {
    let delivered =
      !managers.isEmpty && !regions.isEmpty && facts.authorized && facts.fullAccuracy
      && (inUse(facts) || facts.storedAlways)
    return delivered ? "delivered" : "none"
  }

  /// R36 for an app with no sessions, live updates or background activity: a legacy monitoring
  /// service relaunches it with the stored choice Always.
  func relaunches(_ facts: Facts) -> Bool {
    facts.authorized && facts.storedAlways
      && (significantChangesRegistered || visitsRegistered
        || (!regions.isEmpty && facts.fullAccuracy))
  }
}

@Suite struct LegacyOracleTests {
  static let first = ManagerID(0)
  static let second = ManagerID(1)
  static let gate = RegionID(0)
  static let platform = RegionID(1)

  /// The user's and the system's steps of both walks: the app's life, the prompts' answers,
  /// the stored choice and Precise in Settings.
  static let userSteps: [AuthorizationEvent] = [
    .launch, .relaunchInBackground, .enterBackground, .enterForeground, .wait, .terminate,
    .terminateByUser, .requestWhenInUseAuthorization, .requestAlwaysAuthorization,
    .tap(.allowWhileUsing, precise: nil), .tap(.allowOnce, precise: nil),
    .tap(.dontAllow, precise: nil), .tap(.changeToAlwaysAllow, precise: nil),
    .tap(.keepOnlyWhileUsing, precise: nil), .backgroundEvent,
    .settings(.location(.always)), .settings(.location(.whileUsing)),
    .settings(.location(.never)), .settings(.precise(false)), .settings(.precise(true)),
  ]

  /// The user's steps without the provisional Always path and the force-quit, for the walk
  /// with two managers, whose states they would multiply: Always comes from Settings there.
  static var plainUserSteps: [AuthorizationEvent] {
    let left: Set<AuthorizationEvent> = [
      .terminateByUser, .requestAlwaysAuthorization, .tap(.changeToAlwaysAllow, precise: nil),
      .tap(.keepOnlyWhileUsing, precise: nil), .backgroundEvent,
    ]
    return userSteps.filter { !left.contains($0) }
  }

  /// A run tracker's manager: its properties, continuous updates and the pause (R43–R46).
  static let updatingSteps: [AuthorizationEvent] = [
    .createManager(first),
    .createManager(first, ManagerProperties(allowsBackgroundLocationUpdates: true)),
    .configureManager(first, ManagerProperties(allowsBackgroundLocationUpdates: true)),
    .configureManager(first, ManagerProperties(allowsBackgroundLocationUpdates: false)),
    .configureManager(first, ManagerProperties(showsBackgroundLocationIndicator: true)),
    .configureManager(first, ManagerProperties(pausesLocationUpdatesAutomatically: false)),
    .releaseManager(first), .startUpdatingLocation(first), .stopUpdatingLocation(first),
    .pauseUpdates,
  ]

  /// Two managers sharing the monitoring services (R47–R49).
  static let monitoringSteps: [AuthorizationEvent] = [
    .createManager(first), .releaseManager(first),
    .startMonitoringSignificantLocationChanges(first),
    .stopMonitoringSignificantLocationChanges(first), .startMonitoringVisits(first),
    .stopMonitoringVisits(first), .startMonitoring(first, region: gate),
    .stopMonitoring(first, region: gate),
    .createManager(second), .releaseManager(second),
    .startMonitoringSignificantLocationChanges(second), .startMonitoringVisits(second),
    .stopMonitoringVisits(second), .startMonitoring(second, region: platform),
  ]

  struct Node: Hashable {
    var model: AuthorizationState
    var naive: NaiveLegacy
  }

  struct Disagreement: CustomStringConvertible {
    var what: String
    var model: String
    var naive: String
    var path: [AuthorizationEvent]
    var description: String {
      let steps = path.map { String(describing: $0).replacing("AuthModel.", with: "") }
      return "\(what): the model says \(model), the rule text \(naive), after "
        + steps.joined(separator: ", ")
    }
  }

  /// Every disagreement in the states reachable from `start` (at most one per observable, each
  /// with the shortest path found), and the number of states compared.
  static func walk(
    info: InfoPlist, start: StartingState, steps: [AuthorizationEvent], maxStates: Int = 400_000
  ) -> (states: Int, found: [Disagreement], reached: Set<String>) {
    let c = AppConfiguration(ios: .ios18, infoPlist: info)
    let root = Node(
      model: AuthorizationState(configuration: c, start: start), naive: NaiveLegacy(start: start))
    var parent: [Node: (Node, AuthorizationEvent)?] = [root: nil]
    var level = [root]
    var found: [String: Disagreement] = [:]
    var reached: Set<String> = []
    func path(to node: Node) -> [AuthorizationEvent] {
      var steps: [AuthorizationEvent] = []
      var at = node
      while let (before, event) = parent[at] ?? nil {
        steps.append(event)
        at = before
      }
      return steps.reversed()
    }
    func compare(_ node: Node) {
      let facts = NaiveLegacy.Facts(node.model, c)
      var trace = Trace.off
      let pairs: [(ObservableKey, String)] = [
        (.locationUpdates, node.naive.locationUpdates(facts)),
        (.backgroundIndicator, node.naive.backgroundIndicator(facts)),
        (.significantChanges, node.naive.significantChanges(facts)),
        (.visits, node.naive.visits(facts)),
        (.regionEvents, node.naive.regionEvents(facts)),
      ]
      for (key, naive) in pairs {
        let model = key.value(in: node.model, c, trace: &trace).description
        reached.insert("\(key.rawValue): \(model)")
        guard found[key.rawValue] == nil else { continue }
        if model != naive {
          found[key.rawValue] = Disagreement(
            what: key.rawValue, model: model, naive: naive, path: path(to: node))
        }
      }
      let regions = Set(
        (0..<UInt8(LegacyServices.maximumRegionIDs)).map(RegionID.init).filter {
          node.model.legacy.monitoredRegions & $0.bit != 0
        })
      if regions != node.naive.regions, found["monitoredRegions"] == nil {
        found["monitoredRegions"] = Disagreement(
          what: "monitoredRegions", model: "\(regions)", naive: "\(node.naive.regions)",
          path: path(to: node))
      }
      if node.model.app == .notRunning, found["relaunch"] == nil {
        let model = node.model.applying(.relaunchInBackground, configuration: c) != nil
        let naive = node.naive.relaunches(facts)
        if model { reached.insert("launch: background") }
        if model != naive {
          found["relaunch"] = Disagreement(
            what: "launch: background", model: model ? "allowed" : "refused",
            naive: naive ? "allowed" : "refused", path: path(to: node))
        }
      }
    }
    compare(root)
    while !level.isEmpty {
      var next: [Node] = []
      for node in level {
        let before = NaiveLegacy.Facts(node.model, c)
        for event in steps {
          guard let model = node.model.applying(event, configuration: c) else { continue }
          var naive = node.naive
          naive.take(event, before: before, after: NaiveLegacy.Facts(model, c))
          let child = Node(model: model, naive: naive)
          guard parent[child] == nil else { continue }
          parent[child] = (node, event)
          guard parent.count <= maxStates else {
            let stop = Disagreement(
              what: "the walk", model: "more than \(maxStates) states", naive: "a small app",
              path: path(to: child))
            return (parent.count, [stop], reached)
          }
          compare(child)
          next.append(child)
        }
      }
      level = next
    }
    return (parent.count, found.values.sorted { $0.what < $1.what }, reached)
  }

  static let runTracker = InfoPlist(
    whenInUseUsageDescription: "Shows your run on the map",
    alwaysAndWhenInUseUsageDescription: "Records your run with the screen off",
    backgroundModes: ["location"])

  @Test(
    "§8b, R43–R46: in every reachable state of a run tracker, the model delivers what a naive reading of the rule text does"
  )
  func updatesAgreeWithTheRuleText() {
    let (states, found, reached) = Self.walk(
      info: Self.runTracker, start: StartingState(), steps: Self.userSteps + Self.updatingSteps)
    #expect(states > 1_000, "the walk reached \(states) states")
    let witnesses = [
      "locationUpdates: full", "locationUpdates: reduced", "locationUpdates: none",
      "backgroundIndicator: shown", "backgroundIndicator: hidden",
    ]
    #expect(witnesses.filter { !reached.contains($0) } == [], "the walk is vacuous there")
    #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
  }

  @Test(
    "§8b, R36, R47–R49: in every reachable state of an app with two managers that monitor, the model delivers what a naive reading of the rule text does",
    arguments: [
      StartingState(),
      StartingState(location: .always, significantChanges: true, visits: true, regions: ["gate"]),
    ])
  func monitoringAgreesWithTheRuleText(start: StartingState) {
    let (states, found, reached) = Self.walk(
      info: Self.runTracker, start: start, steps: Self.plainUserSteps + Self.monitoringSteps)
    #expect(states > 1_000, "the walk reached \(states) states")
    let witnesses = [
      "significantChanges: delivered", "visits: delivered", "regionEvents: delivered",
      "significantChanges: none", "visits: none", "regionEvents: none", "launch: background",
    ]
    #expect(witnesses.filter { !reached.contains($0) } == [], "the walk is vacuous there")
    #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
  }
}
