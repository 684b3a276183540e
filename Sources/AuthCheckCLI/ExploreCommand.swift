import AuthExplorer
import AuthModel
import Foundation

/// `authcheck explore`: exhaustive exploration of the authorization model.
enum ExploreCommand {
  static func run<Out: TextOutputStream, Err: TextOutputStream>(
    arguments: [String], stderrIsTerminal: Bool, stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    let options: ExploreOptions
    switch ExploreOptions.parse(arguments) {
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
    let reports: [ConfigurationReport]
    do {
      reports = try AuthorizationExploration.run(
        configurations, settings: settings(options, count: configurations.count),
        progress: stderrIsTerminal && !options.json ? ProgressLine.print : nil)
    } catch {
      stderr.write("authcheck explore: error: '--sessions': \(error.message)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    if stderrIsTerminal && !options.json { ProgressLine.clear() }
    let everyConfiguration = options.ios == nil && options.infoPath == nil
    let summary = ExploreSummary(
      reports: reports, catalogue: options.catalogue, everyConfiguration: everyConfiguration,
      mutation: options.mutation, reductions: !options.noReductions,
      hints: !options.noHints)
    var written: [String: String] = [:]
    if let folder = options.counterexamples {
      switch CounterexampleFiles.write(summary, to: folder) {
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
      (options.ios.map { [$0] } ?? IOSVersion.allCases).map {
        ConfigurationUnderTest(
          AppConfiguration(ios: $0, infoPlist: plist, mutation: options.mutation))
      }
    }
  }

  static func settings(_ options: ExploreOptions, count: Int) -> AuthorizationExploration.Settings {
    let threads = options.threads ?? ProcessInfo.processInfo.activeProcessorCount
    let workers = max(1, min(threads, count))
    // What fits in memory: a search peaks below 16 bytes a state, but rebuilding a
    // counterexample's path takes 22 to 43 bytes for each state before it, so allow 32; keep a
    // quarter of the machine for everything else.
    let budget = Int(Double(ProcessInfo.processInfo.physicalMemory) * 0.75) / 32 / workers
    let maxStates = options.maxStates ?? budget
    // Room up front is faster; reserve it only for a limit the user chose, within the budget.
    let reserved = options.maxStates.map { min($0, budget * 2) } ?? 0
    return AuthorizationExploration.Settings(
      catalogue: options.catalogue,
      reductions: options.noReductions ? [] : Reduction.allCases,
      maxStates: maxStates, reservedStates: reserved, threads: threads,
      // The reports show whether a witness is reached, never its path.
      witnessPaths: false, usesHints: !options.noHints)
  }
}

/// The progress line on a terminal's standard error.
enum ProgressLine {
  @Sendable static func print(_ p: AuthorizationExploration.Progress) {
    let line =
      "\r\u{1B}[2K\(p.finishedConfigurations)/\(p.configurations) configurations · "
      + "\(Format.count(p.states)) states · \(Format.count(Int(p.statesPerSecond))) states/s · "
      + "queue \(Format.count(p.queued)) · \(Format.bytes(p.bytes))"
    FileHandle.standardError.write(Data(line.utf8))
  }

  static func clear() {
    FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
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
