import AuthEngine

/// A toy transition system: a few counters, each stepped up or down by one.
///
/// Counter `i` ranges over `0..<bounds[i]`. The actions are, in order, increment counter 0,
/// decrement counter 0, increment counter 1, and so on; they are refused at the ends of the
/// range. From all zeros every point of the grid is reachable, so there are `∏ bounds[i]`
/// states, `Σ 2 (bounds[i] - 1) ∏_{j ≠ i} bounds[j]` transitions and depth `Σ (bounds[i] - 1)`.
///
/// The state is the counters themselves, 8 bits each, so it packs to itself: this measures the
/// explorer, not the system. It is the benchmark's system, and a reference for writing one.
public struct CounterGrid: TransitionSystem {
  /// Increments or decrements one counter.
  public struct Action: Sendable, Hashable, CustomStringConvertible {
    /// The counter it changes.
    public let counter: Int
    /// Whether it increments (`+1`) or decrements (`-1`).
    public let delta: Int
    @usableFromInline let shift: UInt64
    @usableFromInline let last: UInt64

    public var description: String { "\(delta > 0 ? "+" : "-")\(counter)" }
  }

  /// Each counter's range: counter `i` takes values `0..<bounds[i]`.
  public let bounds: [Int]
  /// Every increment and decrement, counter by counter.
  public let actions: [Action]
  /// The properties checked, as given to `init(bounds:properties:)`.
  public let properties: [Property<CounterGrid>]

  /// A grid with counters ranging over `0..<bounds[i]`.
  ///
  /// - Precondition: between 1 and 8 counters, each bound in `1...256`.
  public init(bounds: [Int], properties: [Property<CounterGrid>] = []) {
    precondition((1...8).contains(bounds.count), "a grid has 1 to 8 counters")
    precondition(bounds.allSatisfy { (1...256).contains($0) }, "a bound is in 1...256")
    self.bounds = bounds
    self.properties = properties
    actions = bounds.indices.flatMap { counter in
      [1, -1].map { delta in
        Action(
          counter: counter, delta: delta, shift: UInt64(8 * counter),
          last: UInt64(bounds[counter] - 1))
      }
    }
  }

  /// All counters at zero.
  public var initialStates: [UInt64] { [0] }

  @inlinable
  public func next(_ state: UInt64, _ action: Action) -> UInt64? {
    let value = (state &>> action.shift) & 0xff
    if action.delta > 0 {
      return value == action.last ? nil : state &+ (1 &<< action.shift)
    } else {
      return value == 0 ? nil : state &- (1 &<< action.shift)
    }
  }

  @inlinable
  public func pack(_ state: UInt64) -> UInt64 { state }

  @inlinable
  public func unpack(_ packed: UInt64) -> UInt64 { packed }

  /// The value of counter `counter` in `state`.
  public func counter(_ counter: Int, in state: UInt64) -> Int {
    Int((state >> UInt64(8 * counter)) & 0xff)
  }

  /// The state with the given counter values.
  public func state(_ counters: [Int]) -> UInt64 {
    counters.enumerated().reduce(0) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
  }
}
