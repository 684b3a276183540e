import AuthModel
import Testing

/// RULES.md R3 as amended: a legacy continuous background session showing its indicator keeps
/// the app in use.
@Suite struct LegacyInUseTests {
  /// Whether the app is in use, and the rules that say so.
  static func inUse(_ location: AuthorizationSimulator) -> (Bool, Set<Rule>) {
    var trace = Trace()
    let inUse = location.state.isInUse(location.configuration, trace: &trace)
    return (inUse, Set(trace.citations.map(\.rule)))
  }

  @Test("R3 in use while a continuous background session shows its indicator, citing R44")
  func indicatorKeepsInUse() throws {
    var location = try withManager(properties: allowsBackground)
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    let (inUse, cited) = Self.inUse(location)
    #expect(inUse)
    #expect(cited.isSuperset(of: [.r3, .r44]))
  }

  @Test("R3 an Always app whose session shows no indicator is not in use")
  func hiddenIndicator() throws {
    var location = try withManager(.always, properties: allowsBackground)
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    #expect(!Self.inUse(location).0)
    try location.configureManager(
      "map", properties: ManagerProperties(showsBackgroundLocationIndicator: true))
    #expect(Self.inUse(location).0)
  }

  @Test("R3 the indicator keeps the app in use in the background only")
  func foregroundAndNotRunning() throws {
    var location = try withManager(properties: allowsBackground)
    try location.startUpdatingLocation("map")
    #expect(location.backgroundIndicator == .hidden, "in the foreground")
    try location.terminate()
    #expect(!Self.inUse(location).0)
  }
}
