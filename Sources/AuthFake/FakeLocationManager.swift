import AuthModel
import LocationSeam

#if canImport(Darwin) && canImport(CoreLocation)
  import CoreLocation
#endif

/// What a ``FakeLocationManager`` calls, as `CLLocationManagerDelegate` does.
@MainActor
public protocol FakeLocationManagerDelegate: AnyObject {
  /// The manager's authorization status or accuracy changed, or the manager was just created
  /// (R41).
  func locationManagerDidChangeAuthorization(_ manager: FakeLocationManager)
}

/// A `CLLocationManager` backed by a ``FakeDevice``: what it reports and when its delegate is
/// called are the model's (R41).
///
/// It is a `LocationManaging`: app code that holds `any LocationManaging`, made with
/// `CLLocationManager()` in the app, takes `FakeLocationManager(device:)` in its tests, and its
/// `LocationManagingDelegate` gets the calls the model makes (R41, R46, R49). The legacy
/// services (§8b: `startUpdatingLocation()`, the three background properties, significant
/// changes, visits, regions) are the model's calls on this manager: refused ones (R45's crash,
/// a call of an app that is gone) are kept in ``FakeDevice/refusedAppCalls``.
///
/// Its delegate is called once after it is created (when the delegate is set), after every
/// step that changes the authorization status or the accuracy, never after one that changes
/// neither (Keep Only While Using, a request with no effect), and never while the app is not
/// running. Each manager gets its own calls; a change while it has no delegate calls nobody,
/// as Core Location's does. Releasing the last reference releases the manager.
///
/// A manager made while the app was not running, or before a termination, belongs to no
/// running app: it reads the values now, its delegate is never called, and its requests are
/// refused (R41: "this manager belongs to the app before it was terminated; make a new one
/// after launch()"), kept in ``FakeDevice/refusedAppCalls``.
@MainActor
public final class FakeLocationManager {
  /// The name the device's story gives this manager: `manager 1`, the lowest number free when
  /// it was made.
  public let name: String
  private let device: FakeDevice
  /// Why this object belongs to no running app, if it does not: its calls are refused.
  var stale: Refusal.StaleSince?
  /// Whether the delegate is owed the call of the manager's creation (R41).
  private var creationCallOwed = true
  /// Whether the seam's delegate is owed the call of the manager's creation (R41).
  private var locationDelegateCreationCallOwed = true
  /// The properties as the app set them, where the model accepted the change (R44–R46).
  private var properties = (
    allowsBackgroundLocationUpdates: false, showsBackgroundLocationIndicator: false,
    pausesLocationUpdatesAutomatically: true
  )

  /// The delegate; setting it delivers the call of the manager's creation, if not yet made.
  public weak var delegate: (any FakeLocationManagerDelegate)? {
    didSet { device.deliver() }
  }

  /// The seam's delegate, which app code sets: it gets `locationManagerDidChangeAuthorization`
  /// when ``delegate`` does (R41), `locationManagerDidPauseLocationUpdates` when the model
  /// pauses this manager's updates (R46), and `locationManager(_:monitoringDidFailFor:withError:)`
  /// with `CLError(.regionMonitoringFailure)` for a region past the limit (R49), and the
  /// locations, region crossings and visits a test makes come where the model delivers them
  /// (``FakeDevice/deliverLocations(_:)``, ``FakeDevice/crossRegion(_:entering:)``,
  /// ``FakeDevice/deliverVisit(_:)``). Setting it delivers the call of the manager's creation,
  /// if not yet made to it.
  public weak var locationDelegate: (any LocationManagingDelegate)? {
    didSet { device.deliver() }
  }

  /// Creates a manager in the app running on `device` (R41). Created while the app does not
  /// run, or past the eighth manager held, it is refused: see ``FakeDevice/refusedAppCalls``.
  public init(device: FakeDevice) {
    self.device = device
    name = device.nextName("manager")
    device.name(self, name)
    let refusal = device.appCall { s throws(Refusal) in try s.createManager(name) }
    if refusal == nil {
      device.register(self)
    } else if refusal?.reason == .appNotRunning {
      stale = .madeWhileNotRunning
    }
  }

  /// Calls the delegates for the calls the model delivered to this manager, oldest first; with
  /// no delegate they go nowhere, but the call of its creation waits for one.
  func receive(_ calls: [AuthorizationSimulator.DelegateCall]) {
    let changes = calls.count {
      if case .didChangeAuthorization = $0.callback { true } else { false }
    }
    if let delegate {
      let count = creationCallOwed ? max(changes, 1) : changes
      creationCallOwed = false
      for _ in 0..<count { delegate.locationManagerDidChangeAuthorization(self) }
    }
    guard let locationDelegate else { return }
    if locationDelegateCreationCallOwed && changes == 0 {
      locationDelegate.locationManagerDidChangeAuthorization(self)
    }
    locationDelegateCreationCallOwed = false
    for call in calls {
      switch call.callback {
      case .didChangeAuthorization: locationDelegate.locationManagerDidChangeAuthorization(self)
      case .didPause: locationDelegate.locationManagerDidPauseLocationUpdates(self)
      case .monitoringDidFail(let region):
        locationDelegate.locationManager(
          self, monitoringDidFailFor: device.region(region),
          withError: CLError(.regionMonitoringFailure))
      }
    }
  }

  /// Applies a call of the app's code, or refuses it if this manager belongs to no running
  /// app. Returns the refusal.
  @discardableResult
  private func call(
    _ body: (inout AuthorizationSimulator) throws(Refusal) -> [Citation]
  ) -> Refusal? {
    if let stale {
      let refusal = Refusal.stale(.manager, since: stale)
      device.refuse(refusal)
      return refusal
    }
    return device.appCall(body)
  }

  /// `CLLocationManager.authorizationStatus` (R1).
  public var authorizationStatus: CLAuthorizationStatus {
    CLAuthorizationStatus(device.simulator.authorizationStatus)
  }

  /// `CLLocationManager.accuracyAuthorization` (R2).
  public var accuracyAuthorization: CLAccuracyAuthorization {
    CLAccuracyAuthorization(device.simulator.accuracyAuthorization)
  }

  /// The status and accuracy the manager reports now, in the model's words.
  public var authorizationPair: AuthorizationPair {
    AuthorizationPair(
      authorizationStatus: device.simulator.authorizationStatus,
      accuracyAuthorization: device.simulator.accuracyAuthorization)
  }

  /// `requestWhenInUseAuthorization()` (R13).
  public func requestWhenInUseAuthorization() {
    call { s throws(Refusal) in try s.requestWhenInUseAuthorization() }
  }

  /// `requestAlwaysAuthorization()` (R14, R15).
  public func requestAlwaysAuthorization() {
    call { s throws(Refusal) in try s.requestAlwaysAuthorization() }
  }

  /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)` (R16): the
  /// completion runs once the user answers the prompt it shows, or at once if it shows none;
  /// its argument is the refusal when the app could not make the call, or when the app was
  /// terminated before the user answered (R6: termination withdraws the prompt, and nothing is
  /// granted).
  public func requestTemporaryFullAccuracyAuthorization(
    withPurposeKey purposeKey: String,
    completion: (@MainActor (Refusal?) -> Void)? = nil
  ) {
    let refusal = call { s throws(Refusal) in
      try s.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey)
    }
    if refusal == nil && device.story.requestResult == .prompted {
      device.awaitFullAccuracyAnswer(completion ?? { _ in })
    } else {
      completion?(refusal)
    }
  }

  /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)` as
  /// `LocationManaging` and Core Location declare it: the completion gets the ``Refusal`` as
  /// `any Error`, or `nil`.
  @_disfavoredOverload
  public func requestTemporaryFullAccuracyAuthorization(
    withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)?
  ) {
    requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { (refusal: Refusal?) in
      completion?(refusal)
    }
  }

  /// The async form: returns once the user answered the prompt, or at once if none shows.
  ///
  /// - Throws: the ``Refusal`` when the app could not make the call, or when the app was
  ///   terminated before the user answered (R6).
  public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String)
    async throws(Refusal)
  {
    let refusal: Refusal? = await withCheckedContinuation { continuation in
      requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) {
        continuation.resume(returning: $0)
      }
    }
    if let refusal { throw refusal }
  }

  // MARK: The legacy services (§8b)

  /// `allowsBackgroundLocationUpdates` (R44): set true without `location` in
  /// `UIBackgroundModes`, Core Location stops the app; here the change is refused (R45) and
  /// kept in ``FakeDevice/refusedAppCalls``, and the property stays as it was.
  public var allowsBackgroundLocationUpdates: Bool {
    get { properties.allowsBackgroundLocationUpdates }
    set {
      if configure(ManagerProperties(allowsBackgroundLocationUpdates: newValue)) {
        properties.allowsBackgroundLocationUpdates = newValue
      }
    }
  }

  /// `showsBackgroundLocationIndicator` (R44).
  public var showsBackgroundLocationIndicator: Bool {
    get { properties.showsBackgroundLocationIndicator }
    set {
      if configure(ManagerProperties(showsBackgroundLocationIndicator: newValue)) {
        properties.showsBackgroundLocationIndicator = newValue
      }
    }
  }

  /// `pausesLocationUpdatesAutomatically` (R46): when true, ``FakeDevice/pauseUpdates()``
  /// pauses this manager's updates and calls `locationManagerDidPauseLocationUpdates`.
  public var pausesLocationUpdatesAutomatically: Bool {
    get { properties.pausesLocationUpdatesAutomatically }
    set {
      if configure(ManagerProperties(pausesLocationUpdatesAutomatically: newValue)) {
        properties.pausesLocationUpdatesAutomatically = newValue
      }
    }
  }

  /// Sets `change` in the model; returns whether it was accepted.
  private func configure(_ change: ManagerProperties) -> Bool {
    call { s throws(Refusal) in try s.configureManager(name, properties: change) } == nil
  }

  /// `startUpdatingLocation()` (R43, R44).
  public func startUpdatingLocation() {
    call { s throws(Refusal) in try s.startUpdatingLocation(name) }
  }

  /// `stopUpdatingLocation()` (R43).
  public func stopUpdatingLocation() {
    call { s throws(Refusal) in try s.stopUpdatingLocation(name) }
  }

  /// `startMonitoringSignificantLocationChanges()` (R47): registers the app, which survives
  /// termination.
  public func startMonitoringSignificantLocationChanges() {
    call { s throws(Refusal) in try s.startMonitoringSignificantLocationChanges(name) }
  }

  /// `stopMonitoringSignificantLocationChanges()` (R47).
  public func stopMonitoringSignificantLocationChanges() {
    call { s throws(Refusal) in try s.stopMonitoringSignificantLocationChanges(name) }
  }

  /// `startMonitoringVisits()` (R48).
  public func startMonitoringVisits() {
    call { s throws(Refusal) in try s.startMonitoringVisits(name) }
  }

  /// `stopMonitoringVisits()` (R48).
  public func stopMonitoringVisits() {
    call { s throws(Refusal) in try s.stopMonitoringVisits(name) }
  }

  /// `startMonitoring(for:)` (R49): the region, known by its identifier, is registered for the
  /// app and survives termination; past the 20th, the delegate gets
  /// `locationManager(_:monitoringDidFailFor:withError:)` instead.
  public func startMonitoring(for region: CLRegion) {
    device.keep(region)
    call { s throws(Refusal) in try s.startMonitoring(name, region: region.identifier) }
  }

  /// `stopMonitoring(for:)` (R49).
  public func stopMonitoring(for region: CLRegion) {
    call { s throws(Refusal) in try s.stopMonitoring(name, region: region.identifier) }
  }

  /// `monitoredRegions` (R49): the regions the app registered, with any manager, in this launch
  /// or an earlier one; the objects the app passed to `startMonitoring(for:)` (see
  /// ``FakeDevice/region(_:)`` for those of the ``StartingState``).
  public var monitoredRegions: Set<CLRegion> {
    Set(device.simulator.monitoredRegions.map(device.region))
  }
}

extension FakeLocationManager: LocationManaging {}
