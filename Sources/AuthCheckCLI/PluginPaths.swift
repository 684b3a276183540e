import AuthScenario
import Foundation

/// What `swift package authcheck …` (the package's command plugin, `Plugins/AuthCheckPlugin`)
/// asks of the executable it runs: every path inside the package, and leave to write where a
/// report goes.
///
/// The plugin runs the executable in the package's directory with the package's path in the
/// environment variable `AUTHCHECK_PLUGIN_PACKAGE_DIRECTORY`; the executable then checks the
/// paths its own options name, before any work, and refuses with a usage error (exit 2):
/// - a path that is outside the package, read or written, once `..`, absolute paths and links
///   are resolved (a link inside the package that leads out of it is outside);
/// - a report (`--junit`, `--counterexamples`) where the plugin may not write. SwiftPM lets a
///   command plugin write only to the folders the user allowed (its sandbox on macOS), so the
///   message names the options that allow it.
struct PluginPaths {
  /// The environment variable by which the plugin names the package's directory.
  static let environmentKey = "AUTHCHECK_PLUGIN_PACKAGE_DIRECTORY"

  /// The package's directory, absolute, as the plugin gave it.
  let package: String

  /// The plugin's paths when `environment` says the executable runs under the plugin.
  init?(environment: [String: String]) {
    guard let package = environment[Self.environmentKey], package.hasPrefix("/") else {
      return nil
    }
    self.package = package
  }

  init(package: String) { self.package = package }

  /// `parsed`, or the first problem with the paths its options name when running under the
  /// plugin.
  static func vet<Options: PathOptions>(
    _ parsed: Result<Options, RunOptions.UsageError>, under plugin: PluginPaths?
  ) -> Result<Options, RunOptions.UsageError> {
    guard let plugin, case .success(let options) = parsed,
      let problem = plugin.problem(reading: options.pathsRead, writing: options.pathsWritten)
    else { return parsed }
    return .failure(problem)
  }

  /// The first problem with the paths read (`reading`) and the reports written (`writing`),
  /// or `nil` when the plugin may go on.
  func problem(reading: [String], writing: [String]) -> RunOptions.UsageError? {
    for path in reading + writing where !isInside(path) {
      return .init(
        message: "'\(path)' is outside the package directory '\(package)'; "
          + "'swift package authcheck' reads and writes only inside the package")
    }
    for path in writing {
      if let reason = writeRefusal(path) {
        return .init(
          message: "cannot write '\(path)': \(reason); SwiftPM lets a plugin write only where "
            + "it is allowed to: 'swift package --allow-writing-to-package-directory authcheck …' "
            + "(or '--allow-writing-to-directory FOLDER')")
      }
    }
    return nil
  }

  /// Whether `path`, relative to the package's directory, names something inside it, once
  /// links are followed: a link inside the package that leads out of it leads outside.
  func isInside(_ path: String) -> Bool {
    let root = Self.components(Self.resolved(package, in: "/"))
    return Self.components(Self.resolved(path, in: package)).starts(with: root)
  }

  private static func components(_ path: String) -> [String] {
    path.split(separator: "/").filter { $0 != "." }.map(String.init)
  }

  /// `path`, relative to `folder` unless absolute, with every link in the part that exists
  /// resolved (the real path of its longest existing prefix) and `.` and `..` applied; the
  /// part that doesn't exist yet is applied as written. A dangling link is followed to the
  /// path it names, where a report would be created.
  static func resolved(_ path: String, in folder: String, depth: Int = 0) -> String {
    var current = path.hasPrefix("/") ? "/" : resolved(folder, in: "/", depth: depth)
    var exists = true
    for component in path.split(separator: "/").map(String.init) {
      switch component {
      case ".": continue
      case "..": current = SystemPath.parent(of: current)
      default:
        let next = (current as NSString).appendingPathComponent(component)
        var info = stat()
        if exists, SystemPath.lstat(next, &info) == 0, let real = SystemPath.resolved(next) {
          current = real
        } else if exists, info.st_mode & S_IFMT == S_IFLNK, depth < 40,
          let text = SystemPath.linkText(next)
        {
          exists = false
          current = resolved(text, in: current, depth: depth + 1)
        } else {
          exists = false
          current = next
        }
      }
    }
    return current
  }

  /// Why nothing can be created where `path` goes (its nearest existing folder: a report's
  /// folder, or a counterexample folder not made yet), or `nil` if a file can be. Tries with a
  /// fresh file, removed at once; a folder that doesn't exist is left for the report's writer
  /// to explain.
  func writeRefusal(_ path: String) -> String? {
    var folder = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: package))
      .standardizedFileURL
    var isDirectory: ObjCBool = false
    let fileManager = FileManager.default
    while !(fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory)
      && isDirectory.boolValue)
    {
      let parent = folder.deletingLastPathComponent()
      if parent.path == folder.path { return nil }
      folder = parent
    }
    let probe = folder.appendingPathComponent(".authcheck-write-check-\(UUID().uuidString)").path
    let descriptor = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      guard code == EACCES || code == EPERM || code == EROFS else { return nil }
      return String(cString: strerror(code))
    }
    close(descriptor)
    unlink(probe)
    return nil
  }
}

/// Options that name files: the ones read, and the reports written.
protocol PathOptions {
  var pathsRead: [String] { get }
  var pathsWritten: [String] { get }
}

extension RunOptions: PathOptions {
  var pathsRead: [String] { paths }
  var pathsWritten: [String] { [junit, counterexamples, storyPaths].compactMap { $0 } }
}

extension ExploreOptions: PathOptions {
  var pathsRead: [String] { infoPath.map { [$0] } ?? [] }
  var pathsWritten: [String] { counterexamples.map { [$0] } ?? [] }
}
