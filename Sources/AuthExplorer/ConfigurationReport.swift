import AuthEngine
import AuthModel
import AuthScenario

/// What exploring one configuration found, in plain values (no closures, no generic types).
public struct ConfigurationReport: Sendable {
  public let configuration: ConfigurationUnderTest
  public let catalogue: SessionCatalogue
  /// The purpose keys by ``PurposeKey/index`` in the paths' events.
  public let keyNames: [String]
  public let states: Int
  public let transitions: Int
  public let depth: Int
  public let seconds: Double
  public let peakBytes: Int
  /// The search explored every reachable state.
  public let isComplete: Bool
  /// P1–P13, in order.
  public let properties: [Finding]
  /// Every witness of docs/RULES.md, in order.
  public let witnesses: [Finding]

  /// What was found about one property or witness.
  public struct Finding: Sendable {
    public let id: String
    public let summary: String
    public let outcome: Outcome
    /// For a violated property, a shortest path; for a reached witness, a shortest path to it,
    /// or empty when the exploration ran without witness paths (`Settings.witnessPaths`).
    public let path: [AuthorizationEvent]
    /// For a violated property: the runnable scenario whose last expectation fails as the
    /// property does, and the comment lines it is written with.
    public let counterexampleScript: (script: ScenarioScript, comment: [String])?

    /// The counterexample's text, as `authcheck explore --counterexamples` writes it.
    public var counterexample: String? {
      counterexampleScript.map { ScenarioWriter.text($0.script, comment: $0.comment) }
    }
  }

  public enum Outcome: String, Sendable {
    case holds, violated, reached, notReached, unknown
  }

  /// Every property holds (the search was complete).
  public var propertiesHold: Bool {
    isComplete && properties.allSatisfy { $0.outcome == .holds }
  }

  /// The properties violated.
  public var violations: [Finding] { properties.filter { $0.outcome == .violated } }

  /// The names a path's steps are written with: the catalogue's sessions `s0`, `s1`…, the
  /// purpose keys, the explorer's managers `m0`…
  public var names: Names { Self.names(catalogue: catalogue, keyNames: keyNames) }

  package static func names(
    catalogue: SessionCatalogue, keyNames: [String], regions: [String] = []
  ) -> Names {
    Names(
      sessions: catalogue.entries.indices.map { "s\($0)" }, purposeKeys: keyNames,
      managers: (0..<AuthorizationState.maximumManagers).map { "m\($0)" }, regions: regions)
  }
}

extension ConfigurationReport {
  init(
    _ result: ExplorationResult<AuthorizationSystem>, system: AuthorizationSystem,
    configuration: ConfigurationUnderTest
  ) {
    var properties: [Finding] = []
    var witnesses: [Finding] = []
    for found in result.properties {
      let outcome: Outcome
      switch found.verdict {
      case .holds: outcome = .holds
      case .violated: outcome = .violated
      case .reached: outcome = .reached
      case .notReached: outcome = .notReached
      case .unknown: outcome = .unknown
      }
      let path = found.path?.actions ?? []
      var counterexample: (ScenarioScript, [String])?
      if case .violated(let p) = found.verdict,
        let property = AuthorizationProperty(rawValue: found.property.id)
      {
        let written = Counterexample(
          property: property, system: system, configurationName: configuration.name,
          initial: p.initialState.state, steps: p.steps.map { ($0.action, $0.state.state) })
        counterexample = (written.script, written.comment)
      }
      let finding = Finding(
        id: found.property.id, summary: found.property.description, outcome: outcome, path: path,
        counterexampleScript: counterexample)
      if found.property.kind == .always {
        properties.append(finding)
      } else {
        witnesses.append(finding)
      }
    }
    self.init(
      configuration: configuration, catalogue: system.catalogue,
      keyNames: system.codec.keyNames, states: result.states,
      transitions: result.transitions, depth: result.depth, seconds: result.seconds,
      peakBytes: result.peakBytes, isComplete: result.isComplete, properties: properties,
      witnesses: witnesses)
  }
}
