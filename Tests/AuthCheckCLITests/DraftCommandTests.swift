import Foundation
import Testing

@testable import AuthCheckCLI

/// `authcheck draft`, in process.
@Suite struct DraftCommandTests {
  static let projects = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("AuthDraftTests/Projects")

  static func project(_ name: String) -> String {
    projects.appendingPathComponent(name).path
  }

  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "authcheck-draft-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test("--help prints the help and exits 0; the main help lists the command")
  func help() {
    let run = CLITests.run(["draft", "--help"])
    #expect(run.status == 0)
    #expect(run.stdout == DraftCommand.help)
    #expect(CLITests.run(["--help"]).stdout.contains("authcheck draft PATH [-o FILE] [--check]"))
  }

  @Test("prints the draft on standard output and exits 0")
  func prints() throws {
    let run = CLITests.run(["draft", Self.project("RunLog")])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let expected = try String(
      contentsOf: Self.projects.appendingPathComponent("RunLog.draft.yaml"), encoding: .utf8)
    #expect(run.stdout == expected)
  }

  @Test("usage errors exit 2 with the usage line")
  func usage() {
    for (arguments, message) in [
      ([], "give the folder of an Xcode project or a Swift package"),
      (["a", "b"], "one folder at a time; got 'b' too"),
      (["--chek", "a"], "unknown option '--chek'; did you mean '--check'?"),
      (["a", "-o"], "'-o' needs a file"),
    ] {
      let run = CLITests.run(["draft"] + arguments)
      #expect(run.status == 2)
      #expect(
        run.stderr
          == "authcheck draft: error: \(message)\n"
          + "usage: authcheck draft PATH [-o FILE] [--check] (authcheck draft --help)\n")
    }
    let missing = CLITests.run(["draft", "/nonexistent/app"])
    #expect(missing.status == 2)
    #expect(
      missing.stderr == "authcheck draft: error: '/nonexistent/app': no such file or folder\n")
  }

  @Test("-o writes the file, and never over an existing one")
  func output() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("app.yaml").path
    let first = CLITests.run(["draft", Self.project("TransitAlarm"), "-o", file])
    #expect(first.status == 0)
    #expect(first.stdout == "")
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written.hasPrefix("# Drafted by 'authcheck draft' from TransitAlarm"))
    try "mine\n".write(toFile: file, atomically: true, encoding: .utf8)
    let second = CLITests.run(["draft", Self.project("TransitAlarm"), "-o", file])
    #expect(second.status == 2)
    #expect(
      second.stderr
        == "authcheck draft: error: cannot write '\(file)': it exists; authcheck does not "
        + "overwrite files\nhint: choose another file, or remove '\(file)' first\n")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "mine\n")
  }

  @Test("--check: A1 and A2 at the drafted line, each with a note at the Swift source; exit 1")
  func check() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("launch.yaml").path
    let project = Self.project("LaunchAlways")
    let run = CLITests.run(["draft", project, "-o", file, "--check"])
    #expect(run.status == 1)
    let source = "\(project)/LaunchAlways/AppDelegate.swift:12:21: note: drafted from here"
    #expect(
      run.stderr == """
        \(file):10:7: error: A1: Info.plist has no NSLocationAlwaysAndWhenInUseUsageDescription, \
        which 'request: always' of feature 'AppDelegate' needs (R7)
          10 |       - always  # from LaunchAlways/AppDelegate.swift:12
             |       ^
        \(source)
        \(file):10:7: warning: A2: premature Always (anti-pattern 1): 'request: always' asks for \
        Always in feature 'AppDelegate', which the app starts by itself ('startedBy: launch'), \
        before the user asked for anything that needs Always
          10 |       - always  # from LaunchAlways/AppDelegate.swift:12
             |       ^
        \(source)
        \(file):10:7: warning: A4: legacy request in feature 'AppDelegate' on iOS 18 and later \
        (anti-pattern 7, ignoring CLServiceSession); hold a session with the authorization the \
        feature needs instead
          10 |       - always  # from LaunchAlways/AppDelegate.swift:12
             |       ^
        \(source)

        """)
  }

  @Test("--check on a draft without findings exits 0; without -o the draft is '<stdout>'")
  func checkClean() {
    let run = CLITests.run(["draft", Self.project("RunLog"), "--check"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let findings = CLITests.run(["draft", Self.project("LaunchAlways"), "--check"])
    #expect(findings.status == 1)
    #expect(findings.stderr.hasPrefix("<stdout>:10:7: error: A1: "))
  }
}
