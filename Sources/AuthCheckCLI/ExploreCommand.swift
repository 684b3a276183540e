import AuthExplorer
import AuthModel
import AuthScenario
import Foundation

/// `authcheck explore`: exhaustive exploration of the authorization model.
enum ExploreCommand {
  static func run<Out: TextOutputStream, Err: TextOutputStream>(
    arguments: [String], plugin: PluginPaths? = nil, stderrIsTerminal: Bool,
    stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    let options: ExploreOptions
    switch PluginPaths.vet(ExploreOptions.parse(arguments), under: plugin) {
    case .success(let parsed): options = parsed
    case .failure(let error):
      stderr.write("authcheck explore: error: \(error.message)\n")
      stderr.write("usage: authcheck explore [options] (authcheck explore --help for more)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    if options.help {
      stdout.write(ExploreHelp.text)
      return AuthCheckCLI.ExitCode.success
    }
    if options.bench {
      return ExploreBenchmark.run(options, stdout: &stdout, stderr: &stderr)
    }
    let configurations: [ConfigurationUnderTest]
    switch self.configurations(options) {
    case .success(let found): configurations = found
    case .failure(let error):
      stderr.write("authcheck explore: error: \(error.message)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    if let problem = maxStatesProblem(options, count: configurations.count) {
      stderr.write("authcheck explore: error: \(problem)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    if let folder = options.counterexamples,
      let problem = CounterexampleFiles.problem(
        folder, inputs: options.infoPath.map { [$0] } ?? [])
    {
      stderr.write("authcheck explore: error: \(problem.message)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    let reports: [ConfigurationReport]
    do {
      reports = try AuthorizationExploration.run(
        configurations, settings: settings(options, count: configurations.count),
        progress: progress(stderrIsTerminal: stderrIsTerminal, json: options.json))
    } catch {
      stderr.write(
        "authcheck explore: error: '\(options.legacy == nil ? "--sessions" : "--regions")': "
          + "\(error.message)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    if stderrIsTerminal && !options.json { ProgressLine.clear() }
    let everyConfiguration = options.ios == nil && options.infoPath == nil
    let summary = ExploreSummary(
      reports: reports, catalogue: options.catalogue, legacy: options.legacy,
      everyConfiguration: everyConfiguration,
      mutation: options.mutation, reductions: !options.noReductions,
      hints: !options.noHints)
    var written: [String: String] = [:]
    if let folder = options.counterexamples {
      switch CounterexampleFiles.write(
        summary, to: folder, inputs: options.infoPath.map { [$0] } ?? [])
      {
      case .success(let paths): written = paths
      case .failure(let error):
        stderr.write("authcheck explore: error: \(error.message)\n")
        return AuthCheckCLI.ExitCode.usage
      }
    }
    stdout.write(
      options.json ? summary.json(counterexamples: written) : summary.text(counterexamples: written)
    )
    return summary.exitStatus
  }

  static func configurations(
    _ options: ExploreOptions
  ) -> Result<[ConfigurationUnderTest], RunOptions.UsageError> {
    guard let path = options.infoPath else {
      return .success(
        ConfigurationUnderTest.all(
          ios: options.ios, catalogue: options.catalogue, mutation: options.mutation))
    }
    return ExploreOptions.infoPlist(at: path).map { plist in
      (options.ios.map { [$0] } ?? IOSVersion.distinctRules).map {
        ConfigurationUnderTest(
          AppConfiguration(ios: $0, infoPlist: plist, mutation: options.mutation))
      }
    }
  }

  /// The states one configuration may store: the memory budget, shared by the configurations
  /// explored at once.
  static func stateBudget(workers: Int) -> Int { MemoryBudget.states(workers: workers) }

  /// The number of configurations explored at once.
  static func workers(_ options: ExploreOptions, count: Int) -> Int {
    let threads = options.threads ?? ProcessInfo.processInfo.activeProcessorCount
    return max(1, min(threads, count))
  }

  /// Why `--max-states` can't be honoured on this machine, or `nil`: a limit beyond the state
  /// budget would run out of memory before reaching it, so it is refused before any work.
  static func maxStatesProblem(_ options: ExploreOptions, count: Int) -> String? {
    MemoryBudget.problem(
      maxStates: options.maxStates, workers: workers(options, count: count),
      unit: ("a configuration", "configurations"))
  }

  static func settings(_ options: ExploreOptions, count: Int) -> AuthorizationExploration.Settings {
    let threads = options.threads ?? ProcessInfo.processInfo.activeProcessorCount
    let budget = stateBudget(workers: workers(options, count: count))
    let maxStates = options.maxStates ?? budget
    // Room up front is faster; reserve it only for a limit the user chose, up to
    // `MemoryBudget.largestReservation` and the budget.
    let reserved = MemoryBudget.reservation(maxStates: options.maxStates, budget: budget)
    return AuthorizationExploration.Settings(
      catalogue: options.catalogue, legacy: options.legacy,
      reductions: options.noReductions ? [] : Reduction.allCases,
      maxStates: maxStates, reservedStates: reserved, threads: threads,
      // The reports show whether a witness is reached, never its path.
      witnessPaths: false, usesHints: !options.noHints)
  }
}

extension ExploreCommand {
  /// What reports progress on standard error: on a terminal, one line rewritten about once a
  /// second (not with `--json`); elsewhere (a CI log), a line of its own every ten seconds, so a
  /// long exploration is never silent.
  static func progress(
    stderrIsTerminal: Bool, json: Bool
  ) -> (@Sendable (AuthorizationExploration.Progress) -> Void)? {
    guard stderrIsTerminal else {
      let log = ProgressLog(interval: .seconds(10)) {
        _ = RegularFile.write($0, to: STDERR_FILENO)
      }
      return log.report
    }
    return json ? nil : ProgressLine.print
  }
}

/// Progress lines for a standard error that is not a terminal: at most one every `interval`,
/// the first one `interval` after the start, each ending with a line break.
final class ProgressLog: Sendable {
  private let throttle: Throttle
  private let write: @Sendable (String) -> Void

  init(interval: Duration, write: @escaping @Sendable (String) -> Void) {
    throttle = Throttle(interval: interval)
    self.write = write
  }

  @Sendable func report(_ progress: AuthorizationExploration.Progress) {
    if throttle.due() { write("authcheck explore: " + ProgressLine.text(progress) + "\n") }
  }
}

/// The progress line on a terminal's standard error.
enum ProgressLine {
  /// `3/128 configurations · 1,234 states · …`.
  static func text(_ p: AuthorizationExploration.Progress) -> String {
    "\(p.finishedConfigurations)/\(p.configurations) configurations · "
      + "\(Format.count(p.states)) states · \(Format.count(Int(p.statesPerSecond))) states/s · "
      + "queue \(Format.count(p.queued)) · \(Format.bytes(p.bytes))"
  }

  @Sendable static func print(_ p: AuthorizationExploration.Progress) {
    _ = RegularFile.write("\r\u{1B}[2K" + text(p), to: STDERR_FILENO)
  }

  static func clear() {
    _ = RegularFile.write("\r\u{1B}[2K", to: STDERR_FILENO)
  }
}

/// Number formats for reports.
enum Format {
  /// `12,345,678`.
  static func count(_ n: Int) -> String {
    let digits = Array(String(n))
    var out = ""
    for (i, d) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(d)
    }
    return out
  }

  /// `1.5 GiB`, `120 MiB`.
  static func bytes(_ n: Int) -> String {
    let mib = Double(n) / 1_048_576
    return mib >= 1024 ? String(format: "%.1f GiB", mib / 1024) : String(format: "%.0f MiB", mib)
  }

  static func seconds(_ s: Double) -> String { String(format: "%.1f s", s) }
}
