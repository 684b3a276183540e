import AuthApp
import Foundation

/// Writes the stories of app files as scenarios: `--counterexamples DIR` and `--paths DIR`.
enum AppStoryFiles {
  /// Writes every app outcome's counterexamples into `counterexamples` and its ways to fail
  /// into `paths` (either may be `nil`); returns an error message, or `nil` when all were
  /// written. A file that exists is never overwritten: that is an error.
  static func write(
    _ outcomes: [ScenarioOutcome], counterexamples: String?, paths: String?
  ) -> String? {
    for (folder, scenarios) in [
      (counterexamples, { (r: AppReport) in r.counterexamples() }),
      (paths, { (r: AppReport) in r.paths() }),
    ] {
      guard let folder else { continue }
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        return "cannot create folder '\(folder)'"
      }
      for report in outcomes.compactMap({ $0.app?.report }) {
        for scenario in scenarios(report) {
          let path = (folder as NSString).appendingPathComponent(scenario.fileName)
          guard !FileManager.default.fileExists(atPath: path) else {
            return "'\(path)' exists; authcheck does not overwrite files"
          }
          guard FileManager.default.createFile(atPath: path, contents: Data(scenario.text.utf8))
          else { return "cannot write '\(path)'" }
        }
      }
    }
    return nil
  }
}
