import AuthModel
import Testing

/// RULES.md §8b: region monitoring and its limit of 20 (R49).
@Suite struct RegionMonitoringTests {
  static let twenty = (1...20).map { "r\($0)" }

  /// A When In Use app holding `map` and `list` with twenty regions registered by `map`.
  static func full() throws -> AuthorizationSimulator {
    var location = try withManager()
    try location.createManager("list")
    _ = location.takeCalls("list")
    for id in twenty { try location.startMonitoring("map", region: id) }
    return location
  }

  @Test("R49 a 21st region registers nothing and gives monitoringDidFail to that manager")
  func limit() throws {
    var location = try Self.full()
    let cited = try location.startMonitoring("list", region: "r21")
    #expect(rules(cited).contains(.r49))
    #expect(location.monitoredRegions == Self.twenty.sorted())
    #expect(location.takeCalls("list") == ["monitoringDidFail:r21"])
    #expect(location.takeCalls("map") == [])
  }

  @Test("R49 registering an id that is there is a replacement, not a 21st")
  func replacement() throws {
    var location = try Self.full()
    try location.startMonitoring("list", region: "r5")
    #expect(location.monitoredRegions.count == 20)
    #expect(location.takeCalls("list") == [])
  }

  @Test("R49 regions belong to the app: any manager stops any; they survive termination")
  func appRegions() throws {
    var location = try withManager()
    try location.startMonitoring("map", region: "home")
    try location.createManager("list")
    try location.stopMonitoring("list", region: "home")
    #expect(location.monitoredRegions == [])
    expectRefusal(.r49, .regionNotMonitored(RegionID(0)), &location) {
      try $0.stopMonitoring("list", region: "home")
    }
    try location.startMonitoring("map", region: "work")
    try location.terminate()
    try location.launch()
    #expect(location.monitoredRegions == ["work"])
    #expect(location.regionEvents == .none, "no manager held")
    try location.createManager("map")
    #expect(location.regionEvents == .delivered)
  }

  @Test("R49 events need full accuracy; a region registered at reduced accuracy waits (assumed)")
  func fullAccuracy() throws {
    var location = try withManager(precise: false)
    try location.startMonitoring("map", region: "home")
    #expect(location.monitoredRegions == ["home"])
    #expect(location.regionEvents == .none)
    #expect(location.rules(of: .regionEvents).contains(.r2))
    try location.enterBackground()
    try location.changeSettings(.precise(true))
    try location.enterForeground()
    #expect(location.regionEvents == .delivered)
  }

  @Test("R49 regions given in start deliver to any held manager without a new startMonitoring")
  func fromStart() throws {
    var location = try launched(
      start: StartingState(location: .whileUsing, regions: ["home", "work"]))
    #expect(location.monitoredRegions == ["home", "work"])
    try location.createManager("map")
    #expect(location.regionEvents == .delivered)
    try location.stopMonitoring("map", region: "work")
    #expect(location.monitoredRegions == ["home"])
  }

  @Test("R49 out of use a When In Use app gets none; an Always app gets them")
  func outOfUse() throws {
    var whileUsing = try withManager()
    try whileUsing.startMonitoring("map", region: "home")
    try whileUsing.backgroundPastGrace()
    #expect(whileUsing.regionEvents == .none)
    var always = try withManager(.always)
    try always.startMonitoring("map", region: "home")
    try always.backgroundPastGrace()
    #expect(always.regionEvents == .delivered)
  }
}
