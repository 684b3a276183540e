import AuthApp
import Testing

@testable import AuthScenario

/// An unknown name points at what the model covers: a thing left out says so with the nearest
/// thing modelled, a typo gets its "did you mean", anything else the list.
@Suite struct NotModelledTests {
  static let pointer =
    "'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"

  @Test("a name the model leaves out says so, with the nearest modelled thing, in any case")
  func leftOut() {
    #expect(
      NotModelled.hint(for: "requestLocation", among: ["session", "monitor", "liveUpdates"])
        == ": authcheck does not model CLLocationManager's one-time location request "
        + "(requestLocation); the nearest it models is the 'startUpdatingLocation' step; "
        + Self.pointer)
    #expect(
      NotModelled.hint(for: "StartUpdatingHeading", among: [])
        .hasPrefix(": authcheck does not model compass heading updates"))
    #expect(
      NotModelled.hint(for: "beacons", among: [])
        == ": authcheck does not model beacon ranging (CLBeaconIdentityConstraint); "
        + Self.pointer)
  }

  @Test("a likely typo of a modelled name gets its suggestion; any other name the pointer")
  func typoOrPointer() {
    #expect(
      NotModelled.hint(for: "sesion", among: ["session", "monitor"]) == "; did you mean 'session'?")
    #expect(NotModelled.hint(for: "author", among: ["scenario", "steps"]) == "; " + Self.pointer)
  }

  @Test("no name is left out twice, and none is a name the schemas accept")
  func entriesAreDistinct() {
    let names = NotModelled.entries.flatMap(\.names).map { $0.lowercased() }
    #expect(Set(names).count == names.count)
    let modelled = ScenarioSchema.verbs + SchemaKeys.info + SchemaKeys.start
    for name in modelled {
      #expect(NotModelled.entry(for: name) == nil, "\(name)")
    }
  }

  @Test("an app file naming CLLocationManager's services is told what is left out, at each name")
  func appFile() throws {
    let text = """
      app: Legacy
      ios: 18
      info:
        NSLocationWhenInUseUsageDescription: Finds you
        desiredAccuracy: 10
      features:
        tracking:
          holds:
            - heading: s
      """
    guard case .app(let file) = CheckFile.parse(Array(text.utf8), path: "a.yaml") else {
      Issue.record("not read as an app file")
      return
    }
    let error = try #require(file.app.failure)
    #expect(
      error.diagnostics.map { "\($0.position.line):\($0.position.column): \($0.message)" } == [
        "5:3: unknown key 'desiredAccuracy' in 'info': authcheck does not model the tuning "
          + "properties of CLLocationManager's location updates (activityType, desiredAccuracy, "
          + "distanceFilter); the nearest it models is the 'manager' step's "
          + "allowsBackgroundLocationUpdates, showsBackgroundLocationIndicator and "
          + "pausesLocationUpdatesAutomatically; " + Self.pointer,
        "9:9: unknown holding 'heading': authcheck does not model compass heading updates; "
          + Self.pointer,
      ])
  }

  @Test("a scenario naming a usage string iOS ignores is told so, with the key it reads")
  func scenario() throws {
    let scenario = """
      scenario: x
      info:
        NSLocationWhenInUseUsageDescription: Finds you
        NSLocationAlwaysUsageDescription: Always
      steps: [launch]
      """
    let error = try #require(
      ScenarioFile.parse(Array(scenario.utf8), path: "s.yaml").scenario.failure)
    #expect(
      error.diagnostics.map(\.message) == [
        "unknown key 'NSLocationAlwaysUsageDescription' in 'info': authcheck does not model the "
          + "Always usage string of iOS 10 and earlier, which iOS 11 and later ignore; the nearest "
          + "it models is NSLocationAlwaysAndWhenInUseUsageDescription; " + Self.pointer
      ])
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
