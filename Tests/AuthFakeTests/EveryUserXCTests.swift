import AuthFake
import XCTest

/// The every-user exploration from XCTest: the same calls, with XCTest's assertions. XCTest
/// runs its tests on the main thread; on Linux a test method may not be `@MainActor` itself.
final class EveryUserXCTests: XCTestCase {
  func testAShortestStoryFromXCTest() throws {
    try MainActor.assumeIsolated {
      let broken = EveryUserExplorationTests.exploration(bug: .statusOnly)
      let result = broken.run(depth: 6)
      XCTAssertFalse(result.passed)
      XCTAssertEqual(result.failure?.steps.count, 4)
      let story = try XCTUnwrap(result.failure?.steps)
      XCTAssertThrowsError(try broken.replay(story))
      XCTAssertNoThrow(try EveryUserExplorationTests.fixed.replay(story))
    }
  }
}
