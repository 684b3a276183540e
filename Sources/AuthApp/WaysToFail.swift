import AuthEngine
import AuthExplorer
import AuthModel

/// One way a feature's need goes unmet: a distinct reason, with its shortest story.
public struct WayToFail: Hashable, Sendable {
  /// The feature.
  public var feature: String
  /// Where the need applies: `foreground` or `background`.
  public var place: AppRunState
  /// The reason: the rule ids the model cites for the unmet values, in rule order, and
  /// `paused` when the app paused the feature itself (`inBackground: pause`).
  public var reason: [String]
  /// The model's citations for the unmet values: two ways differ when these differ (a choice
  /// of Never and one of Ask Next Time cite the same rules with other causes).
  public var because: [Citation]
  /// The unmet keys, expected and actual, as an app file writes them.
  public var expected: String
  public var actual: String
  /// The unmet observables' actual values as a scenario's `expect` writes them
  /// (`updates: none`).
  public var observed: [String]
  /// The shortest story that reaches it, over every user.
  public var story: [StoryStep]
}

extension AppSystem {
  /// The ways each feature can fail, over every user's stories: in the states where `works`
  /// would check a need (the feature on, no prompt pending, the app in the need's place), each
  /// distinct reason the need is unmet, with the shortest story that reaches it; in feature
  /// order, then foreground before background, then in the order first reached.
  ///
  /// A breadth-first search of its own over ``next(_:_:)`` and ``pack(_:)`` that keeps each
  /// state's first discoverer, so that each story is a shortest one and the first in action
  /// order; `maxStates` bounds it (`nil` when it stopped early).
  public func waysToFail(maxStates: Int? = nil) -> [WayToFail]? {
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
    var parent: [UInt64: (UInt64, Int)] = [:]
    var frontier: [State] = []
    for state in initialStates where parent[pack(state)] == nil {
      parent[pack(state)] = (pack(state), -1)
      frontier.append(state)
    }
    var found:
      [[(
        reason: [String], because: [Citation], expected: String, actual: String,
        observed: [String], packed: UInt64
      )]] =
        Array(repeating: [], count: needs.count)
    while !frontier.isEmpty {
      var next: [State] = []
      for state in frontier {
        for (n, need) in needs.enumerated()
        where worksApplies(need.feature, at: need.place, in: state) {
          let unmet = need.condition.terms.filter { !holds($0.term, in: state) }
          guard !unmet.isEmpty else { continue }
          var rules = Set<Rule>()
          var because: [Citation] = []
          var expected: [String] = []
          var actual: [String] = []
          var observed: [String] = []
          for term in unmet {
            let (value, citations) = self.actual(term.term, in: state)
            if term.term.isObservable { observed.append("\(term.term.key): \(value)") }
            rules.formUnion(citations.map(\.rule))
            for citation in citations where !because.contains(citation) { because.append(citation) }
            expected.append("\(term.term.key) \(Self.expected(term.term))")
            actual.append("\(term.term.key) \(value)")
          }
          var reason = Rule.allCases.filter { rules.contains($0) }.map(\.id)
          if !isRunning(need.feature, state) { reason.append("paused") }
          guard !found[n].contains(where: { $0.reason == reason && $0.because == because }) else {
            continue
          }
          found[n].append(
            (
              reason, because, expected.joined(separator: ", "), actual.joined(separator: ", "),
              observed, pack(state)
            ))
        }
        let packed = pack(state)
        for (index, action) in actions.enumerated() {
          guard let successor = self.next(state, action) else { continue }
          let key = pack(successor)
          guard parent[key] == nil else { continue }
          if let maxStates, parent.count >= maxStates { return nil }
          parent[key] = (packed, index)
          next.append(successor)
        }
      }
      frontier = next
    }
    var ways: [WayToFail] = []
    for (n, need) in needs.enumerated() {
      for way in found[n] {
        var indexes: [Int] = []
        var at = way.packed
        while let (from, index) = parent[at], index >= 0 {
          indexes.append(index)
          at = from
        }
        let story = self.story(from: unpack(at), indexes.reversed().map { actions[$0] })
        ways.append(
          WayToFail(
            feature: app.features[need.feature].name, place: need.place, reason: way.reason,
            because: way.because, expected: way.expected, actual: way.actual,
            observed: way.observed, story: story))
      }
    }
    return ways
  }
}
