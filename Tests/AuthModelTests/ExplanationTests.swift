import AuthModel
import Testing

/// Explanations cite the rule that decided a value, with its concrete cause (RULES.md: every
/// failure message says "because R…").
@Suite struct ExplanationTests {
  @Test("R6 the result of an Always request made while a prompt is up cites R6, not R13")
  func requestResultWhilePromptUp() throws {
    var location = try launched()
    try location.requestWhenInUseAuthorization()
    try location.requestAlwaysAuthorization()
    #expect(location.requestResult == .noEffect)
    let because = location.explanation(of: .requestResult)
    #expect(because.first == Citation(.r6, "a whenInUse prompt is already pending"))
    #expect(!because.contains { $0.cause.hasPrefix("the last legacy request") })
  }

  @Test("R16 a refused temporary full accuracy request cites R16 with its cause")
  func refusedPreciseRequest() throws {
    var precise = try launched(start: .init(location: .whileUsing, precise: true))
    try precise.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    #expect(precise.requestResult == .promptDeclined)
    #expect(
      precise.explanation(of: .requestResult)
        == [Citation(.r16, "full accuracy is already granted, so the request fails")])
    var missing = try launched(start: .init(location: .whileUsing, precise: false))
    try missing.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Skiing")
    #expect(
      missing.explanation(of: .requestResult)
        == [Citation(.r16, "purpose key 'Skiing' is not in the dictionary")])
  }

  @Test("R37 the indicator of a terminated app cites R37")
  func indicatorOfTerminatedApp() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.terminate()
    #expect(location.backgroundIndicator == .hidden)
    #expect(
      location.explanation(of: .backgroundIndicator)
        == [Citation(.r37, "the app is not running and no CLBackgroundActivitySession carries it")])
  }

  @Test("R38 after a reset the accuracy cites the reset")
  func accuracyAfterReset() throws {
    var location = try launched(
      info: makeInfo(accuracyReduced: true), start: .init(location: .whileUsing))
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    try location.tap(.allowOnce)
    try location.enterBackground()
    try location.changeSettings(.reset)
    #expect(location.accuracyAuthorization == .reducedAccuracy)
    let because = location.explanation(of: .accuracyAuthorization)
    #expect(because.contains(Citation(.r38, "Reset Location & Privacy forgets the app's choices")))
    #expect(!because.contains { $0.cause.contains("was granted") })
  }
}
