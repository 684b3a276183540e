import AuthModel
import Testing

@testable import AuthFake

/// The states an exploration finds do not depend on the order it tries its steps in.
@MainActor
@Suite struct EveryUserStepOrderTests {
  @Test("the same states and steps with the steps tried in reverse and in a shuffled order")
  func orderDoesNotMatter() {
    let exploration = EveryUserExplorationTests.fixed
    let count = AuthorizationEvent.userAndSystemSteps(legacy: false).count + 1
    var generator = SplitMix(seed: 27)
    let orders: [[Int]?] = [
      nil, Array((0..<count).reversed()), Array(0..<count).shuffled(using: &generator),
    ]
    let results = orders.map {
      exploration.run(depth: 4, maxStates: 100_000, writeStoriesTo: nil, stepOrder: $0)
    }
    #expect(results.allSatisfy { $0.states == results[0].states })
    #expect(results.allSatisfy { $0.transitions == results[0].transitions })
    #expect(results[0].states > 50)
    // A broken banner is caught at the same depth whatever the order: shortest is shortest.
    let broken = EveryUserExplorationTests.exploration(bug: .statusOnly)
    let depths = orders.map {
      broken.run(depth: 6, maxStates: 100_000, writeStoriesTo: nil, stepOrder: $0).failure?
        .steps.count
    }
    #expect(depths == [4, 4, 4])
  }
}

/// A small seeded generator, so that the shuffled order is the same on every run.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
