import AuthEngine
import AuthExplorer
import AuthModel

extension AppSystem: ExplorationHints {
  /// The actions `next(_:_:)` certainly refuses in `state`, a bit per index into ``actions``:
  /// the model's steps its own refusal marks refuse (``AuthorizationSystem/refusedActions(in:)``,
  /// derived from the model's one refusal function), a feature's start or stop outside the
  /// foreground, with a prompt up, or where the feature is already on or off, and, for the
  /// cooperative user, every Settings change; every action after a refused reaction.
  /// `AppHintsTests` checks every mark against `next` in every reachable state of the example
  /// apps and of the broken ones.
  public func refusedActions(in state: State) -> UInt64 {
    if state.refusedReaction { return marks.all }
    let modelMarks = steps.refusedActions(in: state.explored)
    var refused = marks.cooperativeRefusals
    var pending = modelMarks & marks.modelActions
    while pending != 0 {
      let index = pending.trailingZeroBitCount
      pending &= pending - 1
      refused |= marks.appActions[index]
    }
    let m = state.explored.model
    if m.app != .foreground || m.pendingPrompt != nil {
      refused |= marks.starts | marks.stops
    } else {
      for (feature, bits) in marks.features {
        refused |= state.on & bit(feature) != 0 ? bits.start : bits.stop
      }
    }
    return refused
  }

  /// The actions that lead from `state` back to itself, among those `refused` leaves unmarked:
  /// the Settings changes and the system's event the model's own marks say change nothing
  /// (``AuthorizationSystem/selfLoopActions(in:refused:)``), to which the app does not react.
  /// None while the cooperative user faces a prompt: then the user takes nothing but its answer
  /// (``cooperativeUserTakes(_:in:_:)``), which the refusal marks leave to the step, and R14's
  /// background event, which would change nothing with the system's prompt already up, does
  /// not happen.
  public func selfLoopActions(in state: State, refused: UInt64) -> UInt64 {
    guard !state.refusedReaction, !(cooperative && state.explored.model.promptOnScreen != nil)
    else { return 0 }
    // The model's refusals need not be passed: what they would leave out is masked below with
    // `refused`, which holds them.
    var pending = steps.selfLoopActions(in: state.explored, refused: 0) & marks.modelActions
    var loops: UInt64 = 0
    while pending != 0 {
      let index = pending.trailingZeroBitCount
      pending &= pending - 1
      loops |= marks.appActions[index]
    }
    return loops & marks.unreacted & ~refused
  }
}

/// The tables ``AppSystem/refusedActions(in:)`` reads: where each of the model's actions sits
/// among the app's, and the bits of the user's starts, stops and Settings changes.
struct RefusalTables: Sendable {
  /// Every action among the first 64.
  let all: UInt64
  /// The model's actions (among its first 64) that are also the app's.
  let modelActions: UInt64
  /// By the model's action index, the app's action bit.
  let appActions: [UInt64]
  let starts: UInt64
  let stops: UInt64
  /// Each user feature's start and stop bits.
  let features: [(Int, (start: UInt64, stop: UInt64))]
  /// The Settings changes, which the cooperative user never makes; nothing for any user.
  let cooperativeRefusals: UInt64
  /// The model's steps the app does not react to: the Settings changes and the system's
  /// event.
  let unreacted: UInt64

  init(actions: [AppSystem.Action], model: AuthorizationSystem, cooperative: Bool) {
    var appActions = Array(repeating: UInt64(0), count: 64)
    var modelActions: UInt64 = 0
    var starts: UInt64 = 0
    var stops: UInt64 = 0
    var features: [Int: (start: UInt64, stop: UInt64)] = [:]
    var settings: UInt64 = 0
    var unreacted: UInt64 = 0
    for (index, action) in actions.enumerated().prefix(64) {
      let bit: UInt64 = 1 << UInt64(index)
      switch action {
      case .event(let event):
        if case .settings = event {
          settings |= bit
          unreacted |= bit
        }
        if event == .backgroundEvent { unreacted |= bit }
        if let modelIndex = model.actions.firstIndex(of: event), modelIndex < 64 {
          appActions[modelIndex] |= bit
          modelActions |= 1 << UInt64(modelIndex)
        }
      case .start(let i):
        starts |= bit
        features[i, default: (0, 0)].start = bit
      case .stop(let i):
        stops |= bit
        features[i, default: (0, 0)].stop = bit
      }
    }
    all = actions.count >= 64 ? .max : (1 << UInt64(actions.count)) - 1
    self.appActions = appActions
    self.modelActions = modelActions
    self.starts = starts
    self.stops = stops
    self.features = features.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    cooperativeRefusals = cooperative ? settings : 0
    self.unreacted = unreacted
  }
}
