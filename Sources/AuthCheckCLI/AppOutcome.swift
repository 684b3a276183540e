import AuthApp
import AuthScenario

/// What happened to one app file: read, checked statically, and (once implemented) explored.
///
/// An app file reports like a scenario: `PASS`, `FAIL` or `ERROR` with its name and path, the
/// static warnings under that line, and the failures. An app that could not be explored is an
/// `ERROR`: it never passes unchecked.
struct AppOutcome: Sendable {
  let file: AppFile
  /// `nil` when the file is not a valid app file.
  let report: AppReport?

  init(_ file: AppFile) {
    self.file = file
    if case .success(let app) = file.app {
      report = AppChecker.check(app)
    } else {
      report = nil
    }
  }

  var name: String? { report?.app.name }

  /// `failed` for a static error (or, once explored, a check that does not hold); `error` for
  /// an invalid file, or an app this release could not explore.
  var status: ScenarioOutcome.Status {
    guard let report else { return .error }
    if report.passed { return .passed }
    return report.failures.contains { $0.kind == .notExplored } ? .error : .failed
  }

  /// Every diagnostic of the file in position order: the reader's errors for an invalid file;
  /// otherwise the static findings (errors and warnings) and the failures that are not static
  /// findings, the latter at the `app:` key.
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
    let named = name.map { " \($0) (\(file.path))" } ?? " \(file.path)"
    return title + named + "\n" + details(color: report.color)
  }

  /// A failed app's first error, and the ids of the checks that failed it (`A1`), for JUnit.
  var failureSummary: (message: String, type: String) {
    let failures = report?.failures ?? []
    var checks: [String] = []
    for case .staticCheck(let check) in failures.map(\.kind) where !checks.contains(check.rawValue)
    {
      checks.append(check.rawValue)
    }
    return (
      failures.first?.message ?? "failed",
      checks.isEmpty ? "failure" : checks.joined(separator: " ")
    )
  }

  /// The diagnostics with their source lines; empty when there are none.
  func details(color: Bool) -> String {
    let rendered = DiagnosticRenderer(useColor: color).render(
      diagnostics, file: file.path, source: file.source)
    return rendered.isEmpty || rendered.hasSuffix("\n") ? rendered : rendered + "\n"
  }
}

extension AppFailure.Kind {
  var isStaticCheck: Bool {
    if case .staticCheck = self { true } else { false }
  }
}
