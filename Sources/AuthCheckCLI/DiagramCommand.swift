import AuthApp
import AuthExplorer
import AuthModel
import AuthScenario

/// `authcheck diagram`: an app's permission journey, or the model's, as a Mermaid or Graphviz
/// diagram.
enum DiagramCommand {
  static let help = """
    usage: authcheck diagram FILE [--format mermaid|dot] [--all [--feature NAME] [--max-groups N]]
           authcheck diagram --ios V --info PLIST --sessions LIST [--format mermaid|dot] [--all]

    Draws the app's permission journey: what a user who says yes goes through, and where each
    feature falls off. The spine is the cooperative user's path (the most generous answer to
    every prompt, never Settings): launch, each prompt and its answer, each feature started,
    into the background and back. Each box is what the user sees: where the app is, the
    authorization status, the accuracy, the prompt, and which features work, fail or are on.
    Each dashed branch is a reason a feature stops working (as 'authcheck FILE --ways-to-fail'
    finds them): its cause and the rules of its reason, the features that stop, where the
    story ends; its edge is the step that leaves the spine, then the story's last.

    With --all, draws every state a user can reach instead, grouped by what the user sees, with
    an edge for every step from one group to another (a button, a Settings change, a feature
    started or stopped, a lifecycle step that changes what the user sees); each group says
    whether each feature's needs hold there, and which rules deny them; groups that a user who
    allows everything never reaches are dashed.

    With --ios, --info and --sessions, draws the model alone: the app of that Info.plist (or
    scenario file) on that iOS, with those sessions, and every call the app can make. Its
    journey's spine goes to the most the app can be granted; its branches are the other
    answers to the spine's prompts.

    options:
      -h, --help          show this help
      --format FORMAT     mermaid (default): a stateDiagram-v2 block in Markdown, which GitHub
                          renders in a README or a pull request; dot: Graphviz
      --all               every group of states and every step between them, not the journey
      --feature NAME      with --all: draw one feature's view: whether it is on, its needs only
      --max-groups N      with --all: the most groups drawn (default \(PermissionDiagram.defaultMaximumGroups)); past it, groups
                          that differ only in the features on are merged, then the groups met
                          last; the diagram says what was merged
      --ios 17|18|26|27   with --info and --sessions: the iOS of the model alone
      --info FILE         an Info.plist (XML or binary) or a scenario file
      --sessions LIST     the sessions the app may create, as for 'authcheck explore'

    The walks store at most the states that fit in three quarters of the memory (the
    machine's, or its control group's limit); an app with more is not drawn: the message says
    how far the walk got and which features to move to an app file of their own. A long walk
    reports its progress on standard error.

    exit status:
      0  drawn
      1  the app file is invalid (its errors are printed)
      2  usage error, or a file that cannot be read
      3  INCOMPLETE: more states than memory holds; nothing is drawn

    """

  struct Options {
    var file: String?
    var format = "mermaid"
    var feature: String?
    var maximumGroups = PermissionDiagram.defaultMaximumGroups
    /// Every group and step (``PermissionDiagram``), not the journey.
    var all = false
    /// `--max-groups` was given.
    var capped = false
    var ios: IOSVersion?
    var info: String?
    var sessions: String?
    var help = false
  }

  static func parse(_ arguments: [String]) -> Result<Options, RunOptions.UsageError> {
    var options = Options()
    var index = 0
    func value(_ flag: String) -> String? {
      index += 1
      return index < arguments.count ? arguments[index] : nil
    }
    let flags = [
      "--format", "--all", "--feature", "--max-groups", "--ios", "--info", "--sessions",
      "--help",
    ]
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "-h", "--help": options.help = true
      case "--all": options.all = true
      case "--format", "--feature", "--max-groups", "--ios", "--info", "--sessions":
        guard let given = value(argument) else {
          return .failure(.init(message: "'\(argument)' needs a value"))
        }
        switch argument {
        case "--format":
          guard ["mermaid", "dot"].contains(given) else {
            return .failure(
              .init(message: "unknown format '\(given)'; expected 'mermaid' or 'dot'"))
          }
          options.format = given
        case "--feature": options.feature = given
        case "--max-groups":
          guard let n = Int(given), n >= 2 else {
            return .failure(
              .init(message: "'--max-groups' needs a whole number of at least 2; got '\(given)'"))
          }
          options.maximumGroups = n
          options.capped = true
        case "--ios":
          guard let n = Int(given), let version = IOSVersion(rawValue: n) else {
            return .failure(
              .init(
                message: "unknown iOS version '\(given)'; expected "
                  + IOSVersion.allCases.map { "\($0.rawValue)" }.joined(separator: ", ")))
          }
          options.ios = version
        case "--info": options.info = given
        default: options.sessions = given
        }
      default:
        if argument.hasPrefix("-") && argument != "-" {
          return .failure(
            .init(
              message: "unknown option '\(argument)'"
                + EditDistance.didYouMean(argument, among: flags)))
        }
        guard options.file == nil else {
          return .failure(.init(message: "one app file at a time; got '\(argument)' too"))
        }
        options.file = argument
      }
      index += 1
    }
    if options.help { return .success(options) }
    for (flag, given) in [("--feature", options.feature != nil), ("--max-groups", options.capped)]
    where given && !options.all {
      return .failure(
        .init(message: "'\(flag)' draws the full graph: add '--all' (the journey has no groups)"))
    }
    let model = [options.ios == nil, options.info == nil, options.sessions == nil]
    if let file = options.file {
      guard model.allSatisfy({ $0 }) else {
        return .failure(
          .init(
            message: "'--ios', '--info' and '--sessions' draw the model alone, without '\(file)'"))
      }
    } else {
      guard !model.allSatisfy({ $0 }) else {
        return .failure(
          .init(
            message: "give an app file, or '--ios', '--info' and '--sessions' for the model alone"
          ))
      }
      guard model.allSatisfy({ !$0 }) else {
        return .failure(
          .init(message: "the model alone needs '--ios', '--info' and '--sessions' together"))
      }
      if options.feature != nil {
        return .failure(.init(message: "'--feature' names a feature of an app file"))
      }
    }
    return .success(options)
  }

  /// Runs `authcheck diagram` with `arguments` (after `diagram`) and returns its exit status.
  ///
  /// - Parameters:
  ///   - memory: the bytes the walks may take (``MemoryBudget``); `nil` for what the machine
  ///     and its control group give.
  ///   - stderrIsTerminal: whether the progress of a long walk rewrites one line.
  static func run<Out: TextOutputStream, Err: TextOutputStream>(
    arguments: [String], color: Bool, memory: Int? = nil, stderrIsTerminal: Bool = false,
    stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    let usage = "usage: authcheck diagram FILE [options] (authcheck diagram --help for more)\n"
    let options: Options
    switch parse(arguments) {
    case .success(let parsed): options = parsed
    case .failure(let error):
      stderr.write("authcheck diagram: error: \(error.message)\n")
      stderr.write(usage)
      return AuthCheckCLI.ExitCode.usage
    }
    if options.help {
      stdout.write(help)
      return AuthCheckCLI.ExitCode.success
    }
    let bounds = Bounds(memory: memory ?? MemoryBudget.available(), terminal: stderrIsTerminal)
    guard let file = options.file else {
      return drawModel(options, bounds, stdout: &stdout, stderr: &stderr)
    }
    if case .failure(let unreadable) = ScenarioFile.readSource(path: file) {
      stderr.write(
        "authcheck diagram: error: '\(SystemPath.displayed(file))': \(unreadable.message)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    let app: AppDescription
    switch CheckFile.load(path: file) {
    case .scenario(let scenario):
      if case .failure(let error) = scenario.scenario {
        stderr.write(
          DiagnosticRenderer(useColor: color).render(
            error.diagnostics, file: SystemPath.displayed(file), source: scenario.source))
        return AuthCheckCLI.ExitCode.failure
      }
      stderr.write(
        "authcheck diagram: error: '\(SystemPath.displayed(file))' is a scenario; the diagram "
          + "draws an app file (a file whose first key is 'app'), or the model alone with "
          + "--ios, --info and --sessions\n")
      return AuthCheckCLI.ExitCode.usage
    case .app(let appFile):
      switch appFile.app {
      case .success(let described): app = described
      case .failure(let error):
        stderr.write(
          DiagnosticRenderer(useColor: color).render(
            error.diagnostics, file: SystemPath.displayed(file), source: appFile.source))
        return AuthCheckCLI.ExitCode.failure
      }
    }
    if let feature = options.feature, !app.features.contains(where: { $0.name == feature }) {
      let names = app.features.map(\.name)
      stderr.write(
        "authcheck diagram: error: app '\(app.name)' has no feature '\(feature)'"
          + EditDistance.didYouMean(feature, among: names) + "; its features: "
          + names.joined(separator: ", ") + "\n")
      return AuthCheckCLI.ExitCode.usage
    }
    let text: String
    let subject = "app '\(SystemPath.displayed(app.name))' (\(SystemPath.displayed(file)))"
    do {
      if options.all {
        let diagram = try PermissionDiagram.of(
          app, feature: options.feature, maximumGroups: options.maximumGroups,
          maxStates: bounds.states, limit: bounds.limit, progress: bounds.progress(subject))
        text = DiagramText.render(diagram, format: options.format)
      } else {
        let journey = try PermissionJourney.of(
          app, maxStates: bounds.states, limit: bounds.limit, progress: bounds.progress(subject))
        text = DiagramText.render(journey, format: options.format)
      }
    } catch {
      bounds.reporter.clear()
      stderr.write("authcheck diagram: error: \(error.message)\n")
      if case .incomplete = error { return AuthCheckCLI.ExitCode.incomplete }
      return AuthCheckCLI.ExitCode.failure
    }
    bounds.reporter.clear()
    stdout.write(text)
    return AuthCheckCLI.ExitCode.success
  }

  /// How far the walks go (``MemoryBudget``), and who hears how far they got.
  struct Bounds {
    let memory: Int
    let reporter: SearchProgress

    init(memory: Int, terminal: Bool) {
      self.memory = memory
      reporter = SearchProgress(terminal: terminal, command: "authcheck diagram")
    }

    var states: Int { MemoryBudget.states(workers: 1, memory: memory) }
    var limit: String { MemoryBudget.limit(memory: memory) }

    func progress(_ subject: String) -> (Int) -> Void {
      { [reporter] in reporter.report(subject, "walk for the diagram", states: $0) }
    }
  }

  private static func drawModel<Out: TextOutputStream, Err: TextOutputStream>(
    _ options: Options, _ bounds: Bounds, stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    guard let ios = options.ios, let info = options.info, let sessions = options.sessions else {
      return AuthCheckCLI.ExitCode.usage
    }
    let plist: InfoPlist
    switch ExploreOptions.infoPlist(at: info) {
    case .success(let read): plist = read
    case .failure(let error):
      stderr.write("authcheck diagram: error: \(error.message)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    let catalogue: SessionCatalogue
    do {
      catalogue = try SessionCatalogue(parsing: sessions)
    } catch {
      stderr.write("authcheck diagram: error: '--sessions': \(error.message)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    do {
      let configuration = AppConfiguration(ios: ios, infoPlist: plist)
      let progress = bounds.progress("iOS \(ios.rawValue), sessions \(catalogue)")
      let text =
        options.all
        ? DiagramText.render(
          try PermissionDiagram.of(
            configuration, catalogue: catalogue, maximumGroups: options.maximumGroups,
            maxStates: bounds.states, limit: bounds.limit, progress: progress),
          format: options.format)
        : DiagramText.render(
          try PermissionJourney.of(
            configuration, catalogue: catalogue, maxStates: bounds.states, limit: bounds.limit,
            progress: progress),
          format: options.format)
      bounds.reporter.clear()
      stdout.write(text)
      return AuthCheckCLI.ExitCode.success
    } catch {
      bounds.reporter.clear()
      switch error {
      case .incomplete(let message):
        stderr.write("authcheck diagram: error: \(message)\n")
        return AuthCheckCLI.ExitCode.incomplete
      default:
        stderr.write("authcheck diagram: error: '--sessions': \(error.message)\n")
        return AuthCheckCLI.ExitCode.usage
      }
    }
  }
}

/// A ``PermissionDiagram`` as Mermaid or Graphviz text.
enum DiagramText {
  static func render(_ diagram: PermissionDiagram, format: String) -> String {
    format == "dot" ? dot(diagram) : mermaid(diagram)
  }

  static func render(_ journey: PermissionJourney, format: String) -> String {
    format == "dot" ? dot(journey) : mermaid(journey)
  }

  /// The lines that describe a group: what the user sees, the features on, each verdict.
  static func lines(_ group: PermissionDiagram.Group) -> (title: String, details: [String]) {
    let title = "\(group.status.rawValue), \(group.accuracy.rawValue)"
    var details: [String] = []
    if group.prompt != .none {
      details.append("\(ObservableKey.prompt): \(ObservedValue.prompt(group.prompt))")
    }
    if let features = group.features, !features.isEmpty {
      details.append("on: " + features.joined(separator: ", "))
    }
    details += group.verdicts.map(\.summary)
    if group.merged > 1 {
      details.append("and \(group.merged - 1) more groups, merged")
    }
    return (title, details.map(SystemPath.displayed))
  }

  // MARK: Mermaid

  /// The characters a Mermaid label writes as they are: printable ASCII but for those that
  /// end a label or a statement (`"`, `;`, a line break), start a comment or an entity (`%`,
  /// `#`), make HTML (`<`, `>`, `&`), or end the Markdown block (a backtick).
  static let mermaidPlain = Set(
    (0x20...0x7E).compactMap(Unicode.Scalar.init).filter {
      !"\"#;%<>&`\\".unicodeScalars.contains($0)
    })

  /// `text` for a Mermaid label: ``mermaidPlain`` characters as they are, every other one as
  /// its entity code (`#35;` for `#`), so that no name can end a label, a statement or the
  /// block.
  static func mermaidText(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if mermaidPlain.contains(scalar) {
        out.unicodeScalars.append(scalar)
      } else {
        out += "#\(scalar.value);"
      }
    }
    return out
  }

  static func mermaid(_ diagram: PermissionDiagram) -> String {
    mermaidChart(
      title: SystemPath.displayed(diagram.title),
      boxes: diagram.groups.map { group in
        let (title, details) = lines(group)
        return (title, details)
      },
      edges: diagram.edges.map {
        ($0.from, $0.to, $0.labels.map(SystemPath.displayed).joined(separator: " / "))
      },
      note: diagram.note.map(SystemPath.displayed),
      dashed: diagram.groups.indices.filter { !diagram.groups[$0].cooperative })
  }

  /// A diagram in Mermaid, the full graph's or the journey's: the boxes (a title, then lines
  /// of details) as `g0`, `g1`…, the first where the story starts; the edges with their labels;
  /// a note on the first box; and the dashed boxes, those of a user who declines. Every text
  /// comes as the report shows it.
  private static func mermaidChart(
    title: String, boxes: [(title: String, details: [String])],
    edges: [(from: Int, to: Int, label: String)], note: String?, dashed: [Int]
  ) -> String {
    var out = ["```mermaid", "stateDiagram-v2"]
    out.append("  %% " + mermaidText("\(title): permission journey, drawn by authcheck"))
    for (index, box) in boxes.enumerated() {
      out.append("  state \"\(mermaidText(box.title))\" as g\(index)")
      for line in box.details { out.append("  g\(index) : \(mermaidText(line))") }
    }
    if !boxes.isEmpty { out.append("  [*] --> g0") }
    for edge in edges {
      out.append("  g\(edge.from) --> g\(edge.to) : " + mermaidText(edge.label))
    }
    if let note, !boxes.isEmpty { out.append("  note right of g0 : \(mermaidText(note))") }
    if !dashed.isEmpty {
      out.append("  classDef declined stroke-dasharray: 5 5")
      out.append("  class " + dashed.map { "g\($0)" }.joined(separator: ",") + " declined")
    }
    out.append("```")
    return out.joined(separator: "\n") + "\n"
  }

  // MARK: Graphviz

  /// `text` in a DOT double-quoted string: `\` and `"` escaped, a line break as `\n`, other
  /// control characters as spaces. Names reach it already shown as the text report shows them
  /// (`SystemPath.displayed(_:)`), so a line break here is always one the diagram made.
  static func dotString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += " "
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static func dot(_ diagram: PermissionDiagram) -> String {
    var out = [
      "digraph \(dotString(SystemPath.displayed(diagram.title) + ": permission journey")) {"
    ]
    out.append("  rankdir=LR;")
    out.append("  node [shape=box, style=rounded];")
    if let note = diagram.note {
      out.append("  label=\(dotString(SystemPath.displayed(note)));")
      out.append("  labelloc=b;")
    }
    if !diagram.groups.isEmpty {
      out.append("  start [shape=point];")
      out.append("  start -> g0;")
    }
    for (index, group) in diagram.groups.enumerated() {
      let (title, details) = lines(group)
      let style = group.cooperative ? "" : ", style=\"rounded,dashed\""
      out.append(
        "  g\(index) [label=\(dotString(([title] + details).joined(separator: "\n")))\(style)];")
    }
    for edge in diagram.edges {
      let style = diagram.groups[edge.to].cooperative ? "" : ", style=dashed"
      out.append(
        "  g\(edge.from) -> g\(edge.to) "
          + "[label=\(dotString(edge.labels.map(SystemPath.displayed).joined(separator: "\n")))\(style)];"
      )
    }
    out.append("}")
    return out.joined(separator: "\n") + "\n"
  }

  // MARK: The journey

  static func mermaid(_ journey: PermissionJourney) -> String {
    mermaidChart(
      title: SystemPath.displayed(journey.title),
      boxes: journey.boxes.map {
        (SystemPath.displayed($0.title), $0.details.map(SystemPath.displayed))
      },
      edges: journey.edges.map {
        ($0.from, $0.to, $0.labels.map(SystemPath.displayed).joined(separator: " / "))
      },
      note: nil, dashed: journey.boxes.indices.filter { !journey.boxes[$0].onSpine })
  }

  /// The journey for Graphviz: left to right, the spine's edges heavy so that the spine runs
  /// straight, the branches dashed.
  static func dot(_ journey: PermissionJourney) -> String {
    var out = [
      "digraph \(dotString(SystemPath.displayed(journey.title) + ": permission journey")) {"
    ]
    out.append("  rankdir=TB;")
    out.append("  node [shape=box, style=rounded, fontname=Helvetica, fontsize=11];")
    out.append("  edge [fontname=Helvetica, fontsize=10];")
    if !journey.boxes.isEmpty {
      out.append("  start [shape=point];")
      out.append("  start -> g0 [weight=10];")
    }
    for (index, box) in journey.boxes.enumerated() {
      let style = box.onSpine ? ", penwidth=2" : ", style=\"rounded,dashed\""
      let label = ([box.title] + box.details).map(SystemPath.displayed).joined(separator: "\n")
      out.append("  g\(index) [label=\(dotString(label))\(style)];")
    }
    for edge in journey.edges {
      let style = edge.onSpine ? ", weight=10, penwidth=2" : ", style=dashed"
      out.append(
        "  g\(edge.from) -> g\(edge.to) "
          + "[label=\(dotString(edge.labels.map(SystemPath.displayed).joined(separator: "\n")))\(style)];"
      )
    }
    out.append("}")
    return out.joined(separator: "\n") + "\n"
  }
}
