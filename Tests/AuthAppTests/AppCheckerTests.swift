import AuthApp
import AuthModel
import AuthScenario
import TestSupport
import Testing

@Suite struct AppCheckerTests {
  @Test("a static error fails the app, which is not explored")
  func staticErrorFails() {
    let app = AppDescription(
      name: "No strings", configuration: AppConfiguration(infoPlist: InfoPlist()),
      features: [Feature("map", holds: [Holding(.liveUpdates)])])
    let report = AppChecker.check(app)
    #expect(!report.passed && !report.explored)
    #expect(report.failures.map(\.kind) == [.staticCheck(.a1)])
  }

  @Test("an app with no static error is never passed without its exploration")
  func unexploredNeverPasses() throws {
    let app = try AppSchemaTests.check(MarkedSource(AppSchemaTests.ekiBright).text).get()
    let report = AppChecker.check(app)
    #expect(report.findings.isEmpty)
    #expect(!report.passed)
    #expect(report.failures.map(\.kind) == [.notExplored])
  }

  @Test("warnings alone do not fail an app")
  func warningsDoNotFail() {
    let app = AppDescription(
      name: "Legacy",
      configuration: AppConfiguration(infoPlist: InfoPlist(whenInUseUsageDescription: "x")),
      features: [Feature("map", requests: [FeatureRequest(.whenInUse)])])
    let report = AppChecker.check(app)
    #expect(report.warnings.map(\.check) == [.a4])
    #expect(!report.failures.contains { $0.kind == .staticCheck(.a4) })
  }
}
