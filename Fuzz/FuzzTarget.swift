import AuthModel
import AuthScenario

/// libFuzzer's entry point: the whole pipeline on one input.
///
/// Reads the bytes as a scenario file (YAML subset, then schema), runs the scenario when it is
/// valid, and renders the diagnostics or the failure as authcheck prints them. A crash, a hang,
/// a leak or a memory error anywhere on the way is a finding, and so is a broken promise of the
/// reader: an invalid file with no diagnostic, a position before 1:1, diagnostics out of order.
/// `info:` paths resolve into a folder that does not exist, so the fuzzer never reads files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let path = "/nonexistent-fuzz-folder/fuzz.yaml"
  let file = ScenarioFile.parse(bytes, path: path)
  let renderer = DiagnosticRenderer(useColor: size % 2 == 0)
  var rendered: String
  switch file.scenario {
  case .success(let scenario):
    let result = ScenarioRunner.run(scenario)
    guard let failure = result.failure else { return 0 }
    precondition(failure.position.line >= 1 && failure.position.column >= 1)
    rendered = renderer.render(
      .error(failure.message, at: failure.position), file: path, source: file.source)
  case .failure(let error):
    let diagnostics = error.diagnostics
    precondition(!diagnostics.isEmpty, "an invalid file with no diagnostic")
    precondition(diagnostics.contains { $0.severity == .error }, "an invalid file with no error")
    precondition(diagnostics.count <= YAMLReader.maximumErrorCount + 1, "too many diagnostics")
    for diagnostic in diagnostics {
      precondition(diagnostic.position.line >= 1 && diagnostic.position.column >= 1)
    }
    precondition(
      Diagnostic.sortedByPosition(diagnostics) == diagnostics, "diagnostics out of order")
    rendered = renderer.render(diagnostics, file: path, source: file.source)
  }
  precondition(rendered.contains(path + ":"), "a rendering without the file name")
  return 0
}
