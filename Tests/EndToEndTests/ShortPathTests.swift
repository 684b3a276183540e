import Foundation
import Testing

/// Paths of one character, given to the executable in the folder it runs in:
/// swift-corelibs-foundation's `deletingLastPathComponent` stopped the process on them (`r`,
/// `p/`, `é`; exit 132), so authcheck takes a path's folder with `SystemPath.parent(of:)`.
@Suite struct ShortPathTests {
  /// A new empty folder, removed by the caller.
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
      .appendingPathComponent("authcheck-short-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("--junit, --paths and --counterexamples take names of one character")
  func reportNames() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: BinaryTests.repository.appendingPathComponent(
        "Tests/AuthAppTests/BrokenApps/geofence-without-background-session.yaml"),
      to: folder.appendingPathComponent("g.yaml"))
    let run = try BinaryTests.launch(
      try BinaryTests.executable(),
      ["g.yaml", "--junit", "r", "--paths", "p", "--counterexamples", "é/"], in: folder)
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    let report = try String(contentsOf: folder.appendingPathComponent("r"), encoding: .utf8)
    #expect(report.hasPrefix("<?xml"))
    for written in ["p", "é"] {
      let names = try FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent(written).path)
      #expect(!names.isEmpty, "\(written)")
    }
  }

  @Test("a scenario file named with one character, reading an Info.plist beside it, runs")
  func scenarioName() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("scenario: short\ninfo: i\nsteps:\n  - launch\n  - expect:\n      prompt: none\n".utf8)
      .write(to: folder.appendingPathComponent("a"))
    try FileManager.default.copyItem(
      at: BinaryTests.repository.appendingPathComponent("scenarios/plist/Info.plist"),
      to: folder.appendingPathComponent("i"))
    let run = try BinaryTests.launch(
      try BinaryTests.executable(), ["a", "--junit", "j"], in: folder)
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout == "PASS short (a)\nauthcheck: 1 passed, 0 failed\n")
  }
}
