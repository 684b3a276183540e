import AuthApp
import AuthModel
import Testing

/// The Swift example of docs/APPS.md ("From Swift"), word for word: it must compile and pass.
@Suite struct DocumentedExampleTests {
  @Test func arrivalAlertsHaveWhatTheyNeed() {
    let app = AppDescription(
      name: "Eki Bright",
      configuration: AppConfiguration(
        infoPlist: InfoPlist(
          whenInUseUsageDescription: "Shows stations near you",
          alwaysAndWhenInUseUsageDescription: "Alerts you before your station",
          backgroundModes: ["location"])),
      features: [
        Feature(
          "arrivalAlert", restore: true, inBackground: .keep,
          holds: [
            Holding(.session(id: "alerts", authorization: .always, fullAccuracyPurposeKey: nil)),
            Holding(.monitor), Holding(.backgroundActivity),
          ],
          needs: Feature.Needs(background: Condition([.monitorEvents([.delivered])])))
      ])
    let report = AppChecker.check(app)
    #expect(report.findings.isEmpty)  // A1–A7 find nothing
    #expect(report.failures.isEmpty)  // it works, explored over every story
  }
}
