import AuthScenario
import Foundation

/// `--format github`: one GitHub Actions workflow command per failure, error and warning, which
/// the runner shows as an annotation on the file's line (docs/CI.md, "CI reports").
///
/// ```
/// ::error file=scenarios/a.yaml,line=19,col=28,title=FAIL staged Always upgrade::expected …
/// ```
///
/// A passing scenario prints nothing; the summary line stays last. Paths, names and messages
/// have their control characters shown as in the text report (`SystemPath.displayed(_:)`), then
/// every value is escaped as the runner reads it back: in the message `%`, CR and LF become `%25`, `%0D`, `%0A`; in the
/// properties `:` and `,` also become `%3A` and `%2C`.
enum GitHubAnnotations {
  /// The workflow commands for one file: its failure, or each diagnostic of an invalid file.
  static func render(_ outcome: ScenarioOutcome) -> String {
    let path = SystemPath.displayed(outcome.file.path)
    if let app = outcome.app {
      // An app file: each static finding and each failure at its need or check; warnings
      // print for a file that passes too.
      let title =
        app.status == .error
        ? "ERROR \(path)" : "\(app.status == .passed ? "PASS" : "FAIL") \(app.name ?? path)"
      // A failure's message goes on with its values, rules, hint and story, as the text
      // report prints them under it.
      return app.explainedDiagnostics.map { diagnostic, explanation in
        command(
          diagnostic.severity, file: path, line: diagnostic.position.line,
          column: diagnostic.position.column, title: SystemPath.displayed(title),
          message: SystemPath.displayed(diagnostic.message)
            + (explanation.isEmpty ? "" : "\n" + explanation))
      }.joined()
    }
    guard let result = outcome.result else {
      return outcome.diagnostics.map { diagnostic in
        command(
          diagnostic.severity, file: path, line: diagnostic.position.line,
          column: diagnostic.position.column, title: "ERROR \(path)",
          message: SystemPath.displayed(diagnostic.message))
      }.joined()
    }
    guard let failure = result.failure else { return "" }
    return command(
      .error, file: path, line: failure.position.line, column: failure.position.column,
      title: "FAIL \(SystemPath.displayed(result.scenario.name))",
      message: SystemPath.displayed(failure.message) + "\n"
        + ScenarioReport.explanation(of: failure, ios: result.scenario.configuration.ios))
  }

  /// One workflow command, `::error file=…,line=…,col=…,title=…::message`, with its line break.
  static func command(
    _ severity: Diagnostic.Severity, file: String, line: Int, column: Int, title: String,
    message: String
  ) -> String {
    let name =
      switch severity {
      case .error: "error"
      case .warning: "warning"
      case .note: "notice"
      }
    var message = message
    while message.hasSuffix("\n") { message.removeLast() }
    return "::\(name) file=\(escapeProperty(file)),line=\(line),col=\(column),"
      + "title=\(escapeProperty(title))::\(escapeData(message))\n"
  }

  /// A command's message: `%`, CR and LF escaped (`%25`, `%0D`, `%0A`).
  static func escapeData(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": escaped += "%25"
      case "\r": escaped += "%0D"
      case "\n": escaped += "%0A"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// A command's property value: as a message, and `:` and `,` escaped (`%3A`, `%2C`).
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A")
      .replacingOccurrences(of: ",", with: "%2C")
  }
}
