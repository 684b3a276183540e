/// `CLAuthorizationStatus`: what `CLLocationManager.authorizationStatus` reports (R1).
public enum AuthorizationStatus: String, Hashable, Sendable, CaseIterable {
  case notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse

  /// Whether the status authorizes the app (R4): when in use or always.
  package var isAuthorized: Bool { self == .authorizedWhenInUse || self == .authorizedAlways }
}

/// `CLAccuracyAuthorization` (R2).
public enum AccuracyAuthorization: String, Hashable, Sendable, CaseIterable {
  case fullAccuracy, reducedAccuracy
}

/// The app's location choice in the Settings app: the user's stored decision.
///
/// Settings shows Ask Next Time, Never, While Using the App, Always. An Allow Once grant is
/// stored as `whileUsing` with ``AuthorizationState/allowOnce`` set, and Settings shows it as Ask
/// Next Time (R1).
public enum LocationSetting: String, Hashable, Sendable, CaseIterable {
  case askNextTime, never, whileUsing, always
}

/// `CLServiceSession.AuthorizationRequirement`: the goal a session states (R17).
public enum AuthorizationRequirement: String, Hashable, Sendable, CaseIterable, Comparable {
  case none, whenInUse, always

  var rank: Int {
    switch self {
    case .none: 0
    case .whenInUse: 1
    case .always: 2
    }
  }

  /// From the goal that asks least to the one that asks most.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// The authorization prompt on screen, as the user sees it.
public enum Prompt: String, Hashable, Sendable, CaseIterable {
  case none
  /// Allow Once / Allow While Using App / Don't Allow, with a Precise toggle (R9).
  case whenInUse
  /// Change to Always Allow / Keep Only While Using (R10).
  case alwaysUpgrade
  /// Allow Once / Don't Allow for one purpose key (R11).
  case temporaryFullAccuracy
}

/// A button on an authorization prompt.
public enum PromptButton: String, Hashable, Sendable, CaseIterable {
  case allowOnce, allowWhileUsing, dontAllow, changeToAlwaysAllow, keepOnlyWhileUsing
}

/// What `CLLocationUpdate.liveUpdates()` delivers now (R33, R40).
public enum LiveUpdatesDelivery: String, Hashable, Sendable, CaseIterable {
  case full, reduced, none
}

/// What `CLMonitor.events` delivers now (R34).
public enum MonitorEventsDelivery: String, Hashable, Sendable, CaseIterable {
  case delivered, none
}

/// The CLBackgroundActivitySession the running app holds (R35).
public enum BackgroundActivityStatus: String, Hashable, Sendable, CaseIterable {
  case active, inactive, none
}

/// The blue location indicator in the status bar (R35, R37).
public enum BackgroundIndicator: String, Hashable, Sendable, CaseIterable {
  case shown, hidden
}

/// The result of the last legacy `CLLocationManager` request in this run (R13–R16).
public enum RequestResult: String, Hashable, Sendable, CaseIterable {
  /// A prompt appeared.
  case prompted
  /// Nothing happened and no callback came.
  case noEffect
  /// `requestTemporaryFullAccuracyAuthorization` failed without showing anything.
  case promptDeclined
}

/// Where the app is in its life cycle.
public enum AppRunState: String, Hashable, Sendable, CaseIterable {
  case notRunning, foreground, background
}

/// A value a story checks, as the app, the screen or the Settings app shows it; its
/// `description` is how a scenario writes it (`authorizedWhenInUse`, `[authorizationDenied]`,
/// `no request this run`).
public enum ObservedValue: Hashable, Sendable, CustomStringConvertible {
  case authorizationStatus(AuthorizationStatus)
  case accuracyAuthorization(AccuracyAuthorization)
  case prompt(Prompt)
  case settingsShows(LocationSetting)
  case updates(LiveUpdatesDelivery)
  case monitorEvents(MonitorEventsDelivery)
  case backgroundActivity(BackgroundActivityStatus)
  case backgroundIndicator(BackgroundIndicator)
  /// The result of the last legacy request this run; `nil` when the app made none (R13).
  case requestResult(RequestResult?)
  /// The exact flag set of a diagnostics holder the app holds (R39).
  case diagnostics(DiagnosticFlags)
  /// A diagnostics holder the app does not hold now (R17).
  case notHeld
  /// iOS 17, which has no CLServiceSession diagnostics (R39).
  case noDiagnostics
  /// What continuous updates deliver (R43).
  case locationUpdates(LocationUpdatesDelivery)
  /// Whether significant-change events are delivered (R47).
  case significantChanges(LegacyEventsDelivery)
  /// Whether visit events are delivered (R48).
  case visits(LegacyEventsDelivery)
  /// Whether region events are delivered (R49).
  case regionEvents(LegacyEventsDelivery)
  /// The identifiers of the regions registered, sorted (R49).
  case monitoredRegions([String])
  /// The calls of a manager's delegate, in the order received: each
  /// `locationManagerDidChangeAuthorization(_:)` as the pair it read, `didPause`,
  /// `monitoringDidFail:ID` (R41).
  case callbacks([LocationManagerCallback])
  /// A manager the story never created (R41).
  case neverCreated

  /// The `locationManagerDidChangeAuthorization(_:)` calls of a manager's delegate, each as
  /// the pair it read (R41). Disfavoured, so that `[]` is the case's empty list.
  @_disfavoredOverload
  public static func callbacks(_ pairs: [AuthorizationPair]) -> ObservedValue {
    .callbacks(pairs.map { .didChangeAuthorization($0) })
  }

  /// The regions registered, whatever order `ids` gives them in (R49).
  public static func monitoredRegions(unordered ids: [String]) -> ObservedValue {
    .monitoredRegions(ids.sorted())
  }

  /// The value as a scenario writes it.
  public var description: String {
    switch self {
    case .authorizationStatus(let v): v.rawValue
    case .accuracyAuthorization(let v): v.rawValue
    case .prompt(let v): v.rawValue
    case .settingsShows(let v): v.rawValue
    case .updates(let v): v.rawValue
    case .monitorEvents(let v): v.rawValue
    case .backgroundActivity(let v): v.rawValue
    case .backgroundIndicator(let v): v.rawValue
    case .requestResult(let v): v?.rawValue ?? "no request this run"
    case .diagnostics(let flags): "[" + flags.map(\.rawValue).joined(separator: ", ") + "]"
    case .notHeld: "not held"
    case .noDiagnostics: "no diagnostics"
    case .locationUpdates(let v): v.rawValue
    case .significantChanges(let v): v.rawValue
    case .visits(let v): v.rawValue
    case .regionEvents(let v): v.rawValue
    case .monitoredRegions(let ids): "[" + ids.joined(separator: ", ") + "]"
    case .callbacks(let calls): "[" + calls.map(\.description).joined(separator: ", ") + "]"
    case .neverCreated: "never created"
    }
  }
}
