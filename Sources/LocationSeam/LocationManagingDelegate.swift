#if canImport(Darwin) && canImport(CoreLocation) || CORE_LOCATION_STAND_IN
  import CoreLocation
#endif

/// The calls a ``LocationManaging`` makes on its ``LocationManaging/locationDelegate``:
/// `CLLocationManagerDelegate`'s, with the manager as `any LocationManaging`.
///
/// Every method has an empty default, as every method of `CLLocationManagerDelegate` is
/// optional: implement those the app needs.
@MainActor
public protocol LocationManagingDelegate: AnyObject {
  /// The manager was created (the call comes once the delegate is set), or the app's
  /// authorization status or accuracy changed.
  func locationManagerDidChangeAuthorization(_ manager: any LocationManaging)
  /// New locations, the newest last.
  func locationManager(_ manager: any LocationManaging, didUpdateLocations locations: [CLLocation])
  /// The manager could not get a location.
  func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error)
  /// Core Location paused the manager's updates (`pausesLocationUpdatesAutomatically`).
  func locationManagerDidPauseLocationUpdates(_ manager: any LocationManaging)
  /// Core Location resumed the manager's paused updates.
  func locationManagerDidResumeLocationUpdates(_ manager: any LocationManaging)
  /// The device entered a monitored region.
  func locationManager(_ manager: any LocationManaging, didEnterRegion region: CLRegion)
  /// The device left a monitored region.
  func locationManager(_ manager: any LocationManaging, didExitRegion region: CLRegion)
  /// Monitoring `region` failed: on iOS, `CLError.regionMonitoringFailure` for a region past
  /// the app's limit.
  func locationManager(
    _ manager: any LocationManaging, monitoringDidFailFor region: CLRegion?,
    withError error: any Error)
  /// The device arrived at or left a place.
  func locationManager(_ manager: any LocationManaging, didVisit visit: CLVisit)
}

extension LocationManagingDelegate {
  /// Does nothing.
  public func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {}
  /// Does nothing.
  public func locationManager(
    _ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]
  ) {}
  /// Does nothing.
  public func locationManager(_ manager: any LocationManaging, didFailWithError error: any Error) {}
  /// Does nothing.
  public func locationManagerDidPauseLocationUpdates(_ manager: any LocationManaging) {}
  /// Does nothing.
  public func locationManagerDidResumeLocationUpdates(_ manager: any LocationManaging) {}
  /// Does nothing.
  public func locationManager(_ manager: any LocationManaging, didEnterRegion region: CLRegion) {}
  /// Does nothing.
  public func locationManager(_ manager: any LocationManaging, didExitRegion region: CLRegion) {}
  /// Does nothing.
  public func locationManager(
    _ manager: any LocationManaging, monitoringDidFailFor region: CLRegion?,
    withError error: any Error
  ) {}
  /// Does nothing.
  public func locationManager(_ manager: any LocationManaging, didVisit visit: CLVisit) {}
}
