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
  /// The app is terminated (R37).
  case terminate
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
  /// The user changes Settings (R38).
  case settings(SettingsChange)
  /// Core Location has an event for the app that needs Always while the app is not in use (R14).
  case backgroundEvent
  /// The app creates a CLLocationManager and sets its delegate (R41).
  case createManager(ManagerID)
  /// The app releases that CLLocationManager (R41).
  case releaseManager(ManagerID)
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
  public static let settingsChanges: [AuthorizationEvent] =
    LocationSetting.allCases.map { .settings(.location($0)) } + [
      .settings(.precise(true)), .settings(.precise(false)),
      .settings(.locationServices(true)), .settings(.locationServices(false)),
      .settings(.restrictions(true)), .settings(.restrictions(false)), .settings(.reset),
    ]

  /// The system's own steps: R14's background event.
  public static let systemSteps: [AuthorizationEvent] = [.backgroundEvent]
}
