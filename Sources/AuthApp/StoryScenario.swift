import AuthEngine
import AuthExplorer
import AuthModel

/// A story of an app file written as a runnable scenario (docs/SCENARIOS.md): the app's Info.plist
/// and starting settings, every step of the story with the model steps the app made in it
/// (each feature start or stop as a comment, then its steps), and a last `expect`.
public struct StoryScenario: Hashable, Sendable {
  /// A file name: `<app>-<check>.yaml`, lowercase, with `-` for anything but letters and digits.
  public var fileName: String
  /// The scenario's text.
  public var text: String

  static func slug(_ text: String) -> String {
    var slug = ""
    for character in text.lowercased() {
      if character.isLetter || character.isNumber {
        slug.append(character)
      } else if !slug.isEmpty && !slug.hasSuffix("-") {
        slug.append("-")
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    return String(slug.prefix(80))
  }

  /// The value an `expect` writes for `term`: the `index`-th of its values (the first, for a
  /// counterexample; the actual one, for a path); `nil` for what an `expect` cannot check.
  static func expectation(_ term: Condition.Term, actual: String?) -> String? {
    func pick(_ values: [String]) -> String? { actual ?? values.first }
    let value: String?
    switch term {
    case .authorizationStatus(let v): value = pick(v.map(\.rawValue))
    case .accuracyAuthorization(let v): value = pick(v.map(\.rawValue))
    case .prompt(let v): value = pick(v.map(\.rawValue))
    case .settingsShows(let v): value = pick(v.map(\.rawValue))
    case .updates(let v): value = pick(v.map(\.rawValue))
    case .monitorEvents(let v): value = pick(v.map(\.rawValue))
    case .backgroundActivity(let v): value = pick(v.map(\.rawValue))
    case .backgroundIndicator(let v): value = pick(v.map(\.rawValue))
    case .diagnostics, .app, .features, .featuresOff: return nil
    }
    return value.map { "\(term.key): \($0)" }
  }

  /// The scenario of `story` on `system`'s app, ending with `expectations` (lines such as
  /// `updates: full`); `nil` when there is nothing an `expect` can check.
  static func make(
    name: String, fileName: String, comment: [String], story: [StoryStep], system: AppSystem,
    expectations: [String]
  ) -> StoryScenario? {
    guard !expectations.isEmpty else { return nil }
    let app = system.app
    let names = system.names
    var lines = comment.map { "# " + $0 }
    lines.append("scenario: " + ScenarioText.quote(name))
    lines.append("ios: \(app.configuration.ios.rawValue)")
    lines += ScenarioText.info(app.configuration.infoPlist)
    let start = app.start
    var startLines: [String] = []
    if start.location != .askNextTime {
      startLines.append("  location: \(start.location.rawValue)")
    }
    if let precise = start.precise { startLines.append("  precise: \(precise ? "on" : "off")") }
    if !start.locationServicesEnabled { startLines.append("  locationServices: off") }
    if start.restrictionsEnabled { startLines.append("  restrictions: on") }
    if start.alwaysPromptSpent { startLines.append("  alwaysPromptSpent: true") }
    if !startLines.isEmpty { lines += ["start:"] + startLines }
    lines.append("steps:")
    let session = { (id: SessionID) in ScenarioText.quote(names.name(of: id)) }
    let key = { (key: PurposeKey) in system.model.codec.keyNames[Int(key.index)] }
    let manager = { (id: ManagerID) in ScenarioText.quote(names.name(of: id)) }
    for (number, step) in story.enumerated() {
      lines.append("  # \(number + 1). \(step.step)")
      if let event = step.event {
        lines += ScenarioText.step(event, session: session, key: key, manager: manager)
      }
      for event in step.reactionEvents {
        lines += ScenarioText.step(event, session: session, key: key, manager: manager)
      }
    }
    lines.append("  - expect:")
    lines += expectations.map { "      " + $0 }
    return StoryScenario(fileName: fileName, text: lines.joined(separator: "\n") + "\n")
  }
}

extension AppReport {
  /// Every failure of `works` or of an `always` or `when` check as a scenario of its shortest
  /// story whose last `expect` fails on the model just as the check did (with the first value
  /// the need or check allows for each unmet key). A failure on keys an `expect` cannot check
  /// (`diagnostics`, `app`, `features`) and `never` and `reachable` failures have none.
  public func counterexamples() -> [StoryScenario] {
    guard let system = try? AppSystem(app, cooperative: false) else { return [] }
    var written: [StoryScenario] = []
    for failure in failures where !failure.story.isEmpty {
      let label: String
      switch failure.kind {
      case .works(let feature, let place): label = "works \(feature) \(place.rawValue)"
      case .check(let index): label = app.checks[index].name ?? "check \(index + 1)"
      default: continue
      }
      let expectations = failure.unmet.compactMap { StoryScenario.expectation($0, actual: nil) }
      if let scenario = StoryScenario.make(
        name: "\(app.name): \(label)",
        fileName: StoryScenario.slug("\(app.name)-\(label)") + ".yaml",
        comment: [
          "Counterexample to \(label) of app '\(app.name)', written by authcheck.",
          "Its last expectation is what the app needs; on the model it fails.",
        ], story: failure.story, system: system, expectations: expectations)
      {
        written.append(scenario)
      }
    }
    return written
  }

  /// The ways each feature can fail, one scenario per reason, whose last `expect` records the
  /// unmet values: they pass, and document each denial path.
  public func paths() -> [StoryScenario] {
    guard let system = try? AppSystem(app, cooperative: false) else { return [] }
    var written: [StoryScenario] = []
    var counts: [String: Int] = [:]
    for way in waysToFail {
      let label = "\(way.feature) \(way.place.rawValue)"
      counts[label, default: 0] += 1
      let number = counts[label]!
      let expectations = way.observed
      if let scenario = StoryScenario.make(
        name: "\(app.name): \(label) fails (\(way.reason.joined(separator: " ")))",
        fileName: StoryScenario.slug("\(app.name)-\(label)-\(number)") + ".yaml",
        comment: [
          "A way feature '\(way.feature)' of app '\(app.name)' fails in the \(way.place.rawValue), "
            + "written by authcheck.",
          "Reason: \(way.reason.joined(separator: " ")). Its last expectation records the unmet "
            + "value; it passes.",
        ], story: way.story, system: system, expectations: expectations)
      {
        written.append(scenario)
      }
    }
    return written
  }
}
