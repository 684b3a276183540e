import AuthEngine
import AuthExplorer
import AuthModel
import AuthScenario

/// One way a feature's need goes unmet: a distinct reason, with its shortest story.
public struct WayToFail: Hashable, Sendable {
  /// The feature.
  public var feature: String
  /// Where the need applies: `foreground` or `background`.
  public var place: AppRunState
  /// The reason: the rule ids the model cites for the unmet values, in rule order, and
  /// `paused` when the app paused the feature itself (`inBackground: pause`).
  public var reason: [String]
  /// What the user or the system did, read from the story's steps: `Never`, `While Using
  /// with Precise off`, `Always past the grace period`, `paused by the app`.
  public var cause: FailureCause
  /// The model's citations for the unmet values: two ways differ when these differ (a choice
  /// of Never and one of Ask Next Time cite the same rules with other causes).
  public var because: [Citation]
  /// The unmet keys, expected and actual, as an app file writes them.
  public var expected: String
  public var actual: String
  /// The unmet observables' actual values as a scenario's `expect` writes them
  /// (`updates: none`).
  public var observed: [ScenarioScript.Check]
  /// The shortest story that reaches it, over every user.
  public var story: [StoryStep]
}

extension AppSystem {
  /// The ways each feature can fail, over every user's stories: in the states where `works`
  /// would check a need (the feature on, no prompt pending, the app in the need's place), each
  /// distinct reason the need is unmet, with the shortest story that reaches it; in feature
  /// order, then foreground before background, then in the order first reached.
  ///
  /// A client of the engine's breadth-first walk (``BreadthFirstWalk``): a visitor
  /// (``WaysToFailVisitor``) reads each state as the walk shows it, in the engine's order
  /// (initial states, then each level in discovery order, actions in order), and keeps, for
  /// each way found, the state's key and depth; `maxStates` bounds the walk (`nil` when it
  /// stopped there), and `progress` hears the states stored every 65,536 of them. The stories
  /// are the engine's shortest paths to those states (``BreadthFirstWalk/paths(to:)``): each
  /// a shortest one, and the first in action order.
  public func waysToFail(
    maxStates: Int? = nil, progress: ((Int) -> Void)? = nil
  ) -> [WayToFail]? {
    var visitor = WaysToFailVisitor(self)
    guard !visitor.needs.isEmpty else { return [] }
    let walk = BreadthFirstWalk(self, maxStates: maxStates)
    guard walk.run(&visitor, progress: progress).isComplete else { return nil }
    let found = visitor.found
    let targets = found.flatMap { $0.map { (key: $0.packed, depth: $0.depth) } }
    var paths: [UInt64: Path<AppSystem>] = [:]
    for (target, path) in zip(targets, walk.paths(to: targets)) { paths[target.key] = path }
    var ways: [WayToFail] = []
    for (n, need) in visitor.needs.enumerated() {
      for way in found[n] {
        let path = paths[way.packed]!
        let story = self.story(from: path.initialState, path.actions)
        let cause = self.cause(
          from: path.initialState, path.actions, paused: way.reason.last == "paused")
        ways.append(
          WayToFail(
            feature: app.features[need.feature].name, place: need.place, reason: way.reason,
            cause: cause, because: way.because, expected: way.expected, actual: way.actual,
            observed: way.observed, story: story))
      }
    }
    return ways
  }
}

/// What ``AppSystem/waysToFail(maxStates:progress:)`` sees of the engine's walk: in each state
/// where `works` checks a need and it is unmet, a reason not found before, with the state's key
/// and depth for its story.
struct WaysToFailVisitor: WalkVisitor {
  typealias System = AppSystem

  /// A need `works` checks: a feature's condition in one place.
  struct Need {
    let feature: Int
    let place: AppRunState
    let condition: Condition
  }

  /// A way found: its reason and wording, and where the walk first met it.
  struct Found {
    let reason: [String]
    let because: [Citation]
    let expected: String
    let actual: String
    let observed: [ScenarioScript.Check]
    let packed: UInt64
    let depth: Int
  }

  let system: AppSystem
  /// Every need, in feature order, foreground before background.
  let needs: [Need]
  /// Per need, the ways found, in the order first met.
  var found: [[Found]]

  init(_ system: AppSystem) {
    self.system = system
    var needs: [Need] = []
    for (i, feature) in system.app.features.enumerated() {
      if let c = feature.needs.foreground {
        needs.append(Need(feature: i, place: .foreground, condition: c))
      }
      if let c = feature.needs.background {
        needs.append(Need(feature: i, place: .background, condition: c))
      }
    }
    self.needs = needs
    found = Array(repeating: [], count: needs.count)
  }

  mutating func visit(_ state: AppSystem.State, key packed: UInt64, depth: Int) {
    for (n, need) in needs.enumerated()
    where system.worksApplies(need.feature, at: need.place, in: state)
      && !system.holds(need.condition, in: state)
    {
      let unmet = need.condition.terms.filter { !system.holds($0.term, in: state) }
      let values = unmet.map { system.actual($0.term, in: state) }
      var because: [Citation] = []
      for (_, citations) in values {
        for citation in citations where !because.contains(citation) { because.append(citation) }
      }
      // The reason follows from the citations and whether the app paused the feature, so a
      // way already found is known before anything is worded.
      let paused = !system.isRunning(need.feature, state)
      guard
        !found[n].contains(where: {
          $0.because == because && ($0.reason.last == "paused") == paused
        })
      else { continue }
      let rules = Set(because.map(\.rule))
      var reason = Rule.allCases.filter { rules.contains($0) }.map(\.id)
      if paused { reason.append("paused") }
      var expected: [String] = []
      var actual: [String] = []
      var observed: [ScenarioScript.Check] = []
      for (term, (value, _)) in zip(unmet, values) {
        if let check = StoryScenario.check(term.term, actual: value) { observed.append(check) }
        expected.append("\(term.term.key) \(AppSystem.expected(term.term))")
        actual.append("\(term.term.key) \(value)")
      }
      found[n].append(
        Found(
          reason: reason, because: because, expected: expected.joined(separator: ", "),
          actual: actual.joined(separator: ", "), observed: observed, packed: packed,
          depth: depth))
    }
  }
}
