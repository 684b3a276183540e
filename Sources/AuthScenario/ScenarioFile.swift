import AuthModel
import Foundation

/// A scenario file read from disk: its text, and the scenario or the diagnostics that stop it.
public struct ScenarioFile: Sendable {
  /// The largest scenario file read.
  public static let maximumBytes = YAMLReader.maximumInputLength

  /// The path as given.
  public let path: String
  /// The file's text, for rendering source lines in reports (empty when unreadable).
  public let source: String
  /// The scenario, or every diagnostic that stops it, sorted by position.
  public let scenario: Result<Scenario, DiagnosticError>

  package init(path: String, source: String, scenario: Result<Scenario, DiagnosticError>) {
    self.path = path
    self.source = source
    self.scenario = scenario
  }

  /// Reads and checks the file at `path`.
  ///
  /// A file that cannot be read is a diagnostic at 1:1 saying why: it does not exist (any
  /// more), it is a folder, a FIFO, a socket or a device, or it is larger than `maximumBytes`.
  /// Only a regular file is ever opened, and never in a way that blocks, so a FIFO named by a
  /// scenario path cannot hang the run.
  public static func load(path: String) -> ScenarioFile {
    switch readSource(path: path) {
    case .success(let bytes): parse(bytes, path: path)
    case .failure(let failure): unreadable(path, failure.message)
    }
  }

  /// The bytes of the file at `path`, at most `maximumBytes` of them, or why it can't be read
  /// (as ``load(path:)`` describes); app files are read the same way.
  package static func readSource(path: String) -> Result<[UInt8], UnreadableFile> {
    switch RegularFile.read(path: path, maximumBytes: maximumBytes) {
    case .success(let bytes):
      return .success(bytes)
    case .failure(.tooLarge):
      return .failure(UnreadableFile(YAMLMessage.fileTooLarge(maximumBytes)))
    case .failure(.folder):
      // A folder inside a searched folder is only run when it could not be listed.
      if let folder = SystemPath.opendir(path) {
        closedir(folder)
        return .failure(UnreadableFile("cannot read the file: it is a folder, not a scenario file"))
      }
      return .failure(UnreadableFile("cannot read the folder: \(RegularFile.reason(errno))"))
    case .failure(let error):
      return .failure(UnreadableFile("cannot read the file: \(error.reason)"))
    }
  }

  /// Checks a scenario from its bytes; `path` names it and anchors a relative `info:` path.
  public static func parse(_ bytes: [UInt8], path: String) -> ScenarioFile {
    checked(
      YAMLReader.read(utf8: bytes), source: String(decoding: bytes, as: UTF8.self), path: path)
  }

  /// Checks a scenario the reader has read from `source`.
  package static func checked(_ read: YAMLReadResult, source: String, path: String)
    -> ScenarioFile
  {
    if read.hasErrors {
      return ScenarioFile(
        path: path, source: source, scenario: .failure(DiagnosticError(read.diagnostics)))
    }
    let scenario = ScenarioSchema.check(read.root, loadInfoPlist: infoPlistLoader(besides: path))
    return ScenarioFile(path: path, source: source, scenario: scenario)
  }

  /// Reads the Info.plist files that the file at `path` names: a relative path is taken from
  /// the file's folder.
  package static func infoPlistLoader(besides path: String) -> ScenarioSchema.InfoPlistLoader {
    { InfoPlistFile.read(path: infoPlistPath($0, besides: path)) }
  }

  /// The path of the Info.plist that the file at `path` names `infoPath`: a relative path is
  /// taken from the file's folder.
  package static func infoPlistPath(_ infoPath: String, besides path: String) -> String {
    let directory = SystemPath.parent(of: path)
    return infoPath.hasPrefix("/") || directory.isEmpty
      ? infoPath : (directory as NSString).appendingPathComponent(infoPath)
  }

  private static func unreadable(_ path: String, _ message: String) -> ScenarioFile {
    ScenarioFile(
      path: path, source: "",
      scenario: .failure(DiagnosticError([.error(message, at: SourcePosition(line: 1, column: 1))]))
    )
  }
}

/// Why a file named on the command line could not be read, in words for a diagnostic at 1:1.
package struct UnreadableFile: Error, Hashable, Sendable {
  package let message: String
  package init(_ message: String) { self.message = message }
}
