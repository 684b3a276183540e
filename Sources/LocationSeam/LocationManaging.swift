#if canImport(Darwin) && canImport(CoreLocation) || CORE_LOCATION_STAND_IN
  import CoreLocation
#endif

/// What an app's code asks of a `CLLocationManager`, in Core Location's names and signatures,
/// so that the app's production code holds `any LocationManaging` and gets a
/// `CLLocationManager` in the app and a fake in its tests.
///
/// The module is named `LocationSeam` for what it is to an app: a seam, the place where the
/// app's code meets Core Location and where a test swaps in a fake without editing that code
/// (as `any Clock` is for swift-clocks' test clock). It holds protocols and Core Location's
/// value types only, no model and nothing of authcheck, so that an app's production target can
/// depend on it. The protocols are named after what they stand for, with Swift's `-ing` for a
/// capability (`LocationManaging`), not after a type inside the module.
///
/// ```swift
/// // The app's code:
/// final class StationList: LocationManagingDelegate {
///   let manager: any LocationManaging
///   init(manager: any LocationManaging = CLLocationManager()) {
///     self.manager = manager
///     manager.locationDelegate = self
///   }
///   func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) { … }
/// }
/// // Its test:
/// let list = StationList(manager: FakeLocationManager(device: device))
/// ```
///
/// On iOS, `CLLocationManager` conforms (`CLLocationManager+LocationManaging.swift`); the value
/// types are Core Location's own (`CLAuthorizationStatus`, `CLLocation`, `CLRegion`,
/// `CLVisit`). Where Core Location does not exist (Linux), the module declares those value
/// types itself with Core Location's names, so that app code reads the same on both.
///
/// Every member is main-actor isolated, as app code uses a manager made on the main thread,
/// whose delegate Core Location calls there.
@MainActor
public protocol LocationManaging: AnyObject {
  /// The object that receives the manager's events.
  ///
  /// `CLLocationManager.delegate` takes a `CLLocationManagerDelegate`, whose calls pass a
  /// `CLLocationManager`; this one takes a ``LocationManagingDelegate``, whose calls pass the
  /// manager as `any LocationManaging`, so that the same delegate code runs on Core Location
  /// and on a fake. On a `CLLocationManager`, setting it sets the manager's `delegate` to a
  /// proxy that forwards each call. Weak, as `delegate` is.
  var locationDelegate: (any LocationManagingDelegate)? { get set }

  /// The app's authorization to use location services.
  var authorizationStatus: CLAuthorizationStatus { get }
  /// Whether the app may use location services with full accuracy.
  var accuracyAuthorization: CLAccuracyAuthorization { get }
  /// Asks the user for permission to use location while the app is in use.
  func requestWhenInUseAuthorization()
  /// Asks the user for permission to use location even when the app is not in use.
  func requestAlwaysAuthorization()
  /// Asks the user for full accuracy for this use of the app, explained by the entry
  /// `purposeKey` of `NSLocationTemporaryUsageDescriptionDictionary`; `completion` runs once
  /// the user answered, with `nil`, or with the error that says why no prompt showed.
  func requestTemporaryFullAccuracyAuthorization(
    withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)?)

  /// Starts the standard location service: the delegate gets
  /// `locationManager(_:didUpdateLocations:)`.
  func startUpdatingLocation()
  /// Stops the standard location service.
  func stopUpdatingLocation()
  /// Whether updates started in use continue in the background; `true` needs `location` in
  /// the app's `UIBackgroundModes`.
  var allowsBackgroundLocationUpdates: Bool { get set }
  /// Whether an app with Always authorization shows the location indicator while it uses
  /// location in the background.
  var showsBackgroundLocationIndicator: Bool { get set }
  /// Whether Core Location may pause updates when the location is unlikely to change.
  var pausesLocationUpdatesAutomatically: Bool { get set }

  /// Starts the significant-change location service, which can relaunch the app.
  func startMonitoringSignificantLocationChanges()
  /// Stops the significant-change location service.
  func stopMonitoringSignificantLocationChanges()
  /// Starts the visits service: the delegate gets `locationManager(_:didVisit:)`.
  func startMonitoringVisits()
  /// Stops the visits service.
  func stopMonitoringVisits()
  /// Starts monitoring `region`: the delegate gets `locationManager(_:didEnterRegion:)` and
  /// `locationManager(_:didExitRegion:)`.
  func startMonitoring(for region: CLRegion)
  /// Stops monitoring `region`.
  func stopMonitoring(for region: CLRegion)
  /// The regions the app monitors, with this manager or another, in this launch or an earlier
  /// one.
  var monitoredRegions: Set<CLRegion> { get }
}
