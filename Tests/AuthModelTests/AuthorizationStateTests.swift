import AuthModel
import Testing

/// The state's value layout (`AuthorizationState.swift`).
@Suite struct AuthorizationStateTests {
  // A layout guarantee, not behaviour: the explorer copies a state several times per transition,
  // hundreds of millions of times in a large run, and its speed relies on the state staying this
  // small. A new field, or a reordering that adds padding, fails here first; measure the explorer
  // before raising the bound.
  @Test("a state fits in 72 bytes, so the explorer copies it cheaply")
  func fitsInSeventyTwoBytes() {
    #expect(MemoryLayout<AuthorizationState>.stride <= 72)
  }
}
