import AuthModel

/// The values the properties and witnesses read from one state, computed once per state.
///
/// Only values most states need: whether the app is in use, which only P8 reads and only of a
/// state that delivers, is left to P8.
struct Observation {
  let status: AuthorizationStatus
  let accuracy: AccuracyAuthorization
  let authorized: Bool
  let updates: LiveUpdatesDelivery
  let monitorEvents: MonitorEventsDelivery
  let indicator: BackgroundIndicator
  /// The union of every holder's flags.
  let flags: DiagnosticFlags
  /// Some holder has `authorizationDeniedGlobally` without `authorizationDenied` (P11).
  let deniedGloballyWithoutDenied: Bool
  /// The legacy services' values (§8b): `.none` and empty where nothing of them is held.
  let legacy: LegacyObservation

  /// - Parameter eachHolder: whether to read every holder's flags; without it, `flags` holds
  ///   only the flags every holder shares (``AuthorizationState/sharedHolderFlags(_:status:)``),
  ///   which are all that P11 reads, and the diagnostic witnesses of the others are not seen.
  init(_ s: AuthorizationState, _ c: borrowing AppConfiguration, eachHolder: Bool = true) {
    var t = Trace.off
    status = s.authorizationStatus(c)
    accuracy = s.accuracyAuthorization(trace: &t)
    authorized = status.isAuthorized
    updates = s.liveUpdates(c, trace: &t)
    monitorEvents = s.monitorEvents(c, trace: &t)
    indicator = s.backgroundIndicator(c, trace: &t)
    var union = DiagnosticFlags()
    var broken = false
    if eachHolder {
      s.forEachHolderFlags(c, status: status) { _, flags in
        union.formUnion(flags)
        broken = broken || Self.breaksP11(flags)
      }
    } else if let shared = s.sharedHolderFlags(c, status: status) {
      union = shared
      broken = Self.breaksP11(shared)
    }
    flags = union
    deniedGloballyWithoutDenied = broken
    legacy = s.legacy.isIdle ? LegacyObservation() : LegacyObservation(s, c)
  }

  /// Whether a holder with these flags has `authorizationDeniedGlobally` without
  /// `authorizationDenied` (P11).
  private static func breaksP11(_ flags: DiagnosticFlags) -> Bool {
    flags.contains(.authorizationDeniedGlobally) && !flags.contains(.authorizationDenied)
  }

  /// Whether the new API delivers something: live updates or monitor events (R33, R34).
  var delivers: Bool { updates != .none || monitorEvents == .delivered }
}

/// The values of the legacy CLLocationManager services (§8b) that the properties and
/// witnesses read from one state.
struct LegacyObservation {
  /// What continuous updates deliver (R43).
  var locationUpdates = LocationUpdatesDelivery.none
  /// The monitoring services that deliver (R47–R49).
  var events: LegacyEvents = []
  /// A continuous background session of an app with Always in effect (the stored choice
  /// `always`), in the background: whether it shows the indicator (R44); `nil` otherwise.
  var alwaysIndicatorShown: Bool?
  /// Whether this is the observation of a state that holds no legacy service: every value
  /// as ``init()`` leaves it.
  private(set) var isIdle = false

  /// The observation of a state that holds no legacy service (``LegacyServices/isIdle``).
  init() { isIdle = true }

  init(_ s: AuthorizationState, _ c: borrowing AppConfiguration) {
    var t = Trace.off
    locationUpdates = s.locationUpdates(c, trace: &t)
    if s.significantChanges(c, trace: &t) == .delivered { events.insert(.significantChanges) }
    if s.visits(c, trace: &t) == .delivered { events.insert(.visits) }
    if s.regionEvents(c, trace: &t) == .delivered { events.insert(.regionEvents) }
    if s.app == .background && s.location == .always && s.continuousBackgroundSessions(c) != 0 {
      alwaysIndicatorShown = s.legacyIndicatorShows(c, trace: &t)
    }
  }

  /// Whether a legacy service delivers something.
  var delivers: Bool { locationUpdates != .none || !events.isEmpty }
}

/// The legacy monitoring services that deliver events (R47–R49).
struct LegacyEvents: OptionSet {
  let rawValue: UInt8
  static let significantChanges = LegacyEvents(rawValue: 1 << 0)
  static let visits = LegacyEvents(rawValue: 1 << 1)
  static let regionEvents = LegacyEvents(rawValue: 1 << 2)
}
