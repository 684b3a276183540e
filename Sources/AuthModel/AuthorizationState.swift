/// Everything Core Location knows about one app at one moment (RULES.md §1).
///
/// A small value: a few bytes of flags and two fixed-size session lists, no heap storage, so the
/// explorer can copy and hash millions of them. Observable values (authorization status,
/// diagnostics, delivery…) are not stored here: they are computed from these fields by the
/// rules, in `AuthorizationState+Derived.swift` and `AuthorizationState+Diagnostics.swift`.
///
/// The fields are public so that tools can build and pack states; to drive a story, apply
/// ``AuthorizationEvent``s with ``applying(_:configuration:trace:)``, which refuses what iOS
/// would never do, or use ``AuthorizationSimulator``.
///
/// The stored properties are grouped by how long they last (the MARKs) and, within a group,
/// ordered so that no field needs padding: Swift lays them out in declaration order, each at its
/// alignment. The six persisted flags and the two carried ones fill the first 8 bytes, the
/// session lists (24 bytes each, 8-byte aligned) follow, then the 4-byte declined keys, then the
/// 1- and 2-byte fields. The state is 71 bytes, stride 72: the explorer copies states several
/// times per transition, and its speed relies on this size, which `AuthorizationStateTests` pins.
public struct AuthorizationState: Hashable, Sendable {
  // MARK: Persisted: survives termination, changed by the user, a prompt answer or a reset.

  /// The app's stored choice, as Settings names it. Allow Once is `whileUsing` + ``allowOnce``.
  public var location: LocationSetting
  /// The Precise Location toggle.
  public var precise: Bool
  /// Allow While Using was given on `requestAlwaysAuthorization()`'s prompt (R14).
  public var provisionalAlways: Bool
  /// The one Always prompt has been shown since the last reset (R15).
  public var alwaysPromptSpent: Bool
  /// Settings › Privacy › Location Services (R24).
  public var locationServicesEnabled: Bool
  /// Parental controls or MDM prevent location changes (R26).
  public var restrictionsEnabled: Bool

  // MARK: Carried across termination until the next launch (R19, R36, R37).

  /// The app was iterating live updates or monitor events when last terminated (R36).
  public var iteratingAtTermination: Bool
  /// An active CLBackgroundActivitySession carries the terminated app, until it is resumed with
  /// `backgroundActivity: start` right after launch or ends (R37).
  public var carriedBackgroundActivity: Bool
  /// The sessions held when the app was last terminated.
  public var sessionsAtTermination: HeldSessions

  // MARK: Volatile: gone at termination.

  /// The CLServiceSessions the app holds, in creation order.
  public var sessions: HeldSessions
  /// Purpose keys whose temporary full accuracy prompt was declined this run (R22), a bit per
  /// ``PurposeKey/index``.
  public var declinedPurposeKeys: UInt32
  /// The prompt pending, shown or waiting for the foreground (R6).
  public var pendingPrompt: PendingPrompt?
  public var app: AppRunState
  /// The app has just left the foreground and is still in use (R3).
  public var inGrace: Bool
  /// The app was launched and no `wait` has happened since: sessions matching those held at
  /// termination rejoin (R19), and a carried background activity can be resumed (R37).
  public var rejoinWindowOpen: Bool
  /// The when-in-use grant is Allow Once (R12).
  public var allowOnce: Bool
  /// Temporary full accuracy was granted (R11, R12).
  public var temporaryFullAccuracy: Bool
  /// The app iterates `CLLocationUpdate.liveUpdates()`.
  public var iteratingLiveUpdates: Bool
  /// The app iterates `CLMonitor.events`.
  public var iteratingMonitor: Bool
  /// The CLBackgroundActivitySession the app holds.
  public var backgroundActivity: HeldBackgroundActivity
  /// The result of the last legacy request this run (R13–R16).
  public var lastRequestResult: RequestResult?

  /// The state before the first step of a story.
  public init(configuration: AppConfiguration, start: StartingState = StartingState()) {
    location = start.location
    precise = start.precise ?? configuration.defaultPrecise
    provisionalAlways = false
    alwaysPromptSpent = start.alwaysPromptSpent
    locationServicesEnabled = start.locationServicesEnabled
    restrictionsEnabled = start.restrictionsEnabled
    iteratingAtTermination = false
    carriedBackgroundActivity = false
    sessionsAtTermination = HeldSessions()
    sessions = HeldSessions()
    declinedPurposeKeys = 0
    pendingPrompt = nil
    app = start.app
    inGrace = false
    rejoinWindowOpen = false
    allowOnce = false
    temporaryFullAccuracy = false
    iteratingLiveUpdates = false
    iteratingMonitor = false
    backgroundActivity = .none
    lastRequestResult = nil
  }

  /// Whether the temporary full accuracy prompt for `key` was declined this run (R22).
  public func declined(_ key: PurposeKey) -> Bool {
    key.index < 32 && declinedPurposeKeys & (1 << UInt32(key.index)) != 0
  }
}

/// The CLBackgroundActivitySession the app holds (R35).
public enum HeldBackgroundActivity: Hashable, Sendable {
  case none
  /// Started in the foreground, or resumed at launch (R37): it can be active.
  case started
  /// Started outside the foreground: it never becomes active (R35, assumed).
  case startedOutsideForeground
}

/// The persisted state a story starts from (SCENARIOS.md `start`).
public struct StartingState: Hashable, Sendable {
  public var location: LocationSetting
  /// The Precise toggle; `nil` is its default (on unless `NSLocationDefaultAccuracyReduced`).
  public var precise: Bool?
  public var locationServicesEnabled: Bool
  public var restrictionsEnabled: Bool
  public var alwaysPromptSpent: Bool
  public var app: AppRunState

  public init(
    location: LocationSetting = .askNextTime, precise: Bool? = nil,
    locationServicesEnabled: Bool = true, restrictionsEnabled: Bool = false,
    alwaysPromptSpent: Bool = false, app: AppRunState = .notRunning
  ) {
    self.location = location
    self.precise = precise
    self.locationServicesEnabled = locationServicesEnabled
    self.restrictionsEnabled = restrictionsEnabled
    self.alwaysPromptSpent = alwaysPromptSpent
    self.app = app
  }
}
