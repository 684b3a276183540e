import Foundation

#if canImport(Darwin) && canImport(CoreLocation) || CORE_LOCATION_STAND_IN
  import CoreLocation
#endif

/// A `CLMonitor` the app holds: the conditions it adds, and their events.
///
/// ```swift
/// let monitor = await services.monitor("Stations")
/// await monitor.add(
///   .circularGeographic(center: station, radius: 100), identifier: "Central",
///   assuming: .unsatisfied)
/// for await event in monitor.events where event.state == .satisfied { … }
/// ```
@MainActor
public protocol LocationMonitor: AnyObject {
  /// `name`: the name the monitor was made with, under which Core Location keeps its
  /// conditions across launches.
  var name: String { get }
  /// `add(_:identifier:assuming:)`: monitors `condition` under `identifier`, replacing the
  /// condition of that identifier, with `state` as its state until Core Location determines
  /// it.
  func add(_ condition: MonitorCondition, identifier: String, assuming state: MonitorEventState)
    async
  /// `remove(_:)`: stops monitoring the condition of `identifier`.
  func remove(_ identifier: String) async
  /// `identifiers`: the identifiers of the conditions monitored.
  var identifiers: [String] { get async }
  /// `events`: the events of the monitor's conditions, from the first loop that reads it
  /// until that loop ends.
  var events: AsyncStream<MonitorEvent> { get }
}

/// A condition a ``LocationMonitor`` monitors: `CLMonitor.CircularGeographicCondition` or
/// `CLMonitor.BeaconIdentityCondition`.
public enum MonitorCondition: Sendable {
  /// `CLMonitor.CircularGeographicCondition(center:radius:)`: satisfied inside the circle.
  case circularGeographic(center: CLLocationCoordinate2D, radius: CLLocationDistance)
  /// `CLMonitor.BeaconIdentityCondition(uuid:major:minor:)`: satisfied near a beacon of this
  /// identity; `nil` for `major` or `minor` matches any value (a `minor` needs a `major`).
  case beaconIdentity(uuid: UUID, major: UInt16? = nil, minor: UInt16? = nil)
}

/// `CLMonitor.Event.State` (`CLMonitoringState`), with Core Location's raw values.
public enum MonitorEventState: Int, Hashable, Sendable {
  /// Core Location has not determined the state.
  case unknown = 0
  /// The condition is satisfied: the device is inside the circle, or near the beacon.
  case satisfied = 1
  /// The condition is not satisfied.
  case unsatisfied = 2
  /// The condition is no longer monitored.
  case unmonitored = 3
}

/// `CLMonitor.Event`: a condition's state, with the iOS 18 properties that say why events
/// may not come.
public struct MonitorEvent: Hashable, Sendable {
  /// The identifier of the condition.
  public var identifier: String
  /// The condition's state.
  public var state: MonitorEventState
  /// When the event happened.
  public var date: Date
  /// Accuracy is reduced for the app.
  public var accuracyLimited: Bool
  /// The app is denied location.
  public var authorizationDenied: Bool
  /// Location Services are off for the whole device.
  public var authorizationDeniedGlobally: Bool
  /// A prompt for the app is up, or waits for the app to come to the foreground.
  public var authorizationRequestInProgress: Bool
  /// Parental controls or a device profile restrict location.
  public var authorizationRestricted: Bool
  /// The app monitors more conditions of this kind than Core Location allows.
  public var conditionLimitExceeded: Bool
  /// The device cannot monitor conditions of this kind.
  public var conditionUnsupported: Bool
  /// The app is not in use enough to get events.
  public var insufficientlyInUse: Bool
  /// Core Location cannot keep the conditions across launches now.
  public var persistenceUnavailable: Bool
  /// The app must hold a session to get events.
  public var serviceSessionRequired: Bool

  /// The event with these properties; those not given are false.
  public init(
    identifier: String, state: MonitorEventState, date: Date, accuracyLimited: Bool = false,
    authorizationDenied: Bool = false, authorizationDeniedGlobally: Bool = false,
    authorizationRequestInProgress: Bool = false, authorizationRestricted: Bool = false,
    conditionLimitExceeded: Bool = false, conditionUnsupported: Bool = false,
    insufficientlyInUse: Bool = false, persistenceUnavailable: Bool = false,
    serviceSessionRequired: Bool = false
  ) {
    self.identifier = identifier
    self.state = state
    self.date = date
    self.accuracyLimited = accuracyLimited
    self.authorizationDenied = authorizationDenied
    self.authorizationDeniedGlobally = authorizationDeniedGlobally
    self.authorizationRequestInProgress = authorizationRequestInProgress
    self.authorizationRestricted = authorizationRestricted
    self.conditionLimitExceeded = conditionLimitExceeded
    self.conditionUnsupported = conditionUnsupported
    self.insufficientlyInUse = insufficientlyInUse
    self.persistenceUnavailable = persistenceUnavailable
    self.serviceSessionRequired = serviceSessionRequired
  }
}
