import AuthModel
import Testing

// Builders for the stories of the legacy CLLocationManager services (RULES.md §8b).

/// `allowsBackgroundLocationUpdates` true, the other properties at their defaults.
let allowsBackground = ManagerProperties(allowsBackgroundLocationUpdates: true)

/// A simulator launched into the foreground from `location` (precise unless said otherwise),
/// holding the manager `map` with `properties`, its creation call taken.
func withManager(
  _ location: LocationSetting = .whileUsing, precise: Bool = true,
  properties: ManagerProperties = ManagerProperties(), ios: IOSVersion = .ios18,
  info: InfoPlist = makeInfo(), start: StartingState? = nil
) throws -> AuthorizationSimulator {
  var simulator = try launched(
    ios: ios, info: info, start: start ?? StartingState(location: location, precise: precise))
  try simulator.createManager("map", properties: properties)
  _ = simulator.takeLocationManagerDidChangeAuthorization(of: "map")
  return simulator
}

extension AuthorizationSimulator {
  /// The calls the delegate of `name` received since the last read, as scenarios write them.
  mutating func takeCalls(_ name: String) -> [String]? {
    takeLocationManagerDidChangeAuthorization(of: name)?.map(\.callback.description)
  }

  /// Whether a background relaunch may happen now (R36), without taking it.
  var mayRelaunch: Bool {
    var copy = self
    return (try? copy.relaunchInBackground()) != nil
  }
}
