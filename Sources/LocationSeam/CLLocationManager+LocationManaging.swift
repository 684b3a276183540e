// `CLLocationManager` in the app, as ``LocationManaging``. On iOS this is compiled against Apple's
// Core Location; on Linux, CI compiles this same file against a stand-in of the declarations it
// uses (`Tests/CoreLocationStandIn`), so that a name or signature that drifts from Core
// Location's is a build error there. Not on macOS, where `showsBackgroundLocationIndicator` and
// visits do not exist.
#if canImport(Darwin) && canImport(CoreLocation) && os(iOS) || CORE_LOCATION_STAND_IN
  import CoreLocation
  import Foundation

  /// `CLLocationManager` conforms as it is: its members are the protocol's, but for the
  /// delegate, whose calls it makes through a ``LocationManagerDelegateProxy``.
  extension CLLocationManager: LocationManaging {
    /// The seam's delegate: setting it sets the manager's `delegate` to a proxy that forwards
    /// each `CLLocationManagerDelegate` call to it, with this manager as `any LocationManaging`.
    /// Reads `nil` when `delegate` was set to anything else since.
    public var locationDelegate: (any LocationManagingDelegate)? {
      get { (delegate as? LocationManagerDelegateProxy)?.delegate }
      set {
        let proxy = newValue.map { LocationManagerDelegateProxy(for: self, forwardingTo: $0) }
        LocationManagerDelegateProxy.keep(proxy, for: self)
        delegate = proxy
      }
    }
  }

  /// The `CLLocationManagerDelegate` of a `CLLocationManager` whose
  /// ``LocationManaging/locationDelegate`` is set: forwards each call to it.
  ///
  /// Core Location calls a delegate on the thread where the manager was made; the seam's
  /// delegate is main-actor isolated, so the manager must be made on the main thread: a call
  /// from elsewhere stops the app (the conformance is `@preconcurrency`, which checks it).
  @MainActor
  public final class LocationManagerDelegateProxy: NSObject,
    @preconcurrency CLLocationManagerDelegate
  {
    /// The delegate the calls go to.
    public private(set) weak var delegate: (any LocationManagingDelegate)?
    /// The manager whose calls these are, while it lives.
    private weak var manager: CLLocationManager?

    /// A proxy for `manager`'s calls, forwarding them to `delegate`.
    init(for manager: CLLocationManager, forwardingTo delegate: any LocationManagingDelegate) {
      self.delegate = delegate
      self.manager = manager
    }

    /// `CLLocationManager.delegate` is weak: the proxies of living managers are kept here.
    private static var kept: [ObjectIdentifier: LocationManagerDelegateProxy] = [:]

    /// Keeps `proxy` as `manager`'s, dropping its previous one and those of managers gone.
    static func keep(_ proxy: LocationManagerDelegateProxy?, for manager: CLLocationManager) {
      kept = kept.filter { $0.value.manager != nil && $0.value.manager !== manager }
      if let proxy { kept[ObjectIdentifier(manager)] = proxy }
    }

    /// Runs `call` with the delegate, if it still lives.
    private func forward(_ call: (any LocationManagingDelegate) -> Void) {
      if let delegate { call(delegate) }
    }

    /// Forwards `locationManagerDidChangeAuthorization(_:)`.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
      forward { $0.locationManagerDidChangeAuthorization(manager) }
    }

    /// Forwards `locationManager(_:didUpdateLocations:)`.
    public func locationManager(
      _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
    ) {
      forward { $0.locationManager(manager, didUpdateLocations: locations) }
    }

    /// Forwards `locationManager(_:didFailWithError:)`.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
      forward { $0.locationManager(manager, didFailWithError: error) }
    }

    /// Forwards `locationManagerDidPauseLocationUpdates(_:)`.
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
      forward { $0.locationManagerDidPauseLocationUpdates(manager) }
    }

    /// Forwards `locationManagerDidResumeLocationUpdates(_:)`.
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
      forward { $0.locationManagerDidResumeLocationUpdates(manager) }
    }

    /// Forwards `locationManager(_:didEnterRegion:)`.
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
      forward { $0.locationManager(manager, didEnterRegion: region) }
    }

    /// Forwards `locationManager(_:didExitRegion:)`.
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
      forward { $0.locationManager(manager, didExitRegion: region) }
    }

    /// Forwards `locationManager(_:monitoringDidFailFor:withError:)`.
    public func locationManager(
      _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
      withError error: any Error
    ) {
      forward { $0.locationManager(manager, monitoringDidFailFor: region, withError: error) }
    }

    /// Forwards `locationManager(_:didVisit:)`.
    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
      forward { $0.locationManager(manager, didVisit: visit) }
    }
  }
#endif
