import AuthApp
import AuthEngine
import Foundation

// `swift run -c release AppBenchmark [--threads N] [FILE…]` (Benchmarks/apps.sh): the engine
// alone on app files, every user's stories, on one thread unless told: distinct states per
// second of processor time (the fastest of five batches, each of as many explorations as fill a
// fifth of a second, so that the clock's grain does not count) and bytes per stored state.
// Without files, the examples of scenarios/apps.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
var files = Array(CommandLine.arguments.dropFirst())
var threads = 1
if files.first == "--threads" {
  guard files.count >= 2, let n = Int(files[1]), n >= 1 else {
    FileHandle.standardError.write(Data("AppBenchmark: '--threads' takes a number from 1\n".utf8))
    exit(2)
  }
  threads = n
  files.removeFirst(2)
}
if files.isEmpty {
  let folder = root.appendingPathComponent("scenarios/apps")
  files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    .filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0).path }
}

func processorSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

print(
  "app benchmark: the engine on every user's stories, \(threads) thread\(threads == 1 ? "" : "s"),"
    + " fastest of 5 batches")
var totalStates = 0
var totalSeconds = 0.0
for path in files {
  guard case .success(let app) = AppFile.load(path: path).app,
    let system = try? AppSystem(app, cooperative: false)
  else {
    FileHandle.standardError.write(Data("AppBenchmark: '\(path)' is not a valid app file\n".utf8))
    exit(2)
  }
  var options = ExplorationOptions()
  options.threads = threads
  var best = Double.infinity
  var result: ExplorationResult<AppSystem>?
  for _ in 0..<5 {
    let start = processorSeconds()
    var runs = 0
    while runs == 0 || processorSeconds() - start < 0.2 {
      result = Explorer(system, options: options).run()
      runs += 1
    }
    best = min(best, (processorSeconds() - start) / Double(runs))
  }
  let r = result!
  totalStates += r.states
  totalSeconds += best
  print(
    String(
      format: "  %@: %d states in %.4f s, %.0f distinct states/s, %.1f bytes per stored state",
      (path as NSString).lastPathComponent, r.states, best, Double(r.states) / best,
      Double(r.peakBytes) / Double(max(r.states, 1))))
}
print(
  String(
    format: "  all: %d states in %.4f s of processor time, %.0f distinct states/s per core",
    totalStates, totalSeconds, Double(totalStates) / totalSeconds))
