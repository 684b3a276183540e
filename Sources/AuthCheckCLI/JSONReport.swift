import AuthApp
import AuthScenario
import Foundation

/// A run as one JSON document, for scripts and editors (`authcheck --format json`).
///
/// The schema is documented in docs/CI.md ("CI reports") and only grows: fields are added,
/// never renamed or removed, and ``currentVersion`` goes up when one is added. Keys are sorted;
/// a field that does not apply (`name` of an invalid file, `failure` of a pass…) is left out.
struct JSONReport: Codable, Equatable {
  /// The version of the schema.
  static let currentVersion = 2

  var version: Int
  /// One entry per file, in the order run.
  var files: [File]
  var summary: Summary
  /// Present with `--coverage`.
  var coverage: Coverage?

  struct File: Codable, Equatable {
    var path: String
    /// `scenario` or `app` (since version 2).
    var kind: String
    /// The scenario's name; absent for an invalid file.
    var name: String?
    /// The iOS version the scenario gave (`ios`, 18 by default); absent for an invalid file.
    /// Since version 2.
    var ios: Int?
    var status: String
    /// Seconds spent reading, checking and running the file, to the microsecond.
    var duration: Double
    /// Present when `status` is `failed`.
    var failure: Failure?
    /// Present when `status` is `error`: every problem found, sorted by position. For an app
    /// file, present whenever there is something to say: the static findings (errors and
    /// warnings) and the failures.
    var diagnostics: [Message]?
    /// For an app file: whether its stories were explored (since version 2).
    var explored: Bool?
    /// For an app file: its explorations, the cooperative user's then every user's.
    var explorations: [Exploration]?
    /// For an app file: every check's verdict, A1–A4, then each `works` need and each of the
    /// app's checks that was explored (since version 2).
    var checks: [CheckEntry]?
    /// For an app file: every failure with its values, rules and story.
    var failures: [AppFailureEntry]?
    /// For an app file: the ways each feature can fail, each reason with its shortest story.
    var waysToFail: [WayToFailEntry]?
  }

  struct Failure: Codable, Equatable {
    var line: Int
    var column: Int
    var message: String
    /// Present when an expectation failed; absent when a step could not happen.
    var expected: String?
    var actual: String?
    /// The rules behind the actual value, or the rule that refused the step.
    var rules: [RuleCause]
    /// The steps that happened before the failure.
    var stepsTaken: [Step]
  }

  struct Exploration: Codable, Equatable {
    /// `cooperative` or `any`.
    var user: String
    var states: Int
    var transitions: Int
    var depth: Int
    var complete: Bool
  }

  struct CheckEntry: Codable, Equatable {
    /// `A1`–`A4`, `works` or `check`.
    var check: String
    /// For `works`: the feature and where it is needed (`foreground` or `background`).
    var feature: String?
    var place: String?
    /// For `check`: its index in the file's `checks` (from 1) and its name, if it has one.
    var index: Int?
    var name: String?
    /// Where the file writes it (a static check: its first finding).
    var line: Int?
    var column: Int?
    /// `holds`, `fails`, `warns` (a static check that found only warnings) or `undecided`
    /// (the exploration stopped first).
    var verdict: String
  }

  struct AppFailureEntry: Codable, Equatable {
    /// `A1`, `works`, `check`, `incomplete`, `internal` or `unsupported`.
    var check: String
    var line: Int?
    var column: Int?
    var message: String
    var expected: String?
    var actual: String?
    /// The rules behind the actual values, the deciding one first.
    var rules: [RuleCause]
    /// What to change in the app file, in one line; absent when no candidate edit helps.
    var hint: String?
    /// The shortest story, each step with the model steps the app made in it.
    var story: [StoryEntry]
  }

  struct WayToFailEntry: Codable, Equatable {
    var feature: String
    /// `foreground` or `background`.
    var place: String
    /// The reason, docs/APPS.md's table's cause of each unmet value: rule ids (`R31`, `R22`),
    /// and `paused` when the app paused the feature.
    var reason: [String]
    /// What the user or the system did, in words: `Never`, `Location Services off`.
    var cause: String
    /// What the app should show instead; absent where the app itself is the cause.
    var fallback: String?
    /// The explanation: every rule the model cites for the unmet values, with its cause.
    var rules: [RuleCause]
    var expected: String
    var actual: String
    var story: [StoryEntry]
  }

  struct StoryEntry: Codable, Equatable {
    var step: String
    var app: [String]
  }

  struct RuleCause: Codable, Equatable {
    var id: String
    var cause: String
  }

  struct Step: Codable, Equatable {
    var line: Int
    var column: Int
    var step: String
  }

  struct Message: Codable, Equatable {
    var line: Int
    var column: Int
    var severity: String
    var message: String
  }

  /// The counts: `passed` and `failed + errors` are the summary line's two numbers.
  struct Summary: Codable, Equatable {
    var passed: Int
    var failed: Int
    var errors: Int
    var total: Int
  }

  struct Coverage: Codable, Equatable {
    /// How many scenarios ran (passed or failed).
    var scenarios: Int
    /// R1–R50 in order, each with how many scenarios exercised it.
    var rules: [Count]
    var unexercisedRules: [String]
    /// The expectation keys, each with how many scenarios checked it.
    var observables: [Count]
    var uncheckedObservables: [String]
    /// The diagnostic flags, each with how many scenarios expected it set.
    var diagnosticFlags: [Count]
    var uncheckedDiagnosticFlags: [String]
  }

  struct Count: Codable, Equatable {
    /// A rule id (`R30`), an expectation key or a flag name.
    var id: String
    var scenarios: Int
  }

  init(_ outcomes: [ScenarioOutcome], summary: RunSummary, coverage: RuleCoverage?) {
    version = Self.currentVersion
    files = outcomes.map(File.init)
    self.summary = Summary(
      passed: summary.passed, failed: summary.failed, errors: summary.errors,
      total: summary.total)
    self.coverage = coverage.map(Coverage.init)
  }

  /// The document: pretty-printed, keys sorted, without escaped slashes.
  func encoded() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every value is a string, an integer, a finite double or a list of them: encoding cannot fail.
    let data = try! encoder.encode(self)
    return String(decoding: data, as: UTF8.self)
  }
}

extension JSONReport.File {
  init(_ outcome: ScenarioOutcome) {
    path = SystemPath.withBytesShown(outcome.file.path)
    kind = outcome.app == nil ? "scenario" : "app"
    name = outcome.result?.scenario.name ?? outcome.app?.name
    ios =
      (outcome.result?.scenario.configuration ?? outcome.app?.report?.app.configuration)?
      .ios.rawValue
    status = outcome.status.rawValue
    duration = (outcome.seconds * 1e6).rounded() / 1e6  // to the microsecond
    failure = outcome.result?.failure.map(JSONReport.Failure.init)
    diagnostics =
      outcome.result == nil ? outcome.diagnostics.map(JSONReport.Message.init) : nil
    if outcome.app?.diagnostics.isEmpty == true { diagnostics = nil }
    explored = outcome.app?.report.map(\.explored)
    explorations = outcome.app?.report.map {
      $0.explorations.map {
        JSONReport.Exploration(
          user: $0.cooperative ? "cooperative" : "any", states: $0.states,
          transitions: $0.transitions, depth: $0.depth, complete: $0.complete)
      }
    }
    checks = outcome.app?.report.map { $0.verdicts.map(JSONReport.CheckEntry.init) }
    failures = outcome.app?.report.map {
      $0.failures.map { failure in
        JSONReport.AppFailureEntry(
          check: failure.kind.typeName, line: failure.position?.line,
          column: failure.position?.column, message: failure.message,
          expected: failure.expected, actual: failure.actual,
          rules: failure.because.map { JSONReport.RuleCause(id: $0.rule.id, cause: $0.cause) },
          hint: failure.hint,
          story: failure.story.map { JSONReport.StoryEntry(step: $0.step, app: $0.reactions) })
      }
    }
    waysToFail = outcome.app?.report.map {
      $0.waysToFail.map { way in
        JSONReport.WayToFailEntry(
          feature: way.feature, place: way.place.rawValue, reason: way.reason,
          cause: way.cause.name, fallback: way.cause.fallback,
          rules: way.because.map { JSONReport.RuleCause(id: $0.rule.id, cause: $0.cause) },
          expected: way.expected, actual: way.actual,
          story: way.story.map { JSONReport.StoryEntry(step: $0.step, app: $0.reactions) })
      }
    }
  }
}

extension JSONReport.CheckEntry {
  init(_ verdict: AppVerdict) {
    switch verdict.check {
    case .staticCheck(let check): self.check = check.rawValue
    case .works(let feature, let place):
      check = "works"
      self.feature = feature
      self.place = place.rawValue
    case .check(let index, let name):
      check = "check"
      self.index = index + 1
      self.name = name
    }
    line = verdict.position?.line
    column = verdict.position?.column
    self.verdict = verdict.outcome.rawValue
  }
}

extension JSONReport.Failure {
  init(_ failure: ScenarioFailure) {
    line = failure.position.line
    column = failure.position.column
    message = failure.message
    expected = failure.expected
    actual = failure.actual
    rules = failure.because.map { JSONReport.RuleCause(id: $0.rule.id, cause: $0.cause) }
    stepsTaken = failure.stepsTaken.map {
      JSONReport.Step(line: $0.position.line, column: $0.position.column, step: $0.summary)
    }
  }
}

extension JSONReport.Message {
  init(_ diagnostic: Diagnostic) {
    line = diagnostic.position.line
    column = diagnostic.position.column
    severity = diagnostic.severity.rawValue
    message = diagnostic.message
  }
}

extension JSONReport.Coverage {
  init(_ coverage: RuleCoverage) {
    scenarios = coverage.scenarios
    rules = coverage.rules.map { JSONReport.Count(id: $0.rule.id, scenarios: $0.scenarios) }
    unexercisedRules = coverage.unexercisedRules.map(\.id)
    observables = coverage.observables.map {
      JSONReport.Count(id: $0.name, scenarios: $0.scenarios)
    }
    uncheckedObservables = coverage.uncheckedObservables
    diagnosticFlags = coverage.flags.map { JSONReport.Count(id: $0.name, scenarios: $0.scenarios) }
    uncheckedDiagnosticFlags = coverage.uncheckedFlags
  }
}
