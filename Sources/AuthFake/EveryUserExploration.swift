import AuthEngine
import AuthModel
import AuthScenario
import Foundation

/// Something the app's user does in the app under exploration, beside what Core Location's
/// prompts, Settings, the lifecycle and the system do: a button tapped, a screen opened.
@MainActor
public struct AppAction<App: AnyObject> {
  /// How a story names it: `the user taps Use my location`.
  public let name: String
  /// What it does to the app's objects.
  public let perform: @MainActor (App) -> Void

  /// An action named `name` that does `perform`.
  public init(_ name: String, perform: @escaping @MainActor (App) -> Void) {
    self.name = name
    self.perform = perform
  }
}

/// What ``EveryUserExploration/run(depth:maxStates:writeStoriesTo:)`` found: how far it went,
/// and the shortest story that breaks the check, if any.
public struct EveryUserResult: Sendable, CustomStringConvertible {
  /// A story that breaks the check: the steps from a fresh install, and why the check failed.
  public struct Failure: Sendable, Hashable {
    /// The steps, as a scenario says them (`launch`, `tap: allowWhileUsing (precise: on)`), and
    /// the app's actions by their names.
    public let steps: [String]
    /// What the check threw.
    public let reason: String

    /// A Swift Testing test that replays the story and fails as the exploration did, for the
    /// app's tests to keep: it calls ``EveryUserExploration/replay(_:)`` on `exploration`, the
    /// name the tests give the exploration.
    public func swiftTest(exploration: String = "exploration") -> String {
      let quoted = steps.map { step in
        "    \""
          + step.replacingOccurrences(of: "\\", with: "\\\\")
          .replacingOccurrences(of: "\"", with: "\\\"") + "\","
      }
      return """
        // The shortest story that broke the check: \(reason)
        @MainActor @Test func shortestStoryThatBreaksTheCheck() throws {
          try \(exploration).replay([
        \(quoted.joined(separator: "\n"))
          ])
        }

        """
    }
  }

  /// Where ``EveryUserExploration/run(depth:maxStates:writeStoriesTo:)`` wrote the failure's
  /// Swift test, or why it could not: `nil` when it was not asked to or nothing failed.
  public var writtenTest: Result<String, StoryError>?

  /// Distinct states stored: the model's state with the app's snapshot.
  public let states: Int
  /// Steps taken between them.
  public let transitions: Int
  /// Paths replayed on a fresh device and fresh app objects: one per step taken.
  public let pathsReplayed: Int
  /// The deepest state stored, in steps from a fresh install.
  public let depth: Int
  /// The depth limit: states that far away were checked but not expanded.
  public let maxDepth: Int
  /// Whether some state at ``maxDepth`` had steps left untaken: what lies beyond is unexplored.
  public let reachedMaxDepth: Bool
  /// The state limit.
  public let maxStates: Int
  /// Whether the state limit stopped the search: then states within ``maxDepth`` may be
  /// unexplored, and no verdict covers them.
  public let reachedMaxStates: Bool
  /// The shortest story that breaks the check (fewest steps, the first in step order), or
  /// `nil` when every state explored passes it.
  public let failure: Failure?
  /// Wall-clock seconds.
  public let seconds: Double

  /// Whether the check holds in every state explored and the state limit did not cut the
  /// search short. A search cut by the depth limit passes for the depth it covered, which
  /// ``description`` says.
  public var passed: Bool { failure == nil && !reachedMaxStates }

  /// A few lines a person reads at a glance: the verdict, the story that breaks the check,
  /// and the limits reached.
  public var description: String {
    var lines: [String] = []
    if let failure {
      lines.append("the check fails after \(failure.steps.count) steps: \(failure.reason)")
      for (i, step) in failure.steps.enumerated() { lines.append("  \(i + 1). \(step)") }
      switch writtenTest {
      case .success(let path)?: lines.append("a test that replays it: \(path)")
      case .failure(let error)?: lines.append("no test written: \(error)")
      case nil:
        lines.append("a test that replays it:")
        lines += failure.swiftTest().split(separator: "\n").map { "  " + $0 }
      }
    } else if reachedMaxStates {
      lines.append(
        "INCOMPLETE: stopped at the limit of \(maxStates) states; the check held in every "
          + "state stored, but states within \(maxDepth) steps were left unexplored "
          + "(raise maxStates, or lower depth)")
    } else {
      lines.append("the check holds in every state within \(maxDepth) steps")
    }
    if reachedMaxDepth && failure == nil {
      lines.append(
        "states more than \(maxDepth) steps from a fresh install were not explored "
          + "(raise depth to go further)")
    }
    lines.append(
      "\(states) states, \(transitions) steps, \(pathsReplayed) paths replayed, depth \(depth), "
        + String(format: "%.2f s", seconds))
    return lines.joined(separator: "\n")
  }
}

/// The app's own code on ``FakeDevice``, explored through every sequence of the user's
/// decisions, the lifecycle's steps and the system's events: what to build, what tells its
/// states apart, and what must hold in each. ``run(depth:maxStates:writeStoriesTo:)`` explores
/// it; ``replay(_:)`` replays one story, which is how a failure becomes a regression test.
///
/// The steps are every one the model allows: each prompt's buttons with each Precise choice,
/// each Settings change, launch, background, foreground, wait, termination, the background
/// relaunch and the system's background event
/// (``AuthorizationEvent/userAndSystemSteps(legacy:)``), then the app's `actions`. For each
/// step it builds a fresh device, replays the path to the state, takes the step, and keeps the
/// state reached by the model's state together with `snapshot` of the app (`nil` while it
/// does not run): two paths that reach the same pair are one state, so the search is a
/// breadth-first search over distinct states (AuthEngine's ``BreadthFirstWalk``), and it ends.
///
/// ```swift
/// let banner = EveryUserExploration(
///   configuration: configuration,
///   actions: [AppAction("the user taps Use my location") { $0.askForLocation() }],
///   make: { device in StationListModel(device: device) },
///   snapshot: { $0.banner },
///   check: { model, device in
///     if model.banner != expectedBanner(device) { throw WrongBanner(model.banner) }
///   })
///
/// @MainActor @Test func theBannerFollowsEveryUser() {
///   let result = banner.run(depth: 8)
///   #expect(result.passed, "\(result)")
/// }
/// ```
///
/// The check runs, where the app runs, in every state as it is first reached; a thrown error
/// fails it (`try #require(…)` in Swift Testing, or any error of your own), and the search
/// stops at the first failure: breadth first, that is a shortest story, and the first of the
/// shortest in step order. The app's code must be deterministic and run its reactions within
/// the device's calls (delegate calls, completions): work it leaves to a `Task` is not awaited
/// between steps.
@MainActor
public struct EveryUserExploration<App: AnyObject, Snapshot: Hashable> {
  /// The app as built and the iOS it runs on.
  public let configuration: AppConfiguration
  /// What the device remembers before the first step (a fresh install by default).
  public let start: StartingState
  /// What the user does in the app, taken only in the foreground with no prompt on screen.
  public let actions: [AppAction<App>]
  /// The app's objects, built as the app starts (each launch and background relaunch; a
  /// termination drops them), afresh for every path replayed.
  public let make: @MainActor (FakeDevice) -> App
  /// What of the app tells its states apart, beside the model's state.
  public let snapshot: @MainActor (App) -> Snapshot
  /// What must hold wherever the app runs: a thrown error is a failure.
  public let check: @MainActor (App, FakeDevice) throws -> Void

  /// An exploration of the app `make` builds.
  public init(
    configuration: AppConfiguration, start: StartingState = StartingState(),
    actions: [AppAction<App>] = [], make: @escaping @MainActor (FakeDevice) -> App,
    snapshot: @escaping @MainActor (App) -> Snapshot,
    check: @escaping @MainActor (App, FakeDevice) throws -> Void
  ) {
    self.configuration = configuration
    self.start = start
    self.actions = actions
    self.make = make
    self.snapshot = snapshot
    self.check = check
  }

  /// Explores every state within `depth` steps of a fresh install, at most `maxStates` of them.
  ///
  /// - Parameters:
  ///   - depth: the most steps from a fresh install; states that far are checked, not expanded.
  ///   - maxStates: the most distinct states; beyond it the result is incomplete, never a pass.
  ///   - writeStoriesTo: a folder to write the failure's Swift test into
  ///     (``EveryUserResult/Failure/swiftTest(exploration:)``), as `ShortestStoryTests.swift`
  ///     or, where that file exists with other text, the first free `ShortestStoryTests-N.swift`:
  ///     never over another file. ``EveryUserResult/writtenTest`` says where, or why not.
  public func run(depth: Int = 10, maxStates: Int = 100_000, writeStoriesTo folder: String? = nil)
    -> EveryUserResult
  {
    run(depth: depth, maxStates: maxStates, writeStoriesTo: folder, stepOrder: nil)
  }

  /// ``run(depth:maxStates:writeStoriesTo:)`` trying the steps in `stepOrder` (a permutation of
  /// their indexes), for the tests that show the states found do not depend on it.
  func run(depth: Int, maxStates: Int, writeStoriesTo folder: String?, stepOrder: [Int]?)
    -> EveryUserResult
  {
    let began = ContinuousClock.now
    let explorer = EveryUserSystem(self, stepOrder: stepOrder)
    let system = EveryUserSystem<App, Snapshot>.Walked(explorer: explorer)
    var visitor = EveryUserSystem<App, Snapshot>.Visitor(
      explorer: explorer, maxDepth: max(0, depth))
    let walk = BreadthFirstWalk(system, maxStates: max(1, maxStates)).run(&visitor)
    let failure = explorer.failure.map { node, reason in
      EveryUserResult.Failure(steps: explorer.path(to: node).map(explorer.name), reason: reason)
    }
    let elapsed = ContinuousClock.now - began
    var result = EveryUserResult(
      states: walk.states, transitions: walk.transitions, pathsReplayed: explorer.replays,
      depth: walk.depth, maxDepth: max(0, depth), reachedMaxDepth: visitor.cutAtMaxDepth,
      maxStates: max(1, maxStates), reachedMaxStates: !walk.isComplete, failure: failure,
      seconds: Double(elapsed.components.seconds)
        + Double(elapsed.components.attoseconds) / 1e18)
    if let folder, let failure {
      result.writtenTest = StoryTestFile.write(failure.swiftTest(), in: folder)
    }
    return result
  }

  /// Replays `story` (steps named as ``EveryUserResult/Failure/steps`` names them) from a fresh
  /// install, then runs the check: throws what the check throws, or why the story cannot be
  /// told (a step no exploration takes, or one that cannot happen where it stands).
  public func replay(_ story: [String]) throws {
    let explorer = EveryUserSystem(self, checked: false)
    var byName: [String: Int] = [:]
    for index in explorer.steps.indices.reversed() { byName[explorer.name(index)] = index }
    var (device, app) = explorer.freshInstall()
    for (number, name) in story.enumerated() {
      guard let index = byName[name] else {
        throw StoryError(message: "step \(number + 1), '\(name)', is not a step of the exploration")
      }
      guard explorer.take(explorer.steps[index], device, &app) else {
        throw StoryError(message: "step \(number + 1), '\(name)', cannot happen there")
      }
    }
    guard let app else { throw StoryError(message: "the story ends with the app not running") }
    try check(app, device)
  }
}

/// Why a story cannot be replayed.
public struct StoryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, in a sentence.
  public let message: String
  /// The message.
  public var description: String { message }
}

/// Explores the app `make` builds: ``EveryUserExploration/run(depth:maxStates:writeStoriesTo:)``
/// of an exploration made of these arguments.
@MainActor
public func exploreEveryUser<App: AnyObject, Snapshot: Hashable>(
  configuration: AppConfiguration, start: StartingState = StartingState(), depth: Int = 10,
  maxStates: Int = 100_000, actions: [AppAction<App>] = [],
  make: @escaping @MainActor (FakeDevice) -> App,
  snapshot: @escaping @MainActor (App) -> Snapshot,
  check: @escaping @MainActor (App, FakeDevice) throws -> Void
) -> EveryUserResult {
  EveryUserExploration(
    configuration: configuration, start: start, actions: actions, make: make,
    snapshot: snapshot, check: check
  ).run(depth: depth, maxStates: maxStates)
}

/// The exploration's states and steps: each state a node, reached first by one path, which a
/// step replays from a fresh install.
@MainActor
final class EveryUserSystem<App: AnyObject, Snapshot: Hashable> {
  /// A step: the model's, or the app's action `i`.
  enum Step: Hashable {
    case event(AuthorizationEvent)
    case app(Int)
  }

  /// What tells two states apart: the app's snapshot is `nil` while it does not run.
  struct Key: Hashable {
    let model: AuthorizationState
    let snapshot: Snapshot?
  }

  let exploration: EveryUserExploration<App, Snapshot>
  let steps: [Step]
  /// Per node: its parent and the step from it (`nil` for the fresh install), its depth.
  private var parents: [(node: Int, step: Int)?] = []
  private(set) var depths: [Int] = []
  private var nodes: [Key: Int] = [:]
  /// The first node that failed the check, with what it threw.
  private(set) var failure: (node: Int, reason: String)?
  private(set) var replays = 0
  private let names = Names()

  /// The system of `exploration`; with `checked` false, no state is made or checked (for a
  /// replay, which only takes steps).
  init(
    _ exploration: EveryUserExploration<App, Snapshot>, checked: Bool = true,
    stepOrder: [Int]? = nil
  ) {
    self.exploration = exploration
    let steps =
      AuthorizationEvent.userAndSystemSteps(legacy: false).map(Step.event)
      + exploration.actions.indices.map(Step.app)
    self.steps = stepOrder.map { $0.map { steps[$0] } } ?? steps
    guard checked else { return }
    let (device, app) = freshInstall()
    _ = node(device, app, parent: nil)
  }

  /// A fresh device as the exploration starts it, and the app's objects if it starts running.
  func freshInstall() -> (FakeDevice, App?) {
    let device = FakeDevice(configuration: exploration.configuration, start: exploration.start)
    return (device, exploration.start.app == .notRunning ? nil : exploration.make(device))
  }

  /// The node of the state `device` and `app` are in, made (and checked, where the app runs)
  /// if new.
  private func node(_ device: FakeDevice, _ app: App?, parent: (node: Int, step: Int)?) -> Int {
    let key = Key(model: device.simulator.state, snapshot: app.map(exploration.snapshot))
    if let known = nodes[key] { return known }
    let id = parents.count
    nodes[key] = id
    parents.append(parent)
    depths.append(parent.map { depths[$0.node] + 1 } ?? 0)
    if failure == nil, let app {
      do { try exploration.check(app, device) } catch { failure = (id, String(describing: error)) }
    }
    return id
  }

  /// The steps from a fresh install to `node`, as indexes into ``steps``.
  func path(to node: Int) -> [Int] {
    var path: [Int] = []
    var current = node
    while let parent = parents[current] {
      path.append(parent.step)
      current = parent.node
    }
    return path.reversed()
  }

  /// The node `step` leads to from `node`, or `nil` where the model refuses it.
  func next(_ node: Int, _ step: Int) -> Int? {
    replays += 1
    var (device, app) = freshInstall()
    for earlier in path(to: node) {
      guard take(steps[earlier], device, &app) else {
        preconditionFailure(
          "replaying a path refused a step it took before: the app's code is not deterministic")
      }
    }
    guard take(steps[step], device, &app) else { return nil }
    return self.node(device, app, parent: (node, step))
  }

  /// Takes `step`; `false` where it cannot happen: the model refuses it, or it is the app's
  /// action and the app is not in the foreground with no prompt on screen. A launch makes the
  /// app's objects; a termination drops them.
  func take(_ step: Step, _ device: FakeDevice, _ app: inout App?) -> Bool {
    switch step {
    case .app(let i):
      let m = device.simulator.state
      guard let running = app, m.app == .foreground, m.promptOnScreen == nil else { return false }
      exploration.actions[i].perform(running)
      return true
    case .event(let event):
      do throws(Refusal) {
        try device.take(event)
      } catch {
        return false
      }
      switch event {
      case .launch, .relaunchInBackground: app = exploration.make(device)
      case .terminate: app = nil
      default: break
      }
      return true
    }
  }

  /// A step as a story says it.
  func name(_ step: Int) -> String {
    switch steps[step] {
    case .app(let i): exploration.actions[i].name
    case .event(let event): ScenarioAction(event, names: names).summary
    }
  }

  /// The system the engine walks: a node's number is its packing.
  struct Walked: TransitionSystem, @unchecked Sendable {
    // Unchecked: the walk runs on the main actor, on the thread that called
    // `exploreEveryUser`, and calls these synchronously.
    let explorer: EveryUserSystem
    var initialStates: [Int] { [0] }
    var actions: [Int] { MainActor.assumeIsolated { Array(explorer.steps.indices) } }
    func next(_ state: Int, _ action: Int) -> Int? {
      MainActor.assumeIsolated { explorer.next(state, action) }
    }
    func pack(_ state: Int) -> UInt64 { UInt64(state) }
    func unpack(_ packed: UInt64) -> Int { Int(packed) }
    var properties: [Property<Walked>] { [] }
    func findings(of state: Int) -> UInt64 { 0 }
  }

  /// Stops at the depth limit, and everywhere once the check failed.
  struct Visitor: WalkVisitor {
    typealias System = Walked
    let explorer: EveryUserSystem
    let maxDepth: Int
    private(set) var cutAtMaxDepth = false

    init(explorer: EveryUserSystem, maxDepth: Int) {
      self.explorer = explorer
      self.maxDepth = maxDepth
    }

    mutating func visit(_ state: Int, key: UInt64, depth: Int) {
      if depth >= maxDepth && MainActor.assumeIsolated({ explorer.failure == nil }) {
        cutAtMaxDepth = true
      }
    }

    func allows(_ action: Int, in state: Int) -> Bool {
      MainActor.assumeIsolated { explorer.failure == nil && explorer.depths[state] < maxDepth }
    }
  }
}

extension FakeDevice {
  /// Takes one of the model's steps of the user, the lifecycle or the system.
  func take(_ event: AuthorizationEvent) throws(Refusal) {
    switch event {
    case .launch: try launch()
    case .relaunchInBackground: try relaunchInBackground()
    case .enterBackground: try enterBackground()
    case .enterForeground: try enterForeground()
    case .wait: try wait()
    case .terminate: try terminate()
    case .tap(let button, let precise): try tap(button, precise: precise)
    case .settings(let change): try changeSettings(change)
    case .backgroundEvent: try backgroundEvent()
    default:
      preconditionFailure("\(event) is the app's call, not a step of the user or the system")
    }
  }
}

/// Writes a story's Swift test into a folder, never over another file.
enum StoryTestFile {
  static let name = "ShortestStoryTests"

  /// Writes `text` to `folder/ShortestStoryTests.swift`, or to the first
  /// `ShortestStoryTests-N.swift` that is free or holds `text` already.
  static func write(_ text: String, in folder: String) -> Result<String, StoryError> {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    guard manager.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      return .failure(StoryError(message: "'\(folder)' is not a folder"))
    }
    let base = URL(fileURLWithPath: folder)
    for number in 1...1_000 {
      let file = base.appendingPathComponent(
        (number == 1 ? name : "\(name)-\(number)") + ".swift")
      if let existing = manager.contents(atPath: file.path) {
        if existing == Data(text.utf8) { return .success(file.path) }
        continue
      }
      do {
        try Data(text.utf8).write(to: file, options: .withoutOverwriting)
        return .success(file.path)
      } catch {
        return .failure(StoryError(message: "could not write '\(file.path)': \(error)"))
      }
    }
    return .failure(StoryError(message: "'\(folder)' holds 1,000 story tests already"))
  }
}
