import Foundation
import LocationSeam

#if canImport(CoreLocation)
  import CoreLocation
#endif

/// A station of the network: what the finder lists nearby, and where an arrival alert wakes the
/// user.
public struct Station: Hashable, Sendable, CustomStringConvertible {
  /// The station's name, as the list shows it.
  public let name: String
  /// The station's latitude, in degrees.
  public let latitude: CLLocationDegrees
  /// The station's longitude, in degrees.
  public let longitude: CLLocationDegrees

  /// The station named `name`, at `latitude` and `longitude`.
  public init(_ name: String, latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.name = name
    self.latitude = latitude
    self.longitude = longitude
  }

  /// The network's stations.
  public static let all = [
    Station("Central", latitude: 47.3779, longitude: 8.5403),
    Station("University", latitude: 47.3765, longitude: 8.5480),
    Station("Museum", latitude: 47.3700, longitude: 8.5250),
    Station("Harbour", latitude: 47.3667, longitude: 8.5500),
    Station("Westside", latitude: 47.3890, longitude: 8.5150),
  ]

  /// The station's name.
  public var description: String { name }

  /// The station's position.
  public var coordinate: CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
  }

  /// The radius of the arrival alert's region: the train is a minute or two out.
  public static let arrivalRadius: CLLocationDistance = 500

  /// The identifier of the arrival alert's region around the station.
  public var arrivalRegionIdentifier: String { "arrival.\(name)" }

  /// The region the arrival alert monitors: a circle of ``arrivalRadius`` around the station.
  public var arrivalRegion: CLCircularRegion {
    CLCircularRegion(
      center: coordinate, radius: Self.arrivalRadius, identifier: arrivalRegionIdentifier)
  }

  /// The distance from `coordinate` to the station, in meters: flat-earth, which is exact enough
  /// across a city.
  public func distance(from coordinate: CLLocationCoordinate2D) -> CLLocationDistance {
    let metersPerDegree = 111_195.0
    let north = (coordinate.latitude - latitude) * metersPerDegree
    let east = (coordinate.longitude - longitude) * metersPerDegree * cos(latitude * .pi / 180)
    return (north * north + east * east).squareRoot()
  }
}
