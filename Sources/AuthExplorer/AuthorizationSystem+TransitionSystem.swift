import AuthModel

/// A state of the explored app as the explorer hands it to properties: the packed part, and the
/// observable values of a stored state, computed once when it is expanded.
public struct ExplorerNode: Sendable {
  public let state: ExploredState
  let observation: Observation?
  /// For a node made by `next`: the step properties violated and the step witnesses reached
  /// by the step that made it, a bit each (``AuthorizationProperty/stepBit``), computed once.
  let stepFindings: UInt16

  /// The observation, computed now if the node came from `next` rather than `unpack`.
  func observed(_ c: AppConfiguration) -> Observation {
    observation ?? Observation(state.model, c)
  }
}

extension AuthorizationSystem: TransitionSystem {
  public typealias State = ExplorerNode
  public typealias Action = AuthorizationEvent

  public var initialStates: [ExplorerNode] {
    let state = initialState
    return [
      ExplorerNode(
        state: state, observation: Observation(state.model, configuration), stepFindings: 0)
    ]
  }

  public func next(_ node: ExplorerNode, _ action: AuthorizationEvent) -> ExplorerNode? {
    guard let after = next(node.state, action) else { return nil }
    return ExplorerNode(
      state: after, observation: nil,
      stepFindings: AuthorizationProperty.stepFindings(
        before: node.state, event: action, after: after, configuration))
  }

  public func pack(_ node: ExplorerNode) -> UInt64 { codec.pack(node.state) }

  public func unpack(_ packed: UInt64) -> ExplorerNode {
    let state = codec.unpack(packed)
    return ExplorerNode(
      state: state, observation: Observation(state.model, configuration), stepFindings: 0)
  }

  /// P1–P11, then every witness of RULES.md §11.
  public var properties: [Property<AuthorizationSystem>] {
    let c = configuration
    var properties: [Property<AuthorizationSystem>] = []
    for p in AuthorizationProperty.allCases {
      if p.isStateProperty {
        properties.append(
          .always(p.rawValue, p.summary) { node in
            p.holds(in: node.state, node.observed(c), c)
          })
      } else {
        let bit = p.stepBit
        properties.append(
          .always(p.rawValue, p.summary) { _, _, after in after.stepFindings & bit == 0 })
      }
    }
    for w in AuthorizationWitness.all {
      if w.isStateWitness {
        properties.append(
          .sometimes(w.description, w.description) { node in
            w.reached(event: nil, after: node.state, node.observed(c))
          })
      } else {
        let bit = w.stepBit
        properties.append(
          .sometimes(w.description, w.description) { _, _, after in after.stepFindings & bit != 0 })
      }
    }
    return properties
  }
}
