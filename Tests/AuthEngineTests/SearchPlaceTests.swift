import Foundation
import Testing

/// One search, in one place: only AuthEngine keeps a visited set, a queue of states or parent
/// links. A report that needs more than a verdict (the ways to fail, the diagram) is a
/// `WalkVisitor` of the engine's `BreadthFirstWalk`, and its paths are the engine's; nothing
/// else in the sources seeds a search from a system's initial states.
@Suite struct SearchPlaceTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// What a search of its own writes: a set or map of packed states, a loop over a level or a
  /// frontier until it is empty, a seed from the initial states.
  static let signs = [
    "Set<UInt64>", "[UInt64: UInt64]", "[UInt64: (", "while !level", "while !frontier",
    "while !queue", "while !pending", "in initialStates", "in system.initialStates",
    "in self.initialStates", "level = next", "swap(&level",
  ]

  /// The signs of a search in `code`, one line without its comment.
  static func signsOfASearch(_ code: Substring) -> [String] {
    let line =
      code.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)
      .first ?? ""
    return signs.filter { line.contains($0) }
  }

  /// Every line outside Sources/AuthEngine with a sign of a search.
  static func searchesOutsideTheEngine() throws -> [String] {
    var found: [String] = []
    let files =
      FileManager.default.enumerator(atPath: sources.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    for file in files.sorted() where !file.hasPrefix("AuthEngine/") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated() where !signsOfASearch(line).isEmpty
      {
        found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    return found
  }

  @Test("no module but AuthEngine keeps a visited set, a queue of states or parent links")
  func searchesAreTheEngines() throws {
    #expect(FileManager.default.fileExists(atPath: Self.sources.path + "/AuthEngine"))
    let found = try Self.searchesOutsideTheEngine()
    #expect(found.isEmpty, "a search outside AuthEngine: \(found)")
  }

  @Test("the scan finds the signs of a search where one is written")
  func scanFindsSearches() {
    for (line, search) in [
      ("    var visited = Set<UInt64>()", true),
      ("    var parent: [UInt64: UInt64] = [:]", true),
      ("    while !level.isEmpty {", true),
      ("    for state in initialStates where visited.insert(pack(state)).inserted {", true),
      ("      level = next", true),
      ("    var state = system.initialStates[0]", false),
      ("    // a Set<UInt64> in a comment", false),
      ("    let walk = BreadthFirstWalk(self, maxStates: maxStates)", false),
    ] {
      #expect(Self.signsOfASearch(line[...]).isEmpty == !search, "\(line)")
    }
  }
}
