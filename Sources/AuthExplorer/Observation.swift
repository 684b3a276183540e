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
  }

  /// Whether a holder with these flags has `authorizationDeniedGlobally` without
  /// `authorizationDenied` (P11).
  private static func breaksP11(_ flags: DiagnosticFlags) -> Bool {
    flags.contains(.authorizationDeniedGlobally) && !flags.contains(.authorizationDenied)
  }

  var delivers: Bool { updates != .none || monitorEvents == .delivered }
}
