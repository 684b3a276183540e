import AuthModel
import Testing

/// RULES.md R41 as amended: `didPause` and `monitoringDidFail:ID` in a delegate's calls.
@Suite struct LegacyCallbackTests {
  @Test("R41 didPause and monitoringDidFail come in the order received, after the pair's calls")
  func order() throws {
    var location = try withManager(.askNextTime)
    for id in (1...20).map({ "r\($0)" }) { try location.startMonitoring("map", region: id) }
    try location.startMonitoring("map", region: "extra")
    try location.requestWhenInUseAuthorization()
    try location.tap(.allowWhileUsing)
    try location.startUpdatingLocation("map")
    try location.enterBackground()
    try location.pauseUpdates()
    #expect(
      location.takeCalls("map") == [
        "monitoringDidFail:extra", "authorizedWhenInUse/fullAccuracy", "didPause",
      ])
    let kinds = location.delegateCalls["map"] ?? []
    #expect(kinds.isEmpty, "taking consumes")
  }

  @Test("R41 each call parses back from its words")
  func words() {
    for text in ["didPause", "monitoringDidFail:home", "authorizedAlways/reducedAccuracy"] {
      #expect(LocationManagerCallback(text)?.description == text)
    }
    #expect(LocationManagerCallback("monitoringDidFail:") == nil)
    #expect(LocationManagerCallback("paused") == nil)
    #expect(LocationManagerCallback("didPause")?.rule == .r46)
    #expect(LocationManagerCallback("monitoringDidFail:a")?.rule == .r49)
  }

  @Test("R41 location, visit and region events are values, not calls")
  func eventsAreNotCalls() throws {
    var location = try withManager()
    try location.startUpdatingLocation("map")
    try location.startMonitoringVisits("map")
    try location.startMonitoring("map", region: "home")
    #expect(location.takeCalls("map") == [])
  }
}
