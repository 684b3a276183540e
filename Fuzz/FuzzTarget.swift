import AuthModel
import AuthScenario
import Foundation

/// libFuzzer's entry point: the whole pipeline on one input, and the Info.plist reader on the
/// same bytes.
///
/// Reads the bytes as a scenario file (YAML subset, then schema), runs the scenario when it is
/// valid, and writes every report of it as authcheck does: the text report, the JUnit XML and
/// the JSON document. A crash, a hang, a leak or a memory error anywhere on the way is a
/// finding, and so is a broken promise: an invalid file with no diagnostic, a position before
/// 1:1, diagnostics out of order; a text report with a control character that could forge a
/// line or output beyond a few kilobytes a diagnostic; an XML report with a character XML 1.0
/// forbids; a JSON report that doesn't read back. Bytes that start as a plist does are also
/// read as an Info.plist (XML or binary), which must be read or refused.
/// `info:` paths resolve into a folder that does not exist, so the fuzzer never reads files.
///
/// Built with the sources of AuthCheckCLI in the same module (Fuzz/run), so the target calls
/// the report writers as the command does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  fuzzScenario(bytes, color: size % 2 == 0)
  fuzzInfoPlist(bytes)
  return 0
}

/// The scenario pipeline and its three reports.
func fuzzScenario(_ bytes: [UInt8], color: Bool) {
  let path = "/nonexistent-fuzz-folder/fuzz.yaml"
  let file = ScenarioFile.parse(bytes, path: path)
  var result: ScenarioResult?
  switch file.scenario {
  case .success(let scenario):
    let ran = ScenarioRunner.run(scenario)
    if let failure = ran.failure {
      precondition(failure.position.line >= 1 && failure.position.column >= 1)
    }
    result = ran
  case .failure(let error):
    let diagnostics = error.diagnostics
    precondition(!diagnostics.isEmpty, "an invalid file with no diagnostic")
    precondition(diagnostics.contains { $0.severity == .error }, "an invalid file with no error")
    precondition(diagnostics.count <= YAMLReader.maximumErrorCount + 1, "too many diagnostics")
    for diagnostic in diagnostics {
      precondition(diagnostic.position.line >= 1 && diagnostic.position.column >= 1)
      precondition(diagnostic.message.count <= Diagnostic.maximumMessageLength)
    }
    precondition(
      Diagnostic.sortedByPosition(diagnostics) == diagnostics, "diagnostics out of order")
  }
  let outcome = ScenarioOutcome(file: file, result: result)
  let outcomes = [outcome]

  // The text report: one line per diagnostic header, names escaped, bounded.
  let text = ScenarioReport(color: color).render(outcome)
  precondition(text.contains(path), "a report without the file name")
  for scalar in text.unicodeScalars where scalar.value < 0x20 || scalar.value == 0x7F {
    precondition(
      scalar == "\n" || scalar == "\t" || (color && scalar == "\u{1B}"),
      "a control character in the text report")
  }
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  precondition(
    lines.filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("ERROR ") }
      .count <= 1 || color,
    "a report that prints two result lines for one file")
  // What bounds a report: its diagnostics, or the steps a failure lists.
  let diagnostics = max(1, outcome.diagnostics.count) + (result?.failure?.stepsTaken.count ?? 0)
  precondition(text.utf8.count <= 4096 * (diagnostics + 4), "a text report beyond its bound")

  // The JUnit report: well-formed characters, bounded.
  let xml = JUnitReport(outcomes).xml
  for scalar in xml.unicodeScalars {
    let allowed =
      scalar == "\t" || scalar == "\n" || scalar == "\r" || (0x20...0xD7FF).contains(scalar.value)
      || (0xE000...0xFFFD).contains(scalar.value) || scalar.value >= 0x10000
    precondition(allowed, "a character XML 1.0 forbids in the JUnit report")
  }
  precondition(xml.utf8.count <= 8192 * (diagnostics + 4), "a JUnit report beyond its bound")

  // The JSON report: reads back as it was written.
  let summary = RunSummary(outcomes)
  let report = JSONReport(outcomes, summary: summary, coverage: RuleCoverage(outcomes))
  let json = report.encoded()
  guard let decoded = try? JSONDecoder().decode(JSONReport.self, from: Data(json.utf8)) else {
    preconditionFailure("a JSON report that doesn't read back")
  }
  precondition(decoded.files.count == 1 && decoded.summary == report.summary)
  precondition(json.utf8.count <= 8192 * (diagnostics + 4) + 65_536, "a JSON report too large")
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
