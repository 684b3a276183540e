import AuthModel
import Testing

@Suite struct ExampleStoryTests {
  @Test("the staged Always upgrade of SCENARIOS.md plays as written")
  func stagedAlwaysUpgrade() throws {
    var location = AuthorizationSimulator(
      configuration: AppConfiguration(
        ios: .ios18,
        infoPlist: InfoPlist(
          whenInUseUsageDescription: "Shows stations near you",
          alwaysAndWhenInUseUsageDescription: "Reminds you when you arrive",
          backgroundModes: ["location"])))
    try location.launch()
    try location.createSession("app", authorization: .whenInUse)
    #expect(location.prompt == .whenInUse)
    #expect(location.diagnostics(forSession: "app") == [.authorizationRequestInProgress])
    try location.tap(.allowWhileUsing, precise: false)
    #expect(location.authorizationStatus == .authorizedWhenInUse)
    #expect(location.accuracyAuthorization == .reducedAccuracy)
    #expect(location.prompt == .none)
    try location.createSession("reminders", authorization: .always)
    #expect(location.prompt == .alwaysUpgrade)
    try location.tap(.keepOnlyWhileUsing)
    #expect(location.authorizationStatus == .authorizedWhenInUse)
    #expect(location.diagnostics(forSession: "app") == [])
    #expect(location.diagnostics(forSession: "reminders") == [.alwaysAuthorizationDenied])
    let why = location.explanation(of: .diagnostics(.session(SessionID(1))))
    #expect(why.map(\.rule).contains(.r30))
  }
}

extension ExampleStoryTests {
  @Test("a navigation story of full accuracy declined plays as written")
  func readmeLibraryExample() throws {
    var location = AuthorizationSimulator(
      configuration: AppConfiguration(
        ios: .ios18,
        infoPlist: InfoPlist(
          whenInUseUsageDescription: "Shows stations near you",
          temporaryUsageDescriptions: ["Navigation": "Turn-by-turn directions"])))
    try location.launch()
    try location.createSession("app", authorization: .whenInUse)
    try location.tap(.allowWhileUsing, precise: false)
    try location.createSession(
      "nav", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    #expect(location.prompt == .temporaryFullAccuracy)
    try location.tap(.dontAllow)
    #expect(location.diagnostics(forSession: "nav") == [.fullAccuracyDenied])
    #expect(throws: Refusal.self) { try location.changeSettings(.precise(true)) }
    #expect(
      location.explanation(of: .diagnostics(location.holder(named: "nav")!)).map(\.rule)
        .contains(.r31))
  }
}
