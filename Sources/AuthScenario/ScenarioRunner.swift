import AuthModel

/// Plays a ``Scenario`` on the model and checks its expectations where they stand.
///
/// The run stops at the first failure: a step that cannot happen, or an expectation that does
/// not hold.
public enum ScenarioRunner {
  /// Runs `scenario`.
  public static func run(_ scenario: Scenario) -> ScenarioResult {
    var simulator = AuthorizationSimulator(
      configuration: scenario.configuration, start: scenario.start)
    var taken: [TakenStep] = []
    var exercised = Set<Rule>()
    var checked = Set<String>()
    // By manager name, the step after which each unchecked delegate call came (R41).
    var callSteps: [String: [TakenStep]] = [:]
    for step in scenario.steps {
      switch step.kind {
      case .action(let action):
        // The step runs on a copy: a refused step leaves the state exactly as it was (R42),
        // a Settings mapping with one refused change included.
        var trial = simulator
        var cited: [Citation] = []
        var refusal: (Refusal, SourcePosition)?
        for (event, position) in events(action, at: step.position) {
          do {
            cited += try trial.perform(event)
          } catch {
            refusal = (error, position)
            break
          }
        }
        func fail(at position: SourcePosition, _ message: String, _ because: [Citation])
          -> ScenarioResult
        {
          let failure = ScenarioFailure(
            position: position, message: message, expected: nil, actual: nil, because: because,
            stepsTaken: taken)
          return ScenarioResult(
            scenario: scenario, failure: failure, exercisedRules: exercised,
            checkedObservables: checked)
        }
        if let expected = step.refused {
          checked.insert(ScenarioSchema.refusedKey)
          guard let (error, _) = refusal else {
            exercised.formUnion(cited.map(\.rule))
            return fail(
              at: expected.position,
              "expected step '\(action.summary)' to be refused by \(expected.rule.id), "
                + "but it happened", cited)
          }
          exercised.insert(error.rule)
          let because = [Citation(error.rule, error.text(names: trial.names))]
          guard error.rule == expected.rule else {
            return fail(
              at: expected.position,
              "expected step '\(action.summary)' to be refused by \(expected.rule.id), but "
                + "\(error.rule.id) refused it: \(error.text(names: trial.names))", because)
          }
          exercised.insert(.r42)
          taken.append(
            TakenStep(
              summary: "\(action.summary) (refused: \(expected.rule.id))", position: step.position))
          continue
        }
        if let (error, position) = refusal {
          exercised.insert(error.rule)
          return fail(
            at: position,
            "step '\(action.summary)' cannot happen: \(error.message(names: trial.names))",
            [Citation(error.rule, error.text(names: trial.names))])
        }
        let thisStep = TakenStep(summary: action.summary, position: step.position)
        if case .manager(let name) = action { callSteps[name] = [] }
        for (name, calls) in trial.delegateCalls {
          let known = simulator.delegateCalls[name]?.count ?? 0
          let fresh = calls.count - (creates(action, name) ? 0 : known)
          if fresh > 0 { callSteps[name, default: []] += repeatElement(thisStep, count: fresh) }
        }
        simulator = trial
        exercised.formUnion(cited.map(\.rule))
        taken.append(thisStep)
      case .expect(let expectations):
        for expectation in expectations {
          checked.insert(expectation.observable.key)
          let (actual, because, decided): (String, [Citation], Bool)
          if case .callbacks(let name) = expectation.observable {
            let calls = simulator.takeLocationManagerDidChangeAuthorization(of: name)
            (actual, because) = explain(calls, steps: callSteps[name] ?? [], manager: name)
            decided = true
            callSteps[name] = []
          } else {
            (actual, because, decided) = observe(expectation.observable, simulator)
          }
          if decided { exercised.formUnion(because.map(\.rule)) }
          if case .diagnostics = expectation.observable,
            let expectedFlags = parse(expectation.expected)
          {
            for flag in expectedFlags { checked.insert("diagnostics." + flag.rawValue) }
          }
          guard actual != expectation.expected else { continue }
          let failure = ScenarioFailure(
            position: expectation.position,
            message:
              "expected \(expectation.observable) '\(expectation.expected)', got '\(actual)'",
            expected: expectation.expected, actual: actual, because: because, stepsTaken: taken)
          return ScenarioResult(
            scenario: scenario, failure: failure, exercisedRules: exercised,
            checkedObservables: checked)
        }
        taken.append(TakenStep(summary: "expect", position: step.position))
      }
    }
    return ScenarioResult(
      scenario: scenario, failure: nil, exercisedRules: exercised, checkedObservables: checked)
  }

  /// Whether `action` creates the manager `name`, whose list then starts again.
  private static func creates(_ action: ScenarioAction, _ name: String) -> Bool {
    if case .manager(name) = action { return true }
    return false
  }

  /// The callbacks a manager's delegate received as a scenario writes them, and for each the
  /// step after which it came and the rule that changed the pair (R41).
  private static func explain(
    _ calls: [AuthorizationSimulator.DelegateCall]?, steps: [TakenStep], manager name: String
  ) -> (String, [Citation]) {
    guard let calls else {
      return ("never created", [Citation(.r41, "the scenario never created a manager '\(name)'")])
    }
    let because = calls.enumerated().map { index, call in
      let step = index < steps.count ? steps[index] : nil
      let place = step.map { "after '\($0.summary)' (line \($0.position.line))" } ?? "after a step"
      if case .createManager = call.event {
        return Citation(.r41, "\(place): \(call.pair), the call at creation")
      }
      let decider = call.cause.first { $0.rule != .r41 }
      return Citation(
        decider?.rule ?? .r41,
        "\(place) the pair became \(call.pair)" + (decider.map { ": \($0.cause)" } ?? ""))
    }
    return (ScenarioSchema.render(calls.map(\.pair)), because)
  }

  private static func parse(_ flags: String) -> [DiagnosticFlag]? {
    let inner = flags.dropFirst().dropLast()
    guard !inner.isEmpty else { return [] }
    return inner.split(separator: ", ").compactMap { DiagnosticFlag(rawValue: String($0)) }
  }

  /// The model events of one scenario action, each with the position it fails at.
  private static func events(
    _ action: ScenarioAction, at position: SourcePosition
  ) -> [(ScenarioEvent, SourcePosition)] {
    switch action {
    case .settings(let changes): changes.map { (.settings($0.change), $0.position) }
    default: [(.action(action), position)]
    }
  }

  /// The value of `observable` as a scenario writes it, the rules behind it, and whether those
  /// rules decided the value. They do not for a `requestResult` with no request this run: that
  /// citation of R13 only points the reader to the request rules.
  private static func observe(
    _ observable: ExpectedObservable, _ simulator: AuthorizationSimulator
  ) -> (String, [Citation], decided: Bool) {
    let model: AuthorizationSimulator.Observable
    switch observable {
    case .authorizationStatus: model = .authorizationStatus
    case .accuracyAuthorization: model = .accuracyAuthorization
    case .prompt: model = .prompt
    case .settingsShows: model = .settingsShows
    case .updates: model = .liveUpdates
    case .monitorEvents: model = .monitorEvents
    case .backgroundActivity: model = .backgroundActivity
    case .backgroundIndicator: model = .backgroundIndicator
    case .requestResult: model = .requestResult
    case .diagnostics(let name):
      guard simulator.configuration.hasServiceSessions else {
        return (
          "no diagnostics", [Citation(.r39, "iOS 17 has no CLServiceSession diagnostics")], true
        )
      }
      guard let holder = simulator.holder(named: name),
        simulator.diagnostics(for: holder) != nil
      else {
        return (
          "not held",
          [
            Citation(
              .r17,
              "the app holds no '\(name)' now; holders: "
                + (simulator.holderNames.isEmpty
                  ? "none" : simulator.holderNames.joined(separator: ", ")))
          ],
          true
        )
      }
      model = .diagnostics(holder)
    case .callbacks:
      preconditionFailure("run(_:) checks callbacks itself: checking consumes them")
    }
    guard let value = simulator.describe(model) else {
      return (
        "no request this run", [Citation(.r13, "the app made no legacy request in this run")],
        false
      )
    }
    return (value, simulator.explanation(of: model), true)
  }
}

/// A scenario action or one Settings change, as the runner hands it to the model.
enum ScenarioEvent {
  case action(ScenarioAction)
  case settings(SettingsChange)
}

extension AuthorizationSimulator {
  /// Performs a scenario event by name.
  fileprivate mutating func perform(_ event: ScenarioEvent) throws(Refusal) -> [Citation] {
    switch event {
    case .settings(let change): return try changeSettings(change)
    case .action(let action):
      switch action {
      case .launch: return try launch()
      case .relaunchInBackground: return try relaunchInBackground()
      case .background: return try enterBackground()
      case .foreground: return try enterForeground()
      case .wait: return try wait()
      case .terminate: return try terminate()
      case .session(let id, let goal, let key):
        return try createSession(id, authorization: goal, fullAccuracyPurposeKey: key)
      case .invalidate(let id): return try invalidateSession(id)
      case .liveUpdates(let start): return try liveUpdates(iterating: start)
      case .monitor(let start): return try monitor(iterating: start)
      case .backgroundActivity(let start): return try backgroundActivity(held: start)
      case .requestWhenInUse: return try requestWhenInUseAuthorization()
      case .requestAlways: return try requestAlwaysAuthorization()
      case .requestTemporaryFullAccuracy(let key):
        return try requestTemporaryFullAccuracyAuthorization(withPurposeKey: key)
      case .tap(let button, let precise): return try tap(button, precise: precise)
      case .settings:
        preconditionFailure("events(_:at:) runs a settings action one change at a time")
      case .backgroundEvent: return try backgroundEvent()
      case .manager(let name): return try createManager(name)
      case .release(let name): return try releaseManager(name)
      }
    }
  }
}

/// The outcome of one scenario.
public struct ScenarioResult: Hashable, Sendable {
  public var scenario: Scenario
  /// `nil` when every step happened and every expectation held.
  public var failure: ScenarioFailure?
  /// The rules that accepted or refused a step or decided a checked value.
  public var exercisedRules: Set<Rule>
  /// The observables checked (`prompt`, `diagnostics`…) and the flags expected
  /// (`diagnostics.authorizationDenied`…).
  public var checkedObservables: Set<String>

  public var passed: Bool { failure == nil }
}

/// Where and why a scenario failed.
public struct ScenarioFailure: Hashable, Sendable {
  public var position: SourcePosition
  public var message: String
  public var expected: String?
  public var actual: String?
  /// The rules behind the actual value, or the rule that refused the step.
  public var because: [Citation]
  /// The steps that happened before the failure.
  public var stepsTaken: [TakenStep]
}

/// A step that happened, for failure reports.
public struct TakenStep: Hashable, Sendable {
  public var summary: String
  public var position: SourcePosition
}

extension ExpectedObservable {
  /// The expectation key that checks it.
  var key: String {
    switch self {
    case .diagnostics: "diagnostics"
    case .callbacks: "callbacks"
    default: description
    }
  }
}

extension ScenarioAction {
  /// The step as a scenario writes it, on one line.
  public var summary: String {
    switch self {
    case .launch: "launch"
    case .relaunchInBackground: "launch: background"
    case .background: "background"
    case .foreground: "foreground"
    case .wait: "wait"
    case .terminate: "terminate"
    case .session(let id, let goal, let key):
      "session: \(id) (authorization: \(goal.rawValue)"
        + (key.map { ", fullAccuracyPurposeKey: \($0)" } ?? "") + ")"
    case .invalidate(let id): "invalidate: \(id)"
    case .liveUpdates(let start): "liveUpdates: \(start ? "start" : "stop")"
    case .monitor(let start): "monitor: \(start ? "start" : "stop")"
    case .backgroundActivity(let start): "backgroundActivity: \(start ? "start" : "stop")"
    case .requestWhenInUse: "request: whenInUse"
    case .requestAlways: "request: always"
    case .requestTemporaryFullAccuracy(let key):
      "request: temporaryFullAccuracy (purposeKey: \(key))"
    case .tap(let button, let precise):
      "tap: \(button.rawValue)" + (precise.map { $0 ? " (precise: on)" : " (precise: off)" } ?? "")
    case .settings(let changes):
      "settings: " + changes.map(\.change.summary).joined(separator: ", ")
    case .backgroundEvent: "system: backgroundEvent"
    case .manager(let name): "manager: \(name)"
    case .release(let name): "release: \(name)"
    }
  }
}

extension SettingsChange {
  var summary: String {
    switch self {
    case .location(let setting): "location \(setting.rawValue)"
    case .precise(let on): "precise \(on ? "on" : "off")"
    case .locationServices(let on): "locationServices \(on ? "on" : "off")"
    case .restrictions(let on): "restrictions \(on ? "on" : "off")"
    case .reset: "reset"
    }
  }
}
