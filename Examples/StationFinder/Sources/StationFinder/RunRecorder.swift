import LocationSeam

#if canImport(CoreLocation)
  import CoreLocation
#endif

/// A run recorder's location logic: the route of a run, recorded in the background with the
/// standard location service, which Core Location may pause when the runner stops.
///
/// It has a manager of its own, apart from the ``StationFinder``'s: `CLLocationManager()` in
/// the app (``init()``), a fake in its tests.
@MainActor
public final class RunRecorder: LocationManagingDelegate {
  /// What the recorder shows.
  public enum State: Equatable, Sendable {
    /// No run: a Start button.
    case idle
    /// The user started a run and the app asked for location: it starts on Allow.
    case waitingForPermission
    /// The route is being recorded, in the background too.
    case recording
    /// Core Location paused the updates, or the permission for them lapsed: "Run paused", and a
    /// Resume button.
    case paused
    /// Location is off for the app, or for the device: the run stopped, a link to Settings.
    case locationOff
  }

  /// What the recorder shows.
  public private(set) var state = State.idle
  /// The run's route so far: the locations recorded, oldest first.
  public private(set) var route: [CLLocation] = []

  /// The recorder's manager: the standard location service, in the background.
  public let manager: any LocationManaging

  /// Starts the recorder with `manager`.
  public init(manager: any LocationManaging) {
    self.manager = manager
    manager.locationDelegate = self
  }

  #if canImport(CoreLocation) && os(iOS)
    /// Starts the recorder with Core Location's manager, as the app does.
    public convenience init() {
      self.init(manager: CLLocationManager())
    }
  #endif

  /// The user taps Start: a new route.
  public func startRun() {
    route = []
    resumeRun()
  }

  /// The user taps Resume, or Start: updates start again where the app may use location, and
  /// the app asks where the user has not decided.
  public func resumeRun() {
    switch manager.authorizationStatus {
    case .authorizedWhenInUse, .authorizedAlways: startUpdates()
    case .notDetermined:
      state = .waitingForPermission
      manager.requestWhenInUseAuthorization()
    default: state = .locationOff
    }
  }

  /// The user taps Stop: the run ends, and the route stays on screen.
  public func stopRun() {
    manager.stopUpdatingLocation()
    state = .idle
  }

  /// Updates that go on in the background (`location` is in the app's `UIBackgroundModes`),
  /// that Core Location may pause when the runner stops, with the indicator that says so.
  private func startUpdates() {
    manager.allowsBackgroundLocationUpdates = true
    manager.showsBackgroundLocationIndicator = true
    manager.pausesLocationUpdatesAutomatically = true
    manager.startUpdatingLocation()
    state = .recording
  }

  /// Core Location paused the updates: the runner stopped, or seems to. The run shows it is
  /// paused, and resumes at the user's tap, in use: in the background, a When In Use app would
  /// get nothing until then (R46).
  public func locationManagerDidPauseLocationUpdates(_ manager: any LocationManaging) {
    state = .paused
  }

  /// The status changed: a run waiting for permission starts, a run whose permission lapsed
  /// pauses, and a run the user denied stops.
  public func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
    switch manager.authorizationStatus {
    case .authorizedWhenInUse, .authorizedAlways:
      if state == .waitingForPermission { startUpdates() }
    case .notDetermined:
      // Allow Once lapsed: nothing comes until the user resumes, which asks again.
      if state == .recording {
        manager.stopUpdatingLocation()
        state = .paused
      }
    default:
      if state != .idle && state != .locationOff {
        manager.stopUpdatingLocation()
        state = .locationOff
      }
    }
  }

  /// New locations: the route goes on, while the run records.
  public func locationManager(
    _ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]
  ) {
    guard state == .recording else { return }
    route.append(contentsOf: locations)
  }
}
