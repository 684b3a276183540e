import AuthApp
import AuthModel
import AuthScenario
import TestSupport
import Testing

@Suite struct AppSchemaTests {
  /// Checks `text` against the app-file schema; `info:` paths are refused.
  static func check(_ text: String) -> Result<AppDescription, DiagnosticError> {
    let read = YAMLReader.read(text)
    if read.hasErrors { return .failure(DiagnosticError(read.diagnostics)) }
    return AppSchema.check(read.root) { path in
      .failure(InfoPlistError("unexpected read of '\(path)'"))
    }
  }

  /// The example of the format's documentation, with its Info.plist inline.
  static let ekiBright = """
    # Eki Bright: nearby stations, arrival alerts, walking directions to the station.
    app: Eki Bright
    ios: 18
    info:
      NSLocationWhenInUseUsageDescription: Shows stations near you
      NSLocationAlwaysAndWhenInUseUsageDescription: Alerts you before your station
      NSLocationTemporaryUsageDescriptionDictionary:
        Walk: Walking directions need your precise location
      UIBackgroundModes: [location]
    features:
      1️⃣nearbyStations:
        startedBy: launch
        holds:
          2️⃣- session: app
            authorization: whenInUse
          - manager: main
      arrivalAlert:
        restore: true
        inBackground: keep
        holds:
          - session: alerts
            authorization: always
          - monitor
          - backgroundActivity
        needs:
          3️⃣background:
            monitorEvents: delivered
      walkingDirections:
        holds:
          - session: walk
            authorization: whenInUse
            fullAccuracyPurposeKey: 4️⃣Walk
          - liveUpdates
        needs:
          foreground:
            updates: full
    checks:
      5️⃣- name: Always is asked only once arrival alerts are on
        when:
          prompt: alwaysUpgrade
        expect:
          features: [arrivalAlert]
      - name: a denied user can still open the app and see stations
        user: cooperative
        reachable:
          authorizationStatus: [denied, restricted]
          app: foreground
    """

  @Test("decodes every part of the documented example, with its positions")
  func decodesExample() throws {
    let marked = MarkedSource(Self.ekiBright)
    let app = try Self.check(marked.text).get()
    #expect(app.name == "Eki Bright")
    #expect(app.configuration.ios == .ios18)
    #expect(app.configuration.infoPlist.backgroundModes == ["location"])
    #expect(app.start == StartingState())
    #expect(app.features.map(\.name) == ["nearbyStations", "arrivalAlert", "walkingDirections"])
    let stations = app.features[0]
    #expect(stations.startedBy == .launch)
    #expect(stations.backgroundBehavior == .pause && stations.inBackground == nil)
    #expect(stations.positions.name == marked[0])
    #expect(
      stations.holds
        == [
          Holding(
            .session(id: "app", authorization: .whenInUse, fullAccuracyPurposeKey: nil),
            at: marked[1]),
          Holding(.manager("main"), at: SourcePosition(line: 16, column: 7)),
        ])
    let alerts = app.features[1]
    #expect(alerts.startedBy == .user && alerts.restore && alerts.inBackground == .keep)
    #expect(
      alerts.holds.map(\.kind) == [
        .session(id: "alerts", authorization: .always, fullAccuracyPurposeKey: nil), .monitor,
        .backgroundActivity,
      ])
    #expect(alerts.needs.foreground == nil)
    #expect(alerts.needs.background?.terms.map(\.term) == [.monitorEvents([.delivered])])
    #expect(alerts.positions.backgroundNeed == marked[2])
    let walk = app.features[2]
    #expect(walk.holds.first?.purposeKeyPosition == marked[3])
    #expect(walk.needs.foreground?.terms.map(\.term) == [.updates([.full])])
    #expect(app.checks.count == 2)
    #expect(app.checks[0].position == marked[4])
    #expect(app.checks[0].name == "Always is asked only once arrival alerts are on")
    #expect(
      app.checks[0].kind
        .conditions.map { $0.terms.map(\.term) } == [
          [.prompt([.alwaysUpgrade])], [.features(["arrivalAlert"])],
        ])
    #expect(app.checks[1].users == .cooperative)
    guard case .reachable(let condition) = app.checks[1].kind else {
      Issue.record("expected a 'reachable' check")
      return
    }
    #expect(
      condition.terms.map(\.term) == [
        .authorizationStatus([.denied, .restricted]), .app([.foreground]),
      ])
  }

  @Test("reads legacy requests, a diagnostics condition and 'start' without 'app'")
  func decodesRequestsAndDiagnostics() throws {
    let app = try Self.check(
      """
      app: Legacy
      start:
        location: whileUsing
        precise: off
      features:
        map:
          startedBy: foreground
          requests:
            - whenInUse
            - temporaryFullAccuracy: Nav
          holds:
            - session: s
              authorization: none
            - liveUpdates
      checks:
        - never:
            diagnostics:
              s: [authorizationDenied]
              liveUpdates: []
            featuresOff: map
      """
    ).get()
    #expect(app.start.location == .whileUsing && app.start.precise == false)
    #expect(
      app.features[0].requests.map(\.kind) == [
        .whenInUse, .temporaryFullAccuracy(purposeKey: "Nav"),
      ])
    #expect(
      app.checks[0].kind.conditions[0].terms.map(\.term) == [
        .diagnostics(holder: "s", flags: [.authorizationDenied]),
        .diagnostics(holder: "liveUpdates", flags: []), .featuresOff(["map"]),
      ])
  }

  /// A file with one misuse, marked where its error must point, and the error's message.
  struct Misuse: CustomTestStringConvertible, Sendable {
    let source: String
    let message: String
    var testDescription: String { message }
  }

  static let minimalFeatures = """
    features:
      f:
        holds:
          - session: s
            authorization: whenInUse
    """

  static let misuses: [Misuse] = [
    Misuse(
      source: "app: A\n1️⃣scenario: B\n" + minimalFeatures,
      message: "a file is an app file ('app') or a scenario ('scenario'), not both"),
    Misuse(
      source: "scenario: B\n1️⃣app: A\n" + minimalFeatures,
      message: "a file is an app file ('app') or a scenario ('scenario'), not both"),
    Misuse(
      source: "app: A\n" + minimalFeatures + "\n1️⃣steps:\n  - launch",
      message:
        "an app file has no 'steps'; authcheck explores every story of the app (write a single "
        + "story as a scenario)"),
    Misuse(
      source: "app: A\n1️⃣descripton: x\n" + minimalFeatures,
      message: "unknown key 'descripton' in an app file; did you mean 'description'?"),
    Misuse(source: "1️⃣app: A\n", message: "missing required key 'features'"),
    Misuse(
      source: "app: A\nfeatures: 1️⃣x",
      message: "expected a mapping for 'features'; got a scalar"),
    Misuse(
      source: "app: A\nstart:\n  1️⃣app: foreground\n" + minimalFeatures,
      message: "an app file's exploration starts with the app not running; remove 'app'"),
    Misuse(
      source: "app: A\nfeatures:\n  f:\n    1️⃣startBy: launch\n    holds: [monitor]",
      message: "unknown key 'startBy' in feature 'f'; did you mean 'startedBy'?"),
    Misuse(
      source: "app: A\nfeatures:\n  f:\n    startedBy: 1️⃣lunch\n    holds: [monitor]",
      message: "unknown value 'lunch'; did you mean 'launch'?"),
    Misuse(
      source: "app: A\nfeatures:\n  f:\n    holds:\n      - 1️⃣monitr",
      message: "unknown holding 'monitr'; did you mean 'monitor'?"),
    Misuse(
      source: "app: A\nfeatures:\n  f:\n    holds:\n      - 1️⃣session: s",
      message: "a 'session' needs 'authorization: none|whenInUse|always'"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds:\n      - session: 1️⃣monitor\n        authorization: none",
      message: "'monitor' names an implicit diagnostics holder; choose another session id"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds:\n      - session: s\n        authorization: always\n        1️⃣fullAccuracyPurposeKy: K",
      message:
        "unexpected key 'fullAccuracyPurposeKy' in a 'session'; did you mean 'fullAccuracyPurposeKey'?"
    ),
    Misuse(
      source: "app: A\nfeatures:\n  1️⃣f:\n    startedBy: user",
      message: "feature 'f' holds nothing; give 'holds' (or 'requests' for a legacy app)"),
    Misuse(
      source: "app: A\nfeatures:\n  f:\n    requests:\n      - 1️⃣alway",
      message: "unknown request 'alway'; did you mean 'always'?"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds: [monitor]\n    needs:\n      1️⃣backgrond:\n        monitorEvents: delivered",
      message: "unknown key 'backgrond' in 'needs'; did you mean 'background'?"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds: [monitor]\n    needs:\n      background:\n        monitorEvents: 1️⃣deliverd",
      message: "unknown value 'deliverd'; did you mean 'delivered'?"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds: [monitor]\n    needs:\n      background:\n        1️⃣requestResult: prompted",
      message:
        "unknown key 'requestResult' in a condition; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"
    ),
    // The misuses that involve several places (AppDescription.validationErrors).
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds:\n      - session: s\n        authorization: none\n  g:\n    holds:\n      1️⃣- session: s\n        authorization: none",
      message: "session id 's' already belongs to feature 'f'; a session id belongs to one feature"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds:\n      - manager: m\n  g:\n    holds:\n      1️⃣- manager: m",
      message:
        "manager name 'm' already belongs to feature 'f'; a manager name belongs to one feature"),
    Misuse(
      source: "app: A\nfeatures:\n  f:\n    holds:\n      - monitor\n      1️⃣- monitor",
      message: "feature 'f' holds 'monitor' twice"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    startedBy: launch\n    1️⃣restore: true\n    holds: [monitor]",
      message:
        "'restore' is only for a feature the user starts; 'f' is started by 'launch' at every launch"
    ),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    startedBy: foreground\n    1️⃣inBackground: pause\n    holds: [monitor]",
      message:
        "'inBackground' does not apply to 'f': the app stops a 'foreground' feature when it leaves the foreground"
    ),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds: [monitor]\n    needs:\n      foreground:\n        1️⃣app: foreground",
      message:
        "'app' is not an observable; a foreground need is checked where the feature is on and the app is in the foreground, on what Core Location shows the app"
    ),
    Misuse(
      source: "app: A\n" + minimalFeatures
        + "\nchecks:\n  - never:\n      features: [f, 1️⃣elsewhere]",
      message: "no feature named 'elsewhere'"),
    Misuse(
      source:
        "app: A\nfeatures:\n  stations:\n    holds: [monitor]\nchecks:\n  - always:\n      featuresOff: 1️⃣station",
      message: "no feature named 'station'; did you mean 'stations'?"),
    Misuse(
      source: "app: A\n" + minimalFeatures
        + "\nchecks:\n  - never:\n      diagnostics:\n        1️⃣monitor: []",
      message: "no feature holds 'monitor'; holders: s"),
    // The legacy services (§8b).
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds:\n      1️⃣- updatingLocation: m\n      - manager: m",
      message:
        "'updatingLocation: m' runs on manager 'm', which feature 'f' does not hold earlier in "
        + "its list; hold '- manager: m' before it"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds:\n      - manager: tracker\n      1️⃣- visits: trakcer",
      message:
        "'visits: trakcer' runs on manager 'trakcer', which feature 'f' does not hold earlier in "
        + "its list; did you mean 'tracker'?"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds:\n      - manager: m\n      - regions: m\n        count: 1️⃣0",
      message: "'count' is a whole number of regions, at least 1; got '0'"),
    Misuse(
      source: "app: A\nfeatures:\n  f:\n    holds:\n      - manager: m\n      - 1️⃣regions: m",
      message: "'regions' needs 'count: N', the number of regions"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds:\n      - manager: m\n        allowsBackgroundLocationUpdates: 1️⃣yes",
      message: "unknown value 'yes'; expected 'true' or 'false'"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds:\n      - manager: m\n        1️⃣pausesLocationUpdatesAutomaticaly: false",
      message:
        "unexpected key 'pausesLocationUpdatesAutomaticaly' in a 'manager'; did you mean "
        + "'pausesLocationUpdatesAutomatically'?"),
    Misuse(
      source: "app: A\nfeatures:\n  f:\n    holds:\n      - 1️⃣signifcantChanges: m",
      message: "unknown holding 'signifcantChanges'; did you mean 'significantChanges'?"),
    Misuse(
      source: "app: A\nfeatures:\n  f:\n    holds:\n      - 1️⃣visits",
      message: "'visits' needs the manager it runs on, as in 'visits: NAME'"),
    Misuse(
      source:
        "app: A\nfeatures:\n  f:\n    holds:\n      - manager: m\n      - visits: m\n      1️⃣- visits: m",
      message: "feature 'f' holds 'visits' twice"),
    // Checks.
    Misuse(
      source: "app: A\n" + minimalFeatures + "\nchecks:\n  - 1️⃣name: nothing",
      message: "a check needs one of 'always', 'never', 'when' (with 'expect') or 'reachable'"),
    Misuse(
      source: "app: A\n" + minimalFeatures
        + "\nchecks:\n  - never:\n      app: background\n    1️⃣always:\n      app: foreground",
      message:
        "a check has one of 'always', 'never', 'when' or 'reachable'; 'never' is already given"),
    Misuse(
      source: "app: A\n" + minimalFeatures + "\nchecks:\n  - 1️⃣when:\n      app: background",
      message: "'when' needs 'expect': what must hold in those states"),
    Misuse(
      source: "app: A\n" + minimalFeatures
        + "\nchecks:\n  - never:\n      app: background\n    1️⃣expect:\n      app: foreground",
      message: "'expect' goes only with 'when'"),
    Misuse(
      source: "app: A\n" + minimalFeatures
        + "\nchecks:\n  - user: 1️⃣cooperativ\n    never:\n      app: background",
      message: "unknown value 'cooperativ'; did you mean 'cooperative'?"),
    Misuse(
      source: "app: A\n" + minimalFeatures
        + "\nchecks:\n  - never:\n      app: [background, 1️⃣background]",
      message: "'background' is listed twice"),
    Misuse(
      source: "app: A\n" + minimalFeatures + "\nchecks:\n  - never: 1️⃣x",
      message: "expected a mapping for 'never'; got a scalar"),
  ]

  @Test("every misuse is one error at its position", arguments: misuses)
  func misuse(_ misuse: Misuse) {
    let marked = MarkedSource(misuse.source)
    switch Self.check(marked.text) {
    case .success:
      Issue.record("the file was accepted")
    case .failure(let error):
      #expect(error.diagnostics == [.error(misuse.message, at: marked[0])])
    }
  }

  @Test("several misuses are all reported, sorted by position")
  func reportsEveryError() throws {
    let marked = MarkedSource(
      """
      app: A
      ios: 1️⃣16
      features:
        2️⃣f:
          3️⃣hold: [monitor]
          startedBy: 4️⃣nobody
      """)
    guard case .failure(let error) = Self.check(marked.text) else {
      Issue.record("the file was accepted")
      return
    }
    #expect(error.diagnostics.map(\.position) == marked.positions)
  }
}

extension AppSchemaTests {
  @Test("thousands of misspelt features: the first hundred errors, then a note")
  func manyMisspeltFeatures() {
    let count = 2_500
    let features = (0..<count).map { "  station\($0):\n    holds: [monitor]\n" }.joined()
    let references = (0..<count).map { "        - staton\($0)\n" }.joined()
    let text =
      "app: A\nfeatures:\n" + features + "checks:\n  - never:\n      features:\n"
      + references
    guard case .failure(let error) = Self.check(text) else {
      Issue.record("the file was accepted")
      return
    }
    let limit = YAMLReader.maximumErrorCount
    let first = 2 + 2 * count + 4
    #expect(error.diagnostics.count == limit + 1)
    #expect(
      error.diagnostics.first
        == .error(
          "no feature named 'staton0'; did you mean 'station0'?",
          at: SourcePosition(line: first, column: 11)))
    #expect(error.diagnostics.dropLast().allSatisfy { $0.severity == .error })
    #expect(
      error.diagnostics.last
        == .note(
          "too many errors; stopping here", at: SourcePosition(line: first + limit, column: 11)))
  }
}
