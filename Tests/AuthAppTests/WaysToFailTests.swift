import AuthApp
import AuthModel
import Foundation
import Testing

@Suite struct WaysToFailTests {
  static let apps = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scenarios/apps")

  static func ways(_ file: String) throws -> [WayToFail] {
    let app = try AppFile.load(path: apps.appendingPathComponent(file).path).app.get()
    return AppChecker.check(app).waysToFail
  }

  @Test("Eki Bright: Precise off under restrictions and temporary full accuracy declined are ways")
  func ekiBrightDenials() throws {
    let ways = try Self.ways("eki-bright.yaml").filter { $0.feature == "walkingDirections" }
    let reasons = ways.map(\.reason)
    // Restrictions stop the temporary full accuracy prompt (R8) while Precise is off (R2).
    #expect(reasons.contains(["R2", "R8"]))
    // The user declined the purpose key's prompt this run (R31, R22).
    #expect(reasons.contains(["R31", "R22"]))
    #expect(ways.first { $0.reason == ["R31", "R22"] }?.actual == "updates reduced")
    #expect(Set(reasons).count == reasons.count)
  }

  @Test("Never, Location Services off and restrictions are three ways, whatever rules they cite")
  func threeDenials() throws {
    let ways = try Self.ways("geofence-station-arrival.yaml")
    let reason = { (cause: String) in ways.first { $0.cause.name == cause }?.reason }
    #expect(reason("Never") == ["R25"])
    #expect(reason("Location Services off") == ["R24"])
    #expect(reason("restrictions") == ["R26"])
    // Their explanations cite the same rules (R1, R4, R34), each with its own cause.
    let explained = ways.filter { ["R24", "R25", "R26"].contains($0.reason.first) }
    #expect(Set(explained.map { Set($0.because.map(\.rule)) }).count == 1)
    #expect(Set(explained.map(\.because)).count == 3)
  }

  @Test("each need's ways have distinct reasons, each with a shortest story")
  func distinctReasons() throws {
    for file in [
      "eki-bright.yaml", "geofence-station-arrival.yaml", "parking-full-accuracy.yaml",
      "reminders-always-when-needed.yaml", "run-tracking-in-background.yaml",
    ] {
      let ways = try Self.ways(file)
      for need in Set(ways.map { "\($0.feature) \($0.place)" }) {
        let reasons = ways.filter { "\($0.feature) \($0.place)" == need }.map { Set($0.causes) }
        #expect(Set(reasons).count == reasons.count, "\(file): \(need)")
      }
      #expect(ways.allSatisfy { !$0.story.isEmpty && !$0.reason.isEmpty }, "\(file)")
    }
  }

  @Test("provisional Always waiting for its system prompt is a way, and works does not judge it")
  func provisionalAlways() throws {
    let app = try AppSchemaTests.check(
      """
      app: Provisional Geofence
      ios: 17
      info:
        NSLocationWhenInUseUsageDescription: x
        NSLocationAlwaysAndWhenInUseUsageDescription: x
      features:
        geofence:
          restore: true
          inBackground: keep
          holds:
            - monitor
          requests:
            - always
          needs:
            background:
              monitorEvents: delivered
      """
    ).get()
    let report = AppChecker.check(app)
    #expect(report.failures.isEmpty)
    let way = try #require(report.waysToFail.first { $0.reason == ["R20", "R14"] })
    #expect(way.actual == "monitorEvents none")
    #expect(way.story.map(\.step).contains("tap: allowWhileUsing"))
  }
}
