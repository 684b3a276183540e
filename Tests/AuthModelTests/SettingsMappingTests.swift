import AuthModel
import Testing

/// RULES.md R41.2 and R42: a `settings` mapping that changes several keys is one step.
@Suite struct SettingsMappingTests {
  @Test("R41 a Settings step that changes two keys calls a delegate once")
  func twoKeysOneCall() throws {
    var location = try withManager(.whileUsing)
    try location.enterBackground()
    try location.changeSettings([.location(.always), .precise(false)])
    #expect(location.takeCalls("map") == ["authorizedAlways/reducedAccuracy"])
  }

  @Test("R41 no call when the keys cancel out: from Never, Always with Location Services off")
  func cancelOut() throws {
    var location = try withManager(.never)
    try location.enterBackground()
    try location.changeSettings([.location(.always), .locationServices(false)])
    #expect(location.takeCalls("map") == [])
    #expect(location.authorizationStatus == .denied)
    #expect(location.settingsShows == .always)
  }

  @Test("R42 a mapping with one refused change is refused whole and withdraws no prompt")
  func refusedWhole() throws {
    var location = try withManager(.askNextTime)
    try location.requestWhenInUseAuthorization()
    try location.enterBackground()
    expectRefusal(.r38, .settingsLockedByRestrictions, &location) {
      try $0.changeSettings([.restrictions(true), .location(.always)])
    }
    #expect(location.prompt == .whenInUse)
    try location.enterForeground()
    expectRefusal(.r38, .settingsWhileInForeground, &location) {
      try $0.changeSettings([.precise(false), .locationServices(false)])
    }
  }

  @Test("R38 the changes are judged in order: turning restrictions off unlocks those after it")
  func inOrder() throws {
    var location = try launched(
      start: StartingState(location: .whileUsing, restrictionsEnabled: true))
    try location.enterBackground()
    try location.changeSettings([.restrictions(false), .location(.always)])
    #expect(location.authorizationStatus == .authorizedAlways)
  }

  @Test("R38 one change in a list is the single-change step")
  func oneChange() throws {
    var location = try withManager(.whileUsing)
    try location.enterBackground()
    let one = try location.changeSettings([.precise(false)])
    var single = try withManager(.whileUsing)
    try single.enterBackground()
    #expect(try single.changeSettings(.precise(false)) == one)
    #expect(single.state == location.state)
  }
}
