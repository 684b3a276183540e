import AuthEngine
import AuthExplorer
import AuthModel
import AuthScenario

extension AppSystem {
  /// Whether `condition` holds in `state`: every term does.
  public func holds(_ condition: Condition, in state: State) -> Bool {
    condition.terms.allSatisfy { holds($0.term, in: state) }
  }

  /// Whether one term holds in `state`.
  func holds(_ term: Condition.Term, in state: State) -> Bool {
    let m = state.explored.model
    let c = app.configuration
    var t = Trace.off
    switch term {
    case .observable(let key, let values): return values.contains(key.value(in: m, c, trace: &t))
    case .diagnostics(let name, let flags):
      guard let holder = holder(named: name),
        let actual = m.diagnostics(for: holder, c, trace: &t)
      else { return false }
      return flags.isEmpty ? actual.isEmpty : flags.allSatisfy { actual.contains($0) }
    case .app(let places): return places.contains(m.app)
    case .features(let names):
      return names.allSatisfy { name in featureIndex(name).map { state.on & bit($0) != 0 } ?? false
      }
    case .featuresOff(let names):
      return names.allSatisfy { name in featureIndex(name).map { state.on & bit($0) == 0 } ?? true }
    }
  }

  /// The value of a term's key in `state` as an app file writes it, and the rules behind it.
  public func actual(_ term: Condition.Term, in state: State) -> (String, [Citation]) {
    let m = state.explored.model
    let c = app.configuration
    var t = Trace(names: names)
    let value: String
    switch term {
    case .observable(let key, _): value = key.value(in: m, c, trace: &t).description
    case .diagnostics(let name, _):
      let observed = holder(named: name).map {
        ObservedValue.diagnostics(of: $0, in: m, c, trace: &t)
      }
      value = (observed ?? .notHeld).description
    case .app: value = m.app.rawValue
    case .features, .featuresOff:
      let on = app.features.indices.filter { state.on & bit($0) != 0 }.map { app.features[$0].name }
      value = "on: [" + on.joined(separator: ", ") + "]"
    }
    return (value, t.citations)
  }

  /// The value a term expects, as an app file writes it.
  public static func expected(_ term: Condition.Term) -> String {
    func list(_ values: [String]) -> String {
      values.count == 1 ? values[0] : "[" + values.joined(separator: ", ") + "]"
    }
    switch term {
    case .observable(_, let v): return list(v.map(\.description))
    case .diagnostics(_, let flags): return ObservedValue.diagnostics(flags).description
    case .app(let v): return list(v.map(\.rawValue))
    case .features(let names): return "on: [" + names.joined(separator: ", ") + "]"
    case .featuresOff(let names): return "off: [" + names.joined(separator: ", ") + "]"
    }
  }

  /// The session names by catalogue index, for the rules' causes, and the managers' names by
  /// number (``managerIDs``: where the app's managers are one, that one is named after the first
  /// in the file).
  public var names: Names {
    var sessions = Array(repeating: "", count: sessionIndex.count)
    for (id, index) in sessionIndex { sessions[index] = id }
    let managers = Self.managerNames(app)
    // Each `regions` holding is one region id, named for the ids it stands for.
    var regions: [String] = []
    for feature in app.features {
      var first = 1
      for holding in feature.holds {
        guard case .regions(_, let count) = holding.kind else { continue }
        let last = first + count - 1
        regions.append("\(feature.name)-\(first)" + (count > 1 ? "…\(last)" : ""))
        first = last + 1
      }
    }
    return Names(
      sessions: sessions, purposeKeys: model.codec.keyNames,
      managers: usesLegacy ? managers : Array(managers.prefix(1)),
      regions: regions)
  }

  func featureIndex(_ name: String) -> Int? { app.features.firstIndex { $0.name == name } }

  func holder(named name: String) -> Holder? {
    ImplicitHolder(rawValue: name)?.holder
      ?? sessionIndex[name].map { .session(SessionID(UInt8($0))) }
  }

  /// Whether `works` checks feature `i`'s need at `place` in `state`: the feature is on, no
  /// prompt is pending, provisional Always is not waiting for its system prompt (R14), and the
  /// app is at `place` (the background's grace period included).
  public func worksApplies(_ i: Int, at place: AppRunState, in state: State) -> Bool {
    needApplies(i, at: place, in: state) && !state.explored.model.provisionalAlways
  }

  /// Whether feature `i`'s need at `place` applies in `state` for the ways to fail: the
  /// feature is on, no prompt is pending, and the app is at `place`. Unlike `works`, provisional
  /// Always waiting for its system prompt (R14) is included: a user can stay there.
  public func needApplies(_ i: Int, at place: AppRunState, in state: State) -> Bool {
    let m = state.explored.model
    return state.on & bit(i) != 0 && m.pendingPrompt == nil && m.app == place
  }

  /// A step as a story tells it: the scenario's words for a model step, the user's action for
  /// a feature's start or stop.
  public func summary(_ action: Action) -> String {
    switch action {
    case .start(let i): return "the user starts '\(app.features[i].name)'"
    case .stop(let i): return "the user stops '\(app.features[i].name)'"
    case .event(let event): return ScenarioAction(event, names: names).summary
    }
  }

  /// The story of `path`: each step with the model steps the app's reactions made.
  public func story(_ path: Path<AppSystem>) -> [StoryStep] {
    story(from: path.initialState, path.steps.map(\.action))
  }

  /// The story of `actions` from `state`: each step with the model steps the app made in it.
  func story(from state: State, _ actions: [Action]) -> [StoryStep] {
    var state = state
    var steps: [StoryStep] = []
    for action in actions {
      var reactions: [AuthorizationEvent]? = []
      if let next = advance(state, action, story: &reactions) { state = next }
      var event: AuthorizationEvent?
      if case .event(let e) = action { event = e }
      steps.append(
        StoryStep(
          step: summary(action), reactions: (reactions ?? []).map(reactionSummary), event: event,
          reactionEvents: reactions ?? []))
    }
    return steps
  }

  /// A model step the app made, as the story tells it: `session: alerts (authorization:
  /// always)`, `liveUpdates: stop`, `request: always`.
  func reactionSummary(_ event: AuthorizationEvent) -> String {
    ScenarioAction(event, names: names).summary
  }
}

/// One step of a story: what happened, and what the app did in it.
public struct StoryStep: Hashable, Sendable {
  public var step: String
  /// The model steps the app's reactions made, in order, as the story tells them.
  public var reactions: [String]
  /// The step's model event; `nil` for the user's start or stop of a feature.
  public var event: AuthorizationEvent?
  /// The model steps the app's reactions made, in order.
  public var reactionEvents: [AuthorizationEvent]
}
