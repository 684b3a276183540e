import AuthModel
import Testing

/// RULES.md §2: derived values (R1–R4).
@Suite struct DerivedValueTests {
  /// A grant that needs a prompt to reach, on top of a starting state.
  enum Grant: String, Sendable {
    case stored, allowOnce, provisionalAlways
  }

  struct StatusCase: Sendable, CustomTestStringConvertible {
    var name: String
    var start: StartingState
    var grant: Grant = .stored
    var status: AuthorizationStatus
    var settings: LocationSetting
    var testDescription: String { name }
  }

  static let statusTable: [StatusCase] = [
    StatusCase(
      name: "Location Services off over Always",
      start: .init(
        location: .always,
        locationServicesEnabled: false), status: .denied, settings: .always),
    StatusCase(
      name: "Location Services off over Ask Next Time",
      start: .init(locationServicesEnabled: false), status: .denied, settings: .askNextTime),
    StatusCase(
      name: "Location Services off wins over restrictions",
      start: .init(locationServicesEnabled: false, restrictionsEnabled: true), status: .denied,
      settings: .askNextTime),
    StatusCase(
      name: "restrictions on an undecided app", start: .init(restrictionsEnabled: true),
      status: .restricted, settings: .askNextTime),
    StatusCase(
      name: "restrictions keep a While Using grant (assumed)",
      start: .init(location: .whileUsing, restrictionsEnabled: true),
      status: .authorizedWhenInUse, settings: .whileUsing),
    StatusCase(
      name: "restrictions keep an Always grant (assumed)",
      start: .init(location: .always, restrictionsEnabled: true), status: .authorizedAlways,
      settings: .always),
    StatusCase(
      name: "restrictions keep a denial", start: .init(location: .never, restrictionsEnabled: true),
      status: .denied, settings: .never),
    StatusCase(
      name: "Ask Next Time", start: .init(), status: .notDetermined, settings: .askNextTime),
    StatusCase(name: "Never", start: .init(location: .never), status: .denied, settings: .never),
    StatusCase(
      name: "While Using", start: .init(location: .whileUsing), status: .authorizedWhenInUse,
      settings: .whileUsing),
    StatusCase(
      name: "Always", start: .init(location: .always), status: .authorizedAlways,
      settings: .always),
    StatusCase(
      name: "Allow Once", start: .init(), grant: .allowOnce, status: .authorizedWhenInUse,
      settings: .askNextTime),
    StatusCase(
      name: "provisional Always", start: .init(), grant: .provisionalAlways,
      status: .authorizedAlways, settings: .whileUsing),
  ]

  @Test("R1 effective status and what Settings shows", arguments: statusTable)
  func effectiveStatus(_ c: StatusCase) throws {
    var location = try launched(start: c.start)
    switch c.grant {
    case .stored: break
    case .allowOnce:
      try location.requestWhenInUseAuthorization()
      try location.tap(.allowOnce)
    case .provisionalAlways:
      try location.requestAlwaysAuthorization()
      try location.tap(.allowWhileUsing)
    }
    #expect(location.authorizationStatus == c.status)
    #expect(location.settingsShows == c.settings)
    #expect(location.rules(of: .authorizationStatus).contains(.r1))
    #expect(location.rules(of: .settingsShows) == [.r1])
  }

  struct AccuracyCase: Sendable, CustomTestStringConvertible {
    var name: String
    var start: StartingState
    var temporaryFullAccuracy = false
    var accuracy: AccuracyAuthorization
    var testDescription: String { name }
  }

  static let accuracyTable: [AccuracyCase] = [
    AccuracyCase(
      name: "Precise on", start: .init(location: .whileUsing, precise: true),
      accuracy: .fullAccuracy),
    AccuracyCase(
      name: "Precise off", start: .init(location: .whileUsing, precise: false),
      accuracy: .reducedAccuracy),
    AccuracyCase(
      name: "Precise off with temporary full accuracy",
      start: .init(location: .whileUsing, precise: false), temporaryFullAccuracy: true,
      accuracy: .fullAccuracy),
    AccuracyCase(
      name: "undecided app reports the toggle on (assumed)", start: .init(precise: true),
      accuracy: .fullAccuracy),
    AccuracyCase(
      name: "denied app reports the toggle off (assumed)",
      start: .init(location: .never, precise: false), accuracy: .reducedAccuracy),
  ]

  @Test(
    "R2 accuracyAuthorization from Precise and temporary full accuracy", arguments: accuracyTable)
  func accuracy(_ c: AccuracyCase) throws {
    var location = try launched(start: c.start)
    if c.temporaryFullAccuracy {
      try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
      try location.tap(.allowOnce)
    }
    #expect(location.accuracyAuthorization == c.accuracy)
    #expect(location.explanation(of: .accuracyAuthorization).first?.rule == .r2)
    // The step that granted temporary full accuracy decided the value too.
    #expect(location.rules(of: .accuracyAuthorization).contains(.r11) == c.temporaryFullAccuracy)
  }

  @Test("R2 the Precise default follows NSLocationDefaultAccuracyReduced")
  func preciseDefault() {
    #expect(makeSimulator().accuracyAuthorization == .fullAccuracy)
    #expect(
      makeSimulator(info: makeInfo(accuracyReduced: true)).accuracyAuthorization
        == .reducedAccuracy)
  }

  struct InUseCase: Sendable, CustomTestStringConvertible {
    var name: String
    var info = makeInfo()
    var start = StartingState(location: .whileUsing)
    var steps: @Sendable (inout AuthorizationSimulator) throws -> Void
    var inUse: Bool
    var testDescription: String { name }
  }

  static let inUseTable: [InUseCase] = [
    InUseCase(name: "not running", steps: { _ in }, inUse: false),
    InUseCase(name: "in the foreground", steps: { try $0.launch() }, inUse: true),
    InUseCase(
      name: "just left the foreground",
      steps: {
        try $0.launch()
        try $0.enterBackground()
      },
      inUse: true),
    InUseCase(
      name: "in the background after the grace period",
      steps: {
        try $0.launch()
        try $0.backgroundPastGrace()
      }, inUse: false),
    InUseCase(
      name: "in the background with an active background activity session",
      steps: {
        try $0.launch()
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
      }, inUse: true),
    InUseCase(
      name: "background activity session without the location background mode",
      info: makeInfo(locationBackgroundMode: false),
      steps: {
        try $0.launch()
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
      }, inUse: false),
    InUseCase(
      name: "terminated, carried by an active background activity session",
      steps: {
        try $0.launch()
        try $0.backgroundActivity(held: true)
        try $0.backgroundPastGrace()
        try $0.terminate()
      }, inUse: true),
    InUseCase(
      name: "terminated without a background activity session",
      steps: {
        try $0.launch()
        try $0.terminate()
      }, inUse: false),
  ]

  @Test("R3 the app is in use", arguments: inUseTable)
  func inUse(_ c: InUseCase) throws {
    var location = makeSimulator(info: c.info, start: c.start)
    try c.steps(&location)
    #expect(location.isInUse == c.inUse)
  }

  @Test(
    "R4 authorized iff authorizedWhenInUse or authorizedAlways",
    arguments: [
      (LocationSetting.askNextTime, false), (.never, false), (.whileUsing, true), (.always, true),
    ])
  func authorized(setting: LocationSetting, authorized: Bool) throws {
    let location = try launched(start: .init(location: setting))
    #expect(location.isAuthorized == authorized)
    let restricted = try launched(start: .init(location: setting, restrictionsEnabled: true))
    #expect(restricted.isAuthorized == authorized)
    let globallyOff = try launched(start: .init(location: setting, locationServicesEnabled: false))
    #expect(globallyOff.isAuthorized == false)
  }
}
