import AuthFake
import AuthModel
import AuthScenario
import Foundation
import Testing

/// A station list's banner, as an app decides it from its manager: right, or with one of two
/// bugs.
@MainActor
final class BannerModel: FakeLocationManagerDelegate {
  enum Banner: Hashable { case none, askForLocation, locationOff, approximate }
  enum Bug {
    /// Recomputes the banner only when the status changes: a change of accuracy alone (Precise
    /// turned on in Settings) leaves "approximate" on screen.
    case statusOnly
    /// Never shows "approximate": reduced accuracy reads as full.
    case ignoresAccuracy
  }
  private(set) var banner = Banner.none
  private var lastStatus: AuthorizationStatus?
  let bug: Bug?
  let manager: FakeLocationManager

  init(device: FakeDevice, bug: Bug? = nil) {
    self.bug = bug
    manager = FakeLocationManager(device: device)
    manager.delegate = self
  }

  /// The user taps "Use my location".
  func askForLocation() { manager.requestWhenInUseAuthorization() }

  func locationManagerDidChangeAuthorization(_ manager: FakeLocationManager) {
    let status = AuthorizationStatus(manager.authorizationStatus)
    if bug == .statusOnly && status == lastStatus { return }
    lastStatus = status
    banner = Self.banner(status, AccuracyAuthorization(manager.accuracyAuthorization), bug: bug)
  }

  static func banner(
    _ status: AuthorizationStatus, _ accuracy: AccuracyAuthorization, bug: Bug? = nil
  ) -> Banner {
    switch status {
    case .notDetermined: .askForLocation
    case .denied, .restricted: .locationOff
    case .authorizedWhenInUse, .authorizedAlways:
      accuracy == .reducedAccuracy && bug != .ignoresAccuracy ? .approximate : .none
    }
  }
}

struct WrongBanner: Error, CustomStringConvertible {
  let shown: BannerModel.Banner
  let expected: BannerModel.Banner
  var description: String { "the banner shows \(shown), Core Location says \(expected)" }
}

@MainActor
@Suite struct EveryUserExplorationTests {
  static let configuration = AppConfiguration(
    ios: .ios18, infoPlist: InfoPlist(whenInUseUsageDescription: "Shows stations near you"))

  static let ask = AppAction<BannerModel>("the user taps Use my location") { $0.askForLocation() }

  /// The banner matches what the device reports.
  static func check(_ model: BannerModel, _ device: FakeDevice) throws {
    let expected = BannerModel.banner(
      device.simulator.authorizationStatus, device.simulator.accuracyAuthorization)
    if model.banner != expected { throw WrongBanner(shown: model.banner, expected: expected) }
  }

  static func explore(
    bug: BannerModel.Bug? = nil, depth: Int, maxStates: Int = 100_000,
    actions: [AppAction<BannerModel>] = [ask]
  ) -> EveryUserResult {
    exploreEveryUser(
      configuration: configuration, depth: depth, maxStates: maxStates, actions: actions,
      make: { BannerModel(device: $0, bug: bug) }, snapshot: { $0.banner }, check: check)
  }

  @Test("the right banner passes in every state within the depth, which the result says")
  func rightBannerPasses() {
    let result = Self.explore(depth: 6)
    #expect(result.failure == nil)
    #expect(result.passed)
    #expect(result.reachedMaxDepth && !result.reachedMaxStates)
    #expect(result.depth == 6)
    #expect(result.pathsReplayed == result.transitions + refusedSteps(result))
    #expect(result.description.contains("the check holds in every state within 6 steps"))
    #expect(result.description.contains("were not explored (raise depth to go further)"))
  }

  /// Steps tried that could not happen: replayed, but no transition.
  func refusedSteps(_ result: EveryUserResult) -> Int { result.pathsReplayed - result.transitions }

  @Test("a banner that ignores accuracy fails with the shortest story, as a brute force finds it")
  func shortestStoryMatchesBruteForce() throws {
    let result = Self.explore(bug: .ignoresAccuracy, depth: 4)
    let failure = try #require(result.failure)
    #expect(!result.passed)
    let brute = try #require(Self.bruteForceFirstFailure(bug: .ignoresAccuracy, depth: 4))
    #expect(failure.steps == brute)
    #expect(
      failure.steps == [
        "launch", "the user taps Use my location", "tap: allowOnce (precise: off)",
      ])
    #expect(failure.reason == "the banner shows none, Core Location says approximate")
  }

  @Test("a banner that misses an accuracy change made in Settings in the background is caught")
  func settingsInTheBackground() throws {
    let result = Self.explore(bug: .statusOnly, depth: 6)
    let failure = try #require(result.failure)
    // The user allows While Using in Settings, then turns Precise off: the status stays, the
    // accuracy changes, and the banner does not follow.
    #expect(
      failure.steps == [
        "launch", "background", "settings: location whileUsing", "settings: precise off",
      ])
    #expect(
      result.description.hasPrefix(
        """
        the check fails after 4 steps: the banner shows none, Core Location says approximate
          1. launch
          2. background
        """))
  }

  @Test("the state count is exact: every distinct state a brute force reaches, in any step order")
  func exactStateCount() {
    let result = Self.explore(depth: 3)
    #expect(result.states == Self.bruteForceStates(depth: 3))
    // Two app actions in either order: the same states and steps.
    let other = AppAction<BannerModel>("the user opens Settings from the banner") { _ in }
    let forward = Self.explore(depth: 3, actions: [Self.ask, other])
    let backward = Self.explore(depth: 3, actions: [other, Self.ask])
    #expect(forward.states == backward.states)
    #expect(forward.transitions == backward.transitions)
    #expect(forward.states == result.states)
  }

  @Test("the state limit stops the search with a message, never a pass")
  func stateLimit() {
    let result = Self.explore(depth: 10, maxStates: 20)
    #expect(result.reachedMaxStates)
    #expect(result.states == 20)
    #expect(!result.passed)
    #expect(result.description.hasPrefix("INCOMPLETE: stopped at the limit of 20 states"))
  }

  /// The banner exploration with the status-only bug, and without it: what the story test
  /// of ShortestStoryTests.swift replays.
  static func exploration(bug: BannerModel.Bug?) -> EveryUserExploration<
    BannerModel, BannerModel.Banner
  > {
    EveryUserExploration(
      configuration: configuration, actions: [ask],
      make: { BannerModel(device: $0, bug: bug) }, snapshot: { $0.banner }, check: check)
  }

  static let fixed = exploration(bug: nil)

  @Test("the failure's Swift test replays the story and fails as the exploration did")
  func storyTestReplays() throws {
    let broken = Self.exploration(bug: .statusOnly)
    let failure = try #require(broken.run(depth: 6).failure)
    let error = #expect(throws: WrongBanner.self) { try broken.replay(failure.steps) }
    #expect(error?.description == failure.reason)
    // Fixed, the same story passes: the test the exploration wrote is a regression test,
    // ShortestStoryTests.swift, which is the writer's text.
    try Self.fixed.replay(failure.steps)
    let written = try String(
      contentsOfFile: #filePath.replacingOccurrences(
        of: "EveryUserExplorationTests.swift", with: "ShortestStoryTests.swift"),
      encoding: .utf8)
    #expect(written.hasSuffix(failure.swiftTest(exploration: "EveryUserExplorationTests.fixed")))
    #expect(
      failure.swiftTest().contains(
        """
          try exploration.replay([
            "launch",
            "background",
        """))
  }

  @Test("a story that cannot be told is an error that says which step")
  func storyErrors() {
    let unknown = #expect(throws: StoryError.self) {
      try Self.fixed.replay(["launch", "the user shakes the phone"])
    }
    #expect(
      unknown?.message == "step 2, 'the user shakes the phone', is not a step of the exploration")
    let impossible = #expect(throws: StoryError.self) {
      try Self.fixed.replay(["launch", "tap: allowOnce"])
    }
    #expect(impossible?.message == "step 2, 'tap: allowOnce', cannot happen there")
    let notRunning = #expect(throws: StoryError.self) { try Self.fixed.replay([]) }
    #expect(notRunning?.message == "the story ends with the app not running")
  }

  @Test("the story test is written into a folder, never over another file")
  func writesStoryTest() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("authcheck-stories-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("ShortestStoryTests.swift")
    try Data("// the team's own file\n".utf8).write(to: first)
    let broken = Self.exploration(bug: .statusOnly)
    let result = broken.run(depth: 6, writeStoriesTo: folder.path)
    let failure = try #require(result.failure)
    let second = folder.appendingPathComponent("ShortestStoryTests-2.swift").path
    #expect(try result.writtenTest?.get() == second)
    #expect(try String(contentsOf: first, encoding: .utf8) == "// the team's own file\n")
    #expect(try String(contentsOfFile: second, encoding: .utf8) == failure.swiftTest())
    #expect(result.description.contains("a test that replays it: \(second)"))
    // The same story again finds its file and writes nothing new.
    #expect(try broken.run(depth: 6, writeStoriesTo: folder.path).writtenTest?.get() == second)
    let missing = broken.run(depth: 6, writeStoriesTo: folder.appendingPathComponent("none").path)
    #expect(missing.description.contains("no test written: '"))
  }

  // MARK: Brute force

  /// Every step the exploration takes, as a brute force takes them: the model's steps of the
  /// user, the lifecycle and the system, then the app's action.
  static let steps: [AuthorizationEvent?] =
    AuthorizationEvent.userAndSystemSteps(legacy: false).map { $0 } + [nil]

  /// Replays `path` (indexes into ``steps``) on a fresh device; `nil` where a step cannot
  /// happen. The app's objects are made at each launch and dropped at termination.
  static func replay(_ path: [Int], bug: BannerModel.Bug?) -> (FakeDevice, BannerModel?)? {
    let device = FakeDevice(configuration: configuration)
    var model: BannerModel?
    for index in path {
      guard let event = steps[index] else {
        let m = device.simulator.state
        guard let model, m.app == .foreground, m.promptOnScreen == nil else { return nil }
        model.askForLocation()
        continue
      }
      do {
        switch event {
        case .launch: try device.launch()
        case .relaunchInBackground: try device.relaunchInBackground()
        case .enterBackground: try device.enterBackground()
        case .enterForeground: try device.enterForeground()
        case .wait: try device.wait()
        case .terminate: try device.terminate()
        case .tap(let button, let precise): try device.tap(button, precise: precise)
        case .settings(let change): try device.changeSettings(change)
        case .backgroundEvent: try device.backgroundEvent()
        default: return nil
        }
      } catch {
        return nil
      }
      switch event {
      case .launch, .relaunchInBackground: model = BannerModel(device: device, bug: bug)
      case .terminate: model = nil
      default: break
      }
    }
    return (device, model)
  }

  /// Every path of at most `depth` steps that can happen, shortest first, then in step order.
  static func paths(depth: Int) -> [[Int]] {
    var all: [[Int]] = [[]]
    var level: [[Int]] = [[]]
    for _ in 0..<depth {
      var next: [[Int]] = []
      for path in level {
        for index in steps.indices where replay(path + [index], bug: nil) != nil {
          next.append(path + [index])
        }
      }
      all += next
      level = next
    }
    return all
  }

  /// The first path, shortest first, whose last state breaks the check.
  static func bruteForceFirstFailure(bug: BannerModel.Bug, depth: Int) -> [String]? {
    for path in paths(depth: depth) {
      guard let (device, model) = replay(path, bug: bug), let model else { continue }
      if (try? check(model, device)) == nil {
        return path.map { index in
          steps[index].map { ScenarioAction($0, names: Names()).summary } ?? ask.name
        }
      }
    }
    return nil
  }

  /// The distinct pairs of model state and banner of every path of at most `depth` steps.
  static func bruteForceStates(depth: Int) -> Int {
    struct Key: Hashable {
      let model: AuthorizationState
      let banner: BannerModel.Banner?
    }
    var keys = Set<Key>()
    for path in paths(depth: depth) {
      guard let (device, model) = replay(path, bug: nil) else { continue }
      keys.insert(Key(model: device.simulator.state, banner: model?.banner))
    }
    return keys.count
  }
}
