import AuthScenario
import Foundation

/// Finds the scenario files named by the command line.
///
/// Nothing is lost: every path returned is run and yields one `PASS`, `FAIL` or `ERROR` line,
/// and what can't be run is returned anyway, so that `ScenarioFile.load` says why.
///
/// - A path given that can't be reached (it doesn't exist, a component of it is a file, a link
///   loop, permission denied) is a usage error: nothing runs.
/// - A file given is run whatever its name or kind (a FIFO, a socket, a device is then an
///   `ERROR`, never read).
/// - A folder given is searched recursively for `*.yaml` and `*.yml`, following links. Names
///   starting with `.` are skipped (hidden files and folders, like `.git`). Every entry with a
///   scenario extension that is not a folder is returned: a broken link, a FIFO or a file that
///   can't be read is an `ERROR`. A folder inside that can't be listed is returned too (an
///   `ERROR`), and so is any entry whose path is too long to look at, or that can't be looked
///   at for lack of permission: nothing that might be a scenario is skipped. Other entries are
///   skipped.
/// - A folder reached twice (a link loop, two links to one folder) is searched once; a file
///   reached twice (given twice, through a link, by a relative and an absolute path) runs once,
///   under the first of its paths in the order run.
enum ScenarioDiscovery {
  /// The file extensions searched for in folders.
  static let extensions: Set<String> = ["yaml", "yml"]

  struct Failure: Error, Equatable {
    let message: String
  }

  /// The files to run, in order: each file given, and the `*.yaml`/`*.yml` files of each folder
  /// given, recursively, sorted by path. A file reached twice runs once.
  static func files(for paths: [String]) -> Result<[String], Failure> {
    var files: [String] = []
    var seen = Set<String>()
    for path in paths {
      var info = stat()
      guard SystemPath.stat(path, &info) == 0 else {
        return .failure(Failure(message: unreachable(path, errno: errno)))
      }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        if seen.insert(canonical(path)).inserted { files.append(path) }
        continue
      }
      let found: [String]
      switch scan(folder: path) {
      case .success(let scanned): found = scanned
      case .failure(let failure): return .failure(failure)
      }
      guard !found.isEmpty else {
        return .failure(
          Failure(message: "no scenario files (*.yaml, *.yml) in '\(SystemPath.displayed(path))'"))
      }
      for file in found where seen.insert(canonical(file)).inserted { files.append(file) }
    }
    return .success(files)
  }

  /// The scenario files below `folder`, and its folders that can't be listed, sorted by path.
  ///
  /// Folders are searched depth first in sorted order, so that of two links to one folder the
  /// same one is searched on every run.
  private static func scan(folder: String) -> Result<[String], Failure> {
    var result: [String] = []
    var visited = Set<String>()
    var pending = [folder]
    while let current = pending.popLast() {
      guard visited.insert(canonical(current)).inserted else { continue }
      let names: [String]
      switch list(current) {
      case .success(let listed): names = listed
      case .failure(let error):
        guard current != folder else {
          let reason = RegularFile.reason(error.code)
          return .failure(
            Failure(message: "cannot read the folder '\(SystemPath.displayed(folder))': \(reason)"))
        }
        result.append(current)
        continue
      }
      var folders: [String] = []
      for name in names where !name.hasPrefix(".") {
        let path = current.hasSuffix("/") ? current + name : current + "/" + name
        let isScenario = extensions.contains((name as NSString).pathExtension.lowercased())
        var info = stat()
        if SystemPath.stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
          folders.append(path)
        } else if isScenario || errno == ENAMETOOLONG || errno == EACCES {
          // A file, or something that will say why it isn't one: a broken link, a FIFO, a
          // path too long to look at, a folder that can't be searched…
          result.append(path)
        }
      }
      pending.append(contentsOf: folders.sorted().reversed())
    }
    return .success(result.sorted())
  }

  /// The error number of a failed system call.
  private struct SystemError: Error {
    let code: Int32
  }

  /// The names in `folder`, or the error that stops listing it.
  private static func list(_ folder: String) -> Result<[String], SystemError> {
    guard let stream = SystemPath.opendir(folder) else { return .failure(SystemError(code: errno)) }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        SystemPath.string(bytes.prefix { $0 != 0 })
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return .success(names)
  }

  /// The message for a path given on the command line that `stat` can't reach.
  private static func unreachable(_ path: String, errno code: Int32) -> String {
    guard code == ENOTDIR else {
      return code == ENOENT
        ? "no such file or folder: '\(SystemPath.displayed(path))'"
        : "cannot read '\(SystemPath.displayed(path))': \(RegularFile.reason(code))"
    }
    // Name the file that stands where a folder is expected: 'a.yaml/b.yaml', 'a.yaml/'.
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      var info = stat()
      if SystemPath.stat(prefix, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR {
        return
          "no such file or folder: '\(SystemPath.displayed(path))'; '\(SystemPath.displayed(prefix))' is a file, not a folder"
      }
      prefix += "/"
    }
    return "no such file or folder: '\(SystemPath.displayed(path))'"
  }

  /// The absolute path of an existing file or folder, with links, `.` and `..` resolved, so
  /// that a relative and an absolute path to the same file compare equal.
  private static func canonical(_ path: String) -> String {
    SystemPath.resolved(path) ?? path
  }
}
