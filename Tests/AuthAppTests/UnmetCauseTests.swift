import AuthApp
import AuthModel
import Testing

@Suite struct UnmetCauseTests {
  /// One row of docs/APPS.md's table of reasons: a story on the model, the observable left
  /// unmet and the values wanted, and the cause the table gives.
  struct Row: CustomTestStringConvertible, Sendable {
    let name: String
    var ios: IOSVersion = .ios18
    var start = StartingState(location: .whileUsing, precise: true, app: .foreground)
    let steps: [AuthorizationEvent]
    let key: ObservableKey
    let wanted: [ObservedValue]
    var context = UnmetCause.Context()
    let cause: UnmetCause
    var testDescription: String { "\(cause.ids.joined(separator: " ")): \(name)" }
  }

  static let walk = PurposeKey(index: 0)
  static let manager = ManagerID(0)
  static let session = SessionID(0)

  static func configuration(_ ios: IOSVersion) -> AppConfiguration {
    AppConfiguration(
      ios: ios,
      infoPlist: InfoPlist(
        whenInUseUsageDescription: "x", alwaysAndWhenInUseUsageDescription: "x",
        temporaryUsageDescriptions: ["Walk": "x"], backgroundModes: ["location"]))
  }

  static let rows: [Row] = [
    Row(
      name: "Location Services off", start: StartingState(locationServicesEnabled: false),
      steps: [.launch, .liveUpdates(iterating: true)], key: .updates, wanted: [.updates(.full)],
      cause: .locationServicesOff),
    Row(
      name: "restrictions over a stored Never",
      start: StartingState(location: .never, restrictionsEnabled: true, app: .foreground),
      steps: [.monitor(iterating: true)], key: .monitorEvents, wanted: [.monitorEvents(.delivered)],
      cause: .restricted),
    Row(
      name: "Never", start: StartingState(location: .never, app: .foreground),
      steps: [.monitor(iterating: true)], key: .monitorEvents, wanted: [.monitorEvents(.delivered)],
      cause: .denied),
    Row(
      name: "not determined on iOS 17 with no request", ios: .ios17,
      start: StartingState(app: .foreground), steps: [], key: .authorizationStatus,
      wanted: [.authorizationStatus(.authorizedWhenInUse)], cause: .notRequested),
    Row(
      name: "not determined in the background", start: StartingState(app: .background),
      steps: [], key: .authorizationStatus, wanted: [.authorizationStatus(.authorizedWhenInUse)],
      cause: .notDeterminedOutsideForeground),
    Row(
      name: "a purpose key missing from Info.plist", start: StartingState(precise: false),
      steps: [
        .launch,
        .createSession(
          session, authorization: .whenInUse, fullAccuracyPurposeKey: PurposeKey(index: 3)),
      ], key: .accuracyAuthorization, wanted: [.accuracyAuthorization(.fullAccuracy)],
      cause: .purposeKeyMissing),
    Row(
      name: "the temporary full accuracy prompt waits for the foreground",
      start: StartingState(location: .whileUsing, precise: false, app: .background),
      steps: [.createSession(session, authorization: .whenInUse, fullAccuracyPurposeKey: walk)],
      key: .accuracyAuthorization, wanted: [.accuracyAuthorization(.fullAccuracy)],
      cause: .fullAccuracyPromptWaiting),
    Row(
      name: "the full accuracy prompt declined this run",
      start: StartingState(location: .whileUsing, precise: false, app: .foreground),
      steps: [
        .createSession(session, authorization: .whenInUse, fullAccuracyPurposeKey: walk),
        .tap(.dontAllow, precise: nil), .liveUpdates(iterating: true),
      ], key: .updates, wanted: [.updates(.full)], cause: .fullAccuracyDeclined),
    Row(
      name: "the always session created out of use",
      start: StartingState(location: .always, precise: true, app: .background),
      steps: [
        .createSession(session, authorization: .always, fullAccuracyPurposeKey: nil), .wait,
        .monitor(iterating: true),
      ], key: .monitorEvents, wanted: [.monitorEvents(.delivered)],
      cause: .alwaysSessionCreatedOutOfUse),
    Row(
      name: "provisional Always waiting for its system prompt", start: StartingState(precise: true),
      steps: [
        .launch, .requestAlwaysAuthorization, .tap(.allowWhileUsing, precise: true),
        .monitor(iterating: true), .enterBackground, .wait,
      ], key: .monitorEvents, wanted: [.monitorEvents(.delivered)], cause: .provisionalAlways),
    Row(
      name: "While Using out of use",
      steps: [.monitor(iterating: true), .enterBackground, .wait], key: .monitorEvents,
      wanted: [.monitorEvents(.delivered)], cause: .alwaysNotInEffect),
    Row(
      name: "iOS 17 at reduced accuracy", ios: .ios17,
      start: StartingState(location: .whileUsing, precise: false, app: .foreground),
      steps: [.liveUpdates(iterating: true)], key: .updates, wanted: [.updates(.full)],
      cause: .reducedOnIOS17),
    Row(
      name: "monitor events at reduced accuracy",
      start: StartingState(location: .whileUsing, precise: false, app: .foreground),
      steps: [.monitor(iterating: true)], key: .monitorEvents,
      wanted: [.monitorEvents(.delivered)], cause: .monitorAtReducedAccuracy),
    Row(
      name: "the feature paused by the app", steps: [.enterBackground], key: .updates,
      wanted: [.updates(.full)], context: UnmetCause.Context(paused: true), cause: .paused),
    Row(
      name: "Always declined",
      start: StartingState(
        location: .whileUsing, precise: true, alwaysPromptSpent: true, app: .foreground),
      steps: [], key: .authorizationStatus, wanted: [.authorizationStatus(.authorizedAlways)],
      cause: .alwaysDeclined),
    Row(
      name: "Always never asked", steps: [], key: .authorizationStatus,
      wanted: [.authorizationStatus(.authorizedAlways)], cause: .alwaysNotAsked),
    Row(
      name: "continuous updates the system paused",
      steps: [
        .createManager(manager), .startUpdatingLocation(manager), .enterBackground, .pauseUpdates,
      ],
      key: .locationUpdates, wanted: [.locationUpdates(.full)],
      context: UnmetCause.Context(startsUpdates: true), cause: .updatesPausedBySystem),
    Row(
      name: "no manager updates", steps: [.createManager(manager)], key: .locationUpdates,
      wanted: [.locationUpdates(.full)], cause: .notUpdating),
    Row(
      name: "continuous updates out of use without a background session",
      steps: [.createManager(manager), .startUpdatingLocation(manager), .enterBackground, .wait],
      key: .locationUpdates, wanted: [.locationUpdates(.full), .locationUpdates(.reduced)],
      cause: .suspended),
    Row(
      name: "continuous updates with Precise off",
      start: StartingState(location: .whileUsing, precise: false, app: .foreground),
      steps: [.createManager(manager), .startUpdatingLocation(manager)], key: .locationUpdates,
      wanted: [.locationUpdates(.full)], cause: .preciseOff),
    Row(
      name: "significant changes not started in this run",
      start: StartingState(
        location: .always, precise: true, app: .foreground, significantChanges: true),
      steps: [.createManager(manager)], key: .significantChanges,
      wanted: [.significantChanges(.delivered)], cause: .significantChangesNotStarted),
    Row(
      name: "significant changes out of use without Always",
      steps: [
        .createManager(manager), .startMonitoringSignificantLocationChanges(manager),
        .enterBackground, .wait,
      ], key: .significantChanges, wanted: [.significantChanges(.delivered)],
      cause: .significantChangesOutOfUse),
    Row(
      name: "visits not started", steps: [.createManager(manager)], key: .visits,
      wanted: [.visits(.delivered)], cause: .visitsNotStarted),
    Row(
      name: "visits out of use without Always",
      steps: [.createManager(manager), .startMonitoringVisits(manager), .enterBackground, .wait],
      key: .visits, wanted: [.visits(.delivered)], cause: .visitsOutOfUse),
    Row(
      name: "no region registered", steps: [.createManager(manager)], key: .regionEvents,
      wanted: [.regionEvents(.delivered)], cause: .noRegion),
    Row(
      name: "regions without a manager",
      start: StartingState(location: .whileUsing, precise: true, app: .foreground, regions: ["r"]),
      steps: [], key: .regionEvents, wanted: [.regionEvents(.delivered)],
      cause: .noManagerForRegions),
    Row(
      name: "regions out of use without Always",
      steps: [
        .createManager(manager), .startMonitoring(manager, region: RegionID(0)), .enterBackground,
        .wait,
      ], key: .regionEvents, wanted: [.regionEvents(.delivered)], cause: .regionsOutOfUse),
    Row(
      name: "regions at reduced accuracy",
      start: StartingState(location: .whileUsing, precise: false, app: .foreground),
      steps: [.createManager(manager), .startMonitoring(manager, region: RegionID(0))],
      key: .regionEvents, wanted: [.regionEvents(.delivered)], cause: .regionsAtReducedAccuracy),
    Row(
      name: "a value the table has no row for: the rules the model cites",
      steps: [], key: .settingsShows, wanted: [.settingsShows(.always)], cause: .cited([.r1])),
  ]

  @Test("each row of the table of reasons, decided by the model's own answers", arguments: rows)
  func row(_ row: Row) throws {
    let c = Self.configuration(row.ios)
    var state = AuthorizationState(configuration: c, start: row.start)
    for step in row.steps {
      state = try #require(state.applying(step, configuration: c), "\(step) is refused")
    }
    var trace = Trace.off
    #expect(!row.wanted.contains(row.key.value(in: state, c, trace: &trace)))
    #expect(
      UnmetCause(of: row.key, wanted: row.wanted, in: state, c, context: row.context) == row.cause)
  }

  @Test("a cause's words are the table's: rule ids in its order, or 'paused'")
  func words() {
    #expect(UnmetCause.fullAccuracyDeclined.ids == ["R31", "R22"])
    #expect(UnmetCause.provisionalAlways.ids == ["R20", "R14"])
    #expect(UnmetCause.noManagerForRegions.ids == ["R49", "R41"])
    #expect(UnmetCause.paused.ids == ["paused"])
  }
}
