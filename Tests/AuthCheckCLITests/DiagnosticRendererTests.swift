import AuthScenario
import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

@Suite struct DiagnosticRendererTests {
  struct RenderCase: CustomTestStringConvertible, Sendable {
    var name: String
    var diagnostic: Diagnostic
    var source: String
    var rendered: String
    var testDescription: String { name }
  }

  static let upgrade = """
    scenario: staged Always upgrade
    steps:
      - launch
      - session: app
        authorization: whenInUse
      - expect:
          prompt: whenInUse
      - tapp: allowWhileUsing
      - wait
      - wait
      - wait
      - expect:
          prompt: none

    """

  static let cases: [RenderCase] = [
    RenderCase(
      name: "an error with the source line and a caret",
      diagnostic: .error(
        "unknown step 'tapp'; did you mean 'tap'?", at: .init(line: 8, column: 5)),
      source: upgrade,
      rendered: """
        scenarios/upgrade.yaml:8:5: error: unknown step 'tapp'; did you mean 'tap'?
          8 |   - tapp: allowWhileUsing
            |     ^
        """),
    RenderCase(
      name: "a two-digit line number widens the gutter",
      diagnostic: .warning("'none' is the default", at: .init(line: 13, column: 15)),
      source: upgrade,
      rendered: """
        scenarios/upgrade.yaml:13:15: warning: 'none' is the default
          13 |       prompt: none
             |               ^
        """),
    RenderCase(
      name: "a note at column 1",
      diagnostic: .note("the scenario starts here", at: .init(line: 1, column: 1)),
      source: upgrade,
      rendered: """
        scenarios/upgrade.yaml:1:1: note: the scenario starts here
          1 | scenario: staged Always upgrade
            | ^
        """),
    RenderCase(
      name: "a caret just past the end of the line",
      diagnostic: .error("expected a value", at: .init(line: 2, column: 7)),
      source: upgrade,
      rendered: """
        scenarios/upgrade.yaml:2:7: error: expected a value
          2 | steps:
            |       ^
        """),
    RenderCase(
      name: "tabs before the caret are repeated",
      diagnostic: .error("unexpected tab", at: .init(line: 1, column: 4)),
      source: "a:\t\tb\n",
      rendered: "scenarios/upgrade.yaml:1:4: error: unexpected tab\n"
        + "  1 | a:\t\tb\n"
        + "    |   \t^"),
    RenderCase(
      name: "wide characters and emoji take two cells, combining marks none",
      diagnostic: .error("alias '*x' is not supported", at: .init(line: 1, column: 8)),
      source: "名前: é🚀 *x\n",
      // 名 and 前 take two cells each, é one, 🚀 two: ten cells before the caret.
      rendered: "scenarios/upgrade.yaml:1:8: error: alias '*x' is not supported\n"
        + "  1 | 名前: é🚀 *x\n"
        + "    | " + String(repeating: " ", count: 10) + "^"),
    RenderCase(
      name: "CRLF and CR line ends and a byte order mark",
      diagnostic: .error(
        "duplicate key 'a'; first defined on line 1", at: .init(line: 3, column: 1)),
      source: "\u{FEFF}a: 1\r\nb: 2\ra: 3\r\n",
      rendered: """
        scenarios/upgrade.yaml:3:1: error: duplicate key 'a'; first defined on line 1
          3 | a: 3
            | ^
        """),
    RenderCase(
      name: "an empty line has no trailing space in the gutter",
      diagnostic: .error("missing key 'steps'", at: .init(line: 1, column: 1)),
      source: "\n",
      rendered: """
        scenarios/upgrade.yaml:1:1: error: missing key 'steps'
          1 |
            | ^
        """),
    RenderCase(
      name: "control characters are shown as a replacement character",
      diagnostic: .error(
        "invalid character U+0000; YAML text must be printable", at: .init(line: 1, column: 5)),
      source: "a: b\u{0}c",
      rendered: """
        scenarios/upgrade.yaml:1:5: error: invalid character U+0000; YAML text must be printable
          1 | a: b\u{FFFD}c
            |     ^
        """),
    RenderCase(
      name: "a line beyond the end of the source shows only the first line",
      diagnostic: .error("unexpected end of file", at: .init(line: 40, column: 1)),
      source: upgrade,
      rendered: "scenarios/upgrade.yaml:40:1: error: unexpected end of file"),
  ]

  @Test("renders the first line, the source line and a caret", arguments: cases)
  func renders(_ testCase: RenderCase) {
    let renderer = DiagnosticRenderer(useColor: false)
    let text = renderer.render(
      testCase.diagnostic, file: "scenarios/upgrade.yaml", source: testCase.source)
    #expect(text == testCase.rendered)
  }

  @Test("colours the location, the severity, the message and the caret when asked")
  func rendersColor() {
    let renderer = DiagnosticRenderer(useColor: true)
    let text = renderer.render(
      .error("bad", at: .init(line: 1, column: 2)), file: "f.yaml", source: "ab\n")
    let escape = "\u{1B}["
    #expect(
      text == """
        \(escape)1mf.yaml:1:2:\(escape)0m \(escape)1;31merror:\(escape)0m \(escape)1mbad\(escape)0m
          1 | ab
            |  \(escape)1;31m^\(escape)0m
        """)
  }

  @Test("renders several diagnostics one after the other")
  func rendersSeveral() {
    let renderer = DiagnosticRenderer()
    let text = renderer.render(
      [
        .error("first", at: .init(line: 1, column: 1)),
        .note("second", at: .init(line: 2, column: 2)),
      ], file: "f.yaml", source: "a\nbc\n")
    #expect(
      text == """
        f.yaml:1:1: error: first
          1 | a
            | ^
        f.yaml:2:2: note: second
          2 | bc
            |  ^
        """)
  }

  @Test("several diagnostics render as each would alone, whatever the line ends")
  func rendersSeveralLikeEachAlone() {
    let renderer = DiagnosticRenderer()
    let source = "\u{FEFF}a\r\nbé\rc\n\nd"
    let diagnostics = (0...7).map { Diagnostic.error("at \($0)", at: .init(line: $0, column: 2)) }
    #expect(
      renderer.render(diagnostics, file: "f.yaml", source: source)
        == diagnostics.map { renderer.render($0, file: "f.yaml", source: source) }
        .joined(separator: "\n"))
  }

  @Test("renders a hundred diagnostics near the end of a 150,000-line file")
  func rendersManyInLargeSource() {
    // Rescanning the source for each diagnostic once made this take seconds.
    let source = String(repeating: "- wait\n", count: 150_000)
    let diagnostics = (1...100).map {
      Diagnostic.error("e", at: .init(line: 150_000 - $0, column: 3))
    }
    let text = DiagnosticRenderer().render(diagnostics, file: "f.yaml", source: source)
    #expect(text.split(separator: "\n").count == 300)
    #expect(text.hasSuffix("f.yaml:149900:3: error: e\n  149900 | - wait\n         |   ^"))
  }

  @Test("renders what the YAML reader reports at the right column")
  func rendersReaderDiagnostic() throws {
    let source = "scenario: café\nsteps:\n  - tap: [a, {b}]\n"
    let diagnostic = try #require(YAMLReader.read(source).diagnostics.first)
    #expect(
      DiagnosticRenderer().render(diagnostic, file: "s.yaml", source: source) == """
        s.yaml:3:14: error: flow mapping '{' is not supported; use an indented block mapping
          3 |   - tap: [a, {b}]
            |              ^
        """)
  }

  @Test("a file that could not be read (an empty source) shows no source line")
  func emptySource() {
    let diagnostic = Diagnostic.error(
      "cannot read the file: no such file or folder", at: .init(line: 1, column: 1))
    let expected = "gone.yaml:1:1: error: cannot read the file: no such file or folder"
    let renderer = DiagnosticRenderer()
    #expect(renderer.render(diagnostic, file: "gone.yaml", source: "") == expected)
    #expect(
      renderer.render([diagnostic, diagnostic], file: "gone.yaml", source: "")
        == expected + "\n" + expected)
  }

  @Test("a long line shows 120 characters around the column, with … at each cut")
  func longLineWindow() {
    let line = String(repeating: "a", count: 100) + "X" + String(repeating: "b", count: 300)
    let rendered = DiagnosticRenderer().render(
      .error("here", at: .init(line: 1, column: 101)), file: "f.yaml", source: line)
    let shown = String(repeating: "a", count: 40) + "X" + String(repeating: "b", count: 79)
    #expect(
      rendered == """
        f.yaml:1:101: error: here
          1 | …\(shown)…
            |  \(String(repeating: " ", count: 40))^
        """)
    let start = DiagnosticRenderer().render(
      .error("here", at: .init(line: 1, column: 1)), file: "f.yaml", source: line)
    #expect(
      start == """
        f.yaml:1:1: error: here
          1 | \(String(repeating: "a", count: 100) + "X" + String(repeating: "b", count: 19))…
            | ^
        """)
  }

  @Test("a message quoting a long text of the file is cut to 500 characters")
  func longMessage() {
    let diagnostic = Diagnostic.error(
      String(repeating: "m", count: 5000), at: .init(line: 1, column: 1))
    #expect(diagnostic.message == String(repeating: "m", count: 499) + "…")
  }
}

/// The output of a hostile file is bounded by its diagnostics, not by its bytes.
@Suite struct BoundedOutputTests {
  @Test(
    "64 KiB of NUL or control characters: text, JUnit and JSON within 3 KiB a diagnostic",
    arguments: [[0], [1, 2, 3, 0x1B, 7]] as [[UInt8]])
  func hostileBytes(_ pattern: [UInt8]) throws {
    let folder = try TemporaryDirectory()
    let bytes = (0..<(65_536 / pattern.count)).flatMap { _ in pattern }
    let file = try folder.write(Data(bytes), to: "hostile.yaml")
    let junit = folder.path("report.xml")
    let text = CLITests.run([file, "--junit", junit])
    let json = CLITests.run([file, "--format", "json"])
    let xml = try Data(contentsOf: URL(fileURLWithPath: junit))
    #expect(text.status == 1 && json.status == 1)
    let diagnostics = text.stdout.components(separatedBy: ": error: ").count - 1
    #expect(diagnostics >= 100)
    for size in [text.stdout.utf8.count, json.stdout.utf8.count, xml.count] {
      #expect(size < 3 * 1024 * (diagnostics + 1))
    }
  }
}
