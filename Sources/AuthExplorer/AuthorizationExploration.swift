import AuthEngine
import AuthModel
import Foundation

/// Explores the authorization model over several configurations, on every core.
///
/// Configurations run side by side, one thread each, while there are more configurations than
/// threads; a single configuration gets every thread.
public enum AuthorizationExploration {
  /// How a run is set up.
  public struct Settings: Sendable {
    public var catalogue: SessionCatalogue
    /// The legacy services explored, or `nil` for none.
    public var legacy: LegacyCatalogue?
    public var reductions: [Reduction]
    /// The most states per configuration; beyond it a configuration is incomplete.
    public var maxStates: Int?
    /// States to make room for up front per configuration (`nil`: `maxStates`).
    public var reservedStates: Int?
    public var threads: Int
    /// Whether reached witnesses come with their paths (see
    /// `ExplorationOptions.witnessPaths`); violated properties always do.
    public var witnessPaths: Bool
    /// Whether the search uses the system's speed-up hints (see
    /// `ExplorationOptions.usesHints`): the same result either way.
    public var usesHints: Bool

    public init(
      catalogue: SessionCatalogue = .standard, legacy: LegacyCatalogue? = nil,
      reductions: [Reduction] = Reduction.allCases,
      maxStates: Int? = nil, reservedStates: Int? = nil,
      threads: Int = ProcessInfo.processInfo.activeProcessorCount, witnessPaths: Bool = true,
      usesHints: Bool = true
    ) {
      self.catalogue = catalogue
      self.legacy = legacy
      self.reductions = reductions
      self.maxStates = maxStates
      self.reservedStates = reservedStates
      self.threads = max(1, threads)
      self.witnessPaths = witnessPaths
      self.usesHints = usesHints
    }
  }

  /// Totals across running configurations, for progress lines.
  public struct Progress: Sendable {
    public var states: Int
    public var transitions: Int
    public var statesPerSecond: Double
    public var queued: Int
    public var bytes: Int
    public var finishedConfigurations: Int
    public var configurations: Int
  }

  /// Explores each configuration and returns its report, in the order given.
  ///
  /// - Parameter progress: called about once a second, from any thread, one call at a time.
  public static func run(
    _ configurations: [ConfigurationUnderTest], settings: Settings,
    progress: (@Sendable (Progress) -> Void)? = nil
  ) throws(CatalogueError) -> [ConfigurationReport] {
    var built: [AuthorizationSystem] = []
    for item in configurations {
      built.append(
        try AuthorizationSystem(
          configuration: item.configuration, catalogue: settings.catalogue,
          legacy: settings.legacy, reductions: settings.reductions))
    }
    let systems = built
    let workers = min(settings.threads, configurations.count)
    let threadsEach = configurations.count == 1 ? settings.threads : 1
    let shared = Shared(count: configurations.count, progress: progress)
    DispatchQueue.concurrentPerform(iterations: max(workers, 1)) { worker in
      while let index = shared.take() {
        let options = ExplorationOptions(
          maxStates: settings.maxStates, reservedStates: settings.reservedStates,
          threads: threadsEach, witnessPaths: settings.witnessPaths, usesHints: settings.usesHints,
          progress: { shared.update(worker: worker, $0) })
        let result = Explorer(systems[index], options: options).run()
        shared.finish(
          index, worker: worker,
          ConfigurationReport(result, system: systems[index], configuration: configurations[index]))
      }
    }
    return shared.reports()
  }

  /// The state the workers share, behind a lock.
  private final class Shared: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var results: [ConfigurationReport?]
    private var running: [Int: ExplorationProgress] = [:]
    private var finished = 0
    private var doneStates = 0
    private var doneTransitions = 0
    private var lastReport = Date()
    private let progress: (@Sendable (Progress) -> Void)?

    init(count: Int, progress: (@Sendable (Progress) -> Void)?) {
      results = Array(repeating: nil, count: count)
      self.progress = progress
    }

    func take() -> Int? {
      lock.withLock {
        guard next < results.count else { return nil }
        defer { next += 1 }
        return next
      }
    }

    func update(worker: Int, _ value: ExplorationProgress) {
      let snapshot: Progress? = lock.withLock {
        running[worker] = value
        guard Date().timeIntervalSince(lastReport) >= 1 else { return nil }
        lastReport = Date()
        return Progress(
          states: doneStates + running.values.map(\.states).reduce(0, +),
          transitions: doneTransitions + running.values.map(\.transitions).reduce(0, +),
          statesPerSecond: running.values.map(\.statesPerSecond).reduce(0, +),
          queued: running.values.map(\.queued).reduce(0, +),
          bytes: running.values.map(\.bytes).reduce(0, +),
          finishedConfigurations: finished, configurations: results.count)
      }
      if let snapshot { progress?(snapshot) }
    }

    func finish(_ index: Int, worker: Int, _ report: ConfigurationReport) {
      lock.withLock {
        results[index] = report
        running[worker] = nil
        finished += 1
        doneStates += report.states
        doneTransitions += report.transitions
      }
    }

    func reports() -> [ConfigurationReport] {
      lock.withLock { results.compactMap { $0 } }
    }
  }
}
