import AuthModel
import AuthScenario

/// `authcheck PATH…`: runs scenario files and reports each.
enum ScenarioCommand {
  static func run<Out: TextOutputStream, Err: TextOutputStream>(
    _ options: RunOptions, color: Bool, stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    let files: [String]
    switch ScenarioDiscovery.files(for: options.paths) {
    case .success(let found): files = found
    case .failure(let failure):
      stderr.write("authcheck: error: \(failure.message)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    let report = ScenarioReport(color: color)
    var passed = 0
    var failed = 0
    for path in files {
      let outcome = ScenarioOutcome.run(path: path, mutation: options.mutation)
      stdout.write(report.render(outcome))
      if outcome.passed { passed += 1 } else { failed += 1 }
    }
    stdout.write("authcheck: \(passed) passed, \(failed) failed\n")
    return failed == 0 ? AuthCheckCLI.ExitCode.success : AuthCheckCLI.ExitCode.failure
  }
}

/// What happened to one scenario file.
struct ScenarioOutcome {
  let file: ScenarioFile
  /// `nil` when the file is invalid.
  let result: ScenarioResult?

  static func run(path: String, mutation: ModelMutation? = nil) -> ScenarioOutcome {
    let file = ScenarioFile.load(path: path)
    guard case .success(var scenario) = file.scenario else {
      return ScenarioOutcome(file: file, result: nil)
    }
    if let mutation {
      scenario.configuration = AppConfiguration(
        ios: scenario.configuration.ios, infoPlist: scenario.configuration.infoPlist,
        mutation: mutation)
    }
    return ScenarioOutcome(file: file, result: ScenarioRunner.run(scenario))
  }

  var passed: Bool { result?.passed ?? false }
}

/// Renders scenario outcomes as text (SCENARIOS.md "Reports").
struct ScenarioReport {
  let color: Bool

  func render(_ outcome: ScenarioOutcome) -> String {
    let file = outcome.file
    let renderer = DiagnosticRenderer(useColor: color)
    guard let result = outcome.result else {
      var text = paint("ERROR", .red) + " \(file.path)\n"
      if case .failure(let error) = file.scenario {
        text += renderer.render(error.diagnostics, file: file.path, source: file.source)
      }
      return ensureNewline(text)
    }
    guard let failure = result.failure else {
      return paint("PASS", .green) + " \(result.scenario.name) (\(file.path))\n"
    }
    var text = paint("FAIL", .red) + " \(result.scenario.name) (\(file.path))\n"
    text += ensureNewline(
      renderer.render(
        .error(failure.message, at: failure.position), file: file.path, source: file.source))
    if let expected = failure.expected, let actual = failure.actual {
      text += "  expected: \(expected)\n"
      text += "  actual:   \(actual)\n"
    }
    for citation in failure.because {
      text += "  because \(citation.rule.id): \(citation.cause)\n"
    }
    text += "  steps taken:"
    if failure.stepsTaken.isEmpty {
      text += " none\n"
    } else {
      text += "\n"
      for step in failure.stepsTaken {
        text += "    line \(step.position.line): \(step.summary)\n"
      }
    }
    return text
  }

  private enum Colour: String {
    case red = "31"
    case green = "32"
  }

  private func paint(_ text: String, _ colour: Colour) -> String {
    color ? "\u{1B}[1;\(colour.rawValue)m\(text)\u{1B}[0m" : text
  }

  private func ensureNewline(_ text: String) -> String {
    text.hasSuffix("\n") ? text : text + "\n"
  }
}
