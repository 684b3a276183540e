import AuthApp
import AuthEngine
import AuthExplorer
import AuthScenario

/// What happened to one app file: read, checked statically, and explored.
///
/// An app file reports like a scenario: `PASS`, `FAIL` or `ERROR` with its name and path, the
/// static findings under that line, then each failure with its expected and actual values, the
/// rules behind them and its shortest story. An app too large to explore is an `ERROR`: it
/// never passes unchecked.
struct AppOutcome: Sendable {
  let file: AppFile
  /// `nil` when the file is not a valid app file.
  let report: AppReport?

  init(_ file: AppFile, limits: AppLimits = AppLimits()) {
    self.file = file
    if case .success(let app) = file.app {
      let subject = "app '\(SystemPath.displayed(app.name))' (\(SystemPath.displayed(file.path)))"
      report = AppChecker.check(
        app,
        options: ExplorationOptions(maxStates: limits.maxStates, reservedStates: limits.reserved),
        limit: limits.limit, progress: limits.progress?.app(subject))
    } else {
      report = nil
    }
  }

  var name: String? { report?.app.name }

  /// `failed` for a static error or a check that does not hold; `error` for an invalid file,
  /// or an app too large to explore.
  var status: ScenarioOutcome.Status {
    guard let report else { return .error }
    if report.passed { return .passed }
    return report.failures.contains { $0.kind == .unsupported } ? .error : .failed
  }

  /// Every diagnostic of the file in position order: the reader's errors for an invalid file;
  /// otherwise the static findings (errors and warnings) and the other failures, at their
  /// need or check, or at the `app:` key.
  var diagnostics: [Diagnostic] {
    guard let report else {
      if case .failure(let error) = file.app { return error.diagnostics }
      return []
    }
    let appLine = SourcePosition(
      line: ScenarioOutcome.declarationLine(of: "app", in: file.source) ?? 1, column: 1)
    var all = report.findings.map(\.diagnostic)
    for failure in report.failures where !failure.kind.isStaticCheck {
      all.append(.error(failure.message, at: failure.position ?? appLine))
    }
    return Diagnostic.sortedByPosition(all)
  }

  /// ``diagnostics``, each with what explains it: for a failure other than a static check's,
  /// its ``explanation(of:)``; otherwise nothing.
  var explainedDiagnostics: [(diagnostic: Diagnostic, explanation: String)] {
    guard let report else { return diagnostics.map { ($0, "") } }
    let appLine = SourcePosition(
      line: ScenarioOutcome.declarationLine(of: "app", in: file.source) ?? 1, column: 1)
    var explained = report.findings.map { finding in
      (finding.diagnostic, finding.hint.map { "  hint:     \(shown($0))\n" } ?? "")
    }
    for failure in report.failures where !failure.kind.isStaticCheck {
      explained.append(
        (.error(failure.message, at: failure.position ?? appLine), explanation(of: failure)))
    }
    let order = diagnostics
    var sorted: [(diagnostic: Diagnostic, explanation: String)] = []
    for diagnostic in order {
      let at = explained.firstIndex { $0.0 == diagnostic }!
      sorted.append(explained.remove(at: at))
    }
    return sorted
  }

  /// The line a report points at: the first error's, or the `app:` key's.
  var line: Int {
    diagnostics.first { $0.severity == .error }?.position.line
      ?? ScenarioOutcome.declarationLine(of: "app", in: file.source) ?? 1
  }

  /// The `PASS`/`FAIL`/`ERROR` line and what follows it.
  func render(_ report: ScenarioReport) -> String {
    let title =
      switch status {
      case .passed: report.paint("PASS", .green)
      case .failed: report.paint("FAIL", .red)
      case .error: report.paint("ERROR", .red)
      }
    let path = shown(file.path)
    let named = name.map { " \(shown($0)) (\(path))" } ?? " \(path)"
    return title + named + "\n" + details(color: report.color)
  }

  /// The ways each feature can fail (`--ways-to-fail`): a row per reason, with the unmet
  /// values, then its shortest story, the rules its explanation cites and its fallback;
  /// nothing for an app that was not explored.
  var waysToFailTable: String {
    guard let report, report.findings.allSatisfy({ $0.diagnostic.severity != .error }) else {
      return ""
    }
    guard report.app.features.contains(where: { !$0.needs.isEmpty }) else {
      return "  ways to fail: none; no feature has needs\n"
    }
    guard report.explored else {
      return "  ways to fail: not known; the exploration stopped before its end\n"
    }
    let ways = report.waysToFail
    guard !ways.isEmpty else { return "  ways to fail: none; every need holds in every state\n" }
    let rows =
      [["feature", "place", "cause", "reason", "actual"]]
      + ways.map {
        [
          shown($0.feature), $0.place.rawValue, $0.cause.name, $0.reasonText,
          shown($0.actual),
        ]
      }
    let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
    var text = "  ways to fail (\(ways.count)):\n"
    for (index, row) in rows.enumerated() {
      var line = "    "
      for column in 0..<4 {
        line += row[column] + String(repeating: " ", count: widths[column] - row[column].count + 2)
      }
      text += line + row[4] + "\n"
      if index > 0 {
        let way = ways[index - 1]
        let story = way.story.map(\.step).joined(separator: "; ")
        text += "      story: \(shown(story))\n"
        // The explanation: the rules the model cites for the unmet values (their causes are
        // in the JSON report's `rules`).
        let cited = Set(way.because.map(\.rule)).sorted().map(\.id).joined(separator: " ")
        if !cited.isEmpty { text += "      because: \(cited)\n" }
        if let fallback = way.cause.fallback {
          text += "      fallback: \(fallback)\n"
        }
      }
    }
    return text
  }

  /// A failed app's first failure, and what failed it (`A1`, `works`, `check`, `incomplete`),
  /// for JUnit.
  var failureSummary: (message: String, type: String) {
    let failures = report?.failures ?? []
    var types: [String] = []
    for failure in failures where !types.contains(failure.kind.typeName) {
      types.append(failure.kind.typeName)
    }
    return (
      failures.first?.message ?? "failed", types.isEmpty ? "failure" : types.joined(separator: " ")
    )
  }

  /// The static findings with their source lines, then each failure with its values, rules
  /// and story; empty when there is nothing to say.
  func details(color: Bool) -> String {
    let renderer = DiagnosticRenderer(useColor: color)
    let path = shown(file.path)
    guard let report else {
      return Self.line(renderer.render(diagnostics, file: path, source: file.source))
    }
    var text = ""
    for finding in report.findings {
      text += Self.line(renderer.render(finding.diagnostic, file: path, source: file.source))
      if let hint = finding.hint { text += "  hint:     \(shown(hint))\n" }
    }
    let appLine = SourcePosition(
      line: ScenarioOutcome.declarationLine(of: "app", in: file.source) ?? 1, column: 1)
    for failure in report.failures where !failure.kind.isStaticCheck {
      text += Self.line(
        renderer.render(
          .error(failure.message, at: failure.position ?? appLine), file: path,
          source: file.source))
      text += explanation(of: failure)
    }
    return text
  }

  /// What follows a failure's line: the iOS version, the expected and actual values, the rules
  /// behind them (the deciding one first), the hint and the shortest story; the same lines in
  /// the text report, JUnit and GitHub annotations.
  func explanation(of failure: AppFailure) -> String {
    var text = report.map { ScenarioReport.iosLine($0.app.configuration.ios) } ?? ""
    if let expected = failure.expected, let actual = failure.actual {
      text += "  expected: \(shown(expected))\n"
      text += "  actual:   \(shown(actual))\n"
    }
    for citation in failure.because {
      text += "  because \(citation.rule.id): \(shown(citation.cause))\n"
    }
    if let hint = failure.hint {
      text += "  hint:     \(shown(hint))\n"
    }
    if !failure.story.isEmpty {
      text += "  shortest story:\n"
      for (number, step) in failure.story.enumerated() {
        text += "    \(number + 1). \(shown(step.step))"
        text +=
          step.reactions.isEmpty
          ? "\n" : " — the app: \(shown(step.reactions.joined(separator: "; ")))\n"
      }
    }
    return text
  }

  /// `text` with its control characters, bidirectional controls and non-UTF-8 bytes escaped,
  /// as the text report shows every name (`SystemPath.displayed(_:)`): an app's, a feature's or
  /// a story step's name can't print a line of its own.
  private func shown(_ text: String) -> String { SystemPath.displayed(text) }

  private static func line(_ text: String) -> String {
    text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
  }
}

/// How far an app file's searches may go, and who hears how far they got.
struct AppLimits: Sendable {
  /// The most states each search stores; `nil` for no limit.
  var maxStates: Int?
  /// The states to make room for up front (``MemoryBudget/reservation(maxStates:budget:)``).
  var reserved = 0
  /// What sets `maxStates`, for the INCOMPLETE message.
  var limit: String?
  var progress: SearchProgress?

  /// The limits of a run: `--max-states` if given, otherwise what `memory` holds for each of
  /// `workers` files checked at once.
  static func of(maxStates: Int?, workers: Int, memory: Int) -> AppLimits {
    let budget = MemoryBudget.states(workers: workers, memory: memory)
    return AppLimits(
      maxStates: maxStates ?? budget,
      reserved: MemoryBudget.reservation(maxStates: maxStates, budget: budget),
      limit: maxStates != nil
        ? "--max-states"
        : MemoryBudget.limit(memory: memory, workers: workers, many: "files"))
  }
}

extension AppFailure.Kind {
  var isStaticCheck: Bool {
    if case .staticCheck = self { true } else { false }
  }

  /// The kind of check that failed, as JUnit's `type` names it.
  var typeName: String {
    switch self {
    case .staticCheck(let check): check.rawValue
    case .works: "works"
    case .check: "check"
    case .incomplete: "incomplete"
    case .internalError: "internal"
    case .unsupported: "unsupported"
    }
  }
}
