import AuthExplorer
import AuthModel
import Foundation

/// `authcheck explore --bench`: how fast the explorer runs, in a release build.
enum ExploreBenchmark {
  static func run<Out: TextOutputStream, Err: TextOutputStream>(
    _ options: ExploreOptions, stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    stdout.write(
      "authcheck explore --bench (\(ProcessInfo.processInfo.activeProcessorCount) cores)\n")
    let full = InfoPlist(
      whenInUseUsageDescription: "Shows what is near you",
      alwaysAndWhenInUseUsageDescription: "Reminds you on arrival",
      temporaryUsageDescriptions: ["Nav": "Turn-by-turn directions"],
      backgroundModes: ["location"])
    // Each runs three times and the fastest is reported, with the rate of every run: on a
    // shared machine, other work only ever slows a run down. (The four-session run takes about
    // a quarter of a minute.)
    let cases: [(String, [ConfigurationUnderTest], SessionCatalogue, runs: Int)] = [
      (
        "default: every configuration, sessions always,whenInUse+Nav",
        ConfigurationUnderTest.all(catalogue: .standard), .standard, 3
      ),
      (
        "one configuration (ios18 with both strings, Nav, location), four sessions",
        [ConfigurationUnderTest(AppConfiguration(ios: .ios18, infoPlist: full))],
        try! SessionCatalogue(parsing: "whenInUse,always,whenInUse+Nav,none"), 3
      ),
    ]
    for (title, configurations, catalogue, runs) in cases {
      var settings = ExploreCommand.settings(options, count: configurations.count)
      settings.catalogue = catalogue
      var measured: [(wall: Double, cpu: Double, reports: [ConfigurationReport])] = []
      for _ in 0..<runs {
        let start = Date()
        let cpuStart = processorSeconds()
        let reports: [ConfigurationReport]
        do {
          reports = try AuthorizationExploration.run(configurations, settings: settings)
        } catch {
          stderr.write("authcheck explore: error: \(error.message)\n")
          return AuthCheckCLI.ExitCode.usage
        }
        measured.append((Date().timeIntervalSince(start), processorSeconds() - cpuStart, reports))
      }
      let best = measured.min { $0.cpu < $1.cpu }!
      let (wall, cpu, reports) = best
      let states = reports.map(\.states).reduce(0, +)
      let transitions = reports.map(\.transitions).reduce(0, +)
      let largest = reports.max { $0.states < $1.states }!
      stdout.write(runs == 1 ? "\(title)\n" : "\(title), fastest of \(runs) runs\n")
      stdout.write(
        "  states \(Format.count(states)), transitions \(Format.count(transitions)), "
          + "wall \(Format.seconds(wall))\n")
      stdout.write(
        "  \(Format.count(Int(Double(states) / wall))) distinct states/s, "
          + "\(Format.count(Int(Double(transitions) / wall))) transitions/s\n")
      stdout.write(
        "  per core: \(Format.count(Int(Double(states) / cpu))) distinct states/s, "
          + "\(Format.count(Int(Double(transitions) / cpu))) transitions/s "
          + "(\(Format.seconds(cpu)) of processor time)\n")
      if runs > 1 {
        let all = measured.map { Format.count(Int(Double(states) / $0.cpu)) }
        stdout.write("  per core, every run: \(all.joined(separator: ", ")) distinct states/s\n")
      }
      stdout.write(
        String(
          format: "  %.1f bytes per stored state (largest configuration: %@ states, peak %@)\n",
          Double(largest.peakBytes) / Double(max(largest.states, 1)), Format.count(largest.states),
          Format.bytes(largest.peakBytes)))
      if reports.contains(where: { !$0.isComplete }) { stdout.write("  INCOMPLETE\n") }
    }
    return AuthCheckCLI.ExitCode.success
  }

  /// The processor time this process has used so far, user and system, in seconds: the rate
  /// per core is the work divided by it, whatever else the machine was doing.
  static func processorSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
