#if canImport(Darwin) && canImport(CoreLocation) || CORE_LOCATION_STAND_IN
  import CoreLocation
#endif

/// The iOS 17 and 18 location services an app's code starts, as factories it holds: a
/// `CLServiceSession`, `CLLocationUpdate.liveUpdates()`, a `CLBackgroundActivitySession`, a
/// `CLMonitor`.
///
/// The app holds `any LocationServices`: `CoreLocationServices()` on iOS 18, a fake device in its
/// tests. What comes back is the seam's shape of Core Location's objects, with Apple's property
/// names: ``LocationServiceSession``, ``LiveLocationUpdate``, ``BackgroundActivitySession``,
/// ``LocationMonitor``.
@MainActor
public protocol LocationServices {
  /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)`, or without a purpose key
  /// `CLServiceSession(authorization:)`: held until it is invalidated or released.
  func serviceSession(
    authorization: ServiceSessionAuthorization, fullAccuracyPurposeKey: String?
  ) -> any LocationServiceSession
  /// `CLLocationUpdate.liveUpdates()`: the updates, from now until the loop reading them ends.
  func liveUpdates() -> AsyncStream<LiveLocationUpdate>
  /// `CLBackgroundActivitySession()`: held until it is invalidated or released.
  func backgroundActivitySession() -> any BackgroundActivitySession
  /// `CLMonitor(_:)`: the monitor of this name, with the conditions kept for it.
  func monitor(_ name: String) async -> any LocationMonitor
}

/// A `CLServiceSession` the app holds.
@MainActor
public protocol LocationServiceSession: AnyObject {
  /// `diagnostics`: what the session's diagnostic says now, then at each change, until the
  /// session ends.
  var diagnostics: AsyncStream<ServiceSessionDiagnostic> { get }
  /// `invalidate()`: ends the session at once.
  func invalidate()
}

/// A `CLBackgroundActivitySession` the app holds.
@MainActor
public protocol BackgroundActivitySession: AnyObject {
  /// `invalidate()`: ends the session at once.
  func invalidate()
}

/// `CLServiceSession.AuthorizationRequirement`: what a service session asks for.
public enum ServiceSessionAuthorization: Hashable, Sendable {
  /// No authorization: the session only keeps the app's other goals.
  case none
  /// While the app is in use.
  case whenInUse
  /// At any time.
  case always
}

/// `CLServiceSession.Diagnostic`: its eight properties, as values.
public struct ServiceSessionDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// Someone has not granted the app Always, which the session asks for.
  public var alwaysAuthorizationDenied: Bool
  /// The app is denied location.
  public var authorizationDenied: Bool
  /// Location Services are off for the whole device.
  public var authorizationDeniedGlobally: Bool
  /// A prompt for the app is up, or waits for the app to come to the foreground.
  public var authorizationRequestInProgress: Bool
  /// Parental controls or a device profile restrict location.
  public var authorizationRestricted: Bool
  /// The session names a purpose key and accuracy is reduced.
  public var fullAccuracyDenied: Bool
  /// The app is not in use enough for what the session asks.
  public var insufficientlyInUse: Bool
  /// The app must hold a session to get location.
  public var serviceSessionRequired: Bool

  /// The diagnostic with these properties; those not given are false.
  public init(
    alwaysAuthorizationDenied: Bool = false, authorizationDenied: Bool = false,
    authorizationDeniedGlobally: Bool = false, authorizationRequestInProgress: Bool = false,
    authorizationRestricted: Bool = false, fullAccuracyDenied: Bool = false,
    insufficientlyInUse: Bool = false, serviceSessionRequired: Bool = false
  ) {
    self.alwaysAuthorizationDenied = alwaysAuthorizationDenied
    self.authorizationDenied = authorizationDenied
    self.authorizationDeniedGlobally = authorizationDeniedGlobally
    self.authorizationRequestInProgress = authorizationRequestInProgress
    self.authorizationRestricted = authorizationRestricted
    self.fullAccuracyDenied = fullAccuracyDenied
    self.insufficientlyInUse = insufficientlyInUse
    self.serviceSessionRequired = serviceSessionRequired
  }

  /// The properties that are true, by name, in declaration order: `[authorizationDenied]`.
  public var description: String {
    let named = [
      ("alwaysAuthorizationDenied", alwaysAuthorizationDenied),
      ("authorizationDenied", authorizationDenied),
      ("authorizationDeniedGlobally", authorizationDeniedGlobally),
      ("authorizationRequestInProgress", authorizationRequestInProgress),
      ("authorizationRestricted", authorizationRestricted),
      ("fullAccuracyDenied", fullAccuracyDenied), ("insufficientlyInUse", insufficientlyInUse),
      ("serviceSessionRequired", serviceSessionRequired),
    ]
    return "[" + named.filter(\.1).map(\.0).joined(separator: ", ") + "]"
  }
}

/// `CLLocationUpdate`: the location, if one came, and the iOS 18 properties that say why not or
/// how.
///
/// Sendable: its location is an immutable `CLLocation`.
public struct LiveLocationUpdate: @unchecked Sendable {
  /// The device's location, if available.
  public var location: CLLocation?
  /// The app is denied location.
  public var authorizationDenied: Bool
  /// Location Services are off for the whole device.
  public var authorizationDeniedGlobally: Bool
  /// Parental controls or a device profile restrict location.
  public var authorizationRestricted: Bool
  /// A prompt for the app is up, or waits for the app to come to the foreground.
  public var authorizationRequestInProgress: Bool
  /// The app is not in use enough to get updates.
  public var insufficientlyInUse: Bool
  /// The app must hold a session to get updates.
  public var serviceSessionRequired: Bool
  /// Accuracy is reduced for the app: locations are approximate.
  public var accuracyLimited: Bool
  /// Core Location cannot determine a location now.
  public var locationUnavailable: Bool
  /// The device is not moving.
  public var stationary: Bool

  /// The update with these properties; those not given are false or `nil`.
  public init(
    location: CLLocation? = nil, authorizationDenied: Bool = false,
    authorizationDeniedGlobally: Bool = false, authorizationRestricted: Bool = false,
    authorizationRequestInProgress: Bool = false, insufficientlyInUse: Bool = false,
    serviceSessionRequired: Bool = false, accuracyLimited: Bool = false,
    locationUnavailable: Bool = false, stationary: Bool = false
  ) {
    self.location = location
    self.authorizationDenied = authorizationDenied
    self.authorizationDeniedGlobally = authorizationDeniedGlobally
    self.authorizationRestricted = authorizationRestricted
    self.authorizationRequestInProgress = authorizationRequestInProgress
    self.insufficientlyInUse = insufficientlyInUse
    self.serviceSessionRequired = serviceSessionRequired
    self.accuracyLimited = accuracyLimited
    self.locationUnavailable = locationUnavailable
    self.stationary = stationary
  }
}
