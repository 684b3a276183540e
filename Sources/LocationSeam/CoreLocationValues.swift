#if !(canImport(Darwin) && canImport(CoreLocation) || CORE_LOCATION_STAND_IN)
  import Foundation

  // Where Core Location does not exist (Linux), the value types of its API that
  // ``LocationManaging`` uses, with Core Location's names, raw values and members, so that app
  // code and its tests read the same here and on iOS, where these are Core Location's own.
  // Only the members listed exist; initializers are Core Location's, but for `CLVisit`'s, which
  // Core Location does not offer.

  /// `CLLocationDegrees`: a latitude or longitude in degrees.
  public typealias CLLocationDegrees = Double
  /// `CLLocationDistance`: a distance in meters.
  public typealias CLLocationDistance = Double
  /// `CLLocationAccuracy`: an accuracy in meters.
  public typealias CLLocationAccuracy = Double

  /// `CLAuthorizationStatus`: the app's authorization to use location services.
  public enum CLAuthorizationStatus: Int32, Sendable {
    /// The user has not chosen yet.
    case notDetermined = 0
    /// Parental controls or a device profile restrict location.
    case restricted = 1
    /// The user denied the app, or turned Location Services off.
    case denied = 2
    /// The app may use location at any time.
    case authorizedAlways = 3
    /// The app may use location while it is in use.
    case authorizedWhenInUse = 4
  }

  /// `CLAccuracyAuthorization`: whether the app gets precise locations.
  public enum CLAccuracyAuthorization: Int, Sendable {
    /// Precise locations.
    case fullAccuracy = 0
    /// Approximate locations only.
    case reducedAccuracy = 1
  }

  /// `CLLocationCoordinate2D`: a latitude and longitude.
  public struct CLLocationCoordinate2D: Sendable {
    /// The latitude, in degrees.
    public var latitude: CLLocationDegrees
    /// The longitude, in degrees.
    public var longitude: CLLocationDegrees
    /// The coordinate at `latitude` and `longitude`.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
      self.latitude = latitude
      self.longitude = longitude
    }
  }

  /// `CLLocation`: a position reported by a location service.
  open class CLLocation: @unchecked Sendable {
    /// Where the device was.
    public let coordinate: CLLocationCoordinate2D
    /// The radius of uncertainty, in meters.
    public let horizontalAccuracy: CLLocationAccuracy
    /// When the location was determined.
    public let timestamp: Date

    /// A location at `latitude` and `longitude`, exact, now.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
      coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
      horizontalAccuracy = 0
      timestamp = Date()
    }
  }

  /// `CLRegion`: a region the app monitors, known by its identifier.
  open class CLRegion: Hashable, @unchecked Sendable {
    /// The app's name for the region.
    public let identifier: String

    init(identifier: String) { self.identifier = identifier }

    /// Whether the two are the same region: the same identifier.
    public static func == (lhs: CLRegion, rhs: CLRegion) -> Bool {
      lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
  }

  /// `CLCircularRegion`: a circle around a point.
  open class CLCircularRegion: CLRegion, @unchecked Sendable {
    /// The circle's center.
    public let center: CLLocationCoordinate2D
    /// The circle's radius, in meters.
    public let radius: CLLocationDistance

    /// The circle around `center`, of `radius` meters, named `identifier`.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
      self.center = center
      self.radius = radius
      super.init(identifier: identifier)
    }
  }

  /// `CLError`: what a Core Location error says.
  public struct CLError: Error, Hashable, Sendable {
    /// `CLError.Code`, with Core Location's raw values.
    public enum Code: Int, Sendable {
      /// No location is known now.
      case locationUnknown = 0
      /// The user denied the app location.
      case denied = 1
      /// The network was unavailable.
      case network = 2
      /// The heading could not be determined.
      case headingFailure = 3
      /// The user denied the app region monitoring.
      case regionMonitoringDenied = 4
      /// A region could not be monitored: past the app's limit, or too large.
      case regionMonitoringFailure = 5
    }
    /// What went wrong.
    public let code: Code
    /// The error of `code`.
    public init(_ code: Code) { self.code = code }
  }

  /// `CLVisit`: a stay of the device at a place.
  open class CLVisit: @unchecked Sendable {
    /// When the visit began, `Date.distantPast` if unknown.
    public let arrivalDate: Date
    /// When the visit ended, `Date.distantFuture` while the device is still there.
    public let departureDate: Date
    /// The center of the place.
    public let coordinate: CLLocationCoordinate2D
    /// The radius of the place, in meters.
    public let horizontalAccuracy: CLLocationAccuracy

    /// A visit at `coordinate` (Core Location makes its visits itself; a test makes them
    /// here, and on iOS with a subclass of `CLVisit`).
    public init(
      coordinate: CLLocationCoordinate2D, horizontalAccuracy: CLLocationAccuracy,
      arrivalDate: Date, departureDate: Date
    ) {
      self.coordinate = coordinate
      self.horizontalAccuracy = horizontalAccuracy
      self.arrivalDate = arrivalDate
      self.departureDate = departureDate
    }
  }
#endif
