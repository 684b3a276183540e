import AuthApp
import Testing

/// The names and fallbacks of the causes of a way to fail, as docs/APPS.md's table lists them.
@Suite struct FailureCauseTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let cause: FailureCause
    let name: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(cause: FailureCause(choice: .dontAllow), name: "Don't Allow"),
    Case(cause: FailureCause(choice: .never, preciseOff: true), name: "Never"),
    Case(cause: FailureCause(choice: .locationServicesOff), name: "Location Services off"),
    Case(cause: FailureCause(choice: nil, preciseOff: true), name: "Precise off"),
    Case(
      cause: FailureCause(choice: .temporaryFullAccuracyDeclined),
      name: "temporary full accuracy declined"),
    Case(
      cause: FailureCause(choice: .whileUsing, pastGracePeriod: true),
      name: "While Using past the grace period"),
    Case(
      cause: FailureCause(choice: .always, preciseOff: true, pastGracePeriod: true),
      name: "Always with Precise off past the grace period"),
    Case(cause: FailureCause(choice: .never, paused: true), name: "paused by the app"),
    Case(cause: FailureCause(choice: nil), name: "the app's own flow"),
  ]

  @Test(
    "a cause's name: the choice, Precise off and the grace period after it, or the pause",
    arguments: cases)
  func name(_ test: Case) {
    #expect(test.cause.name == test.name)
  }

  @Test("a user's or the system's choice has a fallback; the app's own pause has none")
  func fallbacks() {
    for choice in FailureCause.Choice.allCases {
      #expect(FailureCause(choice: choice).fallback != nil, "\(choice)")
      #expect(FailureCause(choice: choice, paused: true).fallback == nil, "\(choice)")
    }
    #expect(FailureCause(choice: nil).fallback == nil)
    // A denial, or Precise withheld: a user's choice, for which the app shows its fallback.
    #expect(FailureCause(choice: .never).deniesLocation)
    #expect(FailureCause(choice: .whileUsing, preciseOff: true).deniesLocation)
    #expect(FailureCause(choice: .temporaryFullAccuracyDeclined).deniesLocation)
    #expect(!FailureCause(choice: .whileUsing, pastGracePeriod: true).deniesLocation)
    #expect(!FailureCause(choice: .never, paused: true).deniesLocation)
    #expect(
      FailureCause(choice: .restrictions).fallback
        != FailureCause(choice: .locationServicesOff).fallback)
  }
}
