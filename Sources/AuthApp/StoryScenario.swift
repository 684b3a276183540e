import AuthEngine
import AuthExplorer
import AuthModel
import AuthScenario

/// A story of an app file written as a runnable scenario (docs/SCENARIOS.md): the app's Info.plist
/// and starting settings, every step of the story with the model steps the app made in it
/// (each feature start or stop as a comment, then its steps), and a last `expect`.
public struct StoryScenario: Hashable, Sendable {
  /// A file name: `<app>-<check>.yaml` or `<app>-<feature>-<place>-<nn>.yaml`, lowercase, with
  /// `-` for anything but letters and digits; a part with no letter or digit is named by its
  /// place (`app`, `feature-2`, `check-3`), so a name never starts with `.` and is never empty.
  /// Two stories may have one file name (long names are cut, two apps may share a name):
  /// whoever writes them into one folder makes them distinct.
  public var fileName: String
  /// The scenario as written, its name included.
  public var script: ScenarioScript
  /// The comment lines above the scenario.
  public var comment: [String]
  /// The comment lines written before each step, by step index.
  public var notes: [Int: [String]]

  /// The scenario's name (`scenario:`).
  public var name: String {
    get { script.name }
    set { script.name = newValue }
  }

  /// The scenario's text.
  public var text: String { ScenarioWriter.text(script, comment: comment, notes: notes) }

  /// The most characters, and the most UTF-8 bytes, of a file name's stem: well within the 255
  /// bytes a file system allows, with room for a number.
  static let stemCharacters = 80
  static let stemBytes = 160

  /// `text` in lowercase with `-` for anything but letters and digits, cut at `characters`
  /// and `bytes` (UTF-8); empty when `text` has no letter or digit.
  static func slug(
    _ text: String, characters: Int = stemCharacters, bytes: Int = stemBytes
  ) -> String {
    var slug = ""
    var count = 0
    for character in text.lowercased() {
      let next: String
      if character.isLetter || character.isNumber {
        next = String(character)
      } else if !slug.isEmpty && !slug.hasSuffix("-") {
        next = "-"
      } else {
        continue
      }
      guard count < characters, slug.utf8.count + next.utf8.count <= bytes else { break }
      slug += next
      count += 1
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    return slug
  }

  /// The stem of a file name: the slugs of `parts` joined by `-`, each part with no letter or
  /// digit replaced by its `fallback`, the first (the app's name) cut at half the length so
  /// that the rest shows, and the whole cut as `slug(_:)` cuts.
  static func stem(_ parts: [(text: String, fallback: String)]) -> String {
    let slugs = parts.enumerated().map { index, part in
      let slug =
        index == 0
        ? slug(part.text, characters: stemCharacters / 2, bytes: stemBytes / 2) : slug(part.text)
      return slug.isEmpty ? part.fallback : slug
    }
    return slug(slugs.joined(separator: " "))
  }

  /// `number` with leading zeros to `width` digits, at least two.
  public static func padded(_ number: Int, width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, max(2, width) - digits.count)) + digits
  }

  /// The check an `expect` makes of `term`: its value `actual` (for a path, where the value is
  /// what the model shows), else the first value the term allows (for a counterexample);
  /// `nil` for what an `expect` cannot check.
  static func check(_ term: Condition.Term, actual: String?) -> ScenarioScript.Check? {
    switch term {
    case .observable(let key, let values):
      return (actual.flatMap(key.value(spelled:)) ?? values.first).map {
        ScenarioScript.Check(key, $0)
      }
    case .diagnostics, .app, .features, .featuresOff: return nil
    }
  }

  /// The scenario of `story` on `system`'s app, ending with `checks`; `nil` when there is
  /// nothing an `expect` can check.
  static func make(
    name: String, fileName: String, comment: [String], story: [StoryStep], system: AppSystem,
    checks: [ScenarioScript.Check]
  ) -> StoryScenario? {
    guard !checks.isEmpty else { return nil }
    let app = system.app
    let names = system.names
    var steps: [ScenarioScript.Step] = []
    var notes: [Int: [String]] = [:]
    for (number, step) in story.enumerated() {
      notes[steps.count, default: []].append("\(number + 1). \(step.step)")
      for event in (step.event.map { [$0] } ?? []) + step.reactionEvents {
        steps.append(.action(ScenarioAction(event, names: names), refused: nil))
      }
    }
    steps.append(.expect(checks))
    let script = ScenarioScript(
      name: name, configuration: app.configuration, start: app.start, steps: steps)
    return StoryScenario(fileName: fileName, script: script, comment: comment, notes: notes)
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
      let parts: [(text: String, fallback: String)]
      switch failure.kind {
      case .works(let feature, let place):
        label = "works \(feature) \(place.rawValue)"
        parts = [("works", ""), (feature, featureFallback(feature)), (place.rawValue, "")]
      case .check(let index):
        label = app.checks[index].name ?? "check \(index + 1)"
        parts = [(label, "check-\(index + 1)")]
      default: continue
      }
      let checks = failure.unmet.compactMap { StoryScenario.check($0, actual: nil) }
      if let scenario = StoryScenario.make(
        name: "\(app.name): \(label)",
        fileName: StoryScenario.stem([(app.name, "app")] + parts) + ".yaml",
        comment: [
          "Counterexample to \(label) of app '\(app.name)', written by authcheck.",
          "Its last expectation is what the app needs; on the model it fails.",
        ], story: failure.story, system: system, checks: checks)
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
    var totals: [String: Int] = [:]
    for way in waysToFail { totals["\(way.feature) \(way.place.rawValue)", default: 0] += 1 }
    var counts: [String: Int] = [:]
    for way in waysToFail {
      let label = "\(way.feature) \(way.place.rawValue)"
      counts[label, default: 0] += 1
      let number = StoryScenario.padded(counts[label]!, width: String(totals[label]!).count)
      let stem = StoryScenario.stem([
        (app.name, "app"), (way.feature, featureFallback(way.feature)), (way.place.rawValue, ""),
      ])
      if let scenario = StoryScenario.make(
        name: "\(app.name): \(label) fails (\(way.reasonText))",
        fileName: "\(stem)-\(number).yaml",
        comment: [
          "A way feature '\(way.feature)' of app '\(app.name)' fails in the \(way.place.rawValue), "
            + "written by authcheck.",
          "Reason: \(way.reasonText). Its last expectation records the unmet "
            + "value; it passes.",
        ], story: way.story, system: system, checks: way.observed)
      {
        written.append(scenario)
      }
    }
    return written
  }

  /// The name of feature `name` in a file name when it has no letter or digit: `feature-N`, by
  /// its place in the app file.
  private func featureFallback(_ name: String) -> String {
    "feature-\((app.features.firstIndex { $0.name == name } ?? 0) + 1)"
  }
}
