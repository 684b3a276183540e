import AuthModel
import Testing

/// docs/SCENARIOS.md "Which rule refuses", the legacy services of RULES.md §8b, row by row and
/// in their order.
@Suite struct LegacyRefusalTests {
  typealias Step = @Sendable (inout AuthorizationSimulator) throws -> Void

  /// Every step naming the manager `map`, with the rule that refuses it while the app is not
  /// running.
  static let managerSteps: [(Rule, Step)] = [
    (.r43, { try $0.startUpdatingLocation("map") }),
    (.r43, { try $0.stopUpdatingLocation("map") }),
    (.r47, { try $0.startMonitoringSignificantLocationChanges("map") }),
    (.r47, { try $0.stopMonitoringSignificantLocationChanges("map") }),
    (.r48, { try $0.startMonitoringVisits("map") }),
    (.r48, { try $0.stopMonitoringVisits("map") }),
    (.r49, { try $0.startMonitoring("map", region: "home") }),
    (.r49, { try $0.stopMonitoring("map", region: "home") }),
    (.r41, { try $0.configureManager("map", properties: allowsBackground) }),
    (.r13, { try $0.requestWhenInUseAuthorization(by: "map") }),
    (.r14, { try $0.requestAlwaysAuthorization(by: "map") }),
    (
      .r16,
      { try $0.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Parking", by: "map") }
    ),
  ]

  @Test("1. a service step while the app is not running: the service's rule, configure R41")
  func notRunning() {
    var location = makeSimulator(info: makeInfo(locationBackgroundMode: false))
    for (rule, step) in Self.managerSteps {
      expectRefusal(rule, .appNotRunning, &location, step)
    }
  }

  @Test("2. a service step, configure or by naming a manager that is not held: R41")
  func managerNotHeld() throws {
    var location = try launched(info: makeInfo(locationBackgroundMode: false))
    for (_, step) in Self.managerSteps {
      expectRefusal(.r41, .managerNotHeld(ManagerID(0)), &location, step)
    }
    try location.createManager("list")
    try location.releaseManager("list")
    expectRefusal(.r41, .managerNotHeld(ManagerID(0)), &location) {
      try $0.startUpdatingLocation("list")
    }
  }

  @Test("3. true for allowsBackgroundLocationUpdates without the background mode: R45")
  func backgroundMode() throws {
    var location = try launched(info: makeInfo(locationBackgroundMode: false))
    expectRefusal(.r45, .backgroundLocationUpdatesWithoutBackgroundMode, &location) {
      try $0.createManager("map", properties: allowsBackground)
    }
    try location.createManager("map")
    expectRefusal(.r45, .backgroundLocationUpdatesWithoutBackgroundMode, &location) {
      try $0.configureManager("map", properties: allowsBackground)
    }
    expectRefusal(.r41, .managerAlreadyHeld(ManagerID(0)), &location) {
      try $0.createManager("map", properties: allowsBackground)
    }
  }

  @Test("4. starting updates that run, stopping what is not there: R43, R47, R48, R49")
  func notThere() throws {
    var location = try withManager()
    try location.startUpdatingLocation("map")
    expectRefusal(.r43, .updatesAlreadyRunning(ManagerID(0)), &location) {
      try $0.startUpdatingLocation("map")
    }
    try location.stopUpdatingLocation("map")
    expectRefusal(.r43, .updatesNotRunning(ManagerID(0)), &location) {
      try $0.stopUpdatingLocation("map")
    }
    expectRefusal(.r47, .significantChangesNotRegistered, &location) {
      try $0.stopMonitoringSignificantLocationChanges("map")
    }
    expectRefusal(.r48, .visitsNotRegistered, &location) {
      try $0.stopMonitoringVisits("map")
    }
    expectRefusal(.r49, .regionNotMonitored(RegionID(0)), &location) {
      try $0.stopMonitoring("map", region: "home")
    }
    // Starting a registration again is no refusal.
    for _ in 0..<2 {
      try location.startMonitoringSignificantLocationChanges("map")
      try location.startMonitoringVisits("map")
      try location.startMonitoring("map", region: "home")
    }
  }

  @Test("5. system: pauseUpdates in the foreground or with nothing to pause: R46")
  func pause() throws {
    var location = try withManager()
    expectRefusal(.r46, .pauseInForeground, &location) { try $0.pauseUpdates() }
    try location.enterBackground()
    expectRefusal(.r46, .nothingToPause, &location) { try $0.pauseUpdates() }
  }

  @Test("6. terminate: user while the app is not running: R37")
  func terminate() {
    var location = makeSimulator()
    expectRefusal(.r37, .appNotRunning, &location) { try $0.terminate(byUser: true) }
  }

  @Test("registering a 21st region is not refused")
  func twentyFirst() throws {
    var location = try withManager()
    for index in 1...21 { try location.startMonitoring("map", region: "r\(index)") }
    #expect(location.monitoredRegions.count == 20)
  }

  @Test("the first that applies: not running, then the manager, then R45, then what is there")
  func order() throws {
    var notRunning = makeSimulator(info: makeInfo(locationBackgroundMode: false))
    expectRefusal(.r43, .appNotRunning, &notRunning) {
      try $0.stopUpdatingLocation("map")
    }
    var running = try launched(info: makeInfo(locationBackgroundMode: false))
    expectRefusal(.r41, .managerNotHeld(ManagerID(0)), &running) {
      try $0.configureManager("map", properties: allowsBackground)
    }
    expectRefusal(.r41, .managerNotHeld(ManagerID(0)), &running) {
      try $0.stopMonitoring("map", region: "home")
    }
    expectRefusal(.r46, .pauseInForeground, &running) { try $0.pauseUpdates() }
  }

  @Test("a story names at most 32 regions; the 33rd name is refused with R49")
  func regionNames() throws {
    var location = try withManager()
    for index in 1...32 {
      try location.startMonitoring("map", region: "r\(index)")
      try location.stopMonitoring("map", region: "r\(index)")
    }
    expectRefusal(.r49, .tooManyRegionNames, &location) {
      try $0.startMonitoring("map", region: "r33")
    }
  }
}
