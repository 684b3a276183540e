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

  init(_ s: AuthorizationState, _ c: borrowing AppConfiguration) {
    var t = Trace.off
    status = s.authorizationStatus(c)
    accuracy = s.accuracyAuthorization(trace: &t)
    authorized = status.isAuthorized
    updates = s.liveUpdates(c, trace: &t)
    monitorEvents = s.monitorEvents(c, trace: &t)
    indicator = s.backgroundIndicator(c, trace: &t)
    var union = DiagnosticFlags()
    var broken = false
    s.forEachHolderFlags(c, status: status) { _, flags in
      union.formUnion(flags)
      if flags.contains(.authorizationDeniedGlobally) && !flags.contains(.authorizationDenied) {
        broken = true
      }
    }
    flags = union
    deniedGloballyWithoutDenied = broken
  }

  var delivers: Bool { updates != .none || monitorEvents == .delivered }
}
