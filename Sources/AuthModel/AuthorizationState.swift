/// Everything Core Location knows about one app at one moment (docs/RULES.md).
///
/// A small value: three bytes of flags and small enums, two fixed-size session lists, bit sets
/// and the legacy services' twelve bytes (``LegacyServices``), no heap storage. Observable values
/// (authorization status, diagnostics, delivery…) are not stored here: they are computed from
/// these fields by the rules, in `AuthorizationState+Derived.swift` and
/// `AuthorizationState+Diagnostics.swift`.
///
/// The fields are public so that tools can build and pack states; to drive a story, apply
/// ``AuthorizationEvent``s with ``applying(_:configuration:trace:)``, which refuses what iOS
/// would never do, or use ``AuthorizationSimulator``.
public struct AuthorizationState: Hashable, Sendable {
  // The stored properties, widest first so that none needs padding.

  /// The CLServiceSessions the app holds, in creation order.
  public var sessions: HeldSessions
  /// The sessions held when the app was last terminated (R19).
  public var sessionsAtTermination: HeldSessions
  /// The legacy services of CLLocationManager: each held manager's properties and services,
  /// the app's registrations and regions (§8b, R43–R49), and the manager whose request raised
  /// the pending prompt (R6).
  public var legacy: LegacyServices
  /// Every flag and small enum below, a few bits each at the places ``Field`` gives, in three
  /// bytes (`fields0` holds bits 0–7): ``fields`` is the word they make. No field crosses a
  /// byte, so every write and every read of a field is one byte (CONTRIBUTING.md says why).
  @usableFromInline var fields0: UInt8 = 0
  @usableFromInline var fields1: UInt8 = 0
  @usableFromInline var fields2: UInt8 = 0
  /// Purpose keys whose temporary full accuracy prompt was declined this run (R22), a bit per
  /// ``PurposeKey/index``.
  public var declinedPurposeKeys: UInt32
  /// The prompt pending, shown or waiting for the foreground (R6).
  public var pendingPrompt: PendingPrompt?
  /// The CLLocationManager instances with a delegate the app holds (R41), a bit per
  /// ``ManagerID/rawValue``.
  public var heldManagers: UInt8

  /// The most CLLocationManager instances the model holds at once (R41).
  public static let maximumManagers = 8

  /// Where each field sits in ``fields``: the shift of its lowest bit.
  @usableFromInline package enum Field {
    /// 2 bits: LocationSetting.code.
    @usableFromInline package static var location: UInt32 { 0 }
    @usableFromInline package static var precise: UInt32 { 2 }
    @usableFromInline package static var provisionalAlways: UInt32 { 3 }
    @usableFromInline static var alwaysPromptSpent: UInt32 { 4 }
    @usableFromInline package static var locationServicesEnabled: UInt32 { 5 }
    @usableFromInline package static var restrictionsEnabled: UInt32 { 6 }
    @usableFromInline static var iteratingAtTermination: UInt32 { 7 }
    @usableFromInline static var carriedBackgroundActivity: UInt32 { 8 }
    /// 2 bits: AppRunState.code.
    @usableFromInline static var app: UInt32 { 9 }
    @usableFromInline static var inGrace: UInt32 { 11 }
    @usableFromInline static var rejoinWindowOpen: UInt32 { 12 }
    @usableFromInline static var allowOnce: UInt32 { 13 }
    @usableFromInline package static var temporaryFullAccuracy: UInt32 { 14 }
    @usableFromInline static var iteratingLiveUpdates: UInt32 { 15 }
    @usableFromInline static var iteratingMonitor: UInt32 { 16 }
    /// 2 bits: HeldBackgroundActivity.code.
    @usableFromInline static var backgroundActivity: UInt32 { 17 }
    /// 2 bits: RequestResult.code, 0 for none.
    @usableFromInline static var lastRequestResult: UInt32 { 19 }
    /// The number of bits used.
    @usableFromInline package static var width: UInt32 { 21 }
  }

  /// The byte that holds the field at `shift` (every field lies within one byte).
  @inlinable @inline(__always)
  func byte(_ shift: UInt32) -> UInt8 {
    switch shift &>> 3 {
    case 0: fields0
    case 1: fields1
    default: fields2
    }
  }

  @inlinable @inline(__always)
  mutating func setByte(_ shift: UInt32, _ value: UInt8) {
    switch shift &>> 3 {
    case 0: fields0 = value
    case 1: fields1 = value
    default: fields2 = value
    }
  }

  @inlinable @inline(__always)
  func bits(_ shift: UInt32, _ width: UInt32) -> UInt32 {
    UInt32(byte(shift) &>> UInt8(shift & 7) & UInt8(1 &<< width &- 1))
  }

  @inlinable @inline(__always)
  mutating func setBits(_ shift: UInt32, _ width: UInt32, _ value: UInt32) {
    let low = UInt8(shift & 7)
    let mask = UInt8(1 &<< width &- 1) &<< low
    setByte(shift, byte(shift) & ~mask | UInt8(truncatingIfNeeded: value) &<< low)
  }

  @inlinable @inline(__always)
  func flag(_ shift: UInt32) -> Bool { bits(shift, 1) != 0 }

  @inlinable @inline(__always)
  mutating func setFlag(_ shift: UInt32, _ on: Bool) { setBits(shift, 1, on ? 1 : 0) }

  // MARK: Persisted: survives termination, changed by the user, a prompt answer or a reset.

  /// The app's stored choice, as Settings names it. Allow Once is `whileUsing` + ``allowOnce``.
  @inlinable public var location: LocationSetting {
    get { LocationSetting(code: bits(Field.location, 2)) }
    set { setBits(Field.location, 2, newValue.code) }
  }
  /// The Precise Location toggle.
  @inlinable public var precise: Bool {
    get { flag(Field.precise) }
    set { setFlag(Field.precise, newValue) }
  }
  /// Allow While Using was given on `requestAlwaysAuthorization()`'s prompt (R14).
  @inlinable public var provisionalAlways: Bool {
    get { flag(Field.provisionalAlways) }
    set { setFlag(Field.provisionalAlways, newValue) }
  }
  /// The one Always prompt has been shown since the last reset (R15).
  @inlinable public var alwaysPromptSpent: Bool {
    get { flag(Field.alwaysPromptSpent) }
    set { setFlag(Field.alwaysPromptSpent, newValue) }
  }
  /// Settings › Privacy › Location Services (R24).
  @inlinable public var locationServicesEnabled: Bool {
    get { flag(Field.locationServicesEnabled) }
    set { setFlag(Field.locationServicesEnabled, newValue) }
  }
  /// Parental controls or MDM prevent location changes (R26).
  @inlinable public var restrictionsEnabled: Bool {
    get { flag(Field.restrictionsEnabled) }
    set { setFlag(Field.restrictionsEnabled, newValue) }
  }

  // MARK: Carried across termination until the next launch (R19, R36, R37).

  /// The app was iterating live updates or monitor events when last terminated (R36).
  @inlinable public var iteratingAtTermination: Bool {
    get { flag(Field.iteratingAtTermination) }
    set { setFlag(Field.iteratingAtTermination, newValue) }
  }
  /// An active CLBackgroundActivitySession carries the terminated app, until it is resumed with
  /// `backgroundActivity: start` right after launch or ends (R37).
  @inlinable public var carriedBackgroundActivity: Bool {
    get { flag(Field.carriedBackgroundActivity) }
    set { setFlag(Field.carriedBackgroundActivity, newValue) }
  }

  // MARK: Volatile: gone at termination.

  /// Whether the app runs, and where (R3, R37).
  @inlinable public var app: AppRunState {
    get { AppRunState(code: bits(Field.app, 2)) }
    set { setBits(Field.app, 2, newValue.code) }
  }
  /// The app has just left the foreground and is still in use (R3).
  @inlinable public var inGrace: Bool {
    get { flag(Field.inGrace) }
    set { setFlag(Field.inGrace, newValue) }
  }
  /// The app was launched and no `wait` has happened since: sessions matching those held at
  /// termination rejoin (R19), and a carried background activity can be resumed (R37).
  @inlinable public var rejoinWindowOpen: Bool {
    get { flag(Field.rejoinWindowOpen) }
    set { setFlag(Field.rejoinWindowOpen, newValue) }
  }
  /// The when-in-use grant is Allow Once (R12).
  @inlinable public var allowOnce: Bool {
    get { flag(Field.allowOnce) }
    set { setFlag(Field.allowOnce, newValue) }
  }
  /// Temporary full accuracy was granted (R11, R12).
  @inlinable public var temporaryFullAccuracy: Bool {
    get { flag(Field.temporaryFullAccuracy) }
    set { setFlag(Field.temporaryFullAccuracy, newValue) }
  }
  /// The app iterates `CLLocationUpdate.liveUpdates()`.
  @inlinable public var iteratingLiveUpdates: Bool {
    get { flag(Field.iteratingLiveUpdates) }
    set { setFlag(Field.iteratingLiveUpdates, newValue) }
  }
  /// The app iterates `CLMonitor.events`.
  @inlinable public var iteratingMonitor: Bool {
    get { flag(Field.iteratingMonitor) }
    set { setFlag(Field.iteratingMonitor, newValue) }
  }
  /// The CLBackgroundActivitySession the app holds.
  @inlinable public var backgroundActivity: HeldBackgroundActivity {
    get { HeldBackgroundActivity(code: bits(Field.backgroundActivity, 2)) }
    set { setBits(Field.backgroundActivity, 2, newValue.code) }
  }
  /// The result of the last legacy request this run (R13–R16).
  @inlinable public var lastRequestResult: RequestResult? {
    get { RequestResult(code: bits(Field.lastRequestResult, 2)) }
    set { setBits(Field.lastRequestResult, 2, newValue?.code ?? 0) }
  }

  /// The state before the first step of a story.
  public init(configuration: AppConfiguration, start: StartingState = StartingState()) {
    sessions = HeldSessions()
    sessionsAtTermination = HeldSessions()
    pendingPrompt = nil
    declinedPurposeKeys = 0
    heldManagers = 0
    legacy = LegacyServices()
    // R47–R49: registrations left by an earlier run; the regions are the first region ids.
    legacy.significantChangesRegistered = start.significantChanges
    legacy.visitsRegistered = start.visits
    legacy.visitsDeliverToAnyManager = start.visits
    let regions = min(Set(start.regions).count, LegacyServices.maximumRegionIDs)
    legacy.monitoredRegions = regions == 32 ? .max : (1 << UInt32(regions)) - 1
    location = start.location
    precise = start.precise ?? configuration.defaultPrecise
    alwaysPromptSpent = start.alwaysPromptSpent
    locationServicesEnabled = start.locationServicesEnabled
    restrictionsEnabled = start.restrictionsEnabled
    app = start.app
  }

  /// Whether the temporary full accuracy prompt for `key` was declined this run (R22).
  public func declined(_ key: PurposeKey) -> Bool {
    key.index < 32 && declinedPurposeKeys & (1 << UInt32(key.index)) != 0
  }
}

// The codes of the small enums in ``AuthorizationState/fields``.

extension LocationSetting {
  @inlinable package var code: UInt32 {
    switch self {
    case .askNextTime: 0
    case .never: 1
    case .whileUsing: 2
    case .always: 3
    }
  }

  @inlinable init(code: UInt32) {
    switch code {
    case 1: self = .never
    case 2: self = .whileUsing
    case 3: self = .always
    default: self = .askNextTime
    }
  }
}

extension AppRunState {
  @inlinable var code: UInt32 {
    switch self {
    case .notRunning: 0
    case .foreground: 1
    case .background: 2
    }
  }

  @inlinable init(code: UInt32) {
    switch code {
    case 1: self = .foreground
    case 2: self = .background
    default: self = .notRunning
    }
  }
}

extension HeldBackgroundActivity {
  @inlinable var code: UInt32 {
    switch self {
    case .none: 0
    case .started: 1
    case .startedOutsideForeground: 2
    }
  }

  @inlinable init(code: UInt32) {
    switch code {
    case 1: self = .started
    case 2: self = .startedOutsideForeground
    default: self = .none
    }
  }
}

extension RequestResult {
  /// Never 0, which stands for no result.
  @inlinable var code: UInt32 {
    switch self {
    case .prompted: 1
    case .noEffect: 2
    case .promptDeclined: 3
    }
  }

  @inlinable init?(code: UInt32) {
    switch code {
    case 1: self = .prompted
    case 2: self = .noEffect
    case 3: self = .promptDeclined
    default: return nil
    }
  }
}

/// The CLBackgroundActivitySession the app holds (R35).
public enum HeldBackgroundActivity: Hashable, Sendable {
  case none
  /// Started in the foreground, or resumed at launch (R37): it can be active.
  case started
  /// Started outside the foreground: inactive until the app next enters the foreground (R35).
  case startedOutsideForeground
}

/// The persisted state a story starts from (docs/SCENARIOS.md `start`).
public struct StartingState: Hashable, Sendable {
  /// The app's stored location choice.
  public var location: LocationSetting
  /// The Precise toggle; `nil` is its default (on unless `NSLocationDefaultAccuracyReduced`).
  public var precise: Bool?
  /// The device's Location Services switch.
  public var locationServicesEnabled: Bool
  /// Parental controls or a device profile lock location settings (R26, R38).
  public var restrictionsEnabled: Bool
  /// The one upgrade prompt to Always was shown in an earlier run (R15).
  public var alwaysPromptSpent: Bool
  /// Whether the app runs when the story starts, and where.
  public var app: AppRunState
  /// The app is registered for significant-change events by an earlier run (R47).
  public var significantChanges: Bool
  /// The app is registered for visit events by an earlier run: they deliver to any manager the
  /// app holds (R48).
  public var visits: Bool
  /// The identifiers of the regions an earlier run registered, each once, at most
  /// ``LegacyServices/regionLimit`` (R49). The distinct ones are region ids `0..<count`, in
  /// this order (``AuthorizationSimulator`` names them so).
  public var regions: [String]

  /// What iOS remembers when a story starts; the defaults are a fresh install, not running.
  public init(
    location: LocationSetting = .askNextTime, precise: Bool? = nil,
    locationServicesEnabled: Bool = true, restrictionsEnabled: Bool = false,
    alwaysPromptSpent: Bool = false, app: AppRunState = .notRunning,
    significantChanges: Bool = false, visits: Bool = false, regions: [String] = []
  ) {
    self.location = location
    self.precise = precise
    self.locationServicesEnabled = locationServicesEnabled
    self.restrictionsEnabled = restrictionsEnabled
    self.alwaysPromptSpent = alwaysPromptSpent
    self.app = app
    self.significantChanges = significantChanges
    self.visits = visits
    self.regions = regions
  }
}
