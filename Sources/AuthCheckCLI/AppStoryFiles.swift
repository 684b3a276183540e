import AuthApp
import AuthScenario
import Foundation

/// Writes the stories of app files as scenarios: `--counterexamples DIR` and `--paths DIR`.
enum AppStoryFiles {
  /// Writes every app outcome's counterexamples into `counterexamples` and its ways to fail
  /// into `paths` (either may be `nil`); returns an error message, or `nil` when all were
  /// written.
  ///
  /// Every path is decided, and checked to be free, before any file is written: a file that
  /// exists is never overwritten, and the run then writes nothing. Each file is written with
  /// `ReportFile.write`.
  static func write(
    _ outcomes: [ScenarioOutcome], counterexamples: String?, paths: String?
  ) -> String? {
    var planned: [(path: String, text: String)] = []
    for (folder, scenarios) in [
      (counterexamples, { (r: AppReport) in r.counterexamples() }),
      (paths, { (r: AppReport) in r.paths() }),
    ] {
      guard let folder else { continue }
      if let reason = ReportFile.createFolder(folder) {
        return "cannot create the folder '\(SystemPath.displayed(folder))': \(reason)"
      }
      for report in outcomes.compactMap({ $0.app?.report }) {
        for scenario in scenarios(report) {
          planned.append(
            ((folder as NSString).appendingPathComponent(scenario.fileName), scenario.text))
        }
      }
    }
    for file in planned {
      var info = stat()
      if SystemPath.lstat(file.path, &info) == 0 {
        return "'\(SystemPath.displayed(file.path))' exists; authcheck does not overwrite files"
      }
    }
    for file in planned {
      if let reason = ReportFile.write(file.text, to: file.path, replacing: false) {
        return "cannot write '\(SystemPath.displayed(file.path))': \(reason)"
      }
    }
    return nil
  }
}
