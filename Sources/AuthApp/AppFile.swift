import AuthModel
import AuthScenario
import Foundation

/// An app file read from disk: its text, and the app or the diagnostics that stop it.
public struct AppFile: Sendable {
  /// The path as given.
  public let path: String
  /// The file's text, for rendering source lines in reports (empty when unreadable).
  public let source: String
  /// The app, or every diagnostic that stops it, sorted by position.
  public let app: Result<AppDescription, DiagnosticError>

  /// Reads and checks the app file at `path`; a file that cannot be read is a diagnostic at 1:1
  /// saying why, as for a scenario (``ScenarioFile/load(path:)``).
  public static func load(path: String) -> AppFile {
    switch CheckFile.load(path: path) {
    case .app(let file): return file
    case .scenario(let file):
      // Not an app file: unreadable, not YAML, or without an `app` key.
      let diagnostics: [Diagnostic]
      if case .failure(let error) = file.scenario {
        diagnostics = error.diagnostics
      } else {
        diagnostics = [.error("missing required key 'app'", at: SourcePosition(line: 1, column: 1))]
      }
      return AppFile(path: path, source: file.source, app: .failure(DiagnosticError(diagnostics)))
    }
  }

  /// Checks an app file from its bytes; `path` names it and anchors a relative `info:` path.
  public static func parse(_ bytes: [UInt8], path: String) -> AppFile {
    let read = YAMLReader.read(utf8: bytes)
    return checked(read, source: String(decoding: bytes, as: UTF8.self), path: path)
  }

  static func checked(_ read: YAMLReadResult, source: String, path: String) -> AppFile {
    guard !read.hasErrors else {
      return AppFile(path: path, source: source, app: .failure(DiagnosticError(read.diagnostics)))
    }
    let app = AppSchema.check(
      read.root, loadInfoPlist: ScenarioFile.infoPlistLoader(besides: path))
    return AppFile(path: path, source: source, app: app)
  }
}

/// A file `authcheck PATH…` checks: an app file when it has an `app` key, else a scenario.
public enum CheckFile: Sendable {
  case scenario(ScenarioFile)
  case app(AppFile)

  /// Reads the file at `path` once and checks it against the schema its keys call for.
  public static func load(path: String) -> CheckFile {
    switch ScenarioFile.readSource(path: path) {
    case .success(let bytes): parse(bytes, path: path)
    case .failure: .scenario(ScenarioFile.load(path: path))
    }
  }

  /// Checks a file from its bytes.
  public static func parse(_ bytes: [UInt8], path: String) -> CheckFile {
    let read = YAMLReader.read(utf8: bytes)
    let source = String(decoding: bytes, as: UTF8.self)
    let isApp =
      read.hasErrors ? Self.hasTopLevelAppKey(source) : AppSchema.isAppFile(read.root)
    guard isApp else { return .scenario(ScenarioFile.checked(read, source: source, path: path)) }
    return .app(AppFile.checked(read, source: source, path: path))
  }

  /// Whether a line of `source` starts with the key `app:`: how a file the YAML reader rejects
  /// is still reported as the app file it was meant to be.
  static func hasTopLevelAppKey(_ source: String) -> Bool {
    source.split(whereSeparator: \.isNewline).contains {
      let line = $0.drop { $0 == "\u{FEFF}" }
      return ["app:", "\"app\":", "'app':"].contains { line.hasPrefix($0) }
    }
  }
}
