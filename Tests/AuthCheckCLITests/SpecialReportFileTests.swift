import AuthScenario
import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// Reports never replace a device, a FIFO, a link or a read-only file, even when authcheck runs
/// as root: a device or FIFO is written in place, a link is followed and kept, a read-only file
/// is refused before anything runs.
@Suite struct SpecialReportFileTests {
  /// The type bits of `path`, the link itself (`lstat`).
  static func type(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  @Test("--junit /dev/null writes nothing anywhere and /dev/null stays a character device")
  func devNull() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let run = CLITests.run([input, "--junit", "/dev/null"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(Self.type("/dev/null") == S_IFCHR)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["a.yaml"])
  }

  @Test("a FIFO with a reader gets the report in place and stays a FIFO")
  func fifoWithReader() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let fifo = try folder.makeFIFO("report.xml")
    let received = Received()
    let reader = Thread {
      let descriptor = open(fifo, O_RDONLY)
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while descriptor >= 0 {
        let count = read(descriptor, &chunk, chunk.count)
        if count <= 0 { break }
        bytes += chunk[..<count]
      }
      close(descriptor)
      received.set(String(decoding: bytes, as: UTF8.self))
    }
    reader.start()
    // The writer opens without blocking: wait until the reader has the FIFO open.
    var run = CLITests.Run(status: -1, stdout: "", stderr: "")
    for _ in 0..<200 {
      run = CLITests.run([input, "--junit", fifo])
      if run.status == 0 { break }
      usleep(20_000)
    }
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let text = try #require(received.wait())
    #expect(text.hasPrefix("<?xml"))
    #expect(text.contains("name=\"a\""))
    #expect(Self.type(fifo) == S_IFIFO)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        == ["a.yaml", "report.xml"])
  }

  @Test("a FIFO that no one reads is an error at once, not a wait")
  func fifoWithoutReader() throws {
    let folder = try TemporaryDirectory()
    let fifo = try folder.makeFIFO("report.xml")
    #expect(
      ReportFile.write("report\n", to: fifo)
        == "it is a FIFO that no one reads; start its reader first")
    #expect(Self.type(fifo) == S_IFIFO)
  }

  @Test("a link to a report is followed: the link stays, the file it names gets the report")
  func link() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let target = try folder.write("old\n", to: "reports/r.xml")
    #expect(chmod(target, 0o640) == 0)
    let link = folder.path("link.xml")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "reports/r.xml")
    let run = CLITests.run([input, "--junit", link])
    #expect(run.status == 0)
    #expect(Self.type(link) == S_IFLNK)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "reports/r.xml")
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("<?xml"))
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path("reports")) == ["r.xml"])
  }

  @Test("a dangling link, through a link to a link, creates the file it names and stays a link")
  func danglingLink() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let first = folder.path("first.xml")
    try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: "second.xml")
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("second.xml"), withDestinationPath: "new.xml")
    let run = CLITests.run([input, "--junit", first])
    #expect(run.status == 0)
    #expect(Self.type(first) == S_IFLNK)
    #expect(Self.type(folder.path("second.xml")) == S_IFLNK)
    #expect(Self.type(folder.path("new.xml")) == S_IFREG)
    #expect(try String(contentsOfFile: first, encoding: .utf8).hasPrefix("<?xml"))
  }

  @Test("a read-only --junit file (mode 0444) is refused before anything runs, even as root")
  func readOnly() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let target = try folder.write("keep\n", to: "r.xml")
    #expect(chmod(target, 0o444) == 0)
    let run = CLITests.run([input, "--junit", target])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck: error: cannot write the JUnit report '\(target)': it is read-only; give "
        + "'--junit' a path authcheck can write\n")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect((attributes[.posixPermissions] as? Int) == 0o444)
    #expect(ReportFile.write("new\n", to: target) == "it is read-only")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep\n")
  }

  @Test("a socket is refused before anything runs, and stays a socket")
  func socket() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let socket = try folder.makeSocket("s.xml")
    let run = CLITests.run([input, "--junit", socket])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(run.stderr.contains("': it is a socket, not a file; give '--junit'"))
    #expect(Self.type(socket) == S_IFSOCK)
  }

  @Test("explore --counterexamples: a read-only or linked P1.yaml is checked before exploring")
  func exploreCounterexampleFiles() throws {
    let folder = try TemporaryDirectory()
    let info = try folder.write(ExploreCommandTests.info, to: "info.yaml")
    let mutated = ["--mutation", "prompts-from-background"]
    let readOnly = try folder.write("keep\n", to: "ro/P3.yaml")
    #expect(chmod(readOnly, 0o444) == 0)
    let refused = CLITests.run(
      ExploreCommandTests.small(info, mutated + ["--counterexamples", folder.path("ro")]))
    #expect(refused.status == 2)
    #expect(refused.stdout == "")
    #expect(
      refused.stderr
        == "authcheck explore: error: cannot write '\(readOnly)': it is read-only; give "
        + "'--counterexamples' another folder\n")
    #expect(try String(contentsOfFile: readOnly, encoding: .utf8) == "keep\n")

    let target = try folder.write("old\n", to: "kept/P1-target.yaml")
    try FileManager.default.createDirectory(
      atPath: folder.path("linked"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("linked/P1.yaml"), withDestinationPath: target)
    let linked = CLITests.run(
      ExploreCommandTests.small(info, mutated + ["--counterexamples", folder.path("linked")]))
    #expect(linked.status == 1)
    #expect(Self.type(folder.path("linked/P1.yaml")) == S_IFLNK)
    #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("# Counterexample"))
  }
}

/// A value handed from the reader thread to the test.
private final class Received: @unchecked Sendable {
  private let condition = NSCondition()
  private var text: String?

  func set(_ value: String) {
    condition.lock()
    text = value
    condition.broadcast()
    condition.unlock()
  }

  /// The text, or `nil` after ten seconds without it.
  func wait() -> String? {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date().addingTimeInterval(10)
    while text == nil && condition.wait(until: deadline) {}
    return text
  }
}

extension SpecialReportFileTests {
  @Test("--junit naming the Info.plist a scenario or an app file reads is refused; it is kept")
  func junitOverInfoPlist() throws {
    let folder = try TemporaryDirectory()
    let plist = try folder.write(ExploreCommandTests.plist, to: "app/Info.plist")
    let scenario = try folder.write(
      "scenario: reads a plist\ninfo: Info.plist\nsteps:\n  - launch\n", to: "app/a.yaml")
    let app = try folder.write(
      AppFileCLITests.clean.replacingOccurrences(
        of: "info:\n  NSLocationWhenInUseUsageDescription: x", with: "info: '../app/Info.plist'"),
      to: "other/b.yaml")
    for input in [scenario, app] {
      let run = CLITests.run([input, "--junit", folder.path("app/./Info.plist")])
      #expect(run.status == 2)
      #expect(run.stdout.hasPrefix("PASS"))
      #expect(
        run.stderr
          == "authcheck: error: '--junit' '\(folder.path("app/./Info.plist"))' is an Info.plist "
          + "a file names; a report never replaces what the run reads: give '--junit' another "
          + "path\n")
      #expect(try String(contentsOfFile: plist, encoding: .utf8) == ExploreCommandTests.plist)
    }
  }
}

extension SpecialReportFileTests {
  @Test(
    "/dev/fd/N, /proc/self/fd/N naming a file (/dev/stdout to a file): written after the output",
    arguments: ["/dev/fd/", "/proc/self/fd/"])
  func descriptorEntry(prefix: String) throws {
    guard FileManager.default.fileExists(atPath: "/proc/self/fd") else { return }
    let folder = try TemporaryDirectory()
    let file = try folder.write("", to: "out.txt")
    var before = stat()
    #expect(stat(file, &before) == 0)
    // Opened as a shell's '>' opens standard output: not appending.
    let descriptor = open(file, O_WRONLY | O_TRUNC)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    #expect(RegularFile.write("before\n", to: descriptor) == nil)
    #expect(ReportFile.write("report\n", to: prefix + "\(descriptor)") == nil)
    #expect(RegularFile.write("after\n", to: descriptor) == nil)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "before\nreport\nafter\n")
    var after = stat()
    #expect(stat(file, &after) == 0)
    #expect(after.st_ino == before.st_ino)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.txt"])
  }
}
