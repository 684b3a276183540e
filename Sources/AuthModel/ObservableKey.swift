/// An observable of the app's Core Location state: what a scenario's `expect:` checks and an app
/// file's conditions and needs name, defined once for every file, reader, writer and report.
///
/// Its raw value is the key a file writes (`authorizationStatus`), and the only place that key
/// is spelled. An observable of the ``Form/value`` form takes one of ``values``, written as their
/// ``ObservedValue/description`` and read back by ``value(spelled:)``, and is read from a state
/// by ``value(in:_:trace:)``, whose trace holds the rules behind the value. `diagnostics` names
/// a holder and its flags, `callbacks` a manager and its delegate's calls.
///
/// The cases are in the order of docs/SCENARIOS.md "Expectations".
public enum ObservableKey: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  case authorizationStatus = "authorizationStatus"
  case accuracyAuthorization = "accuracyAuthorization"
  case prompt = "prompt"
  case settingsShows = "settingsShows"
  case diagnostics = "diagnostics"
  case updates = "updates"
  case monitorEvents = "monitorEvents"
  case backgroundActivity = "backgroundActivity"
  case backgroundIndicator = "backgroundIndicator"
  case requestResult = "requestResult"
  case locationUpdates = "locationUpdates"
  case significantChanges = "significantChanges"
  case visits = "visits"
  case regionEvents = "regionEvents"
  case monitoredRegions = "monitoredRegions"
  case callbacks = "callbacks"

  /// How a file names an observable's values.
  public enum Form: Hashable, Sendable {
    /// One value of ``ObservableKey/values``.
    case value
    /// A mapping of holders (a session id, `liveUpdates`, `monitor`, `backgroundActivity`) to
    /// their exact diagnostic flags (R39).
    case holderFlags
    /// A mapping of managers to their delegate's calls, each `STATUS/ACCURACY`, `didPause` or
    /// `monitoringDidFail:ID` (R41).
    case managerCallbacks
    /// The exact list of region identifiers registered, in any order (R49).
    case regionIDs
  }

  /// The key a file writes.
  public var description: String { rawValue }

  /// How a file names the observable's values.
  public var form: Form {
    switch self {
    case .diagnostics: .holderFlags
    case .callbacks: .managerCallbacks
    case .monitoredRegions: .regionIDs
    default: .value
    }
  }

  /// Whether an app file's condition may name it: every observable of the state but the result
  /// of a legacy request and a manager's callbacks, which belong to one run of a story, and
  /// the regions registered, which name the region ids a story gives (an app file's regions
  /// are its features' `count`s).
  public var isCondition: Bool {
    switch self {
    case .requestResult, .callbacks: false
    case .monitoredRegions: false
    default: true
    }
  }

  /// Whether it is an observable of the legacy CLLocationManager services (§8b, R43–R49).
  public var isLegacyService: Bool {
    switch self {
    case .locationUpdates, .significantChanges, .visits, .regionEvents, .monitoredRegions: true
    default: false
    }
  }

  /// Whether the step that last changed the value adds its rules to those that compute it from
  /// the state in an explanation (``AuthorizationSimulator/explanation(of:)``).
  public var isExplainedByItsStep: Bool {
    switch self {
    case .authorizationStatus, .accuracyAuthorization, .requestResult: true
    default: false
    }
  }

  /// Every value a file may write for an observable of the ``Form/value`` form, in the order
  /// an error lists them; empty for the other forms.
  public var values: [ObservedValue] {
    switch self {
    case .authorizationStatus: AuthorizationStatus.allCases.map { .authorizationStatus($0) }
    case .accuracyAuthorization: AccuracyAuthorization.allCases.map { .accuracyAuthorization($0) }
    case .prompt: Prompt.allCases.map { .prompt($0) }
    case .settingsShows: LocationSetting.allCases.map { .settingsShows($0) }
    case .updates: LiveUpdatesDelivery.allCases.map { .updates($0) }
    case .monitorEvents: MonitorEventsDelivery.allCases.map { .monitorEvents($0) }
    case .backgroundActivity: BackgroundActivityStatus.allCases.map { .backgroundActivity($0) }
    case .backgroundIndicator: BackgroundIndicator.allCases.map { .backgroundIndicator($0) }
    case .requestResult: RequestResult.allCases.map { .requestResult($0) }
    case .locationUpdates: LocationUpdatesDelivery.allCases.map { .locationUpdates($0) }
    case .significantChanges: LegacyEventsDelivery.allCases.map { .significantChanges($0) }
    case .visits: LegacyEventsDelivery.allCases.map { .visits($0) }
    case .regionEvents: LegacyEventsDelivery.allCases.map { .regionEvents($0) }
    case .diagnostics, .callbacks, .monitoredRegions: []
    }
  }

  /// The value a file spells `text`, or `nil` when it is none of ``values``.
  public func value(spelled text: String) -> ObservedValue? {
    values.first { $0.description == text }
  }

  /// The current value in `state`, with the rules that compute it recorded in `trace`.
  ///
  /// The regions are named by `trace`'s names (``Names/regions``).
  ///
  /// - Precondition: the observable is not `diagnostics` or `callbacks`: a holder's
  ///   diagnostics are ``ObservedValue/diagnostics(of:in:_:trace:)``, and callbacks are not in
  ///   the state.
  public func value(
    in state: AuthorizationState, _ c: AppConfiguration, trace: inout Trace
  ) -> ObservedValue {
    switch self {
    case .authorizationStatus: .authorizationStatus(state.authorizationStatus(c, trace: &trace))
    case .accuracyAuthorization: .accuracyAuthorization(state.accuracyAuthorization(trace: &trace))
    case .prompt: .prompt(state.prompt(trace: &trace))
    case .settingsShows: .settingsShows(state.settingsShows(trace: &trace))
    case .updates: .updates(state.liveUpdates(c, trace: &trace))
    case .monitorEvents: .monitorEvents(state.monitorEvents(c, trace: &trace))
    case .backgroundActivity: .backgroundActivity(state.backgroundActivityStatus(c, trace: &trace))
    case .backgroundIndicator: .backgroundIndicator(state.backgroundIndicator(c, trace: &trace))
    case .requestResult: .requestResult(state.requestResult(trace: &trace))
    case .locationUpdates: .locationUpdates(state.locationUpdates(c, trace: &trace))
    case .significantChanges: .significantChanges(state.significantChanges(c, trace: &trace))
    case .visits: .visits(state.visits(c, trace: &trace))
    case .regionEvents: .regionEvents(state.regionEvents(c, trace: &trace))
    case .monitoredRegions:
      .monitoredRegions(
        unordered: state.monitoredRegionIDs(trace: &trace).map { [names = trace.names] in
          names.name(of: $0)
        })
    case .diagnostics, .callbacks:
      preconditionFailure("'\(rawValue)' names a holder or a manager; it has no one value")
    }
  }
}

extension ObservedValue {
  /// The flags of `holder` in `state`, ``notHeld`` when the app does not hold it (R17, R39).
  public static func diagnostics(
    of holder: Holder, in state: AuthorizationState, _ c: AppConfiguration, trace: inout Trace
  ) -> ObservedValue {
    state.diagnostics(for: holder, c, trace: &trace).map { .diagnostics($0) } ?? .notHeld
  }
}

/// A holder of diagnostics a story names without creating it (R39): the objects an app holds at
/// most one of. Its raw value is its name in a file's `diagnostics:`, an app file's `holds:`
/// and the step that starts or stops it, where a session is named by its id.
///
/// `backgroundActivity` names both the holder and the ``ObservableKey/backgroundActivity``
/// observable, the status of the same CLBackgroundActivitySession: both are spelled here.
public enum ImplicitHolder: String, Hashable, Sendable, CaseIterable {
  case liveUpdates = "liveUpdates"
  case monitor = "monitor"
  case backgroundActivity = "backgroundActivity"

  /// The holder it names.
  public var holder: Holder {
    switch self {
    case .liveUpdates: .liveUpdates
    case .monitor: .monitor
    case .backgroundActivity: .backgroundActivity
    }
  }

  /// The name of `holder`; `nil` for a session, which a story names.
  public init?(_ holder: Holder) {
    switch holder {
    case .session: return nil
    case .liveUpdates: self = .liveUpdates
    case .monitor: self = .monitor
    case .backgroundActivity: self = .backgroundActivity
    }
  }
}
