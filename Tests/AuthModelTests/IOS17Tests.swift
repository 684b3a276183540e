import AuthModel
import Testing

/// RULES.md §10: iOS 17 (R39–R40).
@Suite struct IOS17Tests {
  @Test("R39 CLServiceSession does not exist on iOS 17")
  func noServiceSessions() throws {
    var location = try launched(ios: .ios17, start: .init(location: .whileUsing))
    expectRefusal(.r39, .noServiceSessionsBeforeIOS18, &location) {
      try $0.createSession("app", authorization: .whenInUse)
    }
    expectRefusal(.r39, .noServiceSessionsBeforeIOS18, &location) {
      try $0.invalidateSession("app")
    }
  }

  @Test("R39 no diagnostics on iOS 17")
  func noDiagnostics() throws {
    var location = try launched(
      ios: .ios17, info: makeInfo(requireExplicitServiceSession: true),
      start: .init(location: .never))
    try location.liveUpdates(iterating: true)
    try location.monitor(iterating: true)
    try location.backgroundActivity(held: true)
    #expect(location.holderNames == [])
    #expect(location.diagnostics(for: .liveUpdates) == nil)
    #expect(location.diagnostics(for: .backgroundActivity) == nil)
  }

  @Test("R39 iterating does not prompt on iOS 17 (assumed); legacy requests do")
  func iteratingDoesNotPrompt() throws {
    var location = try launched(ios: .ios17)
    let citations = try location.liveUpdates(iterating: true)
    try location.monitor(iterating: true)
    try location.backgroundActivity(held: true)
    #expect(location.prompt == .none)
    #expect(rules(citations).contains(.r39))
    try location.requestWhenInUseAuthorization()
    #expect(location.prompt == .whenInUse)
    try location.tap(.allowWhileUsing)
    #expect(location.liveUpdatesDelivery == .full)
  }

  @Test("R39 NSLocationRequireExplicitServiceSession means nothing on iOS 17")
  func explicitSessionIgnored() throws {
    var location = try launched(
      ios: .ios17, info: makeInfo(requireExplicitServiceSession: true),
      start: .init(location: .whileUsing))
    try location.liveUpdates(iterating: true)
    try location.backgroundActivity(held: true)
    try location.backgroundPastGrace()
    #expect(location.liveUpdatesDelivery == .full)
    #expect(location.backgroundActivityStatus == .active)
    #expect(location.backgroundIndicator == .shown)
  }

  @Test(
    "R39 Always needs no session for delivery outside use on iOS 17",
    arguments: IOSVersion.allCases)
  func alwaysWithoutSession(ios: IOSVersion) throws {
    var location = try launched(ios: ios, start: .init(location: .always))
    try location.liveUpdates(iterating: true)
    try location.monitor(iterating: true)
    try location.backgroundPastGrace()
    #expect(location.liveUpdatesDelivery == (ios == .ios17 ? .full : .none))
    #expect(location.monitorEvents == (ios == .ios17 ? .delivered : .none))
    #expect(location.rules(of: .liveUpdates).contains(.r20))
  }

  @Test(
    "R40 live updates deliver nothing with reduced accuracy on iOS 17 (assumed)",
    arguments: IOSVersion.allCases)
  func reducedOnIOS17(ios: IOSVersion) throws {
    var location = try launched(ios: ios, start: .init(location: .whileUsing, precise: false))
    try location.liveUpdates(iterating: true)
    #expect(location.liveUpdatesDelivery == (ios == .ios17 ? .none : .reduced))
    #expect(location.rules(of: .liveUpdates).contains(.r40) == (ios == .ios17))
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    try location.tap(.allowOnce)
    #expect(location.liveUpdatesDelivery == .full)
  }
}
