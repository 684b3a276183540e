import AuthFake
import AuthModel
import AuthScenario
import Foundation
import LocationSeam
import TestSupport
import Testing

#if canImport(Darwin) && canImport(CoreLocation)
  import CoreLocation
#endif

/// A small view model of an app, as its production code would hold it: `any LocationManaging`,
/// and a record of every delegate call with what the manager reads at that call.
@MainActor
final class PlacesViewModel: LocationManagingDelegate {
  /// A legacy event the delegate received, with the pair the manager read at the call.
  enum Event: Equatable {
    case locations(AuthorizationPair)
    case enter(String)
    case exit(String)
    case visit(AuthorizationPair)
  }

  let manager: any LocationManaging
  /// The calls R41 observes (`callbacks`), since last taken.
  var callbacks: [LocationManagerCallback] = []
  /// The events of the legacy services, since last taken.
  var events: [Event] = []
  /// Whether this view model's manager runs continuous updates, as far as the app knows: it
  /// started them, did not stop them, and was not told of a pause (R43, R46).
  var updating = false
  /// Whether this view model started significant-change monitoring, and no manager of the
  /// app stopped it since (R47).
  var significantChanges = false

  init(manager: any LocationManaging) {
    self.manager = manager
    manager.locationDelegate = self
  }

  /// The status and accuracy the manager reads now.
  var pair: AuthorizationPair {
    AuthorizationPair(
      authorizationStatus: AuthorizationStatus(manager.authorizationStatus),
      accuracyAuthorization: AccuracyAuthorization(manager.accuracyAuthorization))
  }

  func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
    callbacks.append(.didChangeAuthorization(pair))
  }
  func locationManagerDidPauseLocationUpdates(_ manager: any LocationManaging) {
    callbacks.append(.didPause)
    updating = false
  }
  func locationManager(
    _ manager: any LocationManaging, monitoringDidFailFor region: CLRegion?,
    withError error: any Error
  ) {
    callbacks.append(.monitoringDidFail(region: region?.identifier ?? ""))
  }
  func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation])
  {
    events.append(.locations(pair))
  }
  func locationManager(_ manager: any LocationManaging, didEnterRegion region: CLRegion) {
    events.append(.enter(region.identifier))
  }
  func locationManager(_ manager: any LocationManaging, didExitRegion region: CLRegion) {
    events.append(.exit(region.identifier))
  }
  func locationManager(_ manager: any LocationManaging, didVisit visit: CLVisit) {
    events.append(.visit(pair))
  }
}

/// A story played on a ``FakeDevice`` by the app's code: one ``PlacesViewModel`` per manager
/// the story names, made, configured and called through `any LocationManaging`.
@MainActor
final class FakeStoryPlayer {
  let device: FakeDevice
  /// The living view models by the story's manager name.
  private var models: [String: PlacesViewModel] = [:]
  /// Every manager name the story created, in the order of its first creation.
  private(set) var created: [String] = []

  init(configuration: AppConfiguration, start: StartingState) {
    device = FakeDevice(configuration: configuration, start: start)
  }

  /// Plays `action`: the user's or the system's step on the device, or the app's call through
  /// its view model.
  func play(_ action: ScenarioAction) throws {
    switch action {
    case .launch: try device.launch()
    case .relaunchInBackground: try device.relaunchInBackground()
    case .background: try device.enterBackground()
    case .foreground: try device.enterForeground()
    case .wait: try device.wait()
    case .terminate, .terminateByUser:
      try device.terminate(byUser: action == .terminateByUser)
      models = [:]
    case .tap(let button, let precise): try device.tap(button, precise: precise)
    case .settings(let changes): for change in changes { try device.changeSettings(change) }
    case .backgroundEvent: try device.backgroundEvent()
    case .pauseUpdates: try device.pauseUpdates()
    case .manager(let name, let properties):
      let model = PlacesViewModel(manager: FakeLocationManager(device: device))
      models[name] = model
      if !created.contains(name) { created.append(name) }
      configure(model.manager, properties)
    case .release(let name): models[name] = nil
    case .configure(let name, let properties): configure(try model(name).manager, properties)
    case .request(let request, let name):
      let manager = try model(name).manager
      switch request {
      case .whenInUse: manager.requestWhenInUseAuthorization()
      case .always: manager.requestAlwaysAuthorization()
      case .temporaryFullAccuracy(let key):
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: key, completion: nil)
      }
    case .managerCall(let call, let name): try self.call(call, on: model(name))
    case .startMonitoring(let name, let region):
      try model(name).manager.startMonitoring(
        for: CLCircularRegion(
          center: CLLocationCoordinate2D(latitude: 48.14, longitude: 11.56), radius: 100,
          identifier: region))
    case .stopMonitoring(let name, let region):
      try model(name).manager.stopMonitoring(for: device.region(region))
    case .requestWhenInUse, .requestAlways, .requestTemporaryFullAccuracy, .session, .invalidate,
      .liveUpdates, .monitor, .backgroundActivity:
      throw StoryError.notAnAppCallOfTheViewModel("\(action)")
    }
  }

  enum StoryError: Error {
    case notAnAppCallOfTheViewModel(String)
    case noManager(String)
  }

  private func model(_ name: String) throws -> PlacesViewModel {
    guard let model = models[name] else { throw StoryError.noManager(name) }
    return model
  }

  private func configure(_ manager: any LocationManaging, _ properties: ManagerProperties) {
    if let value = properties.allowsBackgroundLocationUpdates {
      manager.allowsBackgroundLocationUpdates = value
    }
    if let value = properties.showsBackgroundLocationIndicator {
      manager.showsBackgroundLocationIndicator = value
    }
    if let value = properties.pausesLocationUpdatesAutomatically {
      manager.pausesLocationUpdatesAutomatically = value
    }
  }

  private func call(_ call: ScenarioAction.ManagerCall, on model: PlacesViewModel) {
    let manager = model.manager
    switch call {
    case .startUpdatingLocation:
      manager.startUpdatingLocation()
      model.updating = true
    case .stopUpdatingLocation:
      manager.stopUpdatingLocation()
      model.updating = false
    case .startMonitoringSignificantLocationChanges:
      manager.startMonitoringSignificantLocationChanges()
      model.significantChanges = true
    case .stopMonitoringSignificantLocationChanges:
      manager.stopMonitoringSignificantLocationChanges()
      // One registration of the app (R47): any manager's stop ends it for all.
      for other in models.values { other.significantChanges = false }
    case .startMonitoringVisits: manager.startMonitoringVisits()
    case .stopMonitoringVisits: manager.stopMonitoringVisits()
    }
  }

  /// What the app's view models saw since the last call, as the checks of an `expect` step:
  /// each manager's delegate calls (R41, R46, R49); the status, accuracy and regions a manager
  /// reads; and, for a location, a visit and a crossing of each region of `regions` the device
  /// delivers now, which services deliver (R43, R47–R49). `issues` gets what the view models
  /// saw that no check can say: locations reaching a manager that runs neither service.
  func observations(regions: [String], issues: inout [String]) -> [ScenarioScript.Check] {
    var checks: [ScenarioScript.Check] = []
    for name in created {
      let calls = models[name]?.callbacks ?? []
      models[name]?.callbacks = []
      checks.append(ScenarioScript.Check(.callbacks(manager: name), .callbacks(calls)))
    }
    let living = models.keys.sorted().map { models[$0]! }
    if let first = living.first {
      let pair = first.pair
      checks.append(
        ScenarioScript.Check(.authorizationStatus, .authorizationStatus(pair.authorizationStatus)))
      checks.append(
        ScenarioScript.Check(
          .accuracyAuthorization, .accuracyAuthorization(pair.accuracyAuthorization)))
      checks.append(
        ScenarioScript.Check(
          .monitoredRegions,
          .monitoredRegions(unordered: first.manager.monitoredRegions.map(\.identifier))))
    }
    device.deliverLocations([CLLocation(latitude: 48.14, longitude: 11.56)])
    device.deliverVisit(Self.visit)
    for region in regions { device.crossRegion(region, entering: true) }
    var updates: LocationUpdatesDelivery = .none
    var significant: LegacyEventsDelivery = .none
    var visits: LegacyEventsDelivery = .none
    var regionEvents: LegacyEventsDelivery = .none
    for model in living {
      for event in model.events {
        switch event {
        case .locations(let pair):
          if !model.updating && !model.significantChanges {
            issues.append("locations reached a manager that runs neither service")
          }
          if model.updating {
            updates = pair.accuracyAuthorization == .fullAccuracy ? .full : .reduced
          }
          if model.significantChanges { significant = .delivered }
        case .visit: visits = .delivered
        case .enter, .exit: regionEvents = .delivered
        }
      }
      model.events = []
    }
    // A manager that runs both services gets one call for both: each value is said only
    // where no view model runs the other service.
    if !living.contains(where: \.significantChanges) {
      checks.append(ScenarioScript.Check(.locationUpdates, .locationUpdates(updates)))
    }
    if !living.contains(where: \.updating) {
      checks.append(ScenarioScript.Check(.significantChanges, .significantChanges(significant)))
    }
    checks.append(ScenarioScript.Check(.visits, .visits(visits)))
    checks.append(ScenarioScript.Check(.regionEvents, .regionEvents(regionEvents)))
    return checks
  }

  static var visit: CLVisit {
    #if canImport(Darwin) && canImport(CoreLocation)
      CLVisit()
    #else
      CLVisit(
        coordinate: CLLocationCoordinate2D(latitude: 48.14, longitude: 11.56),
        horizontalAccuracy: 50, arrivalDate: Date(timeIntervalSince1970: 0),
        departureDate: .distantFuture)
    #endif
  }
}

/// Stories generated at random, with the legacy services, told twice: by the scenario runner
/// (`authcheck scenarios`) and by a view model on `FakeDevice`. Every delegate call and value
/// the view model saw is written into the story as its `expect` steps, which the runner checks
/// against the model: the fake and the runner agree, or the runner fails at the first
/// difference.
@MainActor
@Suite struct GeneratedScenarioTests {
  static let managerNames = ["a", "b"]
  static let regionNames = ["r1", "r2"]
  nonisolated static let scenarioCount = 20
  static let stepsPerScenario = 40

  /// The steps a story may try next: every step of the user and the system the fake takes, and
  /// every call of the view model on a manager of ``managerNames``.
  static let candidates: [ScenarioAction] = {
    var steps: [ScenarioAction] = [
      .launch, .relaunchInBackground, .background, .foreground, .wait, .wait, .terminate,
      .terminateByUser, .backgroundEvent, .pauseUpdates,
      .tap(.allowOnce, precise: nil), .tap(.allowWhileUsing, precise: true),
      .tap(.allowWhileUsing, precise: false), .tap(.dontAllow, precise: nil),
      .tap(.changeToAlwaysAllow, precise: nil), .tap(.keepOnlyWhileUsing, precise: nil),
      .settings([.precise(true)]), .settings([.precise(false)]),
      .settings([.locationServices(false)]), .settings([.locationServices(true)]),
      .settings([.reset]),
    ]
    steps += LocationSetting.allCases.map { .settings([.location($0)]) }
    for name in managerNames {
      steps += [.manager(name: name), .release(name: name)]
      for value in [true, false] {
        steps += [
          .configure(
            name: name, properties: ManagerProperties(allowsBackgroundLocationUpdates: value)),
          .configure(
            name: name, properties: ManagerProperties(showsBackgroundLocationIndicator: value)),
          .configure(
            name: name, properties: ManagerProperties(pausesLocationUpdatesAutomatically: value)),
        ]
      }
      steps += [
        .request(.whenInUse, by: name), .request(.always, by: name),
        .request(.temporaryFullAccuracy(purposeKey: "Walk"), by: name),
      ]
      steps += ScenarioAction.ManagerCall.allCases.map { .managerCall($0, manager: name) }
      for region in regionNames {
        steps += [
          .startMonitoring(manager: name, region: region),
          .stopMonitoring(manager: name, region: region),
        ]
      }
    }
    return steps
  }()

  /// Story `index`: a random walk of legal steps through the model, from an app and a start
  /// drawn from `index`'s seed. The same on every run.
  static func script(_ index: Int) -> ScenarioScript {
    var random = SplitMix64(seed: 0x5EED_0000 &+ UInt64(index))
    func draw(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    let ios: IOSVersion = draw(2) == 0 ? .ios17 : .ios18
    let configuration = AppConfiguration(
      ios: ios,
      infoPlist: InfoPlist(
        whenInUseUsageDescription: "Shows places near you",
        alwaysAndWhenInUseUsageDescription: "Keeps a diary of your places",
        temporaryUsageDescriptions: ["Walk": "Walking directions"],
        backgroundModes: draw(4) == 0 ? [] : ["location"]))
    let location = LocationSetting.allCases[draw(LocationSetting.allCases.count)]
    let start = StartingState(
      location: location, precise: location == .askNextTime ? nil : draw(2) == 0,
      significantChanges: draw(3) == 0, visits: draw(3) == 0,
      regions: draw(3) == 0 ? ["r1"] : [])
    var simulator = AuthorizationSimulator(configuration: configuration, start: start)
    var steps: [ScenarioScript.Step] = []
    while steps.count < stepsPerScenario {
      // The steps the model allows now, each drawn in proportion to its weight.
      let legal = candidates.compactMap { action -> (ScenarioAction, AuthorizationSimulator)? in
        var trial = simulator
        return (try? trial.perform(action)) == nil ? nil : (action, trial)
      }
      let total = legal.reduce(0) { $0 + weight($1.0) }
      guard total > 0 else { break }
      var point = draw(total)
      let (action, next) = legal.first {
        point -= weight($0.0)
        return point < 0
      }!
      simulator = next
      steps.append(.action(action, refused: nil))
    }
    return ScenarioScript(
      name: "generated story \(index)", configuration: configuration, start: start, steps: steps)
  }

  /// How often a walk takes `action` among the steps allowed, relatively: an answer to the
  /// prompt up and a launch of the app not running come soon, as a user's would, so that the
  /// app runs and its managers serve most of the story.
  static func weight(_ action: ScenarioAction) -> Int {
    switch action {
    case .tap, .launch, .relaunchInBackground: 12
    case .manager, .managerCall, .pauseUpdates: 4
    case .request, .startMonitoring, .background, .foreground, .wait: 3
    case .settings(let changes)
    where changes.first.map({ if case .location = $0 { true } else { false } }) == true: 2
    default: 1
    }
  }

  /// `script` written and read back.
  static func readBack(_ script: ScenarioScript) throws -> Scenario {
    let text = ScenarioWriter.text(script)
    return try ScenarioFile.parse(Array(text.utf8), path: "generated.yaml").scenario.get()
  }

  /// `scenario`'s steps played on the fake, each followed by an `expect` step of what the
  /// view models saw; `issues` gets what no check can say.
  static func fakeTrace(_ scenario: Scenario, issues: inout [String]) throws -> ScenarioScript {
    let script = scenario.script
    let player = FakeStoryPlayer(configuration: script.configuration, start: script.start)
    var steps: [ScenarioScript.Step] = []
    for step in script.steps {
      guard case .action(let action, _) = step else { continue }
      try player.play(action)
      steps.append(step)
      steps.append(.expect(player.observations(regions: regionNames, issues: &issues)))
    }
    issues += player.device.refusedAppCalls.map { "refused app call: \($0)" }
    var traced = script
    traced.steps = steps
    return traced
  }

  static func run(_ script: ScenarioScript) throws -> ScenarioResult {
    ScenarioRunner.run(try readBack(script))
  }

  @Test(
    "each generated story: the view model on the fake sees what the scenario runner observes",
    arguments: 0..<scenarioCount)
  func fakeAgreesWithRunner(index: Int) throws {
    let script = Self.script(index)
    #expect(script.steps.count == Self.stepsPerScenario)
    let scenario = try Self.readBack(script)
    #expect(scenario.script == script, "written and read back, the story is the same")
    var issues: [String] = []
    let traced = try Self.fakeTrace(scenario, issues: &issues)
    #expect(issues.isEmpty)
    let result = try Self.run(traced)
    #expect(
      result.failure == nil,
      Comment(
        rawValue: "\(result.failure.map { "line \($0.position.line): \($0.message)" } ?? "")\n"
          + ScenarioWriter.text(traced)))
  }

  @Test("the generated stories use the legacy services and the delegate calls they make")
  func storiesCoverTheLegacyServices() throws {
    var verbs = Set<String>()
    var calls = Set<String>()
    var values = Set<String>()
    for index in 0..<Self.scenarioCount {
      var issues: [String] = []
      let traced = try Self.fakeTrace(try Self.readBack(Self.script(index)), issues: &issues)
      for step in traced.steps {
        switch step {
        case .action(let action, _): verbs.insert(action.words.verb)
        case .expect(let checks):
          for check in checks {
            if case .callbacks(let list) = check.value {
              calls.formUnion(list.map { $0 == .didPause ? "didPause" : "didChangeAuthorization" })
            } else {
              values.insert("\(check.observable.key)=\(check.value)")
            }
          }
        }
      }
    }
    for verb in [
      "launch", "terminate", "tap", "settings", "manager", "release", "configure", "request",
      "startUpdatingLocation", "startMonitoringSignificantLocationChanges",
      "startMonitoringVisits", "startMonitoring",
    ] {
      #expect(verbs.contains(verb), "no generated story has a '\(verb)' step")
    }
    #expect(calls == ["didChangeAuthorization", "didPause"])
    for value in [
      "locationUpdates=full", "locationUpdates=reduced", "locationUpdates=none",
      "significantChanges=delivered", "visits=delivered", "regionEvents=delivered",
      "regionEvents=none",
    ] {
      #expect(values.contains(value), "no generated story observes \(value)")
    }
  }

  /// A view model's trace with one call too few, one value wrong: the runner finds each.
  @Test("a wrong trace of the fake is caught by the runner", arguments: 0..<scenarioCount)
  func wrongTraceIsCaught(index: Int) throws {
    var issues: [String] = []
    let traced = try Self.fakeTrace(try Self.readBack(Self.script(index)), issues: &issues)
    var wrongs: [(String, ScenarioScript)] = []
    // One delegate call dropped: the last of the first step that made one.
    if let (stepIndex, checkIndex) = Self.first(
      in: traced,
      where: {
        if case .callbacks(let calls) = $0.value { !calls.isEmpty } else { false }
      })
    {
      var wrong = traced
      Self.edit(&wrong, stepIndex, checkIndex) {
        if case .callbacks(let calls) = $0.value { $0.value = .callbacks(Array(calls.dropLast())) }
      }
      wrongs.append(("a call dropped", wrong))
    }
    // One delivery said otherwise: the first visits, regionEvents or locationUpdates value.
    if let (stepIndex, checkIndex) = Self.first(
      in: traced,
      where: {
        [.visits, .regionEvents, .locationUpdates].contains($0.observable.key)
      })
    {
      var wrong = traced
      Self.edit(&wrong, stepIndex, checkIndex) {
        switch $0.value {
        case .visits(let v): $0.value = .visits(v == .none ? .delivered : .none)
        case .regionEvents(let v): $0.value = .regionEvents(v == .none ? .delivered : .none)
        case .locationUpdates(let v): $0.value = .locationUpdates(v == .none ? .full : .none)
        default: break
        }
      }
      wrongs.append(("a delivery said otherwise", wrong))
    }
    #expect(wrongs.count == 2)
    for (what, wrong) in wrongs {
      #expect(try Self.run(wrong).failure != nil, "\(what) goes unnoticed")
    }
  }

  /// The first check of `traced` that `matches`: its step and its index there.
  static func first(
    in traced: ScenarioScript, where matches: (ScenarioScript.Check) -> Bool
  ) -> (Int, Int)? {
    for (stepIndex, step) in traced.steps.enumerated() {
      guard case .expect(let checks) = step, let index = checks.firstIndex(where: matches) else {
        continue
      }
      return (stepIndex, index)
    }
    return nil
  }

  static func edit(
    _ script: inout ScenarioScript, _ stepIndex: Int, _ checkIndex: Int,
    _ change: (inout ScenarioScript.Check) -> Void
  ) {
    guard case .expect(var checks) = script.steps[stepIndex] else { return }
    change(&checks[checkIndex])
    script.steps[stepIndex] = .expect(checks)
  }
}
