import AuthModel
import Testing

/// RULES.md R6 as amended: a legacy request's prompt is withdrawn when the manager that asked
/// is released.
@Suite struct ManagerPromptWithdrawalTests {
  @Test("R6 a prompt raised by a manager's request is withdrawn when that manager is released")
  func withdrawn() throws {
    var location = try withManager(.askNextTime)
    try location.requestWhenInUseAuthorization(by: "map")
    #expect(location.prompt == .whenInUse)
    #expect(location.requestResult == .prompted)
    let cited = try location.releaseManager("map")
    #expect(location.prompt == .none)
    #expect(cited.contains { $0.rule == .r6 })
    #expect(location.authorizationStatus == .notDetermined)
  }

  @Test("R6 a request without by is made by a manager the app never releases")
  func withoutBy() throws {
    var location = try withManager(.askNextTime)
    try location.requestWhenInUseAuthorization()
    try location.releaseManager("map")
    #expect(location.prompt == .whenInUse)
  }

  @Test("R6 withdrawing undoes nothing: an Always request stays spent (assumed)")
  func alwaysStaysSpent() throws {
    var location = try withManager(.askNextTime)
    try location.requestAlwaysAuthorization(by: "map")
    try location.releaseManager("map")
    #expect(location.prompt == .none)
    #expect(location.state.alwaysPromptSpent)
    try location.requestAlwaysAuthorization()
    #expect(location.requestResult == .noEffect)
    #expect(location.prompt == .none)
  }

  @Test("R6 only the prompt that request raised: a request with no effect attaches nothing")
  func noEffectAttachesNothing() throws {
    var location = try withManager(.askNextTime)
    try location.createSession("app", authorization: .whenInUse)
    #expect(location.prompt == .whenInUse, "R18")
    try location.requestWhenInUseAuthorization(by: "map")
    #expect(location.requestResult == .noEffect)
    try location.releaseManager("map")
    #expect(location.prompt == .whenInUse)
  }

  @Test(
    "R6 releasing another manager, or the same after its prompt was answered, withdraws nothing")
  func otherPrompts() throws {
    var location = try withManager(.askNextTime)
    try location.createManager("list")
    try location.requestWhenInUseAuthorization(by: "list")
    try location.releaseManager("map")
    #expect(location.prompt == .whenInUse)
    try location.tap(.allowWhileUsing)
    try location.requestAlwaysAuthorization()
    #expect(location.prompt == .alwaysUpgrade)
    try location.releaseManager("list")
    #expect(location.prompt == .alwaysUpgrade)
  }

  @Test("R6 a temporary full accuracy request by a manager is withdrawn with it")
  func temporaryFullAccuracy() throws {
    var location = try withManager(.whileUsing, precise: false)
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation", by: "map")
    #expect(location.prompt == .temporaryFullAccuracy)
    try location.releaseManager("map")
    #expect(location.prompt == .none)
    #expect(location.accuracyAuthorization == .reducedAccuracy)
  }
}
