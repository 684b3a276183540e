import Testing

@testable import AuthExplorer

@Suite struct AuthorizationPropertyTests {
  @Test("every property is checked once: in the list of state properties or of step ones")
  func listsPartitionTheProperties() {
    var state: [AuthorizationProperty] = []
    var step: [AuthorizationProperty] = []
    AuthorizationProperty.forEachStateProperty { state.append($0) }
    AuthorizationProperty.forEachStepProperty { step.append($0) }
    #expect((state + step).sorted { $0.bit < $1.bit } == AuthorizationProperty.allCases)
    #expect(state.allSatisfy { $0.isStateProperty })
    #expect(!step.contains { $0.isStateProperty })
  }
}
