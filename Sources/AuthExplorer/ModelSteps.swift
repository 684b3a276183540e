import AuthModel

/// An `AuthorizationSystem`'s per-step work, behind a reference, for a transition system built
/// on the model (AuthApp's app system).
///
/// Called from another module, a method of a struct as large as `AuthorizationSystem` or its
/// codec took a copy of the struct (a few hundred bytes) on every call: a tenth of the app
/// system's instructions. A class is reached by reference, and inside this module the methods
/// it forwards to are inlined (`@inline(__always)`), as the explorer's own calls are.
package final class ModelSteps: Sendable {
  package let system: AuthorizationSystem

  package init(_ system: AuthorizationSystem) { self.system = system }

  /// `system.codec.pack(state)`.
  package func pack(_ state: ExploredState) -> UInt64 { system.codec.pack(state) }

  /// `system.codec.unpack(packed)`.
  package func unpack(_ packed: UInt64) -> ExploredState { system.codec.unpack(packed) }

  /// `system.step(from:_:into:)`.
  package func step(
    from state: ExploredState, _ event: AuthorizationEvent, into next: inout ExploredState
  ) -> Bool {
    system.step(from: state, event, into: &next)
  }

  /// `system.refusedActions(in:)`.
  package func refusedActions(in state: ExploredState) -> UInt64 {
    system.refusedActions(in: state)
  }

  /// `system.selfLoopActions(in:refused:)`.
  package func selfLoopActions(in state: ExploredState, refused: UInt64) -> UInt64 {
    system.selfLoopActions(in: state, refused: refused)
  }
}
