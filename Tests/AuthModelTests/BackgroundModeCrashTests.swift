import AuthModel
import Testing

/// RULES.md §8b: the background-mode crash (R45).
@Suite struct BackgroundModeCrashTests {

  @Test("R45 the property true without the location background mode is refused, at manager:")
  func atCreation() throws {
    var location = try launched(info: makeInfo(locationBackgroundMode: false))
    expectRefusal(.r45, .backgroundLocationUpdatesWithoutBackgroundMode, &location) {
      try $0.createManager("map", properties: allowsBackground)
    }
    #expect(location.locationManagerDidChangeAuthorization(of: "map") == nil, "no manager")
    try location.createManager(
      "map", properties: ManagerProperties(allowsBackgroundLocationUpdates: false))
  }

  @Test("R45 the property true without the location background mode is refused, at configure:")
  func atConfigure() throws {
    var location = try launched(info: makeInfo(locationBackgroundMode: false))
    try location.createManager("map")
    expectRefusal(.r45, .backgroundLocationUpdatesWithoutBackgroundMode, &location) {
      try $0.configureManager(
        "map",
        properties: ManagerProperties(
          allowsBackgroundLocationUpdates: true, showsBackgroundLocationIndicator: true))
    }
    try location.configureManager(
      "map", properties: ManagerProperties(showsBackgroundLocationIndicator: true))
  }

  @Test("R45 with the location background mode the property may be set")
  func withBackgroundMode() throws {
    var location = try launched()
    try location.createManager("map", properties: allowsBackground)
    try location.configureManager("map", properties: allowsBackground)
  }
}
