import AuthModel
import AuthScenario

/// Which rules a suite of scenarios exercised, and which observables and diagnostic flags its
/// `expect` steps checked.
///
/// A rule counts for a scenario when it accepted or refused one of its steps, or decided a
/// value one of its expectations checked (``ScenarioResult/exercisedRules``); a failed scenario
/// counts up to its failure. Invalid files count for nothing.
struct RuleCoverage: Equatable {
  /// How many scenarios ran (passed or failed).
  var scenarios = 0
  /// For each rule R1–R50 in order, how many scenarios exercised it.
  var rules: [(rule: Rule, scenarios: Int)]
  /// For each expectation key in the schema's order, then the `refused` modifier (R42), how
  /// many scenarios checked it.
  var observables: [(name: String, scenarios: Int)]
  /// For each diagnostic flag in Core Location's order, how many scenarios expected it set.
  var flags: [(name: String, scenarios: Int)]

  init(_ outcomes: [ScenarioOutcome]) {
    var ruleCounts = [Rule: Int]()
    var checkedCounts = [String: Int]()
    for result in outcomes.compactMap(\.result) {
      scenarios += 1
      for rule in result.exercisedRules { ruleCounts[rule, default: 0] += 1 }
      for name in result.checkedObservables { checkedCounts[name, default: 0] += 1 }
    }
    rules = Rule.allCases.map { ($0, ruleCounts[$0] ?? 0) }
    observables = (ScenarioSchema.expectKeys + [ScenarioSchema.refusedKey]).map {
      ($0, checkedCounts[$0] ?? 0)
    }
    flags = DiagnosticFlag.allCases.map {
      ($0.rawValue, checkedCounts["diagnostics." + $0.rawValue] ?? 0)
    }
  }

  /// The rules no scenario exercised.
  var unexercisedRules: [Rule] { rules.filter { $0.scenarios == 0 }.map(\.rule) }
  /// The expectation keys no scenario checked.
  var uncheckedObservables: [String] { observables.filter { $0.scenarios == 0 }.map(\.name) }
  /// The diagnostic flags no scenario expected set.
  var uncheckedFlags: [String] { flags.filter { $0.scenarios == 0 }.map(\.name) }

  /// The coverage table of `--coverage`.
  var table: String {
    var text = "rule coverage: \(rules.count - unexercisedRules.count) of \(rules.count) rules "
    text += "exercised by \(scenarios) scenario\(scenarios == 1 ? "" : "s")\n"
    let titleWidth = rules.map(\.rule.title.count).max() ?? 0
    for (rule, count) in rules {
      text += "  " + Self.pad(rule.id, 4) + Self.pad(rule.title, titleWidth + 2)
      text += Self.leftPad(String(count), 5) + "\n"
    }
    text += "  never exercised: " + Self.list(unexercisedRules.map(\.id)) + "\n"
    text += Self.section("observables checked", observables, unchecked: uncheckedObservables)
    text += Self.section("diagnostic flags checked", flags, unchecked: uncheckedFlags)
    return text
  }

  private static func section(
    _ title: String, _ rows: [(name: String, scenarios: Int)], unchecked: [String]
  ) -> String {
    var text = "\(title): \(rows.count - unchecked.count) of \(rows.count)\n"
    let width = rows.map(\.name.count).max() ?? 0
    for (name, count) in rows {
      text += "  " + pad(name, width + 2) + leftPad(String(count), 5) + "\n"
    }
    return text + "  never checked: " + list(unchecked) + "\n"
  }

  private static func list(_ names: [String]) -> String {
    names.isEmpty ? "none" : names.joined(separator: ", ")
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  private static func leftPad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  static func == (lhs: RuleCoverage, rhs: RuleCoverage) -> Bool {
    lhs.scenarios == rhs.scenarios && lhs.rules.elementsEqual(rhs.rules, by: ==)
      && lhs.observables.elementsEqual(rhs.observables, by: ==)
      && lhs.flags.elementsEqual(rhs.flags, by: ==)
  }
}
