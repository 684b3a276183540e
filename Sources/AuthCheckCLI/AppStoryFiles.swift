import AuthApp
import AuthScenario
import Foundation

/// Writes the stories of app files as scenarios: `--counterexamples DIR` and `--paths DIR`.
enum AppStoryFiles {
  /// Writes every app outcome's counterexamples into `counterexamples` and its ways to fail
  /// into `paths` (either may be `nil`); returns an error message, or `nil` when all were
  /// written.
  ///
  /// Every name is decided, and every path checked to be free, before any file is written, so
  /// a run never stops half-written because of a name: file names are distinct within a folder
  /// compared without case (a case-insensitive file system holds `a.yaml` and `A.yaml` as one
  /// file), and scenario names distinct among all the stories written; stories that would
  /// share one get `-01`, `-02`… (file) and ` (01)`, ` (02)`… (scenario) in order. A file that
  /// exists is never overwritten: the run then writes nothing. Each file is written with
  /// `ReportFile.write`.
  static func write(
    _ outcomes: [ScenarioOutcome], counterexamples: String?, paths: String?
  ) -> String? {
    var planned: [(folder: String, scenario: StoryScenario)] = []
    for (folder, scenarios) in [
      (counterexamples, { (r: AppReport) in r.counterexamples() }),
      (paths, { (r: AppReport) in r.paths() }),
    ] {
      guard let folder else { continue }
      if let reason = ReportFile.createFolder(folder) {
        return "cannot create the folder '\(SystemPath.displayed(folder))': \(reason)"
      }
      for report in outcomes.compactMap({ $0.app?.report }) {
        planned += scenarios(report).map { (folder, $0) }
      }
    }
    // Two options may name one folder, by the same path or another.
    let folders = planned.map { SystemPath.resolved($0.folder) ?? $0.folder }
    let fileNames = distinct(
      planned.map(\.scenario.fileName),
      key: { index, name in folders[index] + "/" + name.lowercased() },
      numbered: { name, number in
        (name as NSString).deletingPathExtension + "-\(number)."
          + (name as NSString).pathExtension
      })
    let names = distinct(
      planned.map(\.scenario.name), key: { _, name in name },
      numbered: { name, number in "\(name) (\(number))" })
    var files: [(path: String, text: String)] = []
    for (index, (folder, scenario)) in planned.enumerated() {
      var scenario = scenario
      scenario.name = names[index]
      files.append(((folder as NSString).appendingPathComponent(fileNames[index]), scenario.text))
    }
    for file in files {
      var info = stat()
      if SystemPath.lstat(file.path, &info) == 0 {
        return "'\(SystemPath.displayed(file.path))' exists; authcheck does not overwrite files"
      }
    }
    for file in files {
      if let reason = ReportFile.write(file.text, to: file.path, replacing: false) {
        return "cannot write '\(SystemPath.displayed(file.path))': \(reason)"
      }
    }
    return nil
  }

  /// `names`, each made distinct from the others where `key` (given each name's index) says
  /// two are the same: every name of a group that shares a key is `numbered` with `01`, `02`…
  /// in order (more digits for a group of 100 or more), skipping a number whose name is taken.
  static func distinct(
    _ names: [String], key: (Int, String) -> String,
    numbered: (String, String) -> String
  ) -> [String] {
    let keys = names.enumerated().map { key($0, $1) }
    var counts: [String: Int] = [:]
    for key in keys { counts[key, default: 0] += 1 }
    var taken = Set(keys.filter { counts[$0] == 1 })
    var last: [String: Int] = [:]
    return names.enumerated().map { index, name in
      let group = keys[index]
      let count = counts[group]!
      guard count > 1 else { return name }
      var number = last[group, default: 0]
      var candidate: String
      var candidateKey: String
      repeat {
        number += 1
        candidate = numbered(name, StoryScenario.padded(number, width: String(count).count))
        candidateKey = key(index, candidate)
      } while taken.contains(candidateKey)
      last[group] = number
      taken.insert(candidateKey)
      return candidate
    }
  }
}
