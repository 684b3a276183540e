/// A finite transition system that `Explorer` searches breadth first.
///
/// The explorer starts from `initialStates` and, in every state it reaches, tries each of
/// `actions` in the order of that array; `next(_:_:)` returns the successor, or `nil` when the
/// action is refused in that state. That fixed order matters: among the shortest paths to a
/// violation or a witness, the explorer reports the first one in action order.
///
/// States are stored packed into one `UInt64` each, so `pack(_:)` must be injective on reachable
/// states and `unpack(_:)` must undo it: everything `next(_:_:)` and the properties read must
/// survive `unpack(pack(state))`. Two states with the same packing are the same state to the
/// explorer. Any packed value is allowed, including `UInt64.max` and `0`.
///
/// For speed, `next(_:_:)`, `pack(_:)` and `unpack(_:)` should be cheap, allocation-free and
/// pure: the explorer calls them from several threads at once, once per action per state. This
/// protocol is what every system must give; a system may add speed-ups by conforming to
/// ``ExplorationHints`` too.
public protocol TransitionSystem: Sendable {
  /// A state of the system; it needs no conformances, only a packing.
  associatedtype State
  /// An action, tried in every state in the order of `actions`.
  associatedtype Action

  /// The states the search starts from, in order; duplicates (by packing) are ignored.
  var initialStates: [State] { get }

  /// Every action, in the fixed order the explorer tries them in each state.
  var actions: [Action] { get }

  /// The state after `action` in `state`, or `nil` when the action is refused there.
  func next(_ state: State, _ action: Action) -> State?

  /// Writes the state after `action` in `state` into `successor`, or returns `false` when the
  /// action is refused there (`successor` may then hold anything).
  ///
  /// What the explorer calls: a large state returned as an optional is copied several times per
  /// step, and writing into the same successor spares that. The default calls
  /// ``next(_:_:)``; implement both alike.
  func next(_ state: State, _ action: Action, into successor: inout State) -> Bool

  /// Packs `state` into 64 bits; must be injective on reachable states.
  func pack(_ state: State) -> UInt64

  /// The state that `pack(_:)` packed into `packed`.
  func unpack(_ packed: UInt64) -> State

  /// The invariants and witnesses to check, reported in this order.
  var properties: [Property<Self>] { get }

  /// What the system decided itself about `state`, a bit per finding, for properties declared
  /// with a finding bit (``Property/always(_:_:violatedInStatesWith:)`` and its kin).
  ///
  /// A system that checks many properties can decide them all in one pass, in `unpack(_:)` for
  /// state findings and in `next(_:_:)` for step findings, and carry the bits in its states:
  /// the explorer then tests bits instead of calling a closure per property. The default is no
  /// findings.
  func findings(of state: State) -> UInt64
}

/// Speed-ups a ``TransitionSystem`` may offer the explorer: marks of the steps it need not
/// take, and cheaper ways to unpack a state and to take a step. Each is only a hint: a search
/// with the hints finds exactly what a search without them finds (the same states,
/// transitions, depth, verdicts and paths), only sooner. Every requirement has a default that
/// gives no hint.
///
/// The explorer uses them when the system's type conforms where `Explorer.run()` is called
/// (in code generic over `TransitionSystem` alone, it does not see them), unless
/// `ExplorationOptions.usesHints` is off. A search without them, the reference to check them
/// against, unpacks every state whole and calls `next(_:_:into:)` for every action.
public protocol ExplorationHints: TransitionSystem {
  /// The state that `pack(_:)` packed into `packed`, of which the explorer reads only the
  /// findings in `wanted` (``TransitionSystem/findings(of:)``): those of the properties it has
  /// not decided yet. A system may leave the other bits clear to save the work of deciding
  /// them. The default calls ``TransitionSystem/unpack(_:)``.
  func unpack(_ packed: UInt64, findingsWanted wanted: UInt64) -> State

  /// What ``TransitionSystem/next(_:_:into:)`` writes and returns, computed with the system's
  /// own shortcuts (for example, not deciding the findings of a step that cannot have any).
  /// The explorer calls it only for an action that ``refusedActions(in:)`` left unmarked in
  /// `state`, so a system may rely on that. The default calls `next(_:_:into:)`.
  func hintedNext(_ state: State, _ action: Action, into successor: inout State) -> Bool

  /// The actions that `next(_:_:)` certainly refuses in `state`, a bit per index into
  /// `actions` (indexes 64 and up are always tried), so that the explorer skips them without
  /// calling `next`.
  ///
  /// A set bit must mean that `next` returns `nil`, and a clear bit means nothing. The default
  /// skips nothing.
  func refusedActions(in state: State) -> UInt64

  /// The actions that certainly lead from `state` back to `state` itself and find nothing, a
  /// bit per index into `actions` (indexes 64 and up are always tried), given `refused`, the
  /// marks of ``refusedActions(in:)``, which it need not mark again.
  ///
  /// Like the refusal marks: the explorer counts these steps as transitions without calling
  /// `next`. A set bit must mean that `next` takes the action and returns a state that packs
  /// like `state`, with no findings (``TransitionSystem/findings(of:)``). When a property is
  /// checked by a closure on transitions, the explorer tries every step all the same: the
  /// closure might flag a step back to the same state. The default marks nothing.
  func selfLoopActions(in state: State, refused: UInt64) -> UInt64
}

extension ExplorationHints {
  @inlinable
  public func unpack(_ packed: UInt64, findingsWanted wanted: UInt64) -> State { unpack(packed) }

  @inlinable
  public func hintedNext(_ state: State, _ action: Action, into successor: inout State) -> Bool {
    next(state, action, into: &successor)
  }

  @inlinable
  public func refusedActions(in state: State) -> UInt64 { 0 }

  @inlinable
  public func selfLoopActions(in state: State, refused: UInt64) -> UInt64 { 0 }
}

extension TransitionSystem {
  @inlinable
  public func next(_ state: State, _ action: Action, into successor: inout State) -> Bool {
    guard let next = next(state, action) else { return false }
    successor = next
    return true
  }

  @inlinable
  public func findings(of state: State) -> UInt64 { 0 }

  /// The indexes of the actions to try given `marks` from
  /// ``ExplorationHints/refusedActions(in:)``, in order: how the explorer and the path search
  /// both read the marks.
  @inlinable
  static func unmarkedActions(_ marks: UInt64, count: Int) -> UnmarkedActions {
    UnmarkedActions(marks: marks, count: count)
  }
}

/// The indexes `0..<count` whose bit in `marks` is clear, in increasing order; every index from
/// 64 on. Walks the clear bits one at a time rather than testing every index.
@usableFromInline
struct UnmarkedActions: Sequence, IteratorProtocol {
  @usableFromInline var pending: UInt64
  @usableFromInline var index: Int
  @usableFromInline let count: Int

  @inlinable
  init(marks: UInt64, count: Int) {
    pending = ~marks & (count >= 64 ? UInt64.max : (1 &<< UInt64(Swift.max(count, 0))) &- 1)
    index = 64
    self.count = count
  }

  @inlinable
  mutating func next() -> Int? {
    if pending != 0 {
      let next = pending.trailingZeroBitCount
      pending &= pending &- 1
      return next
    }
    guard index < count else { return nil }
    defer { index &+= 1 }
    return index
  }
}

/// How a search reads its system: through the system's ``ExplorationHints`` (`WithHints`) or
/// without any (`WithoutHints`). The search is specialized for each, so neither pays for the
/// other.
@usableFromInline
protocol SearchHints<System> {
  associatedtype System: TransitionSystem
  func unpack(_ packed: UInt64, findingsWanted wanted: UInt64) -> System.State
  func next(
    _ state: System.State, _ action: System.Action, into successor: inout System.State
  ) -> Bool
  func refusedActions(in state: System.State) -> UInt64
  func selfLoopActions(in state: System.State, refused: UInt64) -> UInt64
}

/// The system's own hints.
@usableFromInline
struct WithHints<System: ExplorationHints>: SearchHints {
  @usableFromInline let system: System

  @inlinable
  init(_ system: System) { self.system = system }

  @inlinable @inline(__always)
  func unpack(_ packed: UInt64, findingsWanted wanted: UInt64) -> System.State {
    system.unpack(packed, findingsWanted: wanted)
  }

  @inlinable @inline(__always)
  func next(
    _ state: System.State, _ action: System.Action, into successor: inout System.State
  ) -> Bool {
    system.hintedNext(state, action, into: &successor)
  }

  @inlinable @inline(__always)
  func refusedActions(in state: System.State) -> UInt64 { system.refusedActions(in: state) }

  @inlinable @inline(__always)
  func selfLoopActions(in state: System.State, refused: UInt64) -> UInt64 {
    system.selfLoopActions(in: state, refused: refused)
  }
}

/// No hints: every state unpacked whole, every action tried with `next`.
@usableFromInline
struct WithoutHints<System: TransitionSystem>: SearchHints {
  @usableFromInline let system: System

  @inlinable
  init(_ system: System) { self.system = system }

  @inlinable @inline(__always)
  func unpack(_ packed: UInt64, findingsWanted wanted: UInt64) -> System.State {
    system.unpack(packed)
  }

  @inlinable @inline(__always)
  func next(
    _ state: System.State, _ action: System.Action, into successor: inout System.State
  ) -> Bool {
    system.next(state, action, into: &successor)
  }

  @inlinable @inline(__always)
  func refusedActions(in state: System.State) -> UInt64 { 0 }

  @inlinable @inline(__always)
  func selfLoopActions(in state: System.State, refused: UInt64) -> UInt64 { 0 }
}
