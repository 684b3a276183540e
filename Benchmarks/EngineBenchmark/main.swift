import AuthEngine
import Foundation

// `swift run -c release EngineBenchmark [THREADS]` (Benchmarks/engine.sh): the engine alone, on
// the five-counter grid of `benchmarkToySystem`, with the visited set sized up front.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count <= 1, let threads = Int(arguments.first ?? "\(ExplorationOptions().threads)"),
  threads > 0
else {
  FileHandle.standardError.write(Data("usage: EngineBenchmark [THREADS]\n".utf8))
  exit(2)
}
let bounds = [35, 35, 35, 35, 35]
let result = benchmarkToySystem(
  bounds: bounds, threads: threads, maxStates: bounds.reduce(1, *))
print("engine benchmark: counter grid \(bounds), \(result.threads) threads")
print(
  String(
    format: "  states %d, transitions %d, depth %d, wall %.2f s", result.states,
    result.transitions, result.depth, result.seconds))
print(
  String(
    format: "  %.0f distinct states/s, %.0f transitions/s, %.1f bytes per stored state",
    result.statesPerSecond, result.transitionsPerSecond, result.bytesPerState))
