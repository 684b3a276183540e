import Foundation

/// Finds the scenario files named by the command line.
enum ScenarioDiscovery {
  /// The file extensions searched for in folders.
  static let extensions: Set<String> = ["yaml", "yml"]

  struct Failure: Error, Equatable {
    let message: String
  }

  /// The files to run, in order: each file given, and the `*.yaml`/`*.yml` files of each folder
  /// given, recursively, sorted by path. A path given twice runs once.
  static func files(for paths: [String]) -> Result<[String], Failure> {
    var files: [String] = []
    var seen = Set<String>()
    let fm = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
        return .failure(Failure(message: "no such file or folder: '\(path)'"))
      }
      if !isDirectory.boolValue {
        if seen.insert(canonical(path)).inserted { files.append(path) }
        continue
      }
      let found = scan(folder: path)
      guard !found.isEmpty else {
        return .failure(Failure(message: "no scenario files (*.yaml, *.yml) in '\(path)'"))
      }
      for file in found where seen.insert(canonical(file)).inserted { files.append(file) }
    }
    return .success(files)
  }

  /// The scenario files below `folder`, sorted; folders reached twice through links are
  /// searched once.
  private static func scan(folder: String) -> [String] {
    var result: [String] = []
    var visited = Set<String>()
    var pending = [folder]
    let fm = FileManager.default
    while let current = pending.popLast() {
      guard visited.insert(canonical(current)).inserted,
        let names = try? fm.contentsOfDirectory(atPath: current)
      else { continue }
      for name in names where !name.hasPrefix(".") {
        let path = current.hasSuffix("/") ? current + name : current + "/" + name
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
        if isDirectory.boolValue {
          pending.append(path)
        } else if extensions.contains((name as NSString).pathExtension.lowercased()) {
          result.append(path)
        }
      }
    }
    return result.sorted()
  }

  /// The absolute path of an existing file or folder, with links, `.` and `..` resolved, so
  /// that a relative and an absolute path to the same file compare equal.
  private static func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
