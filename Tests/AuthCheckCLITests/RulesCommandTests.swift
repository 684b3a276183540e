import AuthApp
import AuthModel
import AuthScenario
import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// `authcheck rules`, in process.
@Suite struct RulesCommandTests {
  @Test(
    "without ids: every rule and property id with its title, one per line, then what is left out")
  func index() throws {
    let run = CLITests.run(["rules"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let heading = "not modelled (docs/RULES.md, \"What the model leaves out\"):"
    let split = try #require(run.lines.firstIndex(of: Substring(heading)))
    let leftOut = run.lines[(split + 1)...].filter { $0.hasPrefix("  - ") }
    #expect(leftOut.count == NotModelled.entries.count)
    let starts = run.lines[..<split].filter { $0.first?.isLetter == true }.map {
      String($0.prefix { $0 != " " })
    }
    #expect(
      starts == Rule.allCases.map(\.id) + ModelProperty.all.map(\.id)
        + StaticCheck.allCases.map(\.rawValue))
    #expect(run.lines.contains("R19  sessions created while in use"))
    #expect(run.lines.contains("R42  refusals are observable"))
  }

  @Test("with ids: each entry's text, sources and whether it is assumed, in the order given")
  func details() {
    let run = CLITests.run(["rules", "r19", "P7", "R19"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.stdout.hasPrefix("R19 sessions created while in use\n"))
    #expect(run.stdout.components(separatedBy: "R19 sessions").count == 2)
    #expect(run.stdout.contains("\n    - an answer on the Apple Developer Forums\n"))
    #expect(run.stdout.contains("\n  assumed: no\n"))
    #expect(run.stdout.contains("\nP7 at most one upgrade prompt is answered between resets\n"))
    #expect(run.stdout.contains("\n  follows from: R14, R15, R38\n"))
    let assumed = CLITests.run(["rules", "R23"])
    #expect(assumed.stdout.contains("\n  assumed: the whole rule\n"))
    #expect(assumed.stdout.contains("\n  sources:\n    none cited\n"))
  }

  @Test("the app files' static checks, which their reports cite, are explained too")
  func appChecks() {
    let run = CLITests.run(["rules", "a2", "A1"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("A2 premature Always\n  (a static check of app files)\n"))
    #expect(run.stdout.contains("\nA1 a key the app's flow needs is missing from Info.plist\n"))
    #expect(run.stdout.contains("(R7, R16, R23)"))
  }

  @Test(
    "an unknown id is a usage error naming it, with a suggestion or the ranges",
    arguments: [
      (
        "R51",
        "unknown rule or property 'R51' (rules are R1–R50, properties P1–P13, app checks A1–A7)"
      ),
      ("relaunh", "unknown rule or property 'relaunh'; did you mean 'R36' (relaunch)?"),
      ("--markdwn", "unknown option '--markdwn'; did you mean '--markdown'?"),
    ])
  func unknown(argument: String, message: String) {
    let run = CLITests.run(["rules", "R1", argument])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck: error: \(message)\nusage: authcheck rules [ID…] (authcheck rules --help for more)\n"
    )
  }

  @Test("--help describes the command; authcheck --help names it")
  func help() {
    let run = CLITests.run(["rules", "--help"])
    #expect(run.status == 0)
    #expect(run.stdout == RulesCommand.help)
    #expect(run.stdout.hasPrefix("usage: authcheck rules [ID…]\n"))
    #expect(CLITests.run(["--help"]).stdout.contains("authcheck rules [ID…]"))
  }
}

/// The last line of a failure report names `authcheck rules` with the rules the report cites.
@Suite struct FailureHintTests {
  @Test("a failure citing R3 and R28 ends with 'authcheck rules R3 R28', in the rules' order")
  func hintNamesEveryRuleCited() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write(
      """
      scenario: in use only
      info:
        NSLocationWhenInUseUsageDescription: Shows stations near you
      steps:
        - launch
        - session: nav
          authorization: whenInUse
        - tap: allowWhileUsing
        - background
        - wait
        - expect:
            diagnostics:
              nav: []

      """, to: "hint.yaml")
    let run = CLITests.run([path])
    #expect(run.status == 1)
    #expect(run.stdout.contains("  because R3: "))
    #expect(run.stdout.contains("  because R28: "))
    #expect(
      run.stdout.hasSuffix(
        "    line 10: wait\n  note: see 'authcheck rules R3 R28' for the rules cited\n"
          + "authcheck: 0 passed, 1 failed\n"))
  }
}
