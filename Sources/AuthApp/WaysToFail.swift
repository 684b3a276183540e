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
  /// A breadth-first search of its own over ``next(_:_:)`` and ``pack(_:)``, in the engine's
  /// order (initial states, then each level in discovery order, actions in order), that stores
  /// each state as its packed word in a set and nothing more; `maxStates` bounds it (`nil` when
  /// it stopped early), and `progress` hears the states stored every 65,536 of them. The stories are then rebuilt as the engine's path search does: a second
  /// search in the same order, only as deep as the deepest way, notes each state's first
  /// discoverer, so that each story is a shortest one and the first in action order.
  public func waysToFail(
    maxStates: Int? = nil, progress: ((Int) -> Void)? = nil
  ) -> [WayToFail]? {
    struct Need {
      let feature: Int
      let place: AppRunState
      let condition: Condition
    }
    var needs: [Need] = []
    for (i, feature) in app.features.enumerated() {
      if let c = feature.needs.foreground {
        needs.append(Need(feature: i, place: .foreground, condition: c))
      }
      if let c = feature.needs.background {
        needs.append(Need(feature: i, place: .background, condition: c))
      }
    }
    guard !needs.isEmpty else { return [] }
    var visited = Set<UInt64>()
    var level: [UInt64] = []
    for state in initialStates where visited.insert(pack(state)).inserted {
      level.append(pack(state))
    }
    var found:
      [[(
        reason: [String], because: [Citation], expected: String, actual: String,
        observed: [ScenarioScript.Check], packed: UInt64, depth: Int
      )]] =
        Array(repeating: [], count: needs.count)
    var depth = 0
    while !level.isEmpty {
      var next: [UInt64] = []
      for packed in level {
        let state = unpack(packed)
        for (n, need) in needs.enumerated()
        where worksApplies(need.feature, at: need.place, in: state)
          && !holds(need.condition, in: state)
        {
          let unmet = need.condition.terms.filter { !holds($0.term, in: state) }
          let values = unmet.map { self.actual($0.term, in: state) }
          var because: [Citation] = []
          for (_, citations) in values {
            for citation in citations where !because.contains(citation) { because.append(citation) }
          }
          // The reason follows from the citations and whether the app paused the feature, so
          // a way already found is known before anything is worded.
          let paused = !isRunning(need.feature, state)
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
            expected.append("\(term.term.key) \(Self.expected(term.term))")
            actual.append("\(term.term.key) \(value)")
          }
          found[n].append(
            (
              reason, because, expected.joined(separator: ", "), actual.joined(separator: ", "),
              observed, packed, depth
            ))
        }
        for action in actions {
          guard let successor = self.next(state, action) else { continue }
          let key = pack(successor)
          guard !visited.contains(key) else { continue }
          if let maxStates, visited.count >= maxStates { return nil }
          visited.insert(key)
          next.append(key)
          if visited.count & 0xFFFF == 0 { progress?(visited.count) }
        }
      }
      level = next
      depth += 1
    }
    // The set's memory is free again for the second search's parent links.
    visited = []
    let paths = storyActions(to: found.flatMap { $0.map { ($0.packed, $0.depth) } })
    var ways: [WayToFail] = []
    for (n, need) in needs.enumerated() {
      for way in found[n] {
        let (initial, steps) = paths[way.packed]!
        let story = self.story(from: unpack(initial), steps)
        let cause = self.cause(
          from: unpack(initial), steps, paused: way.reason.last == "paused")
        ways.append(
          WayToFail(
            feature: app.features[need.feature].name, place: need.place, reason: way.reason,
            cause: cause, because: way.because, expected: way.expected, actual: way.actual,
            observed: way.observed, story: story))
      }
    }
    return ways
  }

  /// The actions of the shortest path, first in the search's order, from an initial state to
  /// each target state (packed, with its depth), and that initial state: a breadth-first
  /// search in the order of ``waysToFail(maxStates:progress:)`` that notes each state's first
  /// discoverer, only as deep as the deepest target.
  private func storyActions(to targets: [(key: UInt64, depth: Int)]) -> [UInt64: (
    UInt64, [Action]
  )] {
    guard let deepest = targets.map(\.depth).max() else { return [:] }
    var parent: [UInt64: UInt64] = [:]
    var level: [UInt64] = []
    for state in initialStates where parent[pack(state)] == nil {
      parent[pack(state)] = pack(state)
      level.append(pack(state))
    }
    for _ in 0..<deepest {
      var next: [UInt64] = []
      for packed in level {
        let state = unpack(packed)
        for action in actions {
          guard let successor = self.next(state, action) else { continue }
          let key = pack(successor)
          guard parent[key] == nil else { continue }
          parent[key] = packed
          next.append(key)
        }
      }
      level = next
    }
    var paths: [UInt64: (UInt64, [Action])] = [:]
    for target in targets where paths[target.key] == nil {
      var steps: [Action] = []
      var at = target.key
      while let from = parent[at], from != at {
        // The first action, in order, that leads from the discoverer here: the one that
        // discovered it.
        let state = unpack(from)
        let action = actions.first { next(state, $0).map(pack) == at }!
        steps.append(action)
        at = from
      }
      paths[target.key] = (at, steps.reversed())
    }
    return paths
  }
}
