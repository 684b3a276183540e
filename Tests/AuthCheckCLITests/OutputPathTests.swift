import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// Every path a run writes is checked before any work, with the reason: a usage error (exit 2)
/// before a file is run or a state explored. As root, permissions don't refuse; a path under a
/// file, or under `/sys`, does.
@Suite struct OutputPathTests {
  /// The folder `--paths` or `--counterexamples` can't use, and the end of its error line.
  static func folderMessage(_ folder: String, _ option: String, _ reason: String) -> String {
    "cannot use '\(folder)' as the '\(option)' folder: \(reason); give '\(option)' a folder "
      + "authcheck can create or write in\n"
  }

  @Test(
    "--paths and --counterexamples under a file: the reason, before any file runs",
    arguments: ["--paths", "--counterexamples"])
  func folderUnderFile(option: String) throws {
    let folder = try TemporaryDirectory()
    let app = try folder.write(AppFileCLITests.paused, to: "paused.yaml")
    let file = try folder.write("a file\n", to: "file.txt")
    let run = CLITests.run([app, option, file + "/sub"])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck: error: "
        + Self.folderMessage(file + "/sub", option, "a component of the path is not a folder"))
  }

  @Test("--paths under /sys, which even root can't write: the reason, before any file runs")
  func folderUnderSys() throws {
    guard FileManager.default.fileExists(atPath: "/sys/kernel") else { return }
    let folder = try TemporaryDirectory()
    let app = try folder.write(AppFileCLITests.paused, to: "paused.yaml")
    let target = "/sys/authcheck-\(UUID().uuidString)"
    let run = CLITests.run([app, "--paths", target])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      [
        "authcheck: error: " + Self.folderMessage(target, "--paths", "permission denied"),
        "authcheck: error: " + Self.folderMessage(target, "--paths", "read-only file system"),
      ].contains(run.stderr))
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test("--paths and --junit under /proc, where even root creates nothing: the reason, first")
  func underProc() throws {
    guard FileManager.default.fileExists(atPath: "/proc/self") else { return }
    let folder = try TemporaryDirectory()
    let app = try folder.write(AppFileCLITests.paused, to: "paused.yaml")
    let target = "/proc/authcheck-\(UUID().uuidString)"
    let reasons = [
      "the folder '/proc' takes no new files or folders", "permission denied",
      "read-only file system",
    ]
    let paths = CLITests.run([app, "--paths", target])
    #expect(paths.status == 2)
    #expect(paths.stdout == "")
    #expect(
      reasons.contains {
        paths.stderr == "authcheck: error: " + Self.folderMessage(target, "--paths", $0)
      })
    let junit = CLITests.run([app, "--junit", target + ".xml"])
    #expect(junit.status == 2)
    #expect(junit.stdout == "")
    #expect(
      reasons.contains {
        junit.stderr
          == "authcheck: error: cannot write the JUnit report '\(target).xml': \($0); give "
          + "'--junit' a path authcheck can write\n"
      })
  }

  @Test("--junit under a file: the reason, before any file runs")
  func junitUnderFile() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let file = try folder.write("a file\n", to: "file.txt")
    let run = CLITests.run([input, "--junit", file + "/r.xml"])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck: error: cannot write the JUnit report '\(file)/r.xml': a component of the "
        + "path is not a folder; give '--junit' a path authcheck can write\n")
  }

  @Test("explore --counterexamples under a file or /sys: the reason, before exploring")
  func exploreFolder() throws {
    let folder = try TemporaryDirectory()
    let info = try folder.write(ExploreCommandTests.info, to: "info.yaml")
    let file = try folder.write("a file\n", to: "file.txt")
    var targets = [(file + "/sub", "a component of the path is not a folder")]
    if FileManager.default.fileExists(atPath: "/sys/kernel") {
      targets.append(("/sys/authcheck-\(UUID().uuidString)", "permission denied"))
    }
    for (target, reason) in targets {
      let run = CLITests.run(ExploreCommandTests.small(info, ["--counterexamples", target]))
      #expect(run.status == 2)
      #expect(run.stdout == "")
      let expected =
        "authcheck explore: error: " + Self.folderMessage(target, "--counterexamples", reason)
      let readOnly =
        "authcheck explore: error: "
        + Self.folderMessage(target, "--counterexamples", "read-only file system")
      #expect(run.stderr == expected || run.stderr == readOnly)
    }
  }
}
