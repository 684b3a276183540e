import AuthModel
import Testing

/// The legacy services' mutations (ModelMutation): each flips one reading of §8b, and a story
/// of that reading fails on the mutated model.
@Suite struct LegacyMutationTests {
  static func simulator(
    _ mutation: ModelMutation?, _ start: StartingState
  ) throws -> AuthorizationSimulator {
    var location = AuthorizationSimulator(
      configuration: AppConfiguration(infoPlist: makeInfo(), mutation: mutation), start: start)
    try location.launch()
    try location.createManager("map", properties: allowsBackground)
    return location
  }

  /// A When In Use app tracking in the background: the indicator and the updates.
  static func tracking(_ mutation: ModelMutation?) throws -> [String] {
    var location = try simulator(mutation, StartingState(location: .whileUsing))
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    return [location.backgroundIndicator.rawValue, location.locationUpdates.rawValue]
  }

  /// Twenty-one regions: what is registered and what the delegate got.
  static func regions(_ mutation: ModelMutation?) throws -> (Int, [String]?) {
    var location = try simulator(mutation, StartingState(location: .whileUsing))
    _ = location.takeCalls("map")
    for index in 1...21 { try location.startMonitoring("map", region: "r\(index)") }
    return (location.monitoredRegions.count, location.takeCalls("map"))
  }

  /// A prompt raised by `map`'s request, then `map` released.
  static func withdrawal(_ mutation: ModelMutation?) throws -> Prompt {
    var location = try simulator(mutation, StartingState())
    try location.requestWhenInUseAuthorization(by: "map")
    try location.releaseManager("map")
    return location.prompt
  }

  @Test("R44 without the indicator clause: the When In Use tracking story fails")
  func indicator() throws {
    #expect(try Self.tracking(nil) == ["shown", "full"])
    #expect(try Self.tracking(.continuousSessionWithoutIndicator) == ["hidden", "none"])
  }

  @Test("R49 without the limit: the 21-region story fails")
  func limit() throws {
    let faithful = try Self.regions(nil)
    #expect(faithful.0 == 20 && faithful.1 == ["monitoringDidFail:r21"])
    let mutated = try Self.regions(.regionsWithoutLimit)
    #expect(mutated.0 == 21 && mutated.1 == [])
  }

  @Test("R6 without the withdrawal: the released manager's prompt stays")
  func withdrawal() throws {
    #expect(try Self.withdrawal(nil) == .none)
    #expect(try Self.withdrawal(.promptOutlivesManager) == .whenInUse)
  }

  @Test("the explorer takes the steps of the older mutations, not yet of the legacy services'")
  func explored() {
    #expect(
      ModelMutation.allCases.filter(\.isExplored) == [
        .promptsFromBackground, .allowOnceNeverLapses,
      ])
  }
}
