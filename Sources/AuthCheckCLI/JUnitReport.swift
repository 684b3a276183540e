import AuthScenario
import Foundation

/// A run as a JUnit XML report, in the shape `swift test --xunit-output` and pytest's
/// `--junitxml` write, which CI systems read.
///
/// ```xml
/// <testsuites name="authcheck" tests="3" failures="1" errors="1" skipped="0" time="0.004">
///   <testsuite name="scenarios/basics" tests="3" failures="1" errors="1" skipped="0" time="0.004">
///     <testcase name="staged Always upgrade" classname="scenarios/basics"
///               file="scenarios/basics/staged-always-upgrade.yaml" line="19" time="0.001">
///       <properties><property name="ios" value="18"/></properties>
///       <failure message="expected authorizationStatus …" type="R1">…the text report…</failure>
///     </testcase>
///     …
/// ```
///
/// One `testsuite` per folder, in the order the folders' files ran; one `testcase` per file. A
/// failed scenario is a `failure` whose `type` is the ids of the rules it cites, space-separated;
/// an invalid or unreadable file an `error`. Every file that gave its configuration has the
/// property `ios`, the version it gave. Their text is the text report without colour. The
/// totals add up as the summary line's: `tests` = passed + failed, `failures` + `errors` = failed.
struct JUnitReport {
  let outcomes: [ScenarioOutcome]

  init(_ outcomes: [ScenarioOutcome]) {
    self.outcomes = outcomes
  }

  /// The folder a file is in, as its test case's `classname` and its suite's name.
  static func folder(of path: String) -> String {
    let folder = SystemPath.parent(of: path)
    return folder.isEmpty ? "." : folder
  }

  /// The XML document.
  var xml: String {
    var suites: [(name: String, outcomes: [ScenarioOutcome])] = []
    var suiteIndex: [String: Int] = [:]
    for outcome in outcomes {
      let folder = Self.folder(of: SystemPath.withBytesShown(outcome.file.path))
      if let index = suiteIndex[folder] {
        suites[index].outcomes.append(outcome)
      } else {
        suiteIndex[folder] = suites.count
        suites.append((folder, [outcome]))
      }
    }
    let report = ScenarioReport(color: false)
    var writer = XMLWriter()
    writer.open("testsuites", Self.counts(name: "authcheck", outcomes))
    for suite in suites {
      writer.open("testsuite", Self.counts(name: suite.name, suite.outcomes))
      for outcome in suite.outcomes {
        let attributes: KeyValuePairs<String, String> = [
          "name": outcome.result?.scenario.name ?? outcome.app?.name
            ?? (SystemPath.withBytesShown(outcome.file.path) as NSString).lastPathComponent,
          "classname": suite.name,
          "file": SystemPath.withBytesShown(outcome.file.path),
          "line": String(outcome.line),
          "time": Self.seconds(outcome.seconds),
        ]
        writer.open("testcase", attributes)
        // The iOS version the file gave, as pytest's `record_property` writes a property.
        let configuration =
          outcome.result?.scenario.configuration ?? outcome.app?.report?.app.configuration
        if let ios = configuration?.ios {
          writer.open("properties")
          writer.leaf("property", ["name": "ios", "value": String(ios.rawValue)])
          writer.close()
        }
        switch outcome.status {
        case .passed:
          break
        case .failed:
          let (message, type) = outcome.app?.failureSummary ?? Self.failureSummary(outcome)
          writer.element(
            "failure", ["message": message, "type": type], content: report.details(outcome))
        case .error:
          writer.element(
            "error",
            [
              "message": outcome.diagnostics.first { $0.severity == .error }?.message
                ?? "invalid scenario file",
              "type": "invalid",
            ], content: report.details(outcome))
        }
        writer.close()
      }
      writer.close()
    }
    writer.close()
    return writer.text
  }

  /// A failed scenario's message, and the ids of the rules it cites as its type.
  private static func failureSummary(_ outcome: ScenarioOutcome) -> (String, String) {
    let failure = outcome.result!.failure!
    let rules = failure.because.map(\.rule.id)
    return (failure.message, rules.isEmpty ? "failure" : rules.joined(separator: " "))
  }

  private static func counts(
    name: String, _ outcomes: [ScenarioOutcome]
  ) -> KeyValuePairs<String, String> {
    let summary = RunSummary(outcomes)
    return [
      "name": name,
      "tests": String(summary.total),
      "failures": String(summary.failed),
      "errors": String(summary.errors),
      "skipped": "0",
      "time": seconds(outcomes.reduce(0) { $0 + $1.seconds }),
    ]
  }

  /// Seconds with millisecond precision, as JUnit reports write them: `0.004`.
  static func seconds(_ value: Double) -> String {
    String(format: "%.3f", value)
  }
}
