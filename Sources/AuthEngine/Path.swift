/// A path through a transition system: an initial state and the actions taken from it.
///
/// The explorer reports shortest paths, and among those of the same length the first in
/// action order (the order of `TransitionSystem.actions`, compared step by step, after the
/// order of `TransitionSystem.initialStates`).
public struct Path<System: TransitionSystem> {
  /// One transition along a path.
  public struct Step {
    /// The action taken.
    public let action: System.Action
    /// The position of `action` in `TransitionSystem.actions`.
    public let actionIndex: Int
    /// The state after the action.
    public let state: System.State

    @usableFromInline
    init(action: System.Action, actionIndex: Int, state: System.State) {
      self.action = action
      self.actionIndex = actionIndex
      self.state = state
    }
  }

  /// The initial state the path starts from.
  public let initialState: System.State
  /// The transitions taken, in order; empty when the path is only the initial state.
  public let steps: [Step]

  @usableFromInline
  init(initialState: System.State, steps: [Step]) {
    self.initialState = initialState
    self.steps = steps
  }

  /// The actions taken, in order.
  public var actions: [System.Action] { steps.map(\.action) }

  /// Every state along the path, starting with the initial state.
  public var states: [System.State] { [initialState] + steps.map(\.state) }

  /// The state the path ends in.
  public var finalState: System.State { steps.last?.state ?? initialState }
}

extension Path.Step: Sendable where System.State: Sendable, System.Action: Sendable {}
extension Path: Sendable where System.State: Sendable, System.Action: Sendable {}
