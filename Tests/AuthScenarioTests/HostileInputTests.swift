import Foundation
import Testing

@testable import AuthScenario

/// Whatever a scenario file holds, the pipeline (read, schema, run) answers with a positioned
/// error or the right result: never a crash, a hang or a silent skip.
@Suite struct HostileInputTests {
  static let passing = "scenario: s\nsteps:\n  - launch\n  - expect:\n      prompt: none\n"

  /// The diagnostics of `bytes` as `line:column: severity: message`, or `["PASS"]` when the
  /// scenario is valid and passes.
  static func outcome(_ bytes: [UInt8]) -> [String] {
    switch ScenarioFile.parse(bytes, path: "hostile.yaml").scenario {
    case .success(let scenario):
      let result = ScenarioRunner.run(scenario)
      return result.passed
        ? ["PASS"] : ["FAIL \(result.failure!.position): \(result.failure!.message)"]
    case .failure(let error):
      return error.diagnostics.map(\.description)
    }
  }

  static func outcome(_ text: String) -> [String] { outcome(Array(text.utf8)) }

  // MARK: Text

  struct TextCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var expected: [String]
    var testDescription: String { name }

    init(_ name: String, _ bytes: [UInt8], _ expected: [String]) {
      self.name = name
      self.bytes = bytes
      self.expected = expected
    }

    init(_ name: String, _ text: String, _ expected: [String]) {
      self.init(name, Array(text.utf8), expected)
    }
  }

  static let textCases: [TextCase] = [
    TextCase(
      "an empty file", "",
      ["1:1: error: the file is empty; expected a mapping with 'scenario' and 'steps'"]),
    TextCase(
      "only blank lines and comments", "\n  \n# nothing here\n",
      ["1:1: error: the file is empty; expected a mapping with 'scenario' and 'steps'"]),
    TextCase(
      "only a byte order mark", [0xEF, 0xBB, 0xBF],
      ["1:1: error: the file is empty; expected a mapping with 'scenario' and 'steps'"]),
    TextCase("a byte order mark", [0xEF, 0xBB, 0xBF] + Array(passing.utf8), ["PASS"]),
    TextCase(
      "a byte order mark inside the text",
      "scenario: s\nsteps:\n  - la\u{FEFF}unch\n",
      ["3:7: error: byte order mark (U+FEFF) is only allowed at the start of the file"]),
    TextCase(
      "UTF-16", [0xFF, 0xFE, 0x73, 0x00],
      ["1:1: error: file is UTF-16 encoded; save it as UTF-8"]),
    TextCase(
      "invalid UTF-8, at the line and column of the byte",
      Array("scenario: s\nsteps:\n  - caf".utf8) + [0xC3, 0x28] + Array("\n".utf8),
      ["3:8: error: invalid UTF-8 byte 0xC3"]),
    TextCase(
      "an encoded surrogate: three maximal invalid subsequences",
      Array("scenario: ".utf8) + [0xED, 0xA0, 0x80],
      [
        "1:11: error: invalid UTF-8 byte 0xED", "1:12: error: invalid UTF-8 byte 0xA0",
        "1:13: error: invalid UTF-8 byte 0x80",
      ]),
    TextCase(
      "a NUL byte", "scenario: s\u{0}x\nsteps: [launch]\n",
      ["1:12: error: invalid character U+0000; YAML text must be printable"]),
    TextCase(
      "NUL bytes only", [0, 0, 0],
      [
        "1:1: error: invalid character U+0000; YAML text must be printable",
        "1:2: error: invalid character U+0000; YAML text must be printable",
        "1:3: error: invalid character U+0000; YAML text must be printable",
      ]),
    TextCase("CRLF line ends", passing.replacingOccurrences(of: "\n", with: "\r\n"), ["PASS"]),
    TextCase("lone CR line ends", passing.replacingOccurrences(of: "\n", with: "\r"), ["PASS"]),
    TextCase(
      "an error after CRLF line ends is on its line",
      "scenario: s\r\nsteps:\r\n  - tapp: allowOnce\r\n",
      ["3:5: error: unknown step 'tapp'; did you mean 'tap'?"]),
    TextCase(
      "an error after lone CR line ends is on its line", "scenario: s\rsteps:\r  - tapp\r",
      ["3:5: error: unknown step 'tapp'; did you mean 'tap'?"]),
    TextCase(
      "mixed LF, CRLF and CR line ends", "scenario: s\nsteps:\r\n  - launch\r  - wait\n",
      ["PASS"]),
    TextCase(
      "trailing spaces", passing.replacingOccurrences(of: "\n", with: "   \n"), ["PASS"]),
    TextCase("no final newline", String(passing.dropLast()), ["PASS"]),
    TextCase(
      "a tab in indentation", "scenario: s\nsteps:\n\t- launch\n",
      ["3:1: error: tabs are not allowed in indentation; indent with spaces"]),
  ]

  @Test("answers odd text with a positioned error or the right result", arguments: textCases)
  func text(_ testCase: TextCase) {
    #expect(Self.outcome(testCase.bytes) == testCase.expected)
  }

  // MARK: Limits

  /// A scenario whose `description` sits `levels` levels deep (the root mapping is level 1).
  static func nested(levels: Int) -> String {
    var text = "scenario: s\nsteps: [launch]\ndescription:\n"
    for level in 2..<levels { text += String(repeating: "  ", count: level - 1) + "k:\n" }
    return text + String(repeating: "  ", count: levels - 1) + "k: v\n"
  }

  @Test("nesting up to the limit reaches the schema; one level more is an error at its start")
  func nesting() {
    let depth = YAMLReader.maximumDepth
    #expect(
      Self.outcome(Self.nested(levels: depth))
        == ["4:3: error: expected 'description'; got a mapping"])
    let line = depth + 3
    #expect(
      Self.outcome(Self.nested(levels: depth + 1))
        == ["\(line):\(2 * depth + 1): error: nesting is deeper than \(depth) levels"])
  }

  @Test("nesting far beyond the limit does not overflow the stack")
  func deepNesting() {
    let depth = YAMLReader.maximumDepth
    let inline = String(repeating: "- ", count: 8_000) + "x\n"
    #expect(
      Self.outcome(inline)
        == ["1:\(2 * depth + 1): error: nesting is deeper than \(depth) levels"])
    let blocks = (0..<1_000).map { String(repeating: " ", count: $0) + "k:\n" }.joined()
    #expect(
      Self.outcome(blocks)
        == ["\(depth + 1):\(depth + 1): error: nesting is deeper than \(depth) levels"])
  }

  @Test("a flow sequence as long as a line may be runs every item")
  func longFlowSequence() throws {
    let count = (YAMLReader.maximumLineLength - 20) / 6
    let text = "scenario: s\nsteps: [launch" + String(repeating: ", wait", count: count) + "]\n"
    let scenario = try ScenarioFile.parse(Array(text.utf8), path: "flow.yaml").scenario.get()
    #expect(scenario.steps.count == count + 1)
    #expect(ScenarioRunner.run(scenario).passed)
  }

  @Test("a flow sequence longer than a line is an error at the first character beyond it")
  func tooLongFlowSequence() {
    let count = YAMLReader.maximumLineLength / 6 + 1
    let text = "scenario: s\nsteps: [launch" + String(repeating: ", wait", count: count) + "]\n"
    let limit = YAMLReader.maximumLineLength
    #expect(
      Self.outcome(text)
        == ["2:\(limit + 1): error: line is longer than \(limit) characters"])
  }

  @Test("a scenario may have the maximum number of steps")
  func maximumSteps() {
    let text =
      "scenario: s\nsteps:\n"
      + String(repeating: "  - wait\n", count: ScenarioSchema.maximumStepCount)
    #expect(Self.outcome(text) == ["PASS"])
  }

  @Test("100,000 lines of steps: an error at the first step beyond the limit")
  func tooManySteps() {
    let text = "scenario: s\nsteps:\n" + String(repeating: "  - wait\n", count: 100_000)
    let limit = ScenarioSchema.maximumStepCount
    #expect(
      Self.outcome(text)
        == ["\(limit + 3):3: error: too many steps; a scenario has at most \(limit) steps"])
  }

  @Test("100,000 comment lines are read")
  func manyLines() {
    let text = Self.passing + String(repeating: "# comment\n", count: 100_000)
    #expect(Self.outcome(text) == ["PASS"])
  }

  @Test("thousands of schema errors: the first hundred, then a note")
  func manyErrors() {
    let text =
      "scenario: s\nsteps: [launch]\n"
      + (0..<100_000).map { "k\($0): v\n" }.joined()
    let diagnostics = Self.outcome(text)
    let limit = YAMLReader.maximumErrorCount
    #expect(diagnostics.count == limit + 1)
    #expect(
      diagnostics.first
        == "3:1: error: unknown key 'k0' in a scenario; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"
    )
    #expect(diagnostics.last == "\(limit + 3):1: note: too many errors; stopping here")
  }

  @Test("thousands of bad steps: the first hundred, then a note")
  func manyBadSteps() {
    let text = "scenario: s\nsteps:\n" + String(repeating: "  - x\n", count: 100_000)
    let diagnostics = Self.outcome(text)
    let limit = YAMLReader.maximumErrorCount
    #expect(diagnostics.count == limit + 1)
    #expect(
      diagnostics.first
        == "3:5: error: unknown step 'x'; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"
    )
    #expect(diagnostics.last == "\(limit + 3):5: note: too many errors; stopping here")
  }

  @Test("a scalar longer than the limit is an error at its start")
  func longScalar() {
    let limit = YAMLReader.maximumScalarLength
    let line = String(repeating: "x", count: 8_000)
    let text =
      "scenario: s\nsteps: [launch]\ndescription: |\n"
      + String(repeating: "  \(line)\n", count: limit / 8_000 + 1)
    #expect(Self.outcome(text) == ["3:14: error: scalar is longer than \(limit) bytes"])
  }
}
