import AuthApp
import AuthModel
import AuthScenario
import Foundation

/// `authcheck PATH…`: runs scenario files and reports each.
enum ScenarioCommand {
  /// How many files run between two writes to standard output: large enough to keep every core
  /// busy, small enough that a long run shows progress and holds few rendered reports.
  static let batchSize = 1024

  /// Runs the scenario files `options` names and reports them as `options` asks.
  ///
  /// - Parameters:
  ///   - workers: the most files run at once; `nil` for every core. The output is the same for
  ///     any number of workers, except the durations of the JUnit and JSON reports.
  ///   - memory: the bytes the app files' searches share (``MemoryBudget``); `nil` for what the
  ///     machine and its control group give.
  ///   - stderrIsTerminal: whether the progress of long app files rewrites one line.
  static func run<Out: TextOutputStream, Err: TextOutputStream>(
    _ options: RunOptions, color: Bool, workers: Int? = nil, memory: Int? = nil,
    stderrIsTerminal: Bool = false, stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    let files: [String]
    switch ScenarioDiscovery.files(for: options.paths) {
    case .success(let found): files = found
    case .failure(let failure):
      stderr.write("authcheck: error: \(failure.message)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    if let junit = options.junit,
      let refusal = ReportFile.refusal(junit, option: "--junit", inputs: options.paths + files)
    {
      stderr.write("authcheck: error: \(refusal)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    if let junit = options.junit, let reason = ReportFile.problem(junit) {
      stderr.write(
        "authcheck: error: cannot write the JUnit report '\(SystemPath.displayed(junit))': "
          + "\(reason); give '--junit' a path authcheck can write\n")
      return AuthCheckCLI.ExitCode.usage
    }
    for (option, folder) in [
      ("--counterexamples", options.counterexamples), ("--paths", options.storyPaths),
    ] {
      if let folder, let message = ReportFile.folderRefusal(folder, option: option) {
        stderr.write("authcheck: error: \(message)\n")
        return AuthCheckCLI.ExitCode.usage
      }
    }
    // Every app file checked at once has its share of the memory; a limit beyond it is refused
    // before any file is read.
    let workers = workers ?? ProcessInfo.processInfo.activeProcessorCount
    let sharing = max(1, min(workers, files.count))
    let memory = memory ?? MemoryBudget.available()
    if let problem = MemoryBudget.problem(
      maxStates: options.maxStates, workers: sharing, memory: memory,
      unit: ("an app file", "files"))
    {
      stderr.write("authcheck: error: \(problem)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    let progress = SearchProgress(terminal: stderrIsTerminal, command: "authcheck")
    var limits = AppLimits.of(maxStates: options.maxStates, workers: sharing, memory: memory)
    limits.progress = progress
    let report = ScenarioReport(color: color, waysToFail: options.waysToFail)
    var outcomes: [ScenarioOutcome] = []
    outcomes.reserveCapacity(files.count)
    for start in stride(from: 0, to: files.count, by: batchSize) {
      let batch = files[start..<min(start + batchSize, files.count)]
      let done = ScenarioOutcome.run(
        paths: Array(batch), mutation: options.mutation, limits: limits, workers: workers)
      progress.clear()
      switch options.format {
      case .text: for outcome in done { stdout.write(report.render(outcome)) }
      case .github: for outcome in done { stdout.write(GitHubAnnotations.render(outcome)) }
      case .json: break
      }
      outcomes += done
    }
    let summary = RunSummary(outcomes)
    let coverage = options.coverage ? RuleCoverage(outcomes) : nil
    var status =
      summary.allPassed ? AuthCheckCLI.ExitCode.success : AuthCheckCLI.ExitCode.failure
    if let junit = options.junit, ReportFile.isOne(of: infoPlists(outcomes), junit) {
      stderr.write(
        "authcheck: error: '--junit' '\(SystemPath.displayed(junit))' is an Info.plist a file "
          + "names; a report never replaces what the run reads: give '--junit' another path\n")
      status = AuthCheckCLI.ExitCode.usage
    } else if let junit = options.junit {
      if let reason = ReportFile.write(JUnitReport(outcomes).xml, to: junit) {
        stderr.write(
          "authcheck: error: cannot write the JUnit report '\(SystemPath.displayed(junit))': "
            + "\(reason)\n")
        status = AuthCheckCLI.ExitCode.usage
      }
    }
    if let failure = AppStoryFiles.write(
      outcomes, counterexamples: options.counterexamples, paths: options.storyPaths)
    {
      stderr.write("authcheck: error: \(failure)\n")
      status = AuthCheckCLI.ExitCode.usage
    }
    switch options.format {
    case .text, .github:
      if let coverage { stdout.write(coverage.table) }
      stdout.write(summary.line + "\n")
    case .json:
      stdout.write(JSONReport(outcomes, summary: summary, coverage: coverage).encoded() + "\n")
    }
    return status
  }
}

extension ScenarioCommand {
  /// The Info.plist files that the files of `outcomes` name (`info: PATH`), a relative path
  /// taken from the file's folder as the reader takes it: inputs too, which no report
  /// replaces. Only a file with a line starting `info:` followed by text is read again.
  static func infoPlists(_ outcomes: [ScenarioOutcome]) -> [String] {
    outcomes.compactMap { outcome in
      let source = outcome.file.source
      guard
        source.split(whereSeparator: \.isNewline).contains(where: {
          $0.hasPrefix("info:") && !$0.dropFirst(5).allSatisfy(\.isWhitespace)
        }),
        case .mapping(let top) = YAMLReader.read(utf8: Array(source.utf8)).root,
        let entry = top.entries.first(where: { $0.key.value == "info" }),
        case .scalar(let value) = entry.value, !value.value.isEmpty
      else { return nil }
      return ScenarioFile.infoPlistPath(value.value, besides: outcome.file.path)
    }
  }
}

/// The counts of a run, from which every report's totals come.
struct RunSummary: Equatable {
  /// Scenarios that ran to the end with every expectation met.
  var passed = 0
  /// Scenarios that ran and failed: a step that cannot happen or an expectation not met.
  var failed = 0
  /// Files that are not a valid scenario, or could not be read.
  var errors = 0

  init(_ outcomes: [ScenarioOutcome]) {
    for outcome in outcomes {
      switch outcome.status {
      case .passed: passed += 1
      case .failed: failed += 1
      case .error: errors += 1
      }
    }
  }

  var total: Int { passed + failed + errors }
  var allPassed: Bool { failed == 0 && errors == 0 }

  /// `authcheck: N passed, M failed`, where invalid files count as failed.
  var line: String { "authcheck: \(passed) passed, \(failed + errors) failed" }
}

/// What happened to one scenario file.
struct ScenarioOutcome: Sendable {
  let file: ScenarioFile
  /// `nil` when the file is invalid, or an app file.
  let result: ScenarioResult?
  /// The outcome of an app file; `file` then holds its path and text only.
  var app: AppOutcome? = nil
  /// How long reading, checking and running the file took, in seconds.
  var seconds: Double = 0

  /// Whether a file passed, failed, or is not a valid scenario.
  enum Status: String, Sendable {
    case passed, failed, error
  }

  /// - Parameter limits: how far an app file's searches go; one that stops early fails the
  ///   file as INCOMPLETE.
  static func run(path: String, mutation: ModelMutation? = nil, limits: AppLimits = AppLimits())
    -> ScenarioOutcome
  {
    let clock = ContinuousClock()
    let start = clock.now
    var outcome = load(path: path, mutation: mutation, limits: limits)
    let elapsed = (clock.now - start).components
    outcome.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    return outcome
  }

  private static func load(path: String, mutation: ModelMutation?, limits: AppLimits)
    -> ScenarioOutcome
  {
    let file: ScenarioFile
    switch CheckFile.load(path: path) {
    case .scenario(let scenarioFile):
      file = scenarioFile
    case .app(let appFile):
      return ScenarioOutcome(
        file: ScenarioFile(
          path: appFile.path, source: appFile.source, scenario: .failure(DiagnosticError([]))),
        result: nil, app: AppOutcome(appFile, limits: limits))
    }
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

  /// Runs the files at `paths` on up to `workers` threads (`nil`: as many as there are cores)
  /// and returns their outcomes in the order of `paths`, whichever finished first.
  static func run(
    paths: [String], mutation: ModelMutation? = nil, limits: AppLimits = AppLimits(),
    workers: Int? = nil
  ) -> [ScenarioOutcome] {
    let workers = workers ?? ProcessInfo.processInfo.activeProcessorCount
    guard workers > 1, paths.count > 1 else {
      return paths.map { run(path: $0, mutation: mutation, limits: limits) }
    }
    let slots = OutcomeSlots(count: paths.count)
    defer { slots.deallocate() }
    // Each iteration writes only its own slot; `concurrentPerform` returns once all are done.
    let threads = min(workers, paths.count)
    let next = Counter()
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      while let index = next.take(below: paths.count) {
        slots.store(
          run(path: paths[index], mutation: mutation, limits: limits), at: index)
      }
    }
    return slots.outcomes()
  }

  var passed: Bool { status == .passed }

  var status: Status {
    if let app { return app.status }
    guard let result else { return .error }
    return result.passed ? .passed : .failed
  }

  /// The diagnostics of an invalid file, sorted by position; empty for a valid one.
  var diagnostics: [Diagnostic] {
    if let app { return app.diagnostics }
    if case .failure(let error) = file.scenario { return error.diagnostics }
    return []
  }

  /// The line a report points at for this file: the failure's, the first diagnostic's, or for a
  /// passing scenario the line of its `scenario:` key.
  var line: Int {
    if let app { return app.line }
    if let failure = result?.failure { return failure.position.line }
    if let first = diagnostics.first { return first.position.line }
    return Self.declarationLine(of: "scenario", in: file.source) ?? 1
  }

  /// The 1-based line of the top-level `key:` (`scenario:`, `app:`) in `source`, if a line
  /// starts with it.
  static func declarationLine(of key: String, in source: String) -> Int? {
    var number = 1
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == "\u{FEFF}" }
      if trimmed.hasPrefix("\(key):") || trimmed.hasPrefix("\"\(key)\":")
        || trimmed.hasPrefix("'\(key)':")
      {
        return number
      }
      number += 1
    }
    return nil
  }
}

/// One slot per file for the outcomes of a parallel run.
///
/// Unchecked `Sendable`: each slot is written by exactly one iteration of a
/// `concurrentPerform`, and read only after it returns.
private final class OutcomeSlots: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<ScenarioOutcome?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  func store(_ outcome: ScenarioOutcome, at index: Int) { slots[index] = outcome }

  func outcomes() -> [ScenarioOutcome] { slots.map { $0! } }

  func deallocate() {
    _ = slots.deinitialize()
    slots.deallocate()
  }
}

/// Hands out the indices 0, 1, 2… to threads, each once.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  /// The next index, or `nil` once `limit` is reached.
  func take(below limit: Int) -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard value < limit else { return nil }
    value += 1
    return value - 1
  }
}

/// Renders scenario outcomes as text (docs/SCENARIOS.md, "Reading a failure").
///
/// Paths and scenario names are shown with their control characters escaped
/// (`SystemPath.displayed(_:)`), so that a name can't print a line of its own.
struct ScenarioReport {
  let color: Bool
  /// Whether an app file's ways to fail follow its report (`--ways-to-fail`).
  var waysToFail = false

  func render(_ outcome: ScenarioOutcome) -> String {
    if let app = outcome.app { return app.render(self) + (waysToFail ? app.waysToFailTable : "") }
    let path = SystemPath.displayed(outcome.file.path)
    guard let result = outcome.result else {
      return paint("ERROR", .red) + " \(path)\n" + details(outcome)
    }
    let name = SystemPath.displayed(result.scenario.name)
    guard result.failure != nil else {
      return paint("PASS", .green) + " \(name) (\(path))\n"
    }
    return paint("FAIL", .red) + " \(name) (\(path))\n" + details(outcome)
  }

  /// The report below the `PASS`/`FAIL`/`ERROR` line: for a failure its position, source line,
  /// expected and actual values, rules and steps taken, and a last line naming `authcheck rules`
  /// with the rules cited; for an invalid file its diagnostics.
  /// Empty for a pass; otherwise ends with a line break.
  func details(_ outcome: ScenarioOutcome) -> String {
    if let app = outcome.app { return app.details(color: color) }
    let file = outcome.file
    let path = SystemPath.displayed(file.path)
    let renderer = DiagnosticRenderer(useColor: color)
    guard let result = outcome.result else {
      let rendered = renderer.render(outcome.diagnostics, file: path, source: file.source)
      return rendered.isEmpty ? "" : ensureNewline(rendered)
    }
    guard let failure = result.failure else { return "" }
    let text = ensureNewline(
      renderer.render(
        .error(failure.message, at: failure.position), file: path, source: file.source))
    return text + Self.explanation(of: failure, ios: result.scenario.configuration.ios)
  }

  /// The lines under a failure's message: the iOS version the file gave, expected and actual
  /// values, rules, steps taken, and a last line naming `authcheck rules` with the rules cited.
  static func explanation(of failure: ScenarioFailure, ios: IOSVersion) -> String {
    var text = iosLine(ios)
    if let expected = failure.expected, let actual = failure.actual {
      text += "  expected: \(SystemPath.displayed(expected))\n"
      text += "  actual:   \(SystemPath.displayed(actual))\n"
    }
    for citation in failure.because {
      text += "  because \(citation.rule.id): \(SystemPath.displayed(citation.cause))\n"
    }
    text += "  steps taken:"
    if failure.stepsTaken.isEmpty {
      text += " none\n"
    } else {
      text += "\n"
      for step in failure.stepsTaken {
        text += "    line \(step.position.line): \(SystemPath.displayed(step.summary))\n"
      }
    }
    let cited = Set(failure.because.map(\.rule)).sorted().map(\.id).joined(separator: " ")
    if !cited.isEmpty {
      text += "  note: see 'authcheck rules \(cited)' for the rules cited\n"
    }
    return text
  }

  /// The line naming the iOS version a file gave, and whose rules it follows if not its own.
  static func iosLine(_ ios: IOSVersion) -> String {
    "  ios:      \(ios.rawValue)"
      + (ios.rules == ios ? "\n" : " (iOS \(ios.rules.rawValue)'s rules)\n")
  }

  enum Colour: String {
    case red = "31"
    case green = "32"
  }

  func paint(_ text: String, _ colour: Colour) -> String {
    color ? "\u{1B}[1;\(colour.rawValue)m\(text)\u{1B}[0m" : text
  }

  private func ensureNewline(_ text: String) -> String {
    text.hasSuffix("\n") ? text : text + "\n"
  }
}
