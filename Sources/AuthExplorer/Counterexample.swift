import AuthModel

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

  var scenario: String {
    let c = system.configuration
    var lines = [
      "# Counterexample to \(property.rawValue): \(property.summary).",
      "# Written by authcheck explore on configuration '\(configurationName)', sessions "
        + "'\(system.catalogue)'\(c.mutation.map { ", mutation '\($0.rawValue)'" } ?? "").",
      "# Its last expectation is what \(property.rawValue) demands; on the model explored it fails.",
      "scenario: " + quote("counterexample to \(property.rawValue) (\(configurationName))"),
      "ios: \(c.ios.rawValue)",
    ]
    lines += info(c.infoPlist)
    lines.append("steps:")
    for (event, _) in steps { lines += step(event) }
    lines.append("  - expect:")
    lines += expectation().map { "      " + $0 }
    return lines.joined(separator: "\n") + "\n"
  }

  private func quote(_ text: String) -> String { ScenarioText.quote(text) }

  private func info(_ p: InfoPlist) -> [String] { ScenarioText.info(p) }

  private func session(_ id: SessionID) -> String { "s\(id.rawValue)" }

  private func step(_ event: AuthorizationEvent) -> [String] {
    ScenarioText.step(event, session: session) { system.codec.keyNames[Int($0.index)] }
  }

  /// What the property demands of the final state, as expectation lines.
  private func expectation() -> [String] {
    let c = system.configuration
    let final = steps.last?.1.model ?? initial.model
    let before = steps.dropLast().last?.1.model ?? initial.model
    var t = Trace.off
    switch property {
    case .p1:
      if case .tap? = steps.last?.0, final.pendingPrompt == nil {
        return ["authorizationStatus: \(before.authorizationStatus(c, trace: &t).rawValue)"]
      }
      return ["prompt: none"]
    case .p2, .p7, .p10:
      return ["prompt: none"]
    case .p3:
      return ["settingsShows: \(before.settingsShows(trace: &t).rawValue)"]
    case .p4, .p8:
      if final.liveUpdates(c, trace: &t) != .none { return ["updates: none"] }
      return ["monitorEvents: none"]
    case .p5:
      return ["updates: reduced"]
    case .p6:
      if final.allowOnce { return ["authorizationStatus: notDetermined"] }
      return ["accuracyAuthorization: reducedAccuracy"]
    case .p9:
      return ["authorizationStatus: denied"]
    case .p12:
      // What P12 says the delegate of the explorer's manager received since its creation.
      var calls: [String] = []
      var previous = initial.model
      for (event, state) in steps {
        let now = state.model
        if case .createManager = event {
          calls = [now.authorizationPair(c).description]
        } else if now.app != .notRunning, previous.heldManagers & now.heldManagers & 1 != 0,
          previous.authorizationPair(c) != now.authorizationPair(c)
        {
          calls.append(now.authorizationPair(c).description)
        }
        previous = now
      }
      return ["callbacks:", "  m0: [" + calls.joined(separator: ", ") + "]"]
    case .p11:
      var lines = ["diagnostics:"]
      for holder in final.holders(c) {
        guard var flags = final.diagnostics(for: holder, c, trace: &t),
          flags.contains(.authorizationDeniedGlobally), !flags.contains(.authorizationDenied)
        else { continue }
        flags.insert(.authorizationDenied)
        let name: String
        switch holder {
        case .session(let id): name = session(id)
        case .liveUpdates: name = "liveUpdates"
        case .monitor: name = "monitor"
        case .backgroundActivity: name = "backgroundActivity"
        }
        lines.append("  \(name): [" + flags.map(\.rawValue).joined(separator: ", ") + "]")
      }
      return lines
    }
  }
}
