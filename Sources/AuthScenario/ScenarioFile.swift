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

  /// Reads and checks the file at `path`. An unreadable file is a diagnostic at 1:1.
  public static func load(path: String) -> ScenarioFile {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      return unreadable(path, "cannot read the file")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
    } catch {
      return unreadable(path, "cannot read the file")
    }
    guard data.count <= maximumBytes else {
      return unreadable(path, "file is larger than \(maximumBytes) bytes")
    }
    return parse(Array(data), path: path)
  }

  /// Checks a scenario from its bytes; `path` names it and anchors a relative `info:` path.
  public static func parse(_ bytes: [UInt8], path: String) -> ScenarioFile {
    let read = YAMLReader.read(utf8: bytes)
    let source = String(decoding: bytes, as: UTF8.self)
    if read.hasErrors {
      return ScenarioFile(path: path, source: source, scenario: .failure(DiagnosticError(read.diagnostics)))
    }
    let directory = (path as NSString).deletingLastPathComponent
    let scenario = ScenarioSchema.check(read.root) { infoPath in
      let resolved =
        infoPath.hasPrefix("/") || directory.isEmpty
        ? infoPath : (directory as NSString).appendingPathComponent(infoPath)
      return InfoPlistFile.read(path: resolved)
    }
    return ScenarioFile(path: path, source: source, scenario: scenario)
  }

  private static func unreadable(_ path: String, _ message: String) -> ScenarioFile {
    ScenarioFile(
      path: path, source: "",
      scenario: .failure(DiagnosticError([.error(message, at: SourcePosition(line: 1, column: 1))])))
  }
}
