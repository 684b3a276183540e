import AuthEngine
import AuthModel

/// A state of the explored app as the explorer holds it: the packed part, and what the
/// properties found in it.
public struct ExplorerNode: Sendable {
  public internal(set) var state: ExploredState
  /// The properties violated and witnesses reached, a bit each (``AuthorizationProperty/bit``,
  /// ``AuthorizationWitness/bit``): for a node made by `next`, by the step that made it; for a
  /// node made by `unpack`, in its state (by `unpack(_:findingsWanted:)`, at least those
  /// wanted). Decided once, read by the explorer as bits.
  var findings: UInt64
  /// Whether the effective status is `denied` (for P9), when known: decided with the state
  /// findings for a node made by `unpack`, which is the node whose steps are tried.
  var isDenied: Bool?
  /// The state packed: the word a node made by `unpack` came from, or, for a node made by
  /// `next`, packed there, reusing the sessions' fields of the state before when the step left
  /// them as they were.
  var packed: UInt64
}

extension AuthorizationSystem: TransitionSystem {
  public typealias State = ExplorerNode
  public typealias Action = AuthorizationEvent

  public var initialStates: [ExplorerNode] {
    [node(initialState, packed: codec.pack(initialState))]
  }

  public func next(_ node: ExplorerNode, _ action: AuthorizationEvent) -> ExplorerNode? {
    var successor = node
    return next(node, action, into: &successor) ? successor : nil
  }

  /// The successor with every finding of the step decided.
  public func next(
    _ node: ExplorerNode, _ action: AuthorizationEvent, into successor: inout ExplorerNode
  ) -> Bool {
    next(node, action, into: &successor, shortcut: false)
  }

  /// Takes the step; with `shortcut`, for an action the refusal marks left unmarked, skips the
  /// guards where the marks are exact (``skipsGuards``), and decides its findings only where
  /// ``AuthorizationProperty/stepMayFind(choiceOrPromptChanged:before:beforeIsDenied:event:after:_:)``
  /// says it may have some.
  @inline(__always)
  private func next(
    _ node: ExplorerNode, _ action: AuthorizationEvent, into successor: inout ExplorerNode,
    shortcut: Bool
  ) -> Bool {
    guard
      step(
        from: node.state, action, into: &successor.state,
        guardsPass: shortcut && skipsGuards && Self.guardsReadOnlyTheMarksKey(action))
    else { return false }
    let beforeIsDenied =
      node.isDenied ?? (node.state.model.authorizationStatus(configuration) == .denied)
    successor.packed = codec.pack(successor.state, like: node.state, packed: node.packed)
    // Most steps find nothing, and the packed words tell most of them at a glance. `after` is
    // read in place (see stepFindings), and the result goes into a local first: assigned to
    // `successor` directly, both states were copied for the call.
    var findings: UInt64 = 0
    let changed = node.packed ^ successor.packed
    if !shortcut
      || AuthorizationProperty.stepMayFind(
        choiceOrPromptChanged: changed & codec.choiceAndPromptBits != 0,
        managedPairMayChange: changed & codec.pairAndManagerBits != 0
          && (node.packed | successor.packed) & codec.managerBit != 0,
        before: node.state, beforeIsDenied: beforeIsDenied, event: action,
        after: &successor.state, configuration)
    {
      findings = AuthorizationProperty.stepFindings(
        before: node.state, beforeIsDenied: beforeIsDenied, event: action,
        after: &successor.state, configuration)
    }
    successor.findings = findings
    successor.isDenied = nil
    return true
  }

  public func pack(_ node: ExplorerNode) -> UInt64 { node.packed }

  public func unpack(_ packed: UInt64) -> ExplorerNode {
    node(codec.unpack(packed), packed: packed)
  }

  public func findings(of node: ExplorerNode) -> UInt64 { node.findings }

  /// A stored state, packed to `packed`, with its state findings, decided from its observation
  /// once.
  private func node(_ state: ExploredState, packed: UInt64, eachHolder: Bool = true)
    -> ExplorerNode
  {
    let observation = Observation(state.model, configuration, eachHolder: eachHolder)
    return ExplorerNode(
      state: state,
      findings: AuthorizationProperty.stateFindings(state, observation, configuration),
      isDenied: observation.status == .denied, packed: packed)
  }

  /// P1–P13, then every witness of docs/RULES.md, each decided by its finding bit: those of
  /// the legacy services only when they are explored.
  public var properties: [Property<AuthorizationSystem>] {
    var properties: [Property<AuthorizationSystem>] = []
    for p in AuthorizationProperty.allCases {
      properties.append(
        p.isStateProperty
          ? .always(p.rawValue, p.summary, violatedInStatesWith: p.bit)
          : .always(p.rawValue, p.summary, violatedByStepsWith: p.bit))
    }
    for w in AuthorizationWitness.all where legacy != nil || !w.isLegacy {
      properties.append(
        w.isStateWitness
          ? .sometimes(w.description, w.description, reachedInStatesWith: w.bit)
          : .sometimes(w.description, w.description, reachedByStepsWith: w.bit))
    }
    return properties
  }
}

/// The speed-ups: refusal and self-loop marks, the step findings decided only where a step may
/// have some, and the flags every holder shares read alone once the others' witnesses are
/// reached. `ActionMarksTests`, `AuthorizationPropertyTests` and `HolderFlagsTests` check each
/// against the model, and `HintsTests` a whole search with them against one without.
extension AuthorizationSystem: ExplorationHints {
  /// Reads every holder's diagnostics only while a witness of a flag that some holders have
  /// and others not is wanted: once those are reached (early, in most configurations), the
  /// flags every holder shares are all the findings need, a fraction of the work.
  public func unpack(_ packed: UInt64, findingsWanted wanted: UInt64) -> ExplorerNode {
    node(
      codec.unpack(packed), packed: packed,
      eachHolder: wanted & holderSpecificWitnesses != 0)
  }

  /// Called only for an action that ``refusedActions(in:)`` left unmarked in `node`, as
  /// ``ExplorationHints/hintedNext(_:_:into:)`` promises.
  public func hintedNext(
    _ node: ExplorerNode, _ action: AuthorizationEvent, into successor: inout ExplorerNode
  ) -> Bool {
    next(node, action, into: &successor, shortcut: true)
  }

  public func refusedActions(in node: ExplorerNode) -> UInt64 { refusedActions(in: node.state) }

  public func selfLoopActions(in node: ExplorerNode, refused: UInt64) -> UInt64 {
    selfLoopActions(in: node.state, refused: refused)
  }
}
