import AuthEngine
import ToySystems

/// Throughput and memory of one benchmark search.
public struct BenchmarkResult: Sendable {
  /// The counter bounds of the `CounterGrid` searched.
  public let bounds: [Int]
  /// Threads searched with.
  public let threads: Int
  /// Distinct states found.
  public let states: Int
  /// Transitions computed.
  public let transitions: Int
  /// Breadth-first depth.
  public let depth: Int
  /// Wall-clock seconds of the search.
  public let seconds: Double
  /// The most bytes the explorer's structures held at once.
  public let peakBytes: Int

  /// Distinct states per second.
  public var statesPerSecond: Double { Double(states) / seconds }
  /// Transitions per second.
  public var transitionsPerSecond: Double { Double(transitions) / seconds }
  /// Peak bytes per distinct state.
  public var bytesPerState: Double { Double(peakBytes) / Double(max(1, states)) }
}

/// Searches a `CounterGrid` with one invariant and one witness, and measures the search
/// (without the witness's path, which a second search would rebuild).
///
/// The default, five counters of 35 values, has 52,521,875 states, about 10 actions per state
/// (9.7 of them not refused) and depth 170. Build in release mode to measure: debug builds are
/// an order of magnitude slower.
///
/// - Parameters:
///   - bounds: the counters' ranges; see `CounterGrid`.
///   - threads: threads to search with.
///   - maxStates: passed to `ExplorationOptions`; sizes the visited set up front.
///   - progress: passed to `ExplorationOptions`.
public func benchmarkToySystem(
  bounds: [Int] = [35, 35, 35, 35, 35],
  threads: Int = ExplorationOptions().threads,
  maxStates: Int? = nil,
  progress: (@Sendable (ExplorationProgress) -> Void)? = nil
) -> BenchmarkResult {
  let top = bounds.map { $0 - 1 }
  let grid = CounterGrid(bounds: bounds)
  let corner = grid.state(top)
  let system = CounterGrid(
    bounds: bounds,
    properties: [
      .always("B1", "no counter passes its bound") { state in
        bounds.indices.allSatisfy { grid.counter($0, in: state) < bounds[$0] }
      },
      .sometimes("B2", "every counter at its top") { state in state == corner },
    ])
  let options = ExplorationOptions(
    maxStates: maxStates, threads: threads, witnessPaths: false, progress: progress)
  let result = Explorer(system, options: options).run()
  return BenchmarkResult(
    bounds: bounds, threads: options.threads, states: result.states,
    transitions: result.transitions, depth: result.depth, seconds: result.seconds,
    peakBytes: result.peakBytes)
}
