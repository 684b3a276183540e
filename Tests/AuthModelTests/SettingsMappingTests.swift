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

  /// Every change the user can make in Settings, each once.
  static let everyChange: [SettingsChange] =
    LocationSetting.allCases.map { .location($0) } + [
      .precise(true), .precise(false), .locationServices(true), .locationServices(false),
      .restrictions(true), .restrictions(false), .reset,
    ]

  @Test("one visit holds its changes in order, each as it was given, up to its capacity")
  func visitHoldsItsChanges() throws {
    for count in 0...SettingsChanges.capacity {
      for first in Self.everyChange.indices {
        let changes = (0..<count).map { Self.everyChange[(first + $0) % Self.everyChange.count] }
        let visit = try #require(SettingsChanges(changes))
        #expect(Array(visit) == changes)
        #expect(visit.count == count)
      }
    }
    #expect(SettingsChanges(Self.everyChange) == nil)
  }

  @Test("R38 a visit of more changes than the model holds is refused, and changes nothing")
  func tooManyChanges() throws {
    var location = try withManager(.whileUsing)
    try location.enterBackground()
    let before = location.state
    let changes = [SettingsChange](
      repeating: .precise(false), count: SettingsChanges.capacity + 1)
    expectRefusal(.r38, .tooManySettingsChanges, &location) { try $0.changeSettings(changes) }
    #expect(location.state == before)
  }
}
