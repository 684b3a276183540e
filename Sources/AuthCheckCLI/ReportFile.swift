import AuthScenario
import Foundation

/// Where reports are written (`--junit`, `--counterexamples`): never over a scenario, never
/// half a file.
///
/// A report goes to a temporary file beside its target, which is renamed into place once it is
/// complete, so a failed write leaves the target as it was, and a reader sees the old report or
/// the new one, never a part. A report path that is one of the inputs, or that names an
/// existing `*.yaml` or `*.yml` file, is refused before anything runs.
enum ReportFile {
  struct Failure: Error, Equatable {
    let message: String
  }

  /// Why `path`, given to `option`, can't take a report, or `nil` when it can.
  ///
  /// - Parameter inputs: the files and folders the run reads; a report over one of them (by
  ///   the same file, whatever the path that names it) is refused.
  static func refusal(_ path: String, option: String, inputs: [String]) -> String? {
    var target = stat()
    guard SystemPath.stat(path, &target) == 0 else { return nil }
    let name = "'\(option)' '\(SystemPath.displayed(path))'"
    if target.st_mode & S_IFMT == S_IFDIR, option == "--junit" {
      return "\(name) is a folder; '--junit' takes the path of a file"
    }
    if isOne(of: inputs, target) {
      return "\(name) is one of the inputs; a report never replaces what the run reads"
    }
    let resolved = SystemPath.resolved(path) ?? path
    if target.st_mode & S_IFMT != S_IFDIR, isScenarioName(path) || isScenarioName(resolved) {
      return "\(name) is an existing scenario file; a report never replaces a .yaml or .yml file"
    }
    return nil
  }

  /// Whether the file `path` is one of `inputs`, whatever the paths that name them.
  static func isOne(of inputs: [String], _ path: String) -> Bool {
    var target = stat()
    return SystemPath.stat(path, &target) == 0 && isOne(of: inputs, target)
  }

  private static func isOne(of inputs: [String], _ target: stat) -> Bool {
    inputs.contains { input in
      var info = stat()
      return SystemPath.stat(input, &info) == 0 && info.st_dev == target.st_dev
        && info.st_ino == target.st_ino
    }
  }

  /// Whether `path` ends in `.yaml` or `.yml`, in any case.
  static func isScenarioName(_ path: String) -> Bool {
    ScenarioDiscovery.extensions.contains((path as NSString).pathExtension.lowercased())
  }

  /// Writes `text` to `path` through a temporary file beside it, renamed into place.
  ///
  /// The file gets the permissions of the file it replaces, or for a new file those the umask
  /// leaves of `rw-rw-rw-`.
  ///
  /// - Returns: why it failed, as the end of a sentence (`permission denied`), or `nil`.
  static func write(_ text: String, to path: String) -> String? {
    var existing = stat()
    let exists = SystemPath.stat(path, &existing) == 0
    if exists && existing.st_mode & S_IFMT == S_IFDIR { return "it is a folder" }
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let template = (folder.isEmpty ? "" : folder + "/") + ".\(name).authcheck-XXXXXX"
    var temporary = Array(SystemPath.bytes(template)) + [0]
    let descriptor = temporary.withUnsafeMutableBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { mkstemp($0.baseAddress!) }
    }
    guard descriptor >= 0 else { return RegularFile.reason(errno) }
    let temporaryPath = SystemPath.string(temporary.dropLast())
    var failure: String?
    let mask = umask(0)
    umask(mask)
    let mode = exists ? existing.st_mode & 0o7777 : 0o666 & ~mask
    if fchmod(descriptor, mode) != 0 {
      failure = RegularFile.reason(errno)
    } else if let code = RegularFile.write(text, to: descriptor) {
      failure = RegularFile.reason(code)
    } else if fsync(descriptor) != 0 {
      failure = RegularFile.reason(errno)
    }
    if close(descriptor) != 0 && failure == nil { failure = RegularFile.reason(errno) }
    if failure == nil && SystemPath.rename(temporaryPath, to: path) != 0 {
      failure = RegularFile.reason(errno)
    }
    if failure != nil { _ = SystemPath.unlink(temporaryPath) }
    return failure
  }
}
