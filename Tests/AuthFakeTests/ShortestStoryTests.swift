// A regression test as `EveryUserExploration.run(writeStoriesTo:)` writes it: the shortest
// story that broke the banner's check while it recomputed the banner only on status changes,
// replayed on the fixed banner, where it passes. EveryUserExplorationTests checks that this is
// the writer's text.
import AuthFake
import Testing

// The shortest story that broke the check: the banner shows none, Core Location says approximate
@MainActor @Test func shortestStoryThatBreaksTheCheck() throws {
  try EveryUserExplorationTests.fixed.replay([
    "launch",
    "background",
    "settings: location whileUsing",
    "settings: precise off",
  ])
}
