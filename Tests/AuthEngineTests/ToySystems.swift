import AuthEngine

/// A counter that steps by each of `steps` modulo `modulus`, starting from `initial`.
struct ModularCounter: TransitionSystem {
  var modulus: Int
  var steps: [Int] = [1]
  var initialStates: [Int] = [0]
  var properties: [Property<ModularCounter>] = []

  var actions: [Int] { steps }
  func next(_ state: Int, _ step: Int) -> Int? { (state + step) % modulus }
  func pack(_ state: Int) -> UInt64 { UInt64(state) }
  func unpack(_ packed: UInt64) -> Int { Int(packed) }
}

/// The die-hard puzzle: a 3-litre and a 5-litre jug, a tap and a sink.
struct WaterJugs: TransitionSystem {
  struct State: Equatable {
    var small = 0
    var big = 0
  }

  enum Action: CaseIterable {
    case fillSmall, fillBig, emptySmall, emptyBig, pourSmallIntoBig, pourBigIntoSmall
  }

  var properties: [Property<WaterJugs>] = []
  var initialStates: [State] { [State()] }
  var actions: [Action] { Action.allCases }

  func next(_ state: State, _ action: Action) -> State? {
    var after = state
    switch action {
    case .fillSmall: after.small = 3
    case .fillBig: after.big = 5
    case .emptySmall: after.small = 0
    case .emptyBig: after.big = 0
    case .pourSmallIntoBig:
      let amount = min(state.small, 5 - state.big)
      after.small -= amount
      after.big += amount
    case .pourBigIntoSmall:
      let amount = min(state.big, 3 - state.small)
      after.big -= amount
      after.small += amount
    }
    return after == state ? nil : after
  }

  func pack(_ state: State) -> UInt64 { UInt64(state.small) << 8 | UInt64(state.big) }
  func unpack(_ packed: UInt64) -> State { State(small: Int(packed >> 8), big: Int(packed & 0xff)) }
}

/// A counter over `0..<count` whose state `sentinelState` packs to `UInt64.max`, the value the
/// visited set uses for empty slots.
struct SentinelCounter: TransitionSystem {
  var count: Int
  var sentinelState: Int
  var properties: [Property<SentinelCounter>] = []

  var initialStates: [Int] { [0] }
  var actions: [Int] { [1] }
  func next(_ state: Int, _ step: Int) -> Int? { state + step < count ? state + step : nil }
  func pack(_ state: Int) -> UInt64 { (UInt64.max - UInt64(sentinelState)) &+ UInt64(state) }
  func unpack(_ packed: UInt64) -> Int { Int(packed &- (UInt64.max - UInt64(sentinelState))) }
}

/// A counter modulo 10 stepping by 1 or 2, with a third action that the system marks as refused
/// in every state but that `next` would take, to a trap state 99: an explorer that honours
/// `refusedActions(in:)` never reaches it. `actionCount` pads the actions with refused no-ops so
/// that the trap sits at index `actionCount - 1`.
struct MarkedCounter: ExplorationHints {
  var actionCount = 3
  var properties: [Property<MarkedCounter>] = [
    .always("no trap", "the trap state is never reached", state: { $0 != 99 })
  ]

  var initialStates: [Int] { [0] }
  var actions: [Int] { [1, 2] + Array(repeating: 0, count: actionCount - 3) + [-1] }
  func next(_ state: Int, _ step: Int) -> Int? {
    switch step {
    case -1: 99
    case 0: nil
    default: (state + step) % 10
    }
  }
  func pack(_ state: Int) -> UInt64 { UInt64(state) }
  func unpack(_ packed: UInt64) -> Int { Int(packed) }
  func refusedActions(in state: Int) -> UInt64 {
    actionCount - 1 < 64 ? 1 << UInt64(actionCount - 1) : 0
  }
}

/// A counter modulo 10 stepping by 1, with a second action that the system marks as a step
/// back to the same state in every state, but that `next` would take to a trap state 99: an
/// explorer that honours `selfLoopActions(in:refused:)` counts that step and never reaches the
/// trap.
struct LoopingCounter: ExplorationHints {
  var properties: [Property<LoopingCounter>] = [
    .always("no trap", "the trap state is never reached", state: { $0 != 99 })
  ]

  var initialStates: [Int] { [0] }
  var actions: [Int] { [1, 0] }
  func next(_ state: Int, _ step: Int) -> Int? { step == 0 ? 99 : (state + step) % 10 }
  func pack(_ state: Int) -> UInt64 { UInt64(state) }
  func unpack(_ packed: UInt64) -> Int { Int(packed) }
  func selfLoopActions(in state: Int, refused: UInt64) -> UInt64 { 0b10 }
}

/// A counter modulo 10 whose even states have a finding. A state unpacked by the hinted unpack
/// is its value plus 100, which marks its findings as left undecided, whatever is wanted: a
/// wrong hint, so that a test can tell whether the explorer used it.
struct WantedFindingsCounter: ExplorationHints {
  var properties: [Property<WantedFindingsCounter>] = [
    .always("even", "no state is even", violatedInStatesWith: 1)
  ]

  var initialStates: [Int] { [0] }
  var actions: [Int] { [1] }
  func next(_ state: Int, _ step: Int) -> Int? { (state % 100 + step) % 10 }
  func pack(_ state: Int) -> UInt64 { UInt64(state % 100) }
  func unpack(_ packed: UInt64) -> Int { Int(packed) }
  func findings(of state: Int) -> UInt64 { state < 100 && state % 2 == 0 ? 1 : 0 }
  func unpack(_ packed: UInt64, findingsWanted wanted: UInt64) -> Int { Int(packed) + 100 }
}
