import AuthApp
import AuthModel
import AuthScenario
import Foundation

/// libFuzzer's entry point: the whole pipeline on one input, and the Info.plist reader on the
/// same bytes.
///
/// Reads the bytes as authcheck reads a file it is given: a scenario, or an app file when it
/// has an `app` key. A valid scenario runs; a valid app file is checked statically, explored
/// (up to ``fuzzMaxStates`` states) and drawn as a journey and a full diagram in both formats,
/// and its stories are written as scenario files into a temporary folder. Every report is written as authcheck
/// does: the text report, the GitHub annotations, the JUnit XML and the JSON document. A crash,
/// a hang, a leak or a memory error anywhere on the way is a finding, and so is a broken
/// promise: an invalid file with no diagnostic, a position before 1:1, diagnostics out of order
/// or beyond the cap; a text report with a control character that could forge a line, or a
/// second result line; an annotation that is not one line; output beyond a few kilobytes a
/// diagnostic; an XML report with a character XML 1.0 forbids; a JSON report that doesn't read
/// back. Bytes that start as a plist does are also read as an Info.plist (XML or binary), which
/// must be read or refused. `info:` paths resolve into a folder that does not exist, so the
/// fuzzer never reads files.
///
/// An input whose first line starts with `#!args ` is a command line instead (``fuzzCommand``).
///
/// Built with the sources of AuthCheckCLI in the same module (Fuzz/run), so the target calls
/// the report writers as the command does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if bytes.starts(with: Array(commandMarker.utf8)) {
    fuzzCommand(bytes)
    return 0
  }
  let color = size % 2 == 0
  switch CheckFile.parse(bytes, path: fuzzPath) {
  case .scenario(let file): fuzzScenario(file, color: color)
  case .app(let file): fuzzApp(file, color: color)
  }
  fuzzInfoPlist(bytes)
  return 0
}

/// Where the input is said to be: a folder that does not exist, so `info:` reads nothing.
let fuzzPath = "/nonexistent-fuzz-folder/fuzz.yaml"

/// The most states an app file's exploration stores here: enough for every example app, and
/// few enough that an input is checked in well under libFuzzer's timeout.
let fuzzMaxStates = 20_000

/// Checks what a diagnostic promises: 1-based positions, messages of bounded length, sorted,
/// at most the cap of errors and its note, and at least one error for an invalid file.
func checkDiagnostics(_ diagnostics: [Diagnostic]) {
  precondition(!diagnostics.isEmpty, "an invalid file with no diagnostic")
  precondition(diagnostics.contains { $0.severity == .error }, "an invalid file with no error")
  precondition(diagnostics.count <= YAMLReader.maximumErrorCount + 1, "too many diagnostics")
  for diagnostic in diagnostics {
    precondition(diagnostic.position.line >= 1 && diagnostic.position.column >= 1)
    precondition(diagnostic.message.count <= Diagnostic.maximumMessageLength)
  }
  precondition(Diagnostic.sortedByPosition(diagnostics) == diagnostics, "diagnostics out of order")
}

/// The scenario pipeline and its reports.
func fuzzScenario(_ file: ScenarioFile, color: Bool) {
  var result: ScenarioResult?
  switch file.scenario {
  case .success(let scenario):
    let ran = ScenarioRunner.run(scenario)
    if let failure = ran.failure {
      precondition(failure.position.line >= 1 && failure.position.column >= 1)
    }
    result = ran
  case .failure(let error):
    checkDiagnostics(error.diagnostics)
  }
  let outcome = ScenarioOutcome(file: file, result: result)
  // What bounds a report: its diagnostics, or the steps a failure lists.
  let bound = max(1, outcome.diagnostics.count) + (result?.failure?.stepsTaken.count ?? 0)
  checkReports(outcome, color: color, bound: bound)
}

/// The app-file pipeline: static checks and exploration, the reports, the diagram in both
/// formats, and the stories written as files.
func fuzzApp(_ file: AppFile, color: Bool) {
  if case .failure(let error) = file.app { checkDiagnostics(error.diagnostics) }
  let app = AppOutcome(file, limits: AppLimits(maxStates: fuzzMaxStates, limit: "--max-states"))
  let outcome = ScenarioOutcome(
    file: ScenarioFile(
      path: file.path, source: file.source, scenario: .failure(DiagnosticError([]))),
    result: nil, app: app)
  // What bounds an app's report: its diagnostics, each failure's story, each way to fail.
  let failures = app.report?.failures ?? []
  let bound =
    max(1, app.diagnostics.count)
    + failures.reduce(0) { $0 + 4 + $1.story.count + $1.because.count }
    + (app.report?.explored == true ? 2 * (app.report?.waysToFail.count ?? 0) : 0)
  checkReports(outcome, color: color, bound: bound)

  guard case .success(let description) = file.app else { return }
  fuzzDiagram(description)
  fuzzStoryFiles(outcome)
}

/// The journey and the full diagram of an app, in both formats, up to ``fuzzMaxStates``
/// states: no name ends a label, a statement or the block, and no two journey boxes are alike.
func fuzzDiagram(_ app: AppDescription) {
  var texts: [(mermaid: String, dot: String)] = []
  if let diagram = try? PermissionDiagram.of(
    app, maximumGroups: 40, maxStates: fuzzMaxStates, limit: "--max-states")
  {
    texts.append((DiagramText.mermaid(diagram), DiagramText.dot(diagram)))
  }
  if let journey = try? PermissionJourney.of(
    app, maxStates: fuzzMaxStates, limit: "--max-states")
  {
    precondition(
      Set(journey.boxes.map(\.title)).count == journey.boxes.count, "two journey boxes alike")
    texts.append((DiagramText.mermaid(journey), DiagramText.dot(journey)))
  }
  for (mermaidText, dot) in texts {
    for text in [mermaidText, dot] {
      checkNoControl(text, color: false, what: "the diagram")
    }
    let mermaid = mermaidText.split(separator: "\n")
    precondition(
      mermaid.first == "```mermaid" && mermaid.last == "```", "a diagram's block broken")
    precondition(mermaid.dropFirst().dropLast().allSatisfy { !$0.contains("```") })
  }
}

/// The stories written as scenario files into a new temporary folder, then removed: all of them
/// written, with visible names distinct without regard to case, each one a scenario authcheck
/// reads back.
func fuzzStoryFiles(_ outcome: ScenarioOutcome) {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("authcheck-fuzz-\(getpid())", isDirectory: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  try? FileManager.default.removeItem(at: folder)
  let counterexamples = folder.appendingPathComponent("counterexamples").path
  let paths = folder.appendingPathComponent("paths").path
  // Into new folders, every name is decided before writing and distinct: nothing can fail.
  if let failure = AppStoryFiles.write([outcome], counterexamples: counterexamples, paths: paths) {
    preconditionFailure("story files not written: \(failure)")
  }
  for written in [counterexamples, paths] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: written)) ?? []
    precondition(
      Set(names.map { $0.lowercased() }).count == names.count, "story file names that fold together"
    )
    for name in names {
      precondition(!name.hasPrefix(".") && name.hasSuffix(".yaml"), "a hidden or odd story file")
      let path = (written as NSString).appendingPathComponent(name)
      guard case .scenario(let file) = CheckFile.load(path: path),
        case .success = file.scenario
      else { preconditionFailure("a story file that does not read back as a scenario") }
    }
  }
}

/// Fails when `text` holds a control character other than a line break or a tab (or, with
/// colour, the escape that starts one), or a bidirectional control.
func checkNoControl(_ text: String, color: Bool, what: String) {
  for scalar in text.unicodeScalars
  where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  {
    precondition(
      scalar == "\n" || scalar == "\t" || (color && scalar == "\u{1B}"),
      "a control character in \(what)")
  }
}

/// The text report, the GitHub annotations, the JUnit report and the JSON report of one
/// outcome, each checked; `bound` is what bounds them (diagnostics, steps, stories).
func checkReports(_ outcome: ScenarioOutcome, color: Bool, bound: Int) {
  let outcomes = [outcome]

  // The text report: one result line, names escaped, bounded.
  let text = ScenarioReport(color: color, waysToFail: true).render(outcome)
  precondition(text.contains(fuzzPath), "a report without the file name")
  checkNoControl(text, color: color, what: "the text report")
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  precondition(
    lines.filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("ERROR ") }
      .count <= 1 || color,
    "a report that prints two result lines for one file")
  precondition(text.utf8.count <= 4096 * (bound + 4), "a text report beyond its bound")

  // The GitHub annotations: one workflow command a line.
  let annotations = GitHubAnnotations.render(outcome)
  checkNoControl(annotations, color: false, what: "an annotation")
  for line in annotations.split(separator: "\n") {
    precondition(
      ["::error ", "::warning ", "::notice "].contains { line.hasPrefix($0) },
      "an annotation that is not one workflow command")
  }

  // The JUnit report: well-formed characters, bounded.
  let xml = JUnitReport(outcomes).xml
  for scalar in xml.unicodeScalars {
    let allowed =
      scalar == "\t" || scalar == "\n" || scalar == "\r" || (0x20...0xD7FF).contains(scalar.value)
      || (0xE000...0xFFFD).contains(scalar.value) || scalar.value >= 0x10000
    precondition(allowed, "a character XML 1.0 forbids in the JUnit report")
  }
  precondition(xml.utf8.count <= 8192 * (bound + 4), "a JUnit report beyond its bound")

  // The JSON report: reads back as it was written.
  let summary = RunSummary(outcomes)
  let report = JSONReport(outcomes, summary: summary, coverage: RuleCoverage(outcomes))
  let json = report.encoded()
  guard let decoded = try? JSONDecoder().decode(JSONReport.self, from: Data(json.utf8)) else {
    preconditionFailure("a JSON report that doesn't read back")
  }
  precondition(decoded.files.count == 1 && decoded.summary == report.summary)
  precondition(json.utf8.count <= 8192 * (bound + 4) + 65_536, "a JSON report too large")
}

/// How an input says it is a command line: `#!args --format github --junit r.xml`, then the
/// file the command reads on the lines after it.
let commandMarker = "#!args "

/// A command line: the words of the first line after ``commandMarker`` are arguments, the rest
/// of the input is written to `input.yaml` in a temporary folder, the current folder while the
/// command runs, and the command runs on it as `authcheck ARGUMENTS… input.yaml`. It must exit
/// 0, 1 or 2 and print no control character but line breaks and tabs.
///
/// Confined to that folder: a word with a `/` or starting with `.` is dropped, so no path leaves
/// it; `explore` (every configuration of the model, minutes) is not run, and app files are
/// explored up to ``fuzzMaxStates`` states unless the words set `--max-states` themselves.
func fuzzCommand(_ bytes: [UInt8]) {
  let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
  let line = String(decoding: bytes[commandMarker.utf8.count..<end], as: UTF8.self)
  var words = line.split(separator: " ").map(String.init).filter {
    !$0.contains("/") && !$0.hasPrefix(".") && !$0.isEmpty
  }
  guard words.first != "explore" else { return }
  if words.first != "diagram" && words.first != "rules" && !words.contains("--max-states") {
    words += ["--max-states", String(fuzzMaxStates)]
  }
  let fileManager = FileManager.default
  let folder = fileManager.temporaryDirectory
    .appendingPathComponent("authcheck-fuzz-command-\(getpid())", isDirectory: true)
  try? fileManager.removeItem(at: folder)
  guard (try? fileManager.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
  else { preconditionFailure("cannot create the fuzz folder") }
  let previous = fileManager.currentDirectoryPath
  defer {
    _ = fileManager.changeCurrentDirectoryPath(previous)
    try? fileManager.removeItem(at: folder)
  }
  _ = fileManager.changeCurrentDirectoryPath(folder.path)
  let input = end < bytes.endIndex ? Array(bytes[(end + 1)...]) : []
  guard fileManager.createFile(atPath: "input.yaml", contents: Data(input)) else {
    preconditionFailure("cannot write the fuzz input")
  }
  var stdout = ""
  var stderr = ""
  let status = AuthCheckCLI.run(
    arguments: words + ["input.yaml"], stdout: &stdout, stderr: &stderr)
  precondition([0, 1, 2].contains(status), "an exit status scripts can't trust: \(status)")
  checkNoControl(stdout, color: false, what: "standard output")
  checkNoControl(stderr, color: false, what: "standard error")
}

/// The Info.plist reader on the same bytes, when they start as a plist does (binary, or XML):
/// a plist or an error, never a crash.
///
/// Only such inputs: Foundation leaks the error of every plist it can't read (Fuzz/lsan.supp),
/// and libFuzzer looks for leaks, slowly, after every input that leaked, so reading every YAML
/// input as a plist would make fuzzing a hundred times slower.
func fuzzInfoPlist(_ bytes: [UInt8]) {
  let prefixes = ["bplist", "<?xml", "<plist", "<!DOCTYPE"].map { Array($0.utf8) }
  guard prefixes.contains(where: { bytes.starts(with: $0) }) else { return }
  switch InfoPlistFile.parse(Data(bytes), path: "/nonexistent-fuzz-folder/Info.plist") {
  case .success(let plist):
    if let text = plist.whenInUseUsageDescription { precondition(!text.isEmpty) }
    if let text = plist.alwaysAndWhenInUseUsageDescription { precondition(!text.isEmpty) }
    _ = AppConfiguration.unsupported(plist)
  case .failure(let error):
    precondition(!error.message.isEmpty)
  }
}
