import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// The files `--counterexamples` and `--paths` write have names that are distinct (compared
/// without case), visible and sorted, and scenario names that are distinct, whatever the app
/// files call their apps and features.
@Suite struct StoryFileNameTests {
  /// The app whose feature pauses in the background, named `app` with feature `feature`.
  static func paused(app: String, feature: String = "tracker") -> String {
    AppFileCLITests.paused.replacingOccurrences(of: "app: Paused", with: "app: '\(app)'")
      .replacingOccurrences(of: "  tracker:", with: "  '\(feature)':")
  }

  static func files(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test("two apps with one name write two files, numbered, with two scenario names")
  func twoAppsOneName() throws {
    let folder = try TemporaryDirectory()
    let a = try folder.write(Self.paused(app: "Paused"), to: "a.yaml")
    let b = try folder.write(Self.paused(app: "Paused"), to: "b.yaml")
    let out = folder.path("out")
    let run = CLITests.run([a, b, "--counterexamples", out])
    #expect(run.status == 1)
    #expect(run.stderr == "")
    #expect(
      try Self.files(out)
        == ["paused-works-tracker-background-01.yaml", "paused-works-tracker-background-02.yaml"])
    let written = CLITests.run([out])
    #expect(written.lines.contains { $0.hasPrefix("FAIL Paused: works tracker background (01) (") })
    #expect(written.lines.contains { $0.hasPrefix("FAIL Paused: works tracker background (02) (") })
    #expect(written.stdout.hasSuffix("authcheck: 0 passed, 2 failed\n"))
  }

  @Test("names that differ only in case are numbered: one file each on any file system")
  func caseFolding() throws {
    let folder = try TemporaryDirectory()
    let a = try folder.write(Self.paused(app: "fooBar"), to: "a.yaml")
    let b = try folder.write(Self.paused(app: "FooBar"), to: "b.yaml")
    let out = folder.path("out")
    #expect(CLITests.run([a, b, "--counterexamples", out]).status == 1)
    #expect(
      try Self.files(out)
        == ["foobar-works-tracker-background-01.yaml", "foobar-works-tracker-background-02.yaml"])
    // The scenario names differ already: they are kept.
    let written = CLITests.run([out])
    #expect(written.lines.contains { $0.hasPrefix("FAIL fooBar: works tracker background (") })
    #expect(written.lines.contains { $0.hasPrefix("FAIL FooBar: works tracker background (") })
  }

  @Test("long names cut at one length are numbered, and every file runs")
  func longNames() throws {
    let folder = try TemporaryDirectory()
    let long = String(repeating: "Long app name ", count: 10)
    let a = try folder.write(Self.paused(app: long + "one"), to: "a.yaml")
    let b = try folder.write(Self.paused(app: long + "two"), to: "b.yaml")
    let out = folder.path("out")
    #expect(CLITests.run([a, b, "--counterexamples", out, "--paths", out]).status == 1)
    let files = try Self.files(out)
    #expect(files.count == 4)
    #expect(Set(files.map { $0.lowercased() }).count == 4)
    #expect(files.allSatisfy { !$0.hasPrefix(".") && $0.utf8.count < 200 })
    #expect(files.filter { $0.hasSuffix("-background-01.yaml") }.count == 1)
    #expect(files.filter { $0.hasSuffix("-background-02.yaml") }.count == 1)
    let written = CLITests.run([out])
    #expect(written.stdout.hasSuffix("authcheck: 2 passed, 2 failed\n"))
  }

  @Test("an app and a feature named without letters or digits write visible files")
  func emojiNames() throws {
    let folder = try TemporaryDirectory()
    let app = try folder.write(Self.paused(app: "🚀", feature: "🛰"), to: "a.yaml")
    let out = folder.path("out")
    #expect(CLITests.run([app, "--counterexamples", out, "--paths", out]).status == 1)
    #expect(
      try Self.files(out)
        == ["app-feature-1-background-01.yaml", "app-works-feature-1-background.yaml"])
    let written = CLITests.run([out])
    #expect(written.stdout.hasSuffix("authcheck: 1 passed, 1 failed\n"))
  }

  @Test("a name already taken stops the run before any file is written")
  func takenBeforeWriting() throws {
    let folder = try TemporaryDirectory()
    let a = try folder.write(Self.paused(app: "Paused"), to: "a.yaml")
    let b = try folder.write(Self.paused(app: "Paused"), to: "b.yaml")
    let taken = try folder.write("keep\n", to: "out/paused-works-tracker-background-02.yaml")
    let run = CLITests.run([a, b, "--counterexamples", folder.path("out")])
    #expect(run.status == 2)
    #expect(
      run.stderr == "authcheck: error: '\(taken)' exists; authcheck does not overwrite files\n")
    #expect(try Self.files(folder.path("out")) == ["paused-works-tracker-background-02.yaml"])
    #expect(try String(contentsOfFile: taken, encoding: .utf8) == "keep\n")
  }

  @Test("numbers skip a name that is taken, and keep the order")
  func distinctSkipsTaken() {
    let names = AppStoryFiles.distinct(
      ["a.yaml", "A.yaml", "a-01.yaml", "b.yaml"], key: { _, name in name.lowercased() },
      numbered: { name, number in
        (name as NSString).deletingPathExtension + "-\(number).yaml"
      })
    #expect(names == ["a-02.yaml", "A-03.yaml", "a-01.yaml", "b.yaml"])
    let many = AppStoryFiles.distinct(
      Array(repeating: "x", count: 100), key: { _, name in name },
      numbered: { "\($0)-\($1)" })
    #expect(many.first == "x-001" && many.last == "x-100")
  }
}
