import AuthModel
import Testing

/// The state's value layout (`AuthorizationState.swift`).
@Suite struct AuthorizationStateTests {
  // A layout guarantee, not behaviour: the explorer copies a state several times per transition,
  // hundreds of millions of times in a large run, and its speed relies on the state staying this
  // small. A new field, or a reordering that adds padding, fails here first; measure the explorer
  // before raising the bound. It was 64 until the legacy services' twelve bytes
  // (`LegacyServices`), with which `explore --bench --ios 18 --threads 1` ran slower on a
  // loaded machine (0.92 against 1.21 million states per second per core): CONTRIBUTING.md,
  // "Speed", says what is left to win back.
  @Test("a state fits in 72 bytes, so the explorer copies it cheaply")
  func fitsInSeventyTwoBytes() {
    #expect(MemoryLayout<AuthorizationState>.stride <= 72)
    #expect(MemoryLayout<LegacyServices>.size == 12)
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

  // The fields live in three bytes, none across two (`AuthorizationState.bits`); the two-bit
  // fields above are each written with a code that sets their high bit, so a field moved across
  // a byte boundary fails there. `fields` is the word the explorer packs.
  @Test("the word of fields reads back what was written, bit for bit")
  func fieldsWord() {
    var state = AuthorizationState(configuration: AppConfiguration(infoPlist: InfoPlist()))
    let every: UInt32 = 1 << AuthorizationState.Field.width - 1
    for word in [every, 0, 0x15_5555 & every, 0x0A_AAAA & every] {
      state.fields = word
      #expect(state.fields == word)
    }
    state.fields = every
    #expect(state.location == .always && state.precise && state.restrictionsEnabled)
    #expect(state.lastRequestResult == .promptDeclined && state.iteratingMonitor)
    state.fields = 0
    #expect(state.location == .askNextTime && state.app == .notRunning)
    #expect(state.lastRequestResult == nil && !state.locationServicesEnabled)
  }
}
