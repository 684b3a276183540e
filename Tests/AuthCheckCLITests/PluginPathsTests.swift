import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// What the executable checks when the command plugin runs it (`PluginPaths`).
@Suite struct PluginPathsTests {
  @Test(
    "paths are inside the package as typed, relative to it, without following links",
    arguments: [
      ("scenarios/", true), ("./a/../scenarios/x.yaml", true), (".", true),
      ("/work/app/reports/a.xml", true), ("/work/app", true), ("..", false),
      ("../app-other/x.yaml", false), ("a/../../x.yaml", false), ("/work/application", false),
      ("/etc/passwd", false), ("../../../../../../work/app/x", true),
    ])
  func inside(path: String, isInside: Bool) {
    #expect(PluginPaths(package: "/work/app").isInside(path) == isInside)
  }

  @Test("without the environment variable nothing is checked")
  func onlyUnderPlugin() {
    #expect(PluginPaths(environment: [:]) == nil)
    #expect(PluginPaths(environment: [PluginPaths.environmentKey: "relative"]) == nil)
    let outside = CLITests.run(["../x.yaml"])
    #expect(outside.stderr == "authcheck: error: no such file or folder: '../x.yaml'\n")
  }

  @Test("a path outside the package, read or written, is a usage error before any work")
  func outside() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("passes"), to: "a.yaml")
    let environment = [PluginPaths.environmentKey: folder.url.path]
    let read = CLITests.run(["a.yaml", "/tmp/b.yaml"], environment: environment)
    #expect(read.status == 2)
    #expect(
      read.stderr
        == "authcheck: error: '/tmp/b.yaml' is outside the package directory "
        + "'\(folder.url.path)'; 'swift package authcheck' reads and writes only inside the "
        + "package\n" + CLITests.usageLine)
    let written = CLITests.run(
      [folder.path("a.yaml"), "--junit", "../report.xml"], environment: environment)
    #expect(written.status == 2)
    #expect(written.stderr.hasPrefix("authcheck: error: '../report.xml' is outside"))
    let explore = CLITests.run(
      ["explore", "--counterexamples", "/tmp/found"], environment: environment)
    #expect(explore.status == 2)
    #expect(explore.stderr.hasPrefix("authcheck explore: error: '/tmp/found' is outside"))
  }

  @Test("a report folder that cannot be written names the options that allow it")
  func refusedWrite() throws {
    let folder = try TemporaryDirectory()
    // Even root cannot create a file in /sys; elsewhere a folder without write permission.
    let target = FileManager.default.fileExists(atPath: "/sys/kernel") ? "/sys" : "/"
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("reports"), withDestinationPath: target)
    let paths = PluginPaths(package: folder.url.path)
    let problem = paths.problem(reading: [], writing: ["reports/new/a.xml"])
    #expect(
      problem?.message.hasPrefix(
        "cannot write 'reports/new/a.xml': \(String(cString: strerror(EACCES))); SwiftPM lets")
        == true)
    #expect(problem?.message.contains("'--allow-writing-to-directory FOLDER'") == true)
    // A folder that can be written: nothing to say, and nothing left behind.
    #expect(paths.problem(reading: ["a.yaml"], writing: ["out/a.xml"]) == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["reports"])
  }
}
