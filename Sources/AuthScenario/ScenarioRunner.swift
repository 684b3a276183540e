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
        do {
          cited = try trial.perform(action)
        } catch {
          refusal = (error, position(of: error, step, action, simulator))
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
        if case .manager(let name, _) = action { callSteps[name] = [] }
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
          checked.insert(expectation.observable.key.rawValue)
          let (actual, because): (ObservedValue, [Citation])
          if case .callbacks(let name) = expectation.observable {
            let calls = simulator.takeLocationManagerDidChangeAuthorization(of: name)
            (actual, because) = explain(calls, steps: callSteps[name] ?? [], manager: name)
            callSteps[name] = []
          } else {
            (actual, because) = observe(expectation.observable, simulator)
          }
          // With no legacy request this run, R13 only points the reader to the request rules:
          // it decided nothing.
          if actual != .requestResult(nil) { exercised.formUnion(because.map(\.rule)) }
          if case .diagnostics(let expectedFlags) = expectation.expected {
            for flag in expectedFlags {
              checked.insert("\(ObservableKey.diagnostics).\(flag.rawValue)")
            }
          }
          guard actual != expectation.expected else { continue }
          let failure = ScenarioFailure(
            position: expectation.position,
            message:
              "expected \(expectation.observable) '\(expectation.expected)', got '\(actual)'",
            expected: expectation.expected.description, actual: actual.description,
            because: because, stepsTaken: taken)
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
    if case .manager(name, _) = action { return true }
    return false
  }

  /// The callbacks a manager's delegate received as a scenario writes them, and for each the
  /// step after which it came and the rule that changed the pair (R41).
  private static func explain(
    _ calls: [AuthorizationSimulator.DelegateCall]?, steps: [TakenStep], manager name: String
  ) -> (ObservedValue, [Citation]) {
    guard let calls else {
      return (.neverCreated, [Citation(.r41, "the scenario never created a manager '\(name)'")])
    }
    let because = calls.enumerated().map { index, call in
      let step = index < steps.count ? steps[index] : nil
      let place = step.map { "after '\($0.summary)' (line \($0.position.line))" } ?? "after a step"
      switch call.callback {
      case .didPause:
        return Citation(.r46, "\(place): didPause, Core Location paused its updates")
      case .monitoringDidFail(let region):
        return Citation(
          .r49, "\(place): monitoringDidFail:\(region), the region would have been a 21st")
      case .didChangeAuthorization: break
      }
      if case .createManager = call.event {
        return Citation(.r41, "\(place): \(call.pair), the call at creation")
      }
      let decider = call.cause.first { $0.rule != .r41 }
      return Citation(
        decider?.rule ?? .r41,
        "\(place) the pair became \(call.pair)" + (decider.map { ": \($0.cause)" } ?? ""))
    }
    return (.callbacks(calls.map(\.callback)), because)
  }

  /// Where the step `action` fails with `refusal`: at the step, or for a Settings step of
  /// several changes, which is refused whole (R42), at the first change refused when the
  /// changes are made one after the other from `simulator`.
  private static func position(
    of refusal: Refusal, _ step: ScenarioStep, _ action: ScenarioAction,
    _ simulator: AuthorizationSimulator
  ) -> SourcePosition {
    let first = step.changePositions.first ?? step.position
    guard case .settings(let changes) = action, changes.count > 1 else { return first }
    var trial = simulator
    for (index, change) in changes.enumerated() {
      do {
        try trial.changeSettings(change)
      } catch {
        return index < step.changePositions.count ? step.changePositions[index] : step.position
      }
    }
    return first
  }

  /// The value of `observable` and the rules behind it, from the model.
  private static func observe(
    _ observable: ExpectedObservable, _ simulator: AuthorizationSimulator
  ) -> (ObservedValue, [Citation]) {
    switch observable {
    case .value(let key): simulator.observation(of: .value(key))
    case .diagnostics(let name): simulator.observation(ofDiagnosticsNamed: name)
    case .callbacks:
      preconditionFailure("run(_:) checks callbacks itself: checking consumes them")
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
