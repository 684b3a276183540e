import AuthApp
import AuthEngine
import AuthModel
import Foundation
import Testing

/// App files of CLLocationManager apps (§8b): their holdings explored, their packed state, and
/// the same description built in Swift.
@Suite struct LegacyAppTests {
  static let apps = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
      "scenarios/apps")

  static func load(_ name: String) throws -> AppDescription {
    try AppFile.load(path: apps.appendingPathComponent(name).path).app.get()
  }

  /// Pace, the run tracker of scenarios/apps, built in Swift.
  static let pace = AppDescription(
    name: "Pace",
    configuration: AppConfiguration(
      infoPlist: InfoPlist(
        whenInUseUsageDescription: "Maps your run", backgroundModes: ["location"])),
    features: [
      Feature(
        "run", restore: true, inBackground: .keep,
        holds: [
          Holding(
            .manager("tracker"),
            properties: ManagerProperties(
              allowsBackgroundLocationUpdates: true, showsBackgroundLocationIndicator: true,
              pausesLocationUpdatesAutomatically: false)),
          Holding(.updatingLocation(manager: "tracker")),
        ],
        requests: [FeatureRequest(.whenInUse)],
        needs: Feature.Needs(
          foreground: Condition([
            .observable(.locationUpdates, [.locationUpdates(.full), .locationUpdates(.reduced)])
          ]),
          background: Condition([
            .observable(.locationUpdates, [.locationUpdates(.full), .locationUpdates(.reduced)])
          ])))
    ])

  @Test("a description built in Swift explores as its app file does")
  func swiftDescription() throws {
    var file = try Self.load("pace-run-tracker.yaml")
    file.checks = []
    let built = AppChecker.check(Self.pace)
    let read = AppChecker.check(file)
    #expect(built.passed)
    #expect(built.explorations == read.explorations)
    #expect(built.explorations.map(\.states) == [20, 662])
  }

  @Test(
    "the legacy examples pack into one word",
    arguments: [
      ("pace-run-tracker.yaml", 43), ("transit-alarm.yaml", 43), ("visits-diary.yaml", 43),
      ("ios17-legacy-nearby.yaml", 42), ("stride-two-managers.yaml", 53),
    ])
  func packedWidth(_ name: String, _ bits: Int) throws {
    let system = try AppSystem(try Self.load(name), cooperative: false)
    #expect(system.usesLegacy)
    #expect(system.bitWidth == bits)
  }

  @Test("an app of the legacy services takes the user's swipe and the system's pause; others don't")
  func legacySteps() throws {
    let legacy = try AppSystem(try Self.load("visits-diary.yaml"), cooperative: false)
    let plain = try AppSystem(try Self.load("eki-bright.yaml"), cooperative: false)
    for step in [AuthorizationEvent.terminateByUser, .pauseUpdates] {
      #expect(legacy.actions.contains(.event(step)))
      #expect(!plain.actions.contains(.event(step)))
    }
  }

  @Test("a registration outlives its feature: the terminated app is relaunched for it, feature off")
  func registrationOutlivesFeature() throws {
    var app = try Self.load("visits-diary.yaml")
    app.features[0].restore = false
    app.start.location = .always
    let system = try AppSystem(app, cooperative: false)
    var state = try #require(system.initialStates.first)
    for action: AppSystem.Action in [.event(.launch), .start(0), .event(.terminate)] {
      state = try #require(system.next(state, action), "\(action)")
    }
    #expect(state.on == 0)
    #expect(state.explored.model.legacy.visitsRegistered)
    // R36: relaunched for the registration, with the feature off (not restored).
    let relaunched = try #require(system.next(state, .event(.relaunchInBackground)))
    #expect(relaunched.on == 0)
    #expect(relaunched.explored.model.app == .background)
  }

  @Test("the transit alarm explores the states it did when it was written")
  func transitAlarmStates() throws {
    let report = AppChecker.check(try Self.load("transit-alarm.yaml"))
    #expect(report.passed)
    #expect(report.explorations.map(\.states) == [37, 1452])
  }

  /// A run tracker whose manager's two properties are chosen.
  static func tracker(allowsBackground: Bool, pausesAutomatically: Bool) throws -> AppDescription {
    try AppSchemaTests.check(
      """
      app: Tracker
      ios: 18
      info:
        NSLocationWhenInUseUsageDescription: x
        UIBackgroundModes: [location]
      features:
        run:
          restore: true
          inBackground: keep
          requests: [whenInUse]
          holds:
            - manager: m
              allowsBackgroundLocationUpdates: \(allowsBackground)
              pausesLocationUpdatesAutomatically: \(pausesAutomatically)
            - updatingLocation: m
          needs:
            background:
              locationUpdates: [full, reduced]
      """
    ).get()
  }

  @Test(
    "works on a run tracker agrees with a brute-force search, and so does the number of states",
    arguments: [(false, false), (false, true), (true, false), (true, true)])
  func worksMatchesBruteForce(allowsBackground: Bool, pausesAutomatically: Bool) throws {
    let app = try Self.tracker(
      allowsBackground: allowsBackground, pausesAutomatically: pausesAutomatically)
    // The tracker's background need, read straight from the model.
    let brute = try AppSystemTests.bruteForce(app) { m, c in
      var trace = Trace.off
      return m.locationUpdates(c, trace: &trace) == .none
    }
    let report = AppChecker.check(app, options: ExplorationOptions(threads: 1))
    #expect(report.explorations.first?.states == brute.states)
    #expect(
      report.failures.contains { $0.kind == .works(feature: "run", place: .background) }
        == brute.unmet)
    // The verdicts, written down: updates keep a When In Use app running in the background
    // only with allowsBackgroundLocationUpdates (R44), and only while Core Location may not
    // pause them (R46).
    #expect(brute.unmet == !(allowsBackground && !pausesAutomatically))
  }

  @Test("each manager of an app of the legacy services has its own properties and updates")
  func managersHaveTheirOwnProperties() throws {
    let app = try Self.load("stride-two-managers.yaml")
    #expect(AppChecker.check(app).passed)
    let system = try AppSystem(app, cooperative: false)
    let (recorder, map) = (ManagerID(0).bit, ManagerID(1).bit)
    var state = try #require(system.initialStates.first)
    // The club map starts with the launch into the foreground; the user allows While Using,
    // then starts a run.
    for action: AppSystem.Action in [
      .event(.launch), .event(.tap(.allowWhileUsing, precise: true)), .start(0),
    ] {
      state = try #require(system.next(state, action), "\(action)")
    }
    var legacy = state.explored.model.legacy
    #expect(state.explored.model.heldManagers == recorder | map)
    #expect(legacy.updating == recorder | map)
    #expect(legacy.allowsBackgroundLocationUpdates == recorder)
    #expect(legacy.pausesManually == recorder)
    #expect(legacy.sessionClaims == recorder)
    // Leaving the screen releases the map's manager and its updates, not the run's (R44).
    state = try #require(system.next(state, .event(.enterBackground)))
    legacy = state.explored.model.legacy
    #expect(state.explored.model.heldManagers == recorder)
    #expect(legacy.updating == recorder && legacy.sessionClaims == recorder)
    // The recorder's updates pause only manually: the system has nothing to pause (R46).
    #expect(system.next(state, .event(.pauseUpdates)) == nil)
    // Back in the foreground the map's manager is created again, with its own defaults.
    state = try #require(system.next(state, .event(.enterForeground)))
    #expect(state.explored.model.legacy.allowsBackgroundLocationUpdates == recorder)
    #expect(state.explored.model.legacy.updating == recorder | map)
  }

  @Test("a prompt is withdrawn with the manager that asked, though the app holds another (R6)")
  func promptFollowsItsManager() throws {
    let file = BrokenAppTests.folder.appendingPathComponent(
      "legacy-request-released-second-manager.yaml")
    var app = try AppFile.load(path: file.path).app.get()
    let released = try #require(AppChecker.check(app).failures.first)
    // Leaving the foreground releases the onboarding manager, and the prompt goes with it.
    #expect(released.story.count == 2)
    #expect(released.story.last?.reactions == ["release: onboarding"])
    #expect(released.because.contains { $0.rule == .r6 })
    // Kept through the background, the manager's prompt stays: only a Settings change makes
    // the status undetermined with no prompt there, a step later.
    app.features[1].startedBy = .launch
    app.features[1].inBackground = .keep
    let kept = try #require(AppChecker.check(app).failures.first)
    #expect(kept.story.count == 3)
    #expect(kept.story.last?.step == "settings: location askNextTime")
  }

  @Test("an app's managers are numbered in file order where it uses the legacy services, else one")
  func managerNumbers() throws {
    let stride = try AppSystem(try Self.load("stride-two-managers.yaml"), cooperative: false)
    #expect(stride.managerIDs == ["recorder": ManagerID(0), "map": ManagerID(1)])
    #expect(stride.names.managers == ["recorder", "map"])
    let plain = try AppSchemaTests.check(
      """
      app: Two Screens
      ios: 18
      info:
        NSLocationWhenInUseUsageDescription: x
      features:
        a:
          holds:
            - manager: first
        b:
          holds:
            - manager: second
      """
    ).get()
    let system = try AppSystem(plain, cooperative: false)
    #expect(!system.usesLegacy)
    #expect(system.managerIDs == ["first": ManagerID(0), "second": ManagerID(0)])
    #expect(system.names.managers == ["first"])
  }
}
