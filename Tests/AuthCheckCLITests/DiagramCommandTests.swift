import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// `authcheck diagram`, in process: its options, errors, and output checked against the
/// Mermaid and Graphviz grammar it relies on.
@Suite struct DiagramCommandTests {
  static let apps = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("scenarios/apps")

  /// Every example app file.
  static let examples: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: apps.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map {
      apps.appendingPathComponent($0).path
    }
  }()

  /// An app whose names try to end every label, comment, statement and block of both formats.
  static let hostile = """
    app: 'Eki "Bright"; %% #1 <b>&amp; ``` \\ {x} --> y'
    ios: 18
    info:
      NSLocationWhenInUseUsageDescription: Shows stations
    features:
      'map "view"; --> [*] #2 %% end':
        startedBy: foreground
        holds:
          - session: 'a"b'
            authorization: whenInUse
          - liveUpdates
        needs:
          foreground:
            updates: [full, reduced]
      'note right of g0 : x\\n}':
        startedBy: user
        holds:
          - monitor

    """

  // MARK: The grammar the output relies on

  /// A label's text: no character that ends a label or a statement, starts a comment or an
  /// entity, makes HTML or ends the Markdown block, but as an entity code.
  static var mermaidText: Regex<(Substring, Substring)> { #/([^#;"%<>&`\\\n]|#[0-9]+;)+/# }

  /// The problems of `text` as Mermaid `stateDiagram-v2` in a Markdown block: each line one
  /// of the statements the renderer writes, every state id declared once before use.
  static func mermaidProblems(_ text: String) -> [String] {
    var problems: [String] = []
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.first == "```mermaid", lines.dropLast().last == "```", lines.last == "",
      lines.count > 3, lines[1] == "stateDiagram-v2"
    else { return ["not a stateDiagram-v2 block in Markdown: \(text.prefix(80))"] }
    lines = Array(lines[2..<(lines.count - 2)])
    var declared = Set<String>()
    func known(_ id: Substring) {
      if !declared.contains(String(id)) { problems.append("'\(id)' used before declared") }
    }
    for line in lines {
      if let m = line.wholeMatch(of: #/  state "([^"\n]*)" as (g[0-9]+)/#) {
        if !declared.insert(String(m.2)).inserted { problems.append("'\(m.2)' declared twice") }
        if m.1.wholeMatch(of: mermaidText) == nil { problems.append("bad title: \(line)") }
      } else if let m = line.wholeMatch(of: #/  (g[0-9]+) : (.*)/#) {
        known(m.1)
        if m.2.wholeMatch(of: mermaidText) == nil { problems.append("bad text: \(line)") }
      } else if let m = line.wholeMatch(of: #/  \[\*\] --> (g[0-9]+)/#) {
        known(m.1)
      } else if let m = line.wholeMatch(of: #/  (g[0-9]+) --> (g[0-9]+) : (.*)/#) {
        known(m.1)
        known(m.2)
        if m.3.wholeMatch(of: mermaidText) == nil { problems.append("bad label: \(line)") }
      } else if let m = line.wholeMatch(of: #/  note right of (g[0-9]+) : (.*)/#) {
        known(m.1)
        if m.2.wholeMatch(of: mermaidText) == nil { problems.append("bad note: \(line)") }
      } else if let m = line.wholeMatch(of: #/  %% (.*)/#) {
        if m.1.wholeMatch(of: mermaidText) == nil { problems.append("bad comment: \(line)") }
      } else if line == "  classDef declined stroke-dasharray: 5 5" {
        continue
      } else if let m = line.wholeMatch(of: #/  class ((g[0-9]+)(,g[0-9]+)*) declined/#) {
        for id in m.1.split(separator: ",") { known(id) }
      } else {
        problems.append("not a statement of the grammar: \(line)")
      }
    }
    return problems
  }

  /// The problems of `text` as the DOT the renderer writes: outside double-quoted strings only
  /// ids, numbers and punctuation; inside, only `\\`, `\"` and `\n` escapes; every string
  /// closed on its line, braces balanced.
  static func dotProblems(_ text: String) -> [String] {
    var problems: [String] = []
    var depth = 0
    for line in text.split(separator: "\n") {
      var inString = false
      var escaped = false
      for character in line {
        if inString {
          if escaped {
            if !"\\\"n".contains(character) { problems.append("escape \\\(character): \(line)") }
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            inString = false
          } else if character.isNewline || character.asciiValue.map({ $0 < 0x20 }) == true {
            problems.append("control character in a string: \(line)")
          }
        } else if character == "\"" {
          inString = true
        } else if character == "{" {
          depth += 1
        } else if character == "}" {
          depth -= 1
        } else if !(character.isASCII
          && (character.isLetter || character.isNumber || " _=;,[]->.".contains(character)))
        {
          problems.append("'\(character)' outside a string: \(line)")
        }
      }
      if inString { problems.append("string not closed: \(line)") }
    }
    if depth != 0 { problems.append("braces unbalanced") }
    return problems
  }

  // MARK: Output

  @Test(
    "every example app file draws as valid Mermaid and DOT, its journey and with --all",
    arguments: examples, [[], ["--all"]])
  func examplesDraw(_ path: String, _ all: [String]) {
    let mermaid = CLITests.run(["diagram", path] + all)
    #expect(mermaid.status == 0, "\(mermaid.stderr)")
    #expect(Self.mermaidProblems(mermaid.stdout) == [])
    #expect(mermaid.stdout.contains("  [*] --> g0\n"))
    let dot = CLITests.run(["diagram", path, "--format", "dot"] + all)
    #expect(dot.status == 0, "\(dot.stderr)")
    #expect(Self.dotProblems(dot.stdout) == [])
    #expect(dot.stdout.contains(all.isEmpty ? "  start -> g0 [weight=10];\n" : "  start -> g0;\n"))
    // The journey's first box is the app not running; the full graph's has no place.
    #expect(mermaid.stdout.contains("  state \"1. not running: ") == all.isEmpty)
  }

  @Test("the journey has at most 20 boxes, each title once", arguments: examples)
  func journeyIsSmall(_ path: String) {
    let run = CLITests.run(["diagram", path])
    #expect(run.status == 0, "\(run.stderr)")
    let titles = run.stdout.split(separator: "\n").compactMap {
      $0.wholeMatch(of: #/  state "([^"]*)" as g[0-9]+/#)?.1
    }
    #expect(!titles.isEmpty && titles.count <= 20, "\(titles.count) boxes")
    #expect(Set(titles).count == titles.count, "\(titles)")
  }

  @Test("hostile names are escaped in both formats")
  func hostileNames() throws {
    let folder = try TemporaryDirectory()
    let path = folder.url.appendingPathComponent("hostile.yaml").path
    try Self.hostile.write(toFile: path, atomically: true, encoding: .utf8)
    let journey = CLITests.run(["diagram", path])
    #expect(journey.status == 0, "\(journey.stderr)")
    #expect(Self.mermaidProblems(journey.stdout) == [])
    let journeyDot = CLITests.run(["diagram", path, "--format", "dot"])
    #expect(Self.dotProblems(journeyDot.stdout) == [])
    let mermaid = CLITests.run(["diagram", path, "--all", "--max-groups", "100"])
    #expect(mermaid.status == 0, "\(mermaid.stderr)")
    #expect(Self.mermaidProblems(mermaid.stdout) == [])
    // The feature's name, escaped, names it in a group and an edge.
    let escaped = DiagramText.mermaidText("map \"view\"; --> [*] #2 %% end")
    #expect(escaped == "map #34;view#34;#59; --#62; [*] #35;2 #37;#37; end")
    #expect(mermaid.stdout.contains("on: \(escaped)"))
    #expect(mermaid.stdout.contains(" : start note right of g0 : x#92;n}\n"))
    let dot = CLITests.run(["diagram", path, "--format", "dot", "--all", "--max-groups", "100"])
    #expect(dot.status == 0, "\(dot.stderr)")
    #expect(Self.dotProblems(dot.stdout) == [])
    #expect(
      dot.stdout.hasPrefix(
        #"digraph "Eki \"Bright\"; %% #1 <b>&amp; ``` \\ {x} --> y: permission journey" {"#))
    #expect(dot.stdout.contains(#"on: map \"view\"; --> [*] #2 %% end"#))
    if let graphviz = Self.graphviz {
      #expect(try Self.render(dot.stdout, with: graphviz) == 0)
    }
  }

  @Test("the model alone, for each iOS version, draws its start and prompts")
  func modelAlone() throws {
    let plist = Self.apps.deletingLastPathComponent().appendingPathComponent("plist/Info.plist")
    for ios in ["17", "18"] {
      let model = ["diagram", "--ios", ios, "--info", plist.path, "--sessions", "whenInUse"]
      let run = CLITests.run(model + ["--all"])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(Self.mermaidProblems(run.stdout) == [])
      #expect(run.stdout.contains("  state \"notDetermined, fullAccuracy\" as g0\n"))
      #expect(run.stdout.contains(" : prompt: whenInUse\n"))
      let journey = CLITests.run(model)
      #expect(journey.status == 0, "\(journey.stderr)")
      #expect(Self.mermaidProblems(journey.stdout) == [])
      #expect(journey.stdout.contains("  state \"1. not running: notDetermined\" as g0\n"))
      #expect(journey.stdout.contains(" : prompt: whenInUse\n"))
    }
  }

  @Test("past --max-groups the diagram says what it merged")
  func cap() {
    let run = CLITests.run(["diagram", Self.examples[0], "--all", "--max-groups", "3"])
    #expect(run.status == 0)
    #expect(Self.mermaidProblems(run.stdout) == [])
    #expect(run.stdout.components(separatedBy: "  state \"").count == 4)
    #expect(run.stdout.contains("  note right of g0 : "))
    #expect(run.stdout.contains("merged"))
  }

  @Test("docs/APPS.md shows what the journey of its example prints now")
  func appsDocIsCurrent() throws {
    let doc = try String(
      contentsOf: Self.apps.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/APPS.md"), encoding: .utf8)
    let journey = CLITests.run([
      "diagram", Self.apps.appendingPathComponent("ios17-manager-app.yaml").path,
    ])
    #expect(journey.status == 0)
    #expect(journey.stdout.hasPrefix("```mermaid\n"))
    #expect(doc.contains("\n\n" + journey.stdout + "\n"), "regenerate docs/APPS.md's journey")
  }

  // MARK: Graphviz

  /// The `dot` program, where Graphviz is installed.
  static let graphviz: String? = {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return paths.map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// `dot -Tsvg` on `text`; its exit status.
  static func render(_ text: String, with dot: String) throws -> Int32 {
    let folder = try TemporaryDirectory()
    let input = folder.url.appendingPathComponent("diagram.dot")
    try text.write(to: input, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dot)
    process.arguments = [
      "-Tsvg", "-o", folder.url.appendingPathComponent("diagram.svg").path, input.path,
    ]
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let svg = try String(
      contentsOf: folder.url.appendingPathComponent("diagram.svg"), encoding: .utf8)
    #expect(svg.contains("<svg"))
    return process.terminationStatus
  }

  /// Graphviz's layout of a DOT text (`dot -Tjson`): its size in points, its nodes and edges,
  /// and how many pairs of edges cross.
  struct Layout {
    var width: Double
    var height: Double
    var nodes: Int
    var edges: Int
    /// Pairs of edges without an end in common whose drawn curves cross, each curve taken as
    /// eight straight pieces per Bézier segment.
    var crossings: Int
  }

  static func layout(_ text: String, with dot: String) throws -> Layout {
    let folder = try TemporaryDirectory()
    let input = folder.url.appendingPathComponent("diagram.dot")
    let output = folder.url.appendingPathComponent("diagram.json")
    try text.write(to: input, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dot)
    process.arguments = ["-Tjson", "-o", output.path, input.path]
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
    let box = try #require(json["bb"] as? String).split(separator: ",").compactMap {
      Double($0)
    }
    let objects = json["objects"] as? [[String: Any]] ?? []
    let edges = json["edges"] as? [[String: Any]] ?? []
    // Each edge's curve as points: `pos` is `e,x,y` (the arrowhead) then the control points.
    var curves: [(ends: Set<Int>, points: [(Double, Double)])] = []
    for edge in edges {
      let controls = (edge["pos"] as? String ?? "").split(separator: " ")
        .filter { !$0.hasPrefix("e,") && !$0.hasPrefix("s,") }
        .map { $0.split(separator: ",").compactMap { Double($0) } }
        .filter { $0.count == 2 }.map { ($0[0], $0[1]) }
      var points = Array(controls.prefix(1))
      var i = 0
      while i + 3 < controls.count {
        let (p0, p1, p2, p3) = (controls[i], controls[i + 1], controls[i + 2], controls[i + 3])
        for k in 1...8 {
          let t = Double(k) / 8
          let (a, b, c, d) = (
            (1 - t) * (1 - t) * (1 - t), 3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t, t * t * t
          )
          points.append(
            (
              a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0, a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1
            ))
        }
        i += 3
      }
      curves.append(([edge["tail"] as? Int ?? -1, edge["head"] as? Int ?? -2], points))
    }
    func side(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) -> Double {
      (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
    }
    func cross(_ p: [(Double, Double)], _ q: [(Double, Double)]) -> Bool {
      for i in p.indices.dropLast() {
        for j in q.indices.dropLast()
        where side(p[i], p[i + 1], q[j]) * side(p[i], p[i + 1], q[j + 1]) < 0
          && side(q[j], q[j + 1], p[i]) * side(q[j], q[j + 1], p[i + 1]) < 0
        {
          return true
        }
      }
      return false
    }
    var crossings = 0
    for i in curves.indices {
      for j in curves.indices where j > i && curves[i].ends.isDisjoint(with: curves[j].ends) {
        if cross(curves[i].points, curves[j].points) { crossings += 1 }
      }
    }
    return Layout(
      width: box.count == 4 ? box[2] - box[0] : 0, height: box.count == 4 ? box[3] - box[1] : 0,
      nodes: objects.count, edges: edges.count, crossings: crossings)
  }

  // Graphviz is not a dependency of the package: where `dot` is not on PATH this test is
  // skipped (and says so in the test run's output). CI installs it (.ci/run), so there the
  // test always runs.
  @Test(
    "Graphviz lays out each journey: every box and edge, a screen or two, no crossing",
    .enabled(if: graphviz != nil, "Graphviz's 'dot' is not on PATH"), arguments: examples)
  func graphvizLayout(_ path: String) throws {
    let run = CLITests.run(["diagram", path, "--format", "dot"])
    #expect(run.status == 0)
    let layout = try Self.layout(run.stdout, with: Self.graphviz!)
    // The boxes and the start point; the edges and the one from the start.
    let boxes = run.stdout.split(separator: "\n").filter {
      $0.wholeMatch(of: #/  g[0-9]+ \[.*/#) != nil
    }
    let edges = run.stdout.split(separator: "\n").filter { $0.contains(" -> ") }
    #expect(layout.nodes == boxes.count + 1)
    #expect(layout.edges == edges.count)
    #expect(boxes.count <= 20)
    // Measured: 625 to 1,729 points wide and 354 to 683 high for the examples; the full graph
    // of the one-feature ios17-manager-app is 7,109 by 1,399 with 69 pairs of edges crossing.
    #expect(layout.width <= 2_000, "\(layout.width) points wide")
    #expect(layout.height <= 1_000, "\(layout.height) points high")
    #expect(layout.crossings == 0, "\(layout.crossings) pairs of edges cross")
  }

  @Test(
    "the full graph of the one-feature app is what the journey replaces: larger, edges crossing",
    .enabled(if: graphviz != nil, "Graphviz's 'dot' is not on PATH"))
  func graphvizFullGraph() throws {
    let path = Self.apps.appendingPathComponent("ios17-manager-app.yaml").path
    let all = try Self.layout(
      CLITests.run(["diagram", path, "--all", "--format", "dot"]).stdout, with: Self.graphviz!)
    let journey = try Self.layout(
      CLITests.run(["diagram", path, "--format", "dot"]).stdout, with: Self.graphviz!)
    #expect(all.crossings > 10, "\(all.crossings)")
    #expect(journey.crossings == 0)
    #expect(all.nodes > 2 * journey.nodes && all.edges > 4 * journey.edges)
    #expect(all.width > 2_000 && journey.width < 1_000)
  }

  @Test(
    "Graphviz renders the full graph of every example app file",
    .enabled(if: graphviz != nil, "Graphviz's 'dot' is not on PATH"), arguments: examples)
  func graphvizRendersAll(_ path: String) throws {
    let run = CLITests.run(["diagram", path, "--all", "--format", "dot"])
    #expect(run.status == 0)
    #expect(try Self.render(run.stdout, with: Self.graphviz!) == 0)
  }

  // MARK: Errors

  @Test("--help prints the help")
  func help() {
    let run = CLITests.run(["diagram", "--help"])
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("usage: authcheck diagram FILE"))
  }

  @Test(
    "usage errors say what is wrong and exit 2",
    arguments: [
      (["diagram"], "give an app file, or '--ios', '--info' and '--sessions' for the model alone"),
      (
        ["diagram", "x.yaml", "--format", "svg"],
        "unknown format 'svg'; expected 'mermaid' or 'dot'"
      ),
      (
        ["diagram", "x.yaml", "--fromat", "dot"],
        "unknown option '--fromat'; did you mean '--format'?"
      ),
      (
        ["diagram", "x.yaml", "--max-groups", "1"],
        "'--max-groups' needs a whole number of at least 2; got '1'"
      ),
      (
        ["diagram", "--ios", "18"],
        "the model alone needs '--ios', '--info' and '--sessions' together"
      ),
      (
        ["diagram", "--ios", "16", "--info", "a", "--sessions", "none"],
        "unknown iOS version '16'; expected 17, 18, 26, 27"
      ),
      (["diagram", "a.yaml", "b.yaml"], "one app file at a time; got 'b.yaml' too"),
      (
        ["diagram", "a.yaml", "--feature", "map"],
        "'--feature' draws the full graph: add '--all' (the journey has no groups)"
      ),
      (
        ["diagram", "a.yaml", "--max-groups", "9"],
        "'--max-groups' draws the full graph: add '--all' (the journey has no groups)"
      ),
      (
        ["diagram", "a.yaml", "--ios", "18"],
        "'--ios', '--info' and '--sessions' draw the model alone, without 'a.yaml'"
      ),
    ])
  func usageErrors(_ arguments: [String], _ message: String) {
    let run = CLITests.run(arguments)
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("authcheck diagram: error: \(message)\n"), "\(run.stderr)")
  }

  @Test("a scenario, a missing file, an invalid app file and an unknown feature")
  func fileErrors() throws {
    let folder = try TemporaryDirectory()
    let scenario = folder.url.appendingPathComponent("s.yaml").path
    try CLITests.passing("s").write(toFile: scenario, atomically: true, encoding: .utf8)
    let isScenario = CLITests.run(["diagram", scenario])
    #expect(isScenario.status == 2)
    #expect(isScenario.stderr.contains("is a scenario; the diagram draws an app file"))

    let missing = CLITests.run(["diagram", folder.url.appendingPathComponent("none.yaml").path])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("none.yaml': cannot read the file"))

    let invalid = folder.url.appendingPathComponent("bad.yaml").path
    try "app: x\nfeatures:\n  a:\n    startedBy: sometimes\n".write(
      toFile: invalid, atomically: true, encoding: .utf8)
    let bad = CLITests.run(["diagram", invalid])
    #expect(bad.status == 1)
    #expect(bad.stderr.contains("bad.yaml:4:16: error:"), "\(bad.stderr)")

    let unknown = CLITests.run(["diagram", Self.examples[0], "--all", "--feature", "mapp"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("has no feature 'mapp'"))
  }
}
