import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// Finding scenario files on hostile file systems: nothing hangs, nothing is lost, nothing runs
/// twice. Every file found yields exactly one `PASS`, `FAIL` or `ERROR` line, and the count adds
/// up to the lines.
@Suite struct ScenarioDiscoveryTests {
  typealias Run = CLITests.Run

  static func run(_ arguments: [String]) -> Run { CLITests.run(arguments) }

  /// Checks that the last line counts exactly the per-file lines.
  static func expectCountAddsUp(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) {
    let passed = run.fileLines.filter { $0.hasPrefix("PASS ") }.count
    let failed = run.fileLines.count - passed
    #expect(
      run.lines.suffix(2) == ["authcheck: \(passed) passed, \(failed) failed", ""],
      sourceLocation: sourceLocation)
  }

  static func link(_ path: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
  }

  // MARK: Files that are not files

  @Test("a FIFO given on the command line is an ERROR at once, not a hang")
  func fifoGiven() throws {
    let folder = try TemporaryDirectory()
    let pipe = try folder.makeFIFO("pipe.yaml")
    let good = try folder.write(CLITests.passing("good"), to: "good.yaml")
    let run = Self.run([pipe, good])
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        ERROR \(pipe)
        \(pipe):1:1: error: cannot read the file: it is a FIFO, not a regular file
        PASS good (\(good))
        authcheck: 1 passed, 1 failed

        """)
  }

  @Test("a FIFO, a socket and a broken link named *.yaml in a folder are ERRORs, counted")
  func specialFilesInFolder() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("good"), to: "a.yaml")
    try folder.makeFIFO("b.yaml")
    try folder.makeSocket("c.yaml")
    try Self.link(folder.path("d.yaml"), to: "missing.yaml")
    let run = Self.run([folder.url.path])
    #expect(run.status == 1)
    #expect(
      run.fileLines == [
        "PASS good (\(folder.path("a.yaml")))", "ERROR \(folder.path("b.yaml"))",
        "ERROR \(folder.path("c.yaml"))", "ERROR \(folder.path("d.yaml"))",
      ])
    #expect(run.stdout.contains("c.yaml:1:1: error: cannot read the file: it is a socket"))
    #expect(
      run.stdout.contains("d.yaml:1:1: error: cannot read the file: no such file or folder"))
    Self.expectCountAddsUp(run)
  }

  @Test("a broken link or a FIFO without a scenario extension is skipped like any other file")
  func otherSpecialFilesSkipped() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("good"), to: "a.yaml")
    try Self.link(folder.path("notes"), to: "missing")
    try folder.makeFIFO("pipe")
    let run = Self.run([folder.url.path])
    #expect(run.status == 0)
    #expect(run.fileLines == ["PASS good (\(folder.path("a.yaml")))"])
  }

  @Test("a file that vanishes after it was found is an ERROR, not a skip")
  func vanishedFile() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(CLITests.passing("gone"), to: "gone.yaml")
    let found = try ScenarioDiscovery.files(for: [folder.url.path]).get()
    #expect(found == [path])
    try FileManager.default.removeItem(atPath: path)
    let outcome = ScenarioOutcome.run(path: path)
    #expect(!outcome.passed)
    #expect(
      ScenarioReport(color: false).render(outcome).hasPrefix(
        "ERROR \(path)\n\(path):1:1: error: cannot read the file: no such file or folder\n"))
  }

  // MARK: Folders and files in each other's place

  @Test("a folder named like a scenario file is searched, not read")
  func folderNamedYAML() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("inner"), to: "suite.yaml/inner.yaml")
    let run = Self.run([folder.url.path])
    #expect(run.status == 0)
    #expect(run.fileLines == ["PASS inner (\(folder.path("suite.yaml/inner.yaml")))"])
  }

  @Test(
    "a file given where a folder is expected exits 2, naming the file",
    arguments: ["a.yaml/", "a.yaml/b.yaml", "a.yaml/sub/c.yaml"])
  func fileAsFolder(_ name: String) throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let path = folder.url.path + "/" + name
    let run = Self.run([path])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck: error: no such file or folder: '\(path)'; '\(file)' is a file, not a folder\n"
    )
  }

  @Test("a link loop given on the command line exits 2")
  func linkLoopGiven() throws {
    let folder = try TemporaryDirectory()
    try Self.link(folder.path("a"), to: "b")
    try Self.link(folder.path("b"), to: "a")
    let run = Self.run([folder.path("a")])
    #expect(run.status == 2)
    #expect(
      run.stderr
        == "authcheck: error: cannot read '\(folder.path("a"))': too many levels of symbolic links\n"
    )
  }

  // MARK: Links and duplicates

  @Test("link loops inside folders terminate, and each real file runs once")
  func linkLoops() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("top"), to: "top.yaml")
    try folder.write(CLITests.passing("deep"), to: "sub/deep.yaml")
    try Self.link(folder.path("sub/up"), to: "..")
    try Self.link(folder.path("sub/self"), to: ".")
    try Self.link(folder.path("sub/root"), to: folder.url.path)
    try Self.link(folder.path("sub/loop1"), to: "loop2")
    try Self.link(folder.path("sub/loop2"), to: "loop1")
    try Self.link(folder.path("alias.yaml"), to: "top.yaml")
    try Self.link(folder.path("other"), to: "sub")
    let run = Self.run([folder.url.path, folder.path("sub"), folder.path("top.yaml")])
    #expect(run.status == 0)
    // Each real file runs once, under the first of its paths in sorted order.
    #expect(
      run.fileLines == [
        "PASS top (\(folder.path("alias.yaml")))", "PASS deep (\(folder.path("other/deep.yaml")))",
      ])
    Self.expectCountAddsUp(run)
  }

  @Test("a link loop named *.yaml in a folder is an ERROR")
  func linkLoopNamedYAML() throws {
    let folder = try TemporaryDirectory()
    try Self.link(folder.path("a.yaml"), to: "b.yaml")
    try Self.link(folder.path("b.yaml"), to: "a.yaml")
    let run = Self.run([folder.url.path])
    #expect(run.status == 1)
    #expect(run.fileLines == ["ERROR \(folder.path("a.yaml"))", "ERROR \(folder.path("b.yaml"))"])
    #expect(run.stdout.contains("error: cannot read the file: too many levels of symbolic links"))
  }

  @Test("the same file given twice, and through a link, runs once")
  func sameFileTwice() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(CLITests.passing("once"), to: "once.yaml")
    try Self.link(folder.path("link.yaml"), to: path)
    let run = Self.run([path, folder.path("link.yaml"), path])
    #expect(run.stdout == "PASS once (\(path))\nauthcheck: 1 passed, 0 failed\n")
  }

  // MARK: What is skipped

  @Test("hidden files and folders are skipped in folders, but run when given")
  func hiddenFiles() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("shown"), to: "shown.yaml")
    let hidden = try folder.write(CLITests.passing("hidden"), to: ".hidden.yaml")
    try folder.write(CLITests.passing("in hidden folder"), to: ".git/inside.yaml")
    let run = Self.run([folder.url.path])
    #expect(run.fileLines == ["PASS shown (\(folder.path("shown.yaml")))"])
    #expect(Self.run([hidden]).fileLines == ["PASS hidden (\(hidden))"])
    let inHiddenFolder = Self.run([folder.path(".git")])
    #expect(
      inHiddenFolder.fileLines == ["PASS in hidden folder (\(folder.path(".git/inside.yaml")))"])
  }

  @Test("non-YAML files in folders are skipped; a file given is run whatever its name")
  func nonYAMLFiles() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("scenario"), to: "a.YAML")
    try folder.write("not yaml at all: [", to: "notes.txt")
    try folder.write(Data([0xFF, 0xD8, 0xFF, 0x00]), to: "photo.jpg")
    let named = try folder.write(CLITests.passing("named"), to: "scenario.txt")
    let run = Self.run([folder.url.path, named])
    #expect(run.status == 0)
    #expect(
      run.fileLines == ["PASS scenario (\(folder.path("a.YAML")))", "PASS named (\(named))"])
  }

  // MARK: Nothing lost

  @Test("3,000 files: every one runs and is counted")
  func thousandsOfFiles() throws {
    let folder = try TemporaryDirectory()
    let count = 3_000
    for index in 0..<count {
      let text = index % 100 == 0 ? CLITests.failing("f\(index)") : CLITests.passing("p\(index)")
      try folder.write(text, to: "group\(index % 10)/s\(index).yaml")
    }
    let run = Self.run([folder.url.path])
    #expect(run.status == 1)
    #expect(run.fileLines.count == count)
    #expect(Set(run.fileLines).count == count)
    #expect(run.lines.suffix(2) == ["authcheck: 2970 passed, 30 failed", ""])
  }

  @Test("passing, failing, invalid and unreadable files: one line each, the count adds up")
  func nothingLost() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("pass"), to: "1.yaml")
    try folder.write(CLITests.failing("fail"), to: "2.yaml")
    try folder.write(CLITests.invalid, to: "3.yaml")
    try folder.write(Data([0x73, 0xC3, 0x28]), to: "4.yaml")
    try folder.write("", to: "5.yaml")
    try folder.makeFIFO("6.yaml")
    try Self.link(folder.path("7.yaml"), to: "nowhere")
    try folder.write(
      Data(repeating: 0x23, count: 1_048_576 + 1), to: "8.yaml")
    let run = Self.run([folder.url.path])
    #expect(run.status == 1)
    #expect(
      run.fileLines.map { $0.prefix { $0 != " " } } == [
        "PASS", "FAIL", "ERROR", "ERROR", "ERROR", "ERROR", "ERROR", "ERROR",
      ])
    #expect(run.lines.suffix(2) == ["authcheck: 1 passed, 7 failed", ""])
    #expect(run.stdout.contains("8.yaml:1:1: error: file is larger than 1048576 bytes"))
  }
}
