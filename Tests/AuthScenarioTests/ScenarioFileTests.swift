import Foundation
import TestSupport
import Testing

@testable import AuthScenario

/// Reading scenario files from disk: only regular files are read, never in a way that blocks,
/// and whatever can't be read says why at 1:1.
///
/// The tests run as root here, where permissions stop nothing; unreadable files are made of
/// FIFOs, sockets, folders, link loops, files that vanish and paths through a file.
@Suite struct ScenarioFileTests {
  static let passing = "scenario: s\nsteps:\n  - launch\n"

  /// The diagnostics of the file at `path`, as `line:column: severity: message`.
  static func diagnostics(_ path: String) -> [String] {
    switch ScenarioFile.load(path: path).scenario {
    case .success: []
    case .failure(let error): error.diagnostics.map(\.description)
    }
  }

  @Test("reads a regular file")
  func readsFile() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(Self.passing, to: "a.yaml")
    let file = ScenarioFile.load(path: path)
    #expect(file.source == Self.passing)
    #expect(try file.scenario.get().name == "s")
  }

  @Test("a FIFO is refused without being opened, so the read cannot hang")
  func refusesFIFO() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.makeFIFO("pipe.yaml")
    #expect(
      Self.diagnostics(path)
        == ["1:1: error: cannot read the file: it is a FIFO, not a regular file"])
  }

  @Test("a socket is refused")
  func refusesSocket() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.makeSocket("socket.yaml")
    #expect(
      Self.diagnostics(path)
        == ["1:1: error: cannot read the file: it is a socket, not a regular file"])
  }

  @Test("a device is refused")
  func refusesDevice() {
    #expect(
      Self.diagnostics("/dev/zero")
        == ["1:1: error: cannot read the file: it is a device, not a regular file"])
  }

  @Test("a folder is refused")
  func refusesFolder() throws {
    let folder = try TemporaryDirectory()
    #expect(
      Self.diagnostics(folder.url.path)
        == ["1:1: error: cannot read the file: it is a folder, not a scenario file"])
  }

  @Test("a file that is gone is an error, not a skip")
  func vanishedFile() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(Self.passing, to: "gone.yaml")
    try FileManager.default.removeItem(atPath: path)
    #expect(Self.diagnostics(path) == ["1:1: error: cannot read the file: no such file or folder"])
  }

  @Test("a path through a file is an error")
  func pathThroughFile() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.write(Self.passing, to: "a.yaml")
    #expect(
      Self.diagnostics(file + "/b.yaml")
        == ["1:1: error: cannot read the file: a component of the path is not a folder"])
  }

  @Test("a symbolic link loop is an error")
  func linkLoop() throws {
    let folder = try TemporaryDirectory()
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: folder.path("a.yaml"), withDestinationPath: "b.yaml")
    try manager.createSymbolicLink(atPath: folder.path("b.yaml"), withDestinationPath: "a.yaml")
    #expect(
      Self.diagnostics(folder.path("a.yaml"))
        == ["1:1: error: cannot read the file: too many levels of symbolic links"])
  }

  @Test("a file of exactly the limit is read; one byte more is refused unread")
  func sizeLimit() throws {
    let folder = try TemporaryDirectory()
    let limit = ScenarioFile.maximumBytes
    // Comment lines of 100 bytes, then one shorter, to exactly the limit.
    let room = limit - Self.passing.utf8.count
    let padding =
      String(repeating: String(repeating: "#", count: 99) + "\n", count: room / 100)
      + String(repeating: "#", count: room % 100 - 1) + "\n"
    let fits = try folder.write(Self.passing + padding, to: "fits.yaml")
    #expect(Self.diagnostics(fits) == [])
    let tooLarge = try folder.write(Self.passing + "#" + padding, to: "large.yaml")
    let file = ScenarioFile.load(path: tooLarge)
    #expect(file.source == "")
    #expect(Self.diagnostics(tooLarge) == ["1:1: error: file is larger than \(limit) bytes"])
  }

  @Test("an Info.plist path naming a FIFO or a folder is an error at the path, without hanging")
  func infoPlistNotAFile() throws {
    let folder = try TemporaryDirectory()
    try folder.makeFIFO("Pipe.plist")
    try FileManager.default.createDirectory(
      atPath: folder.path("Folder.plist"), withIntermediateDirectories: false)
    let marked = MarkedSource(
      "scenario: s\ninfo: 1️⃣Pipe.plist\nsteps: [launch]\n")
    let pipe = try folder.write(marked.text, to: "pipe.yaml")
    #expect(
      Self.diagnostics(pipe) == [
        "\(marked[0]): error: cannot read Info.plist file '\(folder.path("Pipe.plist"))': "
          + "it is a FIFO, not a regular file"
      ])
    let inFolder = try folder.write(
      marked.text.replacingOccurrences(of: "Pipe", with: "Folder"), to: "folder.yaml")
    #expect(
      Self.diagnostics(inFolder) == [
        "\(marked[0]): error: cannot read Info.plist file '\(folder.path("Folder.plist"))': "
          + "it is a folder, not a file"
      ])
  }
}
