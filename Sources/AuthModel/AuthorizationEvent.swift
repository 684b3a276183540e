/// Something that happens to the app: an app call, a user action, or the system (docs/SCENARIOS.md
/// steps).
public enum AuthorizationEvent: Hashable, Sendable {
  /// A cold launch into the foreground.
  case launch
  /// Core Location relaunches the terminated app into the background (R36).
  case relaunchInBackground
  /// The app leaves the foreground (R3: it stays in use for a grace period).
  case enterBackground
  /// The app returns to the foreground.
  case enterForeground
  /// Time passes: grace periods end, temporary grants of an app not in use lapse (R12).
  case wait
  /// The system terminates the app: memory pressure, a crash (R37).
  case terminate
  /// The user swipes the app away in the app switcher (R50).
  case terminateByUser
  /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)`, held (R17–R19).
  case createSession(
    SessionID, authorization: AuthorizationRequirement, fullAccuracyPurposeKey: PurposeKey?)
  /// `CLServiceSession.invalidate()` (R21).
  case invalidateSession(SessionID)
  /// The app starts or stops iterating `CLLocationUpdate.liveUpdates()` (R17, R33).
  case liveUpdates(iterating: Bool)
  /// The app starts or stops iterating `CLMonitor.events` (R17, R34).
  case monitor(iterating: Bool)
  /// The app creates or invalidates a CLBackgroundActivitySession (R35, R37).
  case backgroundActivity(held: Bool)
  /// `requestWhenInUseAuthorization()` (R13).
  case requestWhenInUseAuthorization
  /// `requestAlwaysAuthorization()` (R14, R15).
  case requestAlwaysAuthorization
  /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` (R16).
  case requestTemporaryFullAccuracyAuthorization(PurposeKey)
  /// The user taps a button of the prompt on screen; `precise` sets the Precise toggle of the
  /// when-in-use prompt, `nil` leaves it as it is (R9–R11).
  case tap(PromptButton, precise: Bool?)
  /// The user changes one thing in Settings (R38).
  case settings(SettingsChange)
  /// The user changes several things in one visit to Settings, in this order: one step,
  /// refused whole if one change is refused (R42), after which each manager's delegate is
  /// called once if the pair it reads changed, and not at all if the changes cancel out (R41).
  case settingsChanges(SettingsChanges)
  /// Core Location has an event for the app that needs Always while the app is not in use (R14).
  case backgroundEvent
  /// The app creates a CLLocationManager, sets its delegate (R41) and the properties
  /// `properties` gives; the others keep their defaults (§8b).
  case createManager(ManagerID, ManagerProperties = ManagerProperties())
  /// The app releases that CLLocationManager (R41): its services stop, its registrations stay
  /// (R47–R49), and a prompt its request raised is withdrawn (R6).
  case releaseManager(ManagerID)
  /// The app sets properties of a held CLLocationManager (R44, R45).
  case configureManager(ManagerID, ManagerProperties)
  /// A legacy request made by a manager the app holds and may release (R6): the request of
  /// ``requestWhenInUseAuthorization``, ``requestAlwaysAuthorization`` or
  /// ``requestTemporaryFullAccuracyAuthorization(_:)``, whose prompt is withdrawn when that
  /// manager is released first. Those three are the requests of a manager the app never
  /// releases.
  case request(LegacyRequest, by: ManagerID)
  /// `startUpdatingLocation()` (R43, R44).
  case startUpdatingLocation(ManagerID)
  /// `stopUpdatingLocation()` (R43, R44).
  case stopUpdatingLocation(ManagerID)
  /// `startMonitoringSignificantLocationChanges()` (R47).
  case startMonitoringSignificantLocationChanges(ManagerID)
  /// `stopMonitoringSignificantLocationChanges()` (R47).
  case stopMonitoringSignificantLocationChanges(ManagerID)
  /// `startMonitoringVisits()` (R48).
  case startMonitoringVisits(ManagerID)
  /// `stopMonitoringVisits()` (R48).
  case stopMonitoringVisits(ManagerID)
  /// `startMonitoring(for:)` with a CLCircularRegion of that identifier (R49).
  case startMonitoring(ManagerID, region: RegionID)
  /// `stopMonitoring(for:)` for the region of that identifier (R49).
  case stopMonitoring(ManagerID, region: RegionID)
  /// Core Location pauses the continuous updates of every manager that pauses automatically
  /// (R46).
  case pauseUpdates
}

extension AuthorizationEvent {
  /// The CLLocationManager the step names, if any: its creation, release, configuration, a
  /// request it makes or a legacy service it starts or stops.
  public var namedManager: ManagerID? {
    switch self {
    case .createManager(let id, _), .releaseManager(let id), .configureManager(let id, _),
      .request(_, by: let id), .startUpdatingLocation(let id), .stopUpdatingLocation(let id),
      .startMonitoringSignificantLocationChanges(let id),
      .stopMonitoringSignificantLocationChanges(let id), .startMonitoringVisits(let id),
      .stopMonitoringVisits(let id), .startMonitoring(let id, _), .stopMonitoring(let id, _):
      id
    default: nil
    }
  }
}

/// A legacy `CLLocationManager` authorization request (R13–R16).
public enum LegacyRequest: Hashable, Sendable {
  /// `requestWhenInUseAuthorization()` (R13).
  case whenInUse
  /// `requestAlwaysAuthorization()` (R14, R15).
  case always
  /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` (R16).
  case temporaryFullAccuracy(PurposeKey)

  /// The event of the same request made by a manager the app never releases.
  public var event: AuthorizationEvent {
    switch self {
    case .whenInUse: .requestWhenInUseAuthorization
    case .always: .requestAlwaysAuthorization
    case .temporaryFullAccuracy(let key): .requestTemporaryFullAccuracyAuthorization(key)
    }
  }

  /// The rule of the request, which refuses it while the app is not running (R42).
  public var rule: Rule {
    switch self {
    case .whenInUse: .r13
    case .always: .r14
    case .temporaryFullAccuracy: .r16
    }
  }
}

/// Properties of a CLLocationManager that the legacy services read (§8b); `nil` leaves one as
/// it is, which at creation is its default.
public struct ManagerProperties: Hashable, Sendable {
  /// `allowsBackgroundLocationUpdates` (default false): updates started in use keep the app
  /// running in the background (R44); true needs `location` in UIBackgroundModes (R45).
  public var allowsBackgroundLocationUpdates: Bool?
  /// `showsBackgroundLocationIndicator` (default false): an Always app shows the indicator
  /// only when it is true (R44).
  public var showsBackgroundLocationIndicator: Bool?
  /// `pausesLocationUpdatesAutomatically` (default true): Core Location may pause the
  /// manager's updates (R46).
  public var pausesLocationUpdatesAutomatically: Bool?

  /// The properties to set; those not given are left as they are.
  public init(
    allowsBackgroundLocationUpdates: Bool? = nil, showsBackgroundLocationIndicator: Bool? = nil,
    pausesLocationUpdatesAutomatically: Bool? = nil
  ) {
    self.allowsBackgroundLocationUpdates = allowsBackgroundLocationUpdates
    self.showsBackgroundLocationIndicator = showsBackgroundLocationIndicator
    self.pausesLocationUpdatesAutomatically = pausesLocationUpdatesAutomatically
  }

  /// Whether it sets nothing.
  public var isEmpty: Bool { self == ManagerProperties() }
}

/// One change the user makes in the Settings app (R38).
public enum SettingsChange: Hashable, Sendable {
  /// The app's Location choice.
  case location(LocationSetting)
  /// The app's Precise Location toggle.
  case precise(Bool)
  /// The global Location Services switch.
  case locationServices(Bool)
  /// Parental controls or MDM "Don't Allow Changes".
  case restrictions(Bool)
  /// General › Transfer or Reset › Reset Location & Privacy.
  case reset
}

/// The changes of one visit to Settings, in the order made (R38, R42): at most ``capacity``,
/// a byte each, with no heap storage, so that an ``AuthorizationEvent`` stays a plain value
/// that copies without reference counting (Benchmarks/README.md, "Rules v4's cost").
public struct SettingsChanges: RandomAccessCollection, Hashable, Sendable,
  ExpressibleByArrayLiteral
{
  /// The most changes one visit holds; a scenario's `settings:` mapping has at most four keys.
  public static let capacity = 8

  /// Change `i` in byte `i` (``SettingsChange/code``, never 0); 0 past the last.
  @usableFromInline var bytes: UInt64

  /// The changes, or `nil` if there are more than ``capacity``.
  public init?(_ changes: some Sequence<SettingsChange>) {
    bytes = 0
    var count: UInt64 = 0
    for change in changes {
      guard count < UInt64(Self.capacity) else { return nil }
      bytes |= UInt64(change.code) &<< (8 &* count)
      count += 1
    }
  }

  /// The changes written in code; more than ``capacity`` is a programming error.
  public init(arrayLiteral changes: SettingsChange...) {
    guard let visit = Self(changes) else {
      preconditionFailure("one visit to Settings holds at most \(Self.capacity) changes")
    }
    self = visit
  }

  /// The first change's position, 0.
  @inlinable public var startIndex: Int { 0 }
  /// The number of changes: every change's byte is nonzero.
  @inlinable public var endIndex: Int { (64 &- bytes.leadingZeroBitCount &+ 7) &>> 3 }
  /// The change at `position`, counted from 0 in the order made.
  @inlinable public subscript(position: Int) -> SettingsChange {
    SettingsChange(code: UInt8(truncatingIfNeeded: bytes &>> UInt64(8 &* position)))
  }
}

extension SettingsChange {
  /// The change in a nonzero byte: the kind in the high nibble, the value in the low one.
  @inlinable var code: UInt8 {
    switch self {
    case .location(let setting): 0x10 | UInt8(setting.code)
    case .precise(let on): on ? 0x21 : 0x20
    case .locationServices(let on): on ? 0x31 : 0x30
    case .restrictions(let on): on ? 0x41 : 0x40
    case .reset: 0x50
    }
  }

  @inlinable init(code: UInt8) {
    let on = code & 1 != 0
    switch code &>> 4 {
    case 1: self = .location(LocationSetting(code: UInt32(code & 3)))
    case 2: self = .precise(on)
    case 3: self = .locationServices(on)
    case 4: self = .restrictions(on)
    default: self = .reset
    }
  }
}

// The steps no app call makes, listed once: the explorer's actions and an app file's users
// take them from here, each in its own order.
extension AuthorizationEvent {
  /// The app's lifecycle: launch, relaunch in the background, background, foreground, wait,
  /// terminate, in that order.
  public static let lifecycleSteps: [AuthorizationEvent] = [
    .launch, .relaunchInBackground, .enterBackground, .enterForeground, .wait, .terminate,
  ]

  /// Every answer the user can give a prompt (R9–R11, R14): Allow Once, Allow While Using and
  /// Don't Allow with the Precise toggle left, turned on and turned off, then the upgrade
  /// prompt's two buttons.
  public static let answers: [AuthorizationEvent] =
    [PromptButton.allowOnce, .allowWhileUsing, .dontAllow].flatMap { button in
      [nil, true, false].map { AuthorizationEvent.tap(button, precise: $0) }
    } + [.tap(.changeToAlwaysAllow, precise: nil), .tap(.keepOnlyWhileUsing, precise: nil)]

  /// Every change the user can make in Settings (R38): each location choice, Precise on and
  /// off, Location Services on and off, restrictions on and off, the reset.
  public static let settingsSteps: [AuthorizationEvent] =
    LocationSetting.allCases.map { .settings(.location($0)) } + [
      .settings(.precise(true)), .settings(.precise(false)),
      .settings(.locationServices(true)), .settings(.locationServices(false)),
      .settings(.restrictions(true)), .settings(.restrictions(false)), .settings(.reset),
    ]

  /// The system's own steps: R14's background event.
  public static let systemSteps: [AuthorizationEvent] = [.backgroundEvent]

  /// Every step of the user, the lifecycle and the system that an exploration of an app takes,
  /// in the order it tries them: the lifecycle's, the system's, the answers, the Settings
  /// changes. With `legacy` (an app of CLLocationManager's own services, §8b), the user's
  /// swipe (R50) closes the lifecycle's and the system's pause (R46) follows its event.
  public static func userAndSystemSteps(legacy: Bool) -> [AuthorizationEvent] {
    lifecycleSteps + (legacy ? [.terminateByUser] : []) + systemSteps
      + (legacy ? [.pauseUpdates] : []) + answers + settingsSteps
  }
}
