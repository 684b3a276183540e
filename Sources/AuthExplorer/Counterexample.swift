import AuthModel
import AuthScenario

/// A violated property's path written as a runnable scenario (docs/SCENARIOS.md).
///
/// The steps are the path's; the last step is an `expect` of what the property demands of the
/// final state, so running the file with `authcheck` on the model that violated the property
/// fails at that expectation, and on a model that keeps the property, passes.
struct Counterexample {
  let property: AuthorizationProperty
  let system: AuthorizationSystem
  let configurationName: String
  let initial: ExploredState
  let steps: [(AuthorizationEvent, ExploredState)]

  var names: Names { system.names }

  /// The comment lines before the scenario.
  var comment: [String] {
    let c = system.configuration
    return [
      "Counterexample to \(property.rawValue): \(property.summary).",
      "Written by authcheck explore on configuration '\(configurationName)', sessions "
        + "'\(system.catalogue)'\(c.mutation.map { ", mutation '\($0.rawValue)'" } ?? "").",
      "Its last expectation is what \(property.rawValue) demands; on the model explored it fails.",
    ]
  }

  /// The path as a scenario, ending with what the property demands: a last expectation, or,
  /// for a relaunch P13 forbids, that R36 refuses the relaunch.
  var script: ScenarioScript {
    let names = self.names
    var actions: [ScenarioScript.Step] = steps.map {
      .action(ScenarioAction($0.0, names: names), refused: nil)
    }
    let checks = expectation()
    if checks.isEmpty, let last = steps.last?.0 {
      actions[actions.count - 1] = .action(ScenarioAction(last, names: names), refused: .r36)
    }
    return ScenarioScript(
      name: "counterexample to \(property.rawValue) (\(configurationName))",
      configuration: AppConfiguration(
        ios: system.configuration.ios, infoPlist: system.configuration.infoPlist),
      steps: actions + (checks.isEmpty ? [] : [.expect(checks)]))
  }

  /// That the legacy service that delivers in `final` delivers nothing (P4, P8, P13), or `nil`
  /// if none delivers.
  private func legacyExpectation(_ final: AuthorizationState) -> [ScenarioScript.Check]? {
    let c = system.configuration
    var t = Trace.off
    if final.locationUpdates(c, trace: &t) != .none {
      return [.init(.locationUpdates, .locationUpdates(.none))]
    }
    if final.significantChanges(c, trace: &t) == .delivered {
      return [.init(.significantChanges, .significantChanges(.none))]
    }
    if final.visits(c, trace: &t) == .delivered { return [.init(.visits, .visits(.none))] }
    if final.regionEvents(c, trace: &t) == .delivered {
      return [.init(.regionEvents, .regionEvents(.none))]
    }
    return nil
  }

  /// What the property demands of the final state.
  private func expectation() -> [ScenarioScript.Check] {
    let c = system.configuration
    let final = steps.last?.1.model ?? initial.model
    let before = steps.dropLast().last?.1.model ?? initial.model
    var t = Trace.off
    switch property {
    case .p1:
      if case .tap? = steps.last?.0, final.pendingPrompt == nil {
        return [
          .init(
            .authorizationStatus, .authorizationStatus(before.authorizationStatus(c, trace: &t)))
        ]
      }
      return [.init(.prompt, .prompt(.none))]
    case .p2, .p7, .p10:
      return [.init(.prompt, .prompt(.none))]
    case .p3:
      return [.init(.settingsShows, .settingsShows(before.settingsShows(trace: &t)))]
    case .p4, .p8:
      if final.liveUpdates(c, trace: &t) != .none { return [.init(.updates, .updates(.none))] }
      if final.monitorEvents(c, trace: &t) == .delivered {
        return [.init(.monitorEvents, .monitorEvents(.none))]
      }
      return legacyExpectation(final) ?? [.init(.monitorEvents, .monitorEvents(.none))]
    case .p5:
      if final.locationUpdates(c, trace: &t) == .full {
        return [.init(.locationUpdates, .locationUpdates(.reduced))]
      }
      return [.init(.updates, .updates(.reduced))]
    case .p13:
      // A relaunch P13 forbids: R36 must refuse it (`script`).
      if case .relaunchInBackground? = steps.last?.0 { return [] }
      return legacyExpectation(final) ?? [.init(.locationUpdates, .locationUpdates(.none))]
    case .p6:
      if final.allowOnce {
        return [.init(.authorizationStatus, .authorizationStatus(.notDetermined))]
      }
      return [.init(.accuracyAuthorization, .accuracyAuthorization(.reducedAccuracy))]
    case .p9:
      return [.init(.authorizationStatus, .authorizationStatus(.denied))]
    case .p12:
      // What P12 says the delegate of the explorer's manager received since its creation.
      var calls: [AuthorizationPair] = []
      var previous = initial.model
      for (event, state) in steps {
        let now = state.model
        // R41, as the model says: the calls since the manager's creation.
        if AuthorizationState.managersCalledBack(from: previous, by: event, to: now, c)
          & ManagerID(0).bit != 0
        {
          if case .createManager = event { calls = [] }
          calls.append(now.authorizationPair(c))
        }
        previous = now
      }
      return [.init(.callbacks(manager: names.name(of: ManagerID(0))), .callbacks(calls))]
    case .p11:
      var checks: [ScenarioScript.Check] = []
      for holder in final.holders(c) {
        guard var flags = final.diagnostics(for: holder, c, trace: &t),
          flags.contains(.authorizationDeniedGlobally), !flags.contains(.authorizationDenied)
        else { continue }
        flags.insert(.authorizationDenied)
        let name: String
        if case .session(let id) = holder {
          name = names.name(of: id)
        } else {
          name = ImplicitHolder(holder)?.rawValue ?? ""
        }
        checks.append(.init(.diagnostics(holder: name), .diagnostics(flags)))
      }
      return checks
    }
  }
}
