import AuthApp
import AuthEngine
import AuthModel
import Foundation
import Testing

/// The app system's hints (`refusedActions`, `selfLoopActions`) against its own steps, in every
/// reachable state of every example app and every broken one, for every user and the
/// cooperative one; and every check's verdict with and without them.
@Suite struct AppHintsTests {
  static let paths: [String] = {
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "scenarios/apps")
    return [examples, BrokenAppTests.folder].flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted().map { folder.appendingPathComponent($0).path }
    }
  }()

  static func app(_ path: String) -> AppDescription? {
    try? AppFile.load(path: path).app.get()
  }

  @Test("there are example and broken apps to check")
  func thereAreApps() {
    #expect(Self.paths.count >= 12)
    #expect(Self.paths.compactMap(Self.app).count >= 10)
  }

  @Test(
    "a refused mark means no step, a self-loop mark a step back to the same state",
    arguments: paths)
  func marksAgainstSteps(_ path: String) throws {
    guard let app = Self.app(path) else { return }
    for cooperative in [false, true] {
      let system = try AppSystem(app, cooperative: cooperative)
      var seen = Set<UInt64>()
      var states = system.initialStates.filter { seen.insert(system.pack($0)).inserted }
      var refusals = 0
      var loops = 0
      var index = 0
      while index < states.count {
        let state = states[index]
        index += 1
        let refused = system.refusedActions(in: state)
        let looping = system.selfLoopActions(in: state, refused: refused)
        #expect(refused & looping == 0)
        for (i, action) in system.actions.enumerated() {
          let next = system.next(state, action)
          if refused >> UInt64(i) & 1 != 0 {
            refusals += 1
            #expect(next == nil, "\(path): \(action) is marked refused but happens")
          }
          if looping >> UInt64(i) & 1 != 0 {
            loops += 1
            #expect(
              next.map(system.pack) == system.pack(state),
              "\(path): \(action) is marked a self-loop but changes the state")
          }
          if let next, seen.insert(system.pack(next)).inserted { states.append(next) }
        }
      }
      #expect(refusals > 0)
      if !cooperative { #expect(loops > 0, "\(path)") }
    }
  }

  @Test("every exploration and verdict is the same without the hints", arguments: paths)
  func sameWithoutHints(_ path: String) throws {
    guard let app = Self.app(path) else { return }
    var without = ExplorationOptions()
    without.usesHints = false
    let hinted = AppChecker.check(app)
    let plain = AppChecker.check(app, options: without)
    #expect(hinted.explorations == plain.explorations)
    #expect(hinted.verdicts == plain.verdicts)
    #expect(hinted.failures == plain.failures)
    #expect(hinted.waysToFail == plain.waysToFail)
  }
}
