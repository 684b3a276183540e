import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// What the executable checks when the command plugin runs it (`PluginPaths`).
@Suite struct PluginPathsTests {
  @Test(
    "paths are inside the package as typed, relative to it, where no link leads elsewhere",
    arguments: [
      ("scenarios/", true), ("./a/../scenarios/x.yaml", true), (".", true),
      ("/work/app/reports/a.xml", true), ("/work/app", true), ("..", false),
      ("../app-other/x.yaml", false), ("a/../../x.yaml", false), ("/work/application", false),
      ("/etc/passwd", false), ("../../../../../../work/app/x", true),
    ])
  func inside(path: String, isInside: Bool) {
    #expect(PluginPaths(package: "/work/app").isInside(path) == isInside)
  }

  @Test("a link inside the package that leads out of it is outside, to read or to write")
  func linkLeadingOut() throws {
    let package = try TemporaryDirectory()
    let outside = try TemporaryDirectory()
    try outside.write(CLITests.passing("outside"), to: "b.yaml")
    try package.write(CLITests.passing("inside"), to: "in/a.yaml")
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: package.path("out"), withDestinationPath: outside.url.path)
    try manager.createSymbolicLink(atPath: package.path("here"), withDestinationPath: "in")
    try manager.createSymbolicLink(
      atPath: package.path("dangling.xml"), withDestinationPath: outside.path("new.xml"))
    let paths = PluginPaths(package: package.url.path)
    for path in ["out", "out/b.yaml", "out/new/report.xml", "dangling.xml", "here/../out/x"] {
      #expect(!paths.isInside(path), "\(path)")
    }
    for path in ["here/a.yaml", "here/new/report.xml", "in/../here", "new.xml"] {
      #expect(paths.isInside(path), "\(path)")
    }
    let environment = [PluginPaths.environmentKey: package.url.path]
    let read = CLITests.run([package.path("out/b.yaml")], environment: environment)
    #expect(read.status == 2)
    #expect(read.stdout == "")
    #expect(read.stderr.hasPrefix("authcheck: error: '\(package.path("out/b.yaml"))' is outside"))
    let written = CLITests.run(
      [package.path("in/a.yaml"), "--junit", "out/report.xml"], environment: environment)
    #expect(written.status == 2)
    #expect(written.stderr.hasPrefix("authcheck: error: 'out/report.xml' is outside"))
    #expect(try manager.contentsOfDirectory(atPath: outside.url.path) == ["b.yaml"])
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
    // Even root cannot create a file in /sys; elsewhere a folder without write permission.
    let target = FileManager.default.fileExists(atPath: "/sys/kernel") ? "/sys" : "/"
    let problem = PluginPaths(package: target).problem(reading: [], writing: ["new/a.xml"])
    let reasons = [EACCES, EPERM, EROFS].map { String(cString: strerror($0)) }
    #expect(
      reasons.contains {
        problem?.message.hasPrefix("cannot write 'new/a.xml': \($0); SwiftPM lets") == true
      })
    #expect(problem?.message.contains("'--allow-writing-to-directory FOLDER'") == true)
    // A folder that can be written: nothing to say, and nothing left behind.
    let folder = try TemporaryDirectory()
    let paths = PluginPaths(package: folder.url.path)
    #expect(paths.problem(reading: ["a.yaml"], writing: ["out/a.xml"]) == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
  }
}
