import AuthModel
import Testing

/// RULES.md §10b: `locationManagerDidChangeAuthorization` (R41).
@Suite struct DelegateCallbackTests {
  /// The pairs the delegate of `name` received since the last read, as scenarios write them.
  static func take(_ name: String, _ location: inout AuthorizationSimulator) -> [String]? {
    location.takeLocationManagerDidChangeAuthorization(of: name)?.map(\.pair.description)
  }

  @Test("R41 one call at creation, with the values of that moment")
  func callAtCreation() throws {
    var location = try launched(start: .init(location: .whileUsing, precise: false))
    try location.createManager("map")
    #expect(Self.take("map", &location) == ["authorizedWhenInUse/reducedAccuracy"])
    #expect(Self.take("map", &location) == [], "taking consumes")
    #expect(Self.take("list", &location) == nil, "never created")
  }

  @Test("R41 one call after each step that changes the pair, once when both values change")
  func callAfterChange() throws {
    var location = try launched(info: makeInfo(accuracyReduced: true))
    try location.createManager("map")
    try location.requestWhenInUseAuthorization()
    try location.tap(.allowWhileUsing)
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    try location.tap(.allowOnce)
    try location.enterBackground()
    try location.changeSettings(.reset)
    #expect(
      Self.take("map", &location) == [
        "notDetermined/reducedAccuracy", "authorizedWhenInUse/reducedAccuracy",
        "authorizedWhenInUse/fullAccuracy", "notDetermined/reducedAccuracy",
      ])
    #expect(location.locationManagerDidChangeAuthorization(of: "map") == [])
  }

  @Test("R41 a temporary grant that lapses calls the delegate; the cause names R12")
  func lapseCalls() throws {
    var location = try launched()
    try location.createManager("map")
    try location.requestWhenInUseAuthorization()
    try location.tap(.allowOnce)
    _ = Self.take("map", &location)
    try location.backgroundPastGrace()
    let taken = location.takeLocationManagerDidChangeAuthorization(of: "map")
    let calls = try #require(taken)
    #expect(calls.map(\.pair.description) == ["notDetermined/fullAccuracy"])
    #expect(calls.first?.event == .wait)
    #expect(calls.first?.cause.map(\.rule).contains(.r12) == true)
  }

  @Test(
    "R41 no call after a request, a prompt, Keep Only While Using, or an upgrade of provisional")
  func noCallWithoutChange() throws {
    var upgrade = try launched(start: .init(location: .whileUsing))
    try upgrade.createManager("map")
    _ = Self.take("map", &upgrade)
    try upgrade.requestAlwaysAuthorization()
    #expect(upgrade.prompt == .alwaysUpgrade)
    try upgrade.tap(.keepOnlyWhileUsing)
    try upgrade.requestAlwaysAuthorization()
    #expect(Self.take("map", &upgrade) == [])

    var provisional = try launched()
    try provisional.requestAlwaysAuthorization()
    try provisional.tap(.allowWhileUsing)
    try provisional.createManager("map")
    #expect(Self.take("map", &provisional) == ["authorizedAlways/fullAccuracy"])
    try provisional.backgroundPastGrace()
    try provisional.backgroundEvent()
    try provisional.tap(.changeToAlwaysAllow)
    #expect(provisional.settingsShows == .always)
    #expect(Self.take("map", &provisional) == [], "the status stays authorizedAlways")
  }

  @Test("R41 nothing while not running: termination releases; a new manager reads the values then")
  func nothingWhileNotRunning() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.createManager("map")
    try location.terminate()
    try location.changeSettings(.location(.never))
    #expect(Self.take("map", &location) == ["authorizedWhenInUse/fullAccuracy"])
    try location.launch()
    #expect(Self.take("map", &location) == [], "a released manager no longer grows")
    try location.createManager("map")
    #expect(Self.take("map", &location) == ["denied/fullAccuracy"])
  }

  @Test("R41 a released manager keeps what it received; other managers go on")
  func releaseStopsOne() throws {
    var location = try launched()
    try location.createManager("a")
    try location.createManager("b")
    try location.releaseManager("a")
    try location.requestWhenInUseAuthorization()
    try location.tap(.dontAllow)
    #expect(Self.take("a", &location) == ["notDetermined/fullAccuracy"])
    #expect(Self.take("b", &location) == ["notDetermined/fullAccuracy", "denied/fullAccuracy"])
  }

  @Test("R41 managers are refused while not running, when held, and when not held")
  func refusals() throws {
    var location = makeSimulator()
    expectRefusal(.r41, .appNotRunning, &location) { try $0.createManager("map") }
    try location.launch()
    try location.createManager("map")
    expectRefusal(.r41, .managerAlreadyHeld(ManagerID(0)), &location) {
      try $0.createManager("map")
    }
    expectRefusal(.r41, .managerNotHeld(ManagerID(1)), &location) {
      try $0.releaseManager("list")
    }
    for index in 1..<AuthorizationState.maximumManagers { try location.createManager("m\(index)") }
    expectRefusal(.r41, .tooManyManagers, &location) { try $0.createManager("extra") }
  }
}
