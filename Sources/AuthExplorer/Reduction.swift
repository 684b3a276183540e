import AuthModel

/// A sound state-space reduction: forgetting a field that no later step, property or witness
/// can read, so that states differing only there are explored once.
///
/// Each reduction names the reason it is sound. `ReductionTests` explores small catalogues with
/// and without them and checks that every property and witness gets the same verdict.
public enum Reduction: String, CaseIterable, Hashable, Sendable {
  /// The result of the last legacy request feeds only the `requestResult` observable, which no
  /// rule, property or witness reads: every transition ignores it and overwrites it.
  case forgetRequestResult
  /// What the app held and iterated at termination is read only by a background relaunch (R36,
  /// app not running) and by the rejoin of sessions (R19, rejoin window open). While the app
  /// runs, `iteratingAtTermination` and the `createdInUse` marks of the termination record are
  /// dead (the next termination overwrites them before a relaunch can read them); once the
  /// rejoin window has closed, so is the whole record.
  case forgetTerminationRecord

  /// Applies the reduction to `state`.
  public func apply(to state: inout ExploredState) {
    Self.apply(bit, to: &state)
  }

  /// The reduction's bit in the sets ``apply(_:to:)`` takes.
  var bit: UInt8 {
    switch self {
    case .forgetRequestResult: 1 << 0
    case .forgetTerminationRecord: 1 << 1
    }
  }

  /// The bits of `reductions`.
  static func bits(_ reductions: [Reduction]) -> UInt8 {
    reductions.reduce(0) { $0 | $1.bit }
  }

  /// Applies the reductions whose bits are set in `reductions` to `state`: what the explorer
  /// runs on every step, a test per reduction rather than a loop over an array of them.
  static func apply(_ reductions: UInt8, to state: inout ExploredState) {
    // Everything read before anything is written: a read of the state's bytes right after a
    // write to them can wait for the write (store forwarding), on every step the explorer
    // takes.
    let running = state.model.app != .notRunning
    let rejoinWindowOpen = state.model.rejoinWindowOpen
    if reductions & Self.forgetRequestResult.bit != 0 {
      state.model.lastRequestResult = nil
    }
    if reductions & Self.forgetTerminationRecord.bit != 0, running {
      state.model.iteratingAtTermination = false
      if rejoinWindowOpen {
        state.model.sessionsAtTermination.clearCreatedInUse()
      } else {
        state.model.sessionsAtTermination = HeldSessions()
      }
    }
  }
}
