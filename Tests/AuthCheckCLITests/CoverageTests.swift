import AuthModel
import AuthScenario
import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

@Suite struct CoverageTests {
  static let scenarios = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scenarios").path

  @Test("the project's scenarios exercise every rule R1–R50 and check every observable and flag")
  func libraryCoversEveryRule() throws {
    let files = try ScenarioDiscovery.files(for: [Self.scenarios]).get()
    let coverage = RuleCoverage(ScenarioOutcome.run(paths: files))
    #expect(coverage.scenarios > 0)
    #expect(coverage.unexercisedRules == [])
    #expect(coverage.uncheckedObservables == [])
    #expect(coverage.uncheckedFlags == [])
  }

  @Test("authcheck scenarios/ --coverage lists no unexercised rule, before the summary line")
  func libraryTable() {
    let observableCount = ScenarioSchema.expectKeys.count + 1
    let run = CLITests.run([Self.scenarios, "--coverage"])
    #expect(run.status == 0)
    let rules = Rule.allCases.count
    #expect(run.stdout.contains("rule coverage: \(rules) of \(rules) rules exercised by "))
    #expect(run.stdout.contains("  never exercised: none\n"))
    #expect(run.stdout.contains("observables checked: \(observableCount) of \(observableCount)\n"))
    #expect(run.stdout.contains("diagnostic flags checked: 9 of 9\n"))
    #expect(run.lines.suffix(2).first?.hasPrefix("authcheck: ") == true)
    #expect(run.lines.suffix(2).first?.hasSuffix(" passed, 0 failed") == true)
  }

  @Test("counts each scenario once per rule, observable and flag; lists what was never reached")
  func counts() throws {
    let folder = try TemporaryDirectory()
    // Two scenarios check the prompt; one also a flag of a session.
    try folder.write(CLITests.passing("one"), to: "a.yaml")
    try folder.write(
      """
      scenario: two
      info:
        NSLocationWhenInUseUsageDescription: x
      steps:
        - launch
        - session: app
          authorization: whenInUse
        - expect:
            prompt: whenInUse
            diagnostics:
              app: [authorizationRequestInProgress]
        - expect:
            prompt: whenInUse

      """, to: "b.yaml")
    try folder.write(CLITests.invalid, to: "c.yaml")
    let files = try ScenarioDiscovery.files(for: [folder.url.path]).get()
    let outcomes = ScenarioOutcome.run(paths: files)
    let coverage = RuleCoverage(outcomes)
    #expect(coverage.scenarios == 2, "an invalid file is not a scenario that ran")
    let results = outcomes.compactMap(\.result)
    for (rule, count) in coverage.rules {
      #expect(count == results.filter { $0.exercisedRules.contains(rule) }.count, "\(rule)")
    }
    #expect(coverage.rules.first { $0.rule == .r18 }?.scenarios == 1)
    #expect(coverage.rules.first { $0.rule == .r27 }?.scenarios == 1)
    #expect(coverage.observables.first { $0.name == "prompt" }?.scenarios == 2)
    #expect(coverage.observables.first { $0.name == "diagnostics" }?.scenarios == 1)
    #expect(coverage.flags.first { $0.name == "authorizationRequestInProgress" }?.scenarios == 1)
    #expect(coverage.unexercisedRules.contains(.r40))
    #expect(!coverage.unexercisedRules.contains(.r18))
    #expect(
      coverage.uncheckedObservables
        == (ScenarioSchema.expectKeys + [ScenarioSchema.refusedKey]).filter {
          $0 != "prompt" && $0 != "diagnostics"
        })
    #expect(
      coverage.uncheckedFlags
        == DiagnosticFlag.allCases.map(\.rawValue).filter {
          $0 != "authorizationRequestInProgress"
        })
    let table = coverage.table
    #expect(
      table.hasPrefix(
        "rule coverage: \(Rule.allCases.count - coverage.unexercisedRules.count) of \(Rule.allCases.count) rules exercised by 2 scenarios\n"
      ))
    #expect(
      table.contains(
        "\n  never exercised: " + coverage.unexercisedRules.map(\.id).joined(separator: ", ") + "\n"
      ))
    #expect(
      table.contains("\nobservables checked: 2 of \(ScenarioSchema.expectKeys.count + 1)\n"))
    #expect(table.contains("\ndiagnostic flags checked: 1 of 9\n"))
  }

  @Test("--coverage leaves the per-file lines and the summary line as they were")
  func textKept() throws {
    let mixed = try MixedFolder()
    let plain = CLITests.run([mixed.root])
    let covered = CLITests.run([mixed.root, "--coverage"])
    #expect(covered.status == plain.status)
    #expect(covered.fileLines == plain.fileLines)
    #expect(covered.lines.suffix(2) == plain.lines.suffix(2))
    #expect(
      covered.stdout.hasPrefix(
        plain.stdout.split(separator: "\n").dropLast().joined(separator: "\n")))
  }
}
