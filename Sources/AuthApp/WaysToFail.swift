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
  /// The reason, docs/APPS.md's table's cause of each unmet value, in the order of the need's
  /// keys: two ways of a need have different sets of these.
  public var causes: [UnmetCause]
  /// What the user or the system did, read from the story's steps: `Never`, `While Using
  /// with Precise off`, `Always past the grace period`, `paused by the app`.
  public var cause: FailureCause
  /// The explanation: the model's citations for the unmet values, each rule with its cause.
  public var because: [Citation]
  /// The unmet keys, expected and actual, as an app file writes them.
  public var expected: String
  public var actual: String
  /// The unmet observables' actual values as a scenario's `expect` writes them
  /// (`updates: none`).
  public var observed: [ScenarioScript.Check]
  /// The shortest story that reaches it, over every user.
  public var story: [StoryStep]

  /// The reason in the table's words: the rule ids of each cause (`R31 R22`), and `paused`
  /// when the app paused the feature itself (`inBackground: pause`).
  public var reason: [String] { causes.flatMap(\.ids) }
  /// ``reason`` as a line of text: each cause's ids, the causes joined by ` + ` where the
  /// unmet values have several (`R49 R3 + R47 R3`).
  public var reasonText: String {
    causes.map { $0.ids.joined(separator: " ") }.joined(separator: " + ")
  }
}

extension AppSystem {
  /// The ways each feature can fail, over every user's stories: in the states where a need
  /// applies (the feature on, no prompt pending, the app in the need's place; unlike `works`,
  /// provisional Always waiting for its system prompt included), each distinct reason the need
  /// is unmet (the set of ``UnmetCause``s of its unmet values), with the shortest story that
  /// reaches it; in feature order, then foreground before background, then in the order first
  /// reached.
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
    waysToFailWithPaths(maxStates: maxStates, progress: progress)?.map(\.way)
  }

  /// ``waysToFail(maxStates:progress:)``, each way with the engine's shortest path its story
  /// tells (what the journey, ``PermissionJourney``, reads its branches from).
  func waysToFailWithPaths(
    maxStates: Int? = nil, progress: ((Int) -> Void)? = nil
  ) -> [(way: WayToFail, path: Path<AppSystem>)]? {
    var visitor = WaysToFailVisitor(self)
    guard !visitor.needs.isEmpty else { return [] }
    let walk = BreadthFirstWalk(self, maxStates: maxStates)
    guard walk.run(&visitor, progress: progress).isComplete else { return nil }
    let found = visitor.found
    let targets = found.flatMap { $0.map { (key: $0.packed, depth: $0.depth) } }
    var paths: [UInt64: Path<AppSystem>] = [:]
    for (target, path) in zip(targets, walk.paths(to: targets)) { paths[target.key] = path }
    var ways: [(way: WayToFail, path: Path<AppSystem>)] = []
    for (n, need) in visitor.needs.enumerated() {
      for way in found[n] {
        let path = paths[way.packed]!
        let story = self.story(from: path.initialState, path.actions)
        let cause = self.cause(
          from: path.initialState, path.actions, paused: way.causes.contains(.paused))
        ways.append(
          (
            WayToFail(
              feature: app.features[need.feature].name, place: need.place, causes: way.causes,
              cause: cause, because: way.because, expected: way.expected, actual: way.actual,
              observed: way.observed, story: story), path
          ))
      }
    }
    return ways
  }
}

/// What ``AppSystem/waysToFail(maxStates:progress:)`` sees of the engine's walk: in each state
/// where a need applies and is unmet, a reason not found before, with the state's key and depth
/// for its story.
struct WaysToFailVisitor: WalkVisitor {
  typealias System = AppSystem

  /// A need: a feature's condition in one place.
  struct Need {
    let feature: Int
    let place: AppRunState
    let condition: Condition
  }

  /// A way found: its reason and wording, and where the walk first met it.
  struct Found {
    let causes: [UnmetCause]
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
    where system.needApplies(need.feature, at: need.place, in: state)
      && !system.holds(need.condition, in: state)
    {
      let unmet = need.condition.terms.filter { !system.holds($0.term, in: state) }
      // The reason is the table's cause of each unmet value, so a way already found is known
      // before anything is worded.
      let context = system.unmetContext(need.feature, in: state)
      var causes: [UnmetCause] = []
      for term in unmet {
        let cause = system.unmetCause(term.term, context, in: state)
        if !causes.contains(cause) { causes.append(cause) }
      }
      let reason = Set(causes)
      guard !found[n].contains(where: { Set($0.causes) == reason }) else { continue }
      let values = unmet.map { system.actual($0.term, in: state) }
      var because: [Citation] = []
      for (_, citations) in values {
        for citation in citations where !because.contains(citation) { because.append(citation) }
      }
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
          causes: causes, because: because, expected: expected.joined(separator: ", "),
          actual: actual.joined(separator: ", "), observed: observed, packed: packed,
          depth: depth))
    }
  }
}

extension AppSystem {
  /// What the app adds to the model's state to name the causes of feature `i`'s unmet values:
  /// whether the app paused it, whether a running feature starts continuous updates, the
  /// purpose keys of the temporary full accuracy requests of the features that are on.
  func unmetContext(_ i: Int, in state: State) -> UnmetCause.Context {
    let running = runningMask(state)
    var context = UnmetCause.Context(paused: state.on & bit(i) != 0 && running & bit(i) == 0)
    for (f, taken) in holdings.enumerated() where running & bit(f) != 0 {
      for holding in taken {
        if case .startUpdatingLocation = holding.take { context.startsUpdates = true }
      }
    }
    for (f, requests) in requestEvents.enumerated() where state.on & bit(f) != 0 {
      for case .temporaryFullAccuracy(let key) in requests { context.requestedKeys.append(key) }
    }
    return context
  }

  /// The table's cause of `term`'s value in `state`, which the term does not accept.
  func unmetCause(
    _ term: Condition.Term, _ context: UnmetCause.Context, in state: State
  ) -> UnmetCause {
    guard case .observable(let key, let wanted) = term else { return .cited([]) }
    return UnmetCause(
      of: key, wanted: wanted, in: state.explored.model, app.configuration, context: context)
  }
}
