import AuthEngine
import AuthExplorer
import AuthModel
import AuthScenario
import Foundation

/// What an exploration found over all its configurations, and how to report it.
struct ExploreSummary {
  let reports: [ConfigurationReport]
  let catalogue: SessionCatalogue
  /// The legacy services explored, if any.
  var legacy: LegacyCatalogue? = nil
  /// The run covered every configuration, so an unreached witness is a failure.
  let everyConfiguration: Bool
  let mutation: ModelMutation?
  let reductions: Bool
  /// Whether the search used the explorer's speed-up hints (`--no-hints` turns them off).
  let hints: Bool

  var states: Int { reports.map(\.states).reduce(0, +) }
  var transitions: Int { reports.map(\.transitions).reduce(0, +) }
  var depth: Int { reports.map(\.depth).max() ?? 0 }
  var seconds: Double { reports.map(\.seconds).reduce(0, +) }
  var peakBytes: Int { reports.map(\.peakBytes).max() ?? 0 }
  var incomplete: [ConfigurationReport] { reports.filter { !$0.isComplete } }

  /// Property ids in order, with the configurations violating each.
  var propertyIDs: [String] { reports.first?.properties.map(\.id) ?? [] }

  func violations(of id: String) -> [(ConfigurationReport, ConfigurationReport.Finding)] {
    reports.compactMap { report in
      report.properties.first { $0.id == id && $0.outcome == .violated }.map { (report, $0) }
    }
  }

  /// The shortest violation of `id` over all configurations (the first on ties).
  func shortestViolation(of id: String) -> (ConfigurationReport, ConfigurationReport.Finding)? {
    violations(of: id).min { $0.1.path.count < $1.1.path.count }
  }

  var witnessIDs: [String] { reports.first?.witnesses.map(\.id) ?? [] }

  /// Whether `id` was reached in some configuration.
  func reached(_ id: String) -> Bool {
    reports.contains { $0.witnesses.contains { $0.id == id && $0.outcome == .reached } }
  }

  var unreachedWitnesses: [String] { witnessIDs.filter { !reached($0) } }

  var exitStatus: Int32 {
    if propertyIDs.contains(where: { !violations(of: $0).isEmpty }) {
      return AuthCheckCLI.ExitCode.failure
    }
    if !incomplete.isEmpty { return AuthCheckCLI.ExitCode.incomplete }
    if everyConfiguration && !unreachedWitnesses.isEmpty { return AuthCheckCLI.ExitCode.failure }
    return AuthCheckCLI.ExitCode.success
  }

  // MARK: Text

  func text(counterexamples: [String: String]) -> String {
    var out =
      "authcheck explore: \(reports.count) configuration\(reports.count == 1 ? "" : "s"), "
      + "sessions \(catalogue.description.isEmpty ? "(none)" : catalogue.description)"
      + (legacy.map { ", legacy \($0)" } ?? "")
      + (reductions ? "" : ", no reductions")
      + (mutation.map { ", mutation \($0.rawValue)" } ?? "") + (hints ? "" : ", no hints") + "\n"
    if reports.count == 1, let report = reports.first {
      out += "configuration: \(report.configuration.name)\n"
    }
    for id in propertyIDs {
      let summary = reports.first?.properties.first { $0.id == id }?.summary ?? ""
      let violated = violations(of: id)
      let pad = id.count < 3 ? " " : ""
      if let (report, finding) = shortestViolation(of: id) {
        out += "\(id)\(pad) VIOLATED  \(summary)\n"
        out +=
          "     in \(violated.count) configuration\(violated.count == 1 ? "" : "s"); "
          + "shortest (\(finding.path.count) steps) in '\(report.configuration.name)':\n"
        for (i, event) in finding.path.enumerated() {
          out += "       \(i + 1). \(ScenarioAction(event, names: report.names).summary)\n"
        }
        if let file = counterexamples[id] { out += "     counterexample: \(file)\n" }
      } else if reports.contains(where: { !$0.isComplete }) {
        out += "\(id)\(pad) unknown   \(summary)\n"
      } else {
        out += "\(id)\(pad) holds     \(summary)\n"
      }
    }
    let unreached = unreachedWitnesses
    out += "witnesses: \(witnessIDs.count - unreached.count) of \(witnessIDs.count) reached\n"
    for id in unreached {
      out += "  not reached: \(id)" + (everyConfiguration ? "\n" : " (in this configuration)\n")
    }
    for report in incomplete {
      out +=
        "INCOMPLETE: '\(report.configuration.name)' stopped at \(Format.count(report.states)) "
        + "states (--max-states)\n"
    }
    out +=
      "states \(Format.count(states)) · transitions \(Format.count(transitions)) · "
      + "depth \(depth) · \(Format.seconds(seconds)) of search · peak \(Format.bytes(peakBytes))\n"
    switch exitStatus {
    case AuthCheckCLI.ExitCode.success:
      out +=
        "authcheck explore: every property holds"
        + (everyConfiguration ? " and every witness is reached\n" : "\n")
    case AuthCheckCLI.ExitCode.incomplete:
      out += "authcheck explore: incomplete; no property is proven\n"
    default:
      let count = propertyIDs.filter { !violations(of: $0).isEmpty }.count
      out +=
        count > 0
        ? "authcheck explore: \(count) propert\(count == 1 ? "y" : "ies") violated\n"
        : "authcheck explore: \(unreached.count) witness\(unreached.count == 1 ? "" : "es") never reached\n"
    }
    return out
  }

  // MARK: JSON

  struct Document: Encodable {
    let version = 1
    let sessions: String
    /// The legacy services' region ids, `nil` without `--legacy`.
    let legacyRegions: Int?
    let reductions: [String]
    let mutation: String?
    let everyConfiguration: Bool
    let configurations: [Configuration]
    let properties: [String: PropertySummary]
    let witnesses: [String: String]
    let summary: Summary
  }

  struct Configuration: Encodable {
    let name: String
    let ios: Int
    let infoPlist: [String: Bool]
    let states: Int
    let transitions: Int
    let depth: Int
    let seconds: Double
    let peakBytes: Int
    let complete: Bool
    let properties: [String: String]
    let witnesses: [String: String]
  }

  struct PropertySummary: Encodable {
    let summary: String
    let verdict: String
    let violatedIn: [String]
    let shortestPath: [String]?
    let counterexample: String?
  }

  struct Summary: Encodable {
    let configurations: Int
    let states: Int
    let transitions: Int
    let depth: Int
    let seconds: Double
    let peakBytes: Int
    let incomplete: [String]
    let unreachedWitnesses: [String]
    let exitStatus: Int32
  }

  func json(counterexamples: [String: String]) -> String {
    var properties: [String: PropertySummary] = [:]
    for id in propertyIDs {
      let violated = violations(of: id)
      let shortest = shortestViolation(of: id)
      properties[id] = PropertySummary(
        summary: reports.first?.properties.first { $0.id == id }?.summary ?? "",
        verdict: !violated.isEmpty ? "violated" : (incomplete.isEmpty ? "holds" : "unknown"),
        violatedIn: violated.map(\.0.configuration.name),
        shortestPath: shortest.map { found in
          found.1.path.map { ScenarioAction($0, names: found.0.names).summary }
        },
        counterexample: counterexamples[id])
    }
    var witnesses: [String: String] = [:]
    for id in witnessIDs { witnesses[id] = reached(id) ? "reached" : "notReached" }
    let document = Document(
      sessions: catalogue.description, legacyRegions: legacy?.regions,
      reductions: reductions ? Reduction.allCases.map(\.rawValue) : [],
      mutation: mutation?.rawValue, everyConfiguration: everyConfiguration,
      configurations: reports.map { report in
        let p = report.configuration.configuration.infoPlist
        return Configuration(
          name: report.configuration.name, ios: report.configuration.configuration.ios.rawValue,
          infoPlist: [
            "NSLocationWhenInUseUsageDescription": p.whenInUseUsageDescription != nil,
            "NSLocationAlwaysAndWhenInUseUsageDescription":
              p.alwaysAndWhenInUseUsageDescription != nil,
            "NSLocationDefaultAccuracyReduced": p.defaultAccuracyReduced,
            "NSLocationTemporaryUsageDescriptionDictionary": !p.temporaryUsageDescriptions.isEmpty,
            "NSLocationRequireExplicitServiceSession": p.requireExplicitServiceSession,
            "UIBackgroundModes.location": p.hasLocationBackgroundMode,
          ],
          states: report.states, transitions: report.transitions, depth: report.depth,
          seconds: report.seconds, peakBytes: report.peakBytes, complete: report.isComplete,
          properties: Dictionary(
            uniqueKeysWithValues: report.properties.map { ($0.id, $0.outcome.rawValue) }),
          witnesses: Dictionary(
            uniqueKeysWithValues: report.witnesses.map { ($0.id, $0.outcome.rawValue) }))
      },
      properties: properties, witnesses: witnesses,
      summary: Summary(
        configurations: reports.count, states: states, transitions: transitions, depth: depth,
        seconds: seconds, peakBytes: peakBytes, incomplete: incomplete.map(\.configuration.name),
        unreachedWitnesses: unreachedWitnesses, exitStatus: exitStatus))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

/// Writes counterexample scenarios.
enum CounterexampleFiles {
  /// Why counterexamples can't be written into `folder`, checked before any exploration: the
  /// folder can't be made or written (`ReportFile.folderProblem`), or one of the files a
  /// property would write (`P1.yaml`…) is one of `inputs` or can't be replaced. Creates the
  /// folder.
  static func problem(_ folder: String, inputs: [String]) -> RunOptions.UsageError? {
    if let message = ReportFile.folderRefusal(folder, option: "--counterexamples") {
      return .init(message: message)
    }
    for property in AuthorizationProperty.allCases {
      let path = (folder as NSString).appendingPathComponent("\(property.rawValue).yaml")
      let reason: String
      if ReportFile.isOne(of: inputs, path) {
        reason = "it is one of the inputs"
      } else if case .failure(let failure) = ReportFile.target(path) {
        reason = failure.message
      } else {
        continue
      }
      return .init(
        message: "cannot write '\(SystemPath.displayed(path))': \(reason); give "
          + "'--counterexamples' another folder")
    }
    return nil
  }

  /// Writes the shortest counterexample of each violated property as `DIR/P1.yaml`…, each
  /// with `ReportFile.write`; returns the paths by property id. A file of `inputs` (the
  /// `--info` file) is never replaced.
  static func write(
    _ summary: ExploreSummary, to folder: String, inputs: [String] = []
  ) -> Result<[String: String], RunOptions.UsageError> {
    let shown = SystemPath.displayed(folder)
    if let reason = ReportFile.createFolder(folder) {
      return .failure(.init(message: "cannot create the folder '\(shown)': \(reason)"))
    }
    var written: [String: String] = [:]
    for id in summary.propertyIDs {
      guard let (_, finding) = summary.shortestViolation(of: id), let text = finding.counterexample
      else { continue }
      let path = (folder as NSString).appendingPathComponent("\(id).yaml")
      if ReportFile.isOne(of: inputs, path) {
        return .failure(
          .init(
            message: "cannot write '\(SystemPath.displayed(path))': it is one of the inputs"))
      }
      if let reason = ReportFile.write(text, to: path) {
        return .failure(
          .init(message: "cannot write '\(SystemPath.displayed(path))': \(reason)"))
      }
      written[id] = path
    }
    return .success(written)
  }
}
