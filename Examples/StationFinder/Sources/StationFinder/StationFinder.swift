import LocationSeam

#if canImport(CoreLocation)
  import CoreLocation
#endif

/// A station finder's location logic: the banner above the station list, the stations nearest
/// the user (significant changes), and an arrival alert (a region, which needs Always).
@MainActor
public final class StationFinder: LocationManagingDelegate {
  /// The manager of the finder: significant changes and the arrival region.
  public let manager: any LocationManaging
  private let stations: [Station]
  /// Whether this manager started the significant-change service.
  private var refreshesNearbyStations = false

  /// Starts the finder with `manager`, among `stations`.
  ///
  /// An arrival alert whose region Core Location still monitors from an earlier launch is on
  /// again: regions outlive the app.
  public init(manager: any LocationManaging, stations: [Station] = Station.all) {
    self.manager = manager
    self.stations = stations
    let monitored = Set(manager.monitoredRegions.map(\.identifier))
    alertStation = stations.first { monitored.contains($0.arrivalRegionIdentifier) }
    manager.locationDelegate = self
  }

  #if canImport(CoreLocation) && os(iOS)
    /// Starts the finder with Core Location's manager, as the app does.
    public convenience init() {
      self.init(manager: CLLocationManager())
    }
  #endif

  /// What the station list shows above the stations.
  public enum Banner: Equatable, Sendable {
    /// Nothing: stations near the user, precisely.
    case none
    /// A button that asks for location.
    case askForLocation
    /// Location is off for the app, or for the device: a link to Settings.
    case locationOff
    /// Approximate location: stations in the area, and a button for Precise.
    case approximate
  }

  /// What the arrival alert can do.
  public enum ArrivalAlert: Equatable, Sendable {
    /// Off: the user did not turn it on, or the app may not use location.
    case off
    /// On: Always lets its region wake the app near the station.
    case on
    /// The user kept While Using: the alert works only while the app is open.
    case onlyWhileOpen
    /// Approximate location: region monitoring is not available, a link to turn Precise on.
    case needsPreciseLocation
  }

  /// The purpose key of the Precise button on the approximate banner, in the app's
  /// `NSLocationTemporaryUsageDescriptionDictionary`.
  public static let precisePurposeKey = "NearbyStations"

  /// What the list shows above the stations.
  public private(set) var banner = Banner.none
  /// The stations nearest the last location Core Location reported, nearest first; empty until
  /// one comes.
  public private(set) var nearbyStations: [Station] = []
  /// The station the arrival alert watches, if it is on.
  public private(set) var alertStation: Station?
  /// The station the alert announced on arrival: the alert shows "Arriving at …".
  public private(set) var arrivedAt: Station?
  /// What the manager reported at each authorization call, `STATUS/ACCURACY`: for tests that
  /// check the calls exactly (R41).
  public private(set) var authorizationChanges: [String] = []

  /// The user taps "Use my location".
  public func askForLocation() { manager.requestWhenInUseAuthorization() }

  /// The user taps Precise on the approximate banner: full accuracy for this use of the app.
  public func askForPreciseLocation() {
    manager.requestTemporaryFullAccuracyAuthorization(
      withPurposeKey: Self.precisePurposeKey, completion: nil)
  }

  /// The user turns on an arrival alert for `station`: its region is monitored now, and Always
  /// asked for now, when the user wants what needs it.
  public func turnOnArrivalAlert(at station: Station) {
    if let alertStation { manager.stopMonitoring(for: alertStation.arrivalRegion) }
    alertStation = station
    arrivedAt = nil
    manager.startMonitoring(for: station.arrivalRegion)
    manager.requestAlwaysAuthorization()
  }

  /// The user turns the arrival alert off.
  public func turnOffArrivalAlert() {
    guard let alertStation else { return }
    manager.stopMonitoring(for: alertStation.arrivalRegion)
    self.alertStation = nil
  }

  /// What the alert can do now. Read from the manager rather than kept from the last delegate
  /// call: when the user keeps While Using, no call comes (nothing changed, R41).
  public var arrivalAlert: ArrivalAlert {
    guard alertStation != nil else { return .off }
    switch manager.authorizationStatus {
    case .authorizedAlways, .authorizedWhenInUse:
      if manager.accuracyAuthorization == .reducedAccuracy { return .needsPreciseLocation }
      return manager.authorizationStatus == .authorizedAlways ? .on : .onlyWhileOpen
    default: return .off
    }
  }

  /// The manager was made, or the status or accuracy changed: the banner follows, and the
  /// significant changes start once the app is authorized and stop when it is not.
  public func locationManagerDidChangeAuthorization(_ manager: any LocationManaging) {
    authorizationChanges.append(Self.describe(manager))
    switch manager.authorizationStatus {
    case .denied, .restricted: banner = .locationOff
    case .authorizedWhenInUse, .authorizedAlways:
      banner = manager.accuracyAuthorization == .reducedAccuracy ? .approximate : .none
    default: banner = .askForLocation
    }
    // Significant changes keep the nearby stations fresh, in the background too; at a launch
    // Core Location made for them, starting them again is what delivers the event.
    let authorized = [.authorizedWhenInUse, .authorizedAlways].contains(manager.authorizationStatus)
    if authorized && !refreshesNearbyStations {
      manager.startMonitoringSignificantLocationChanges()
    } else if !authorized && refreshesNearbyStations {
      manager.stopMonitoringSignificantLocationChanges()
    }
    refreshesNearbyStations = authorized
  }

  /// A significant change: the nearby stations, from the newest location.
  public func locationManager(
    _ manager: any LocationManaging, didUpdateLocations locations: [CLLocation]
  ) {
    guard let location = locations.last else { return }
    nearbyStations = Array(
      stations.sorted {
        $0.distance(from: location.coordinate) < $1.distance(from: location.coordinate)
      }
      .prefix(3))
  }

  /// The device entered the alert's region: "Arriving at …".
  public func locationManager(_ manager: any LocationManaging, didEnterRegion region: CLRegion) {
    guard let station = alertStation, region.identifier == station.arrivalRegionIdentifier
    else { return }
    // The alert is for one trip: announced, it is off.
    arrivedAt = station
    turnOffArrivalAlert()
  }

  /// The status and accuracy `manager` reports, in Core Location's names:
  /// `authorizedWhenInUse/reducedAccuracy`.
  static func describe(_ manager: any LocationManaging) -> String {
    let status =
      switch manager.authorizationStatus {
      case .notDetermined: "notDetermined"
      case .restricted: "restricted"
      case .denied: "denied"
      case .authorizedAlways: "authorizedAlways"
      case .authorizedWhenInUse: "authorizedWhenInUse"
      @unknown default: "unknown"
      }
    let accuracy =
      switch manager.accuracyAuthorization {
      case .fullAccuracy: "fullAccuracy"
      case .reducedAccuracy: "reducedAccuracy"
      @unknown default: "unknown"
      }
    return "\(status)/\(accuracy)"
  }
}
