import AuthModel
import Testing

/// The state's value layout (`AuthorizationState.swift`).
@Suite struct AuthorizationStateTests {
  // A layout guarantee, not behaviour: the explorer copies a state several times per transition,
  // hundreds of millions of times in a large run, and its speed relies on the state staying this
  // small. A new field, or a reordering that adds padding, fails here first; measure the explorer
  // before raising the bound.
  @Test("a state fits in 64 bytes, so the explorer copies it cheaply")
  func fitsInSixtyFourBytes() {
    #expect(MemoryLayout<AuthorizationState>.stride <= 64)
  }

  @Test("every field reads back what was written, and leaves the others alone")
  func fieldsAreIndependent() {
    var state = AuthorizationState(configuration: AppConfiguration(infoPlist: InfoPlist()))
    state.location = .always
    state.app = .background
    state.backgroundActivity = .startedOutsideForeground
    state.lastRequestResult = .promptDeclined
    state.precise = false
    state.allowOnce = true
    state.iteratingMonitor = true
    #expect(state.location == .always)
    #expect(state.app == .background)
    #expect(state.backgroundActivity == .startedOutsideForeground)
    #expect(state.lastRequestResult == .promptDeclined)
    #expect(!state.precise)
    #expect(state.allowOnce && state.iteratingMonitor)
    #expect(!state.inGrace && !state.temporaryFullAccuracy && !state.iteratingLiveUpdates)
    #expect(state.locationServicesEnabled && !state.restrictionsEnabled)
    state.lastRequestResult = nil
    state.location = .askNextTime
    #expect(state.lastRequestResult == nil && state.location == .askNextTime)
    #expect(state.app == .background && state.allowOnce)
  }
}
