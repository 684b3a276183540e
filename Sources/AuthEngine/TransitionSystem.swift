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
/// pure: the explorer calls them from several threads at once, once per action per state.
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

  /// The state that `pack(_:)` packed into `packed`, of which the explorer reads only the
  /// findings in `wanted` (``findings(of:)``): those of the properties it has not decided yet.
  /// A system may leave the other bits clear to save the work of deciding them. The default
  /// calls ``unpack(_:)``.
  func unpack(_ packed: UInt64, findingsWanted wanted: UInt64) -> State

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

  /// The actions that `next(_:_:)` certainly refuses in `state`, a bit per index into
  /// `actions` (indexes 64 and up are always tried), so that the explorer skips them without
  /// calling `next`.
  ///
  /// Only a speed-up: a set bit must mean that `next` returns `nil`, and a clear bit means
  /// nothing. The default skips nothing.
  func refusedActions(in state: State) -> UInt64

  /// The actions that certainly lead from `state` back to `state` itself and find nothing, a
  /// bit per index into `actions` (indexes 64 and up are always tried), given `refused`, the
  /// marks of ``refusedActions(in:)``, which it need not mark again.
  ///
  /// Only a speed-up, like the refusal marks: the explorer counts these steps as transitions
  /// without calling `next`. A set bit must mean that `next` takes the action and returns a
  /// state that packs like `state`, with no findings (``findings(of:)``). When a property is
  /// checked by a closure on transitions, the explorer tries every step all the same: the
  /// closure might flag a step back to the same state. The default marks nothing.
  func selfLoopActions(in state: State, refused: UInt64) -> UInt64
}

extension TransitionSystem {
  @inlinable
  public func next(_ state: State, _ action: Action, into successor: inout State) -> Bool {
    guard let next = next(state, action) else { return false }
    successor = next
    return true
  }

  @inlinable
  public func unpack(_ packed: UInt64, findingsWanted wanted: UInt64) -> State { unpack(packed) }

  @inlinable
  public func findings(of state: State) -> UInt64 { 0 }

  @inlinable
  public func refusedActions(in state: State) -> UInt64 { 0 }

  @inlinable
  public func selfLoopActions(in state: State, refused: UInt64) -> UInt64 { 0 }

  /// The indexes of the actions to try given `marks` from ``refusedActions(in:)``, in order:
  /// how the explorer and the path search both read the marks.
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
