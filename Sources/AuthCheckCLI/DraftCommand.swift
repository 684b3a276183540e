import AuthApp
import AuthDraft
import AuthScenario

/// `authcheck draft`: an app file drafted from an app's project.
enum DraftCommand {
  static let help = """
    usage: authcheck draft PATH [-o FILE] [--check]

    Reads the folder PATH (an Xcode project or a Swift package) and prints an app file drafted
    from it: 'info' from its Info.plist files (XML or binary) and the INFOPLIST_KEY_ build
    settings of its project.pbxproj, and one feature per Swift type that uses Core Location,
    named after the type, with what it holds and requests, 'startedBy', 'restore' and
    'inBackground' where the code shows them. Every line with a value ends with
    '# from FILE:LINE' (FILE relative to PATH); a guess says '# TODO: check' and what the
    draft saw; 'needs' is left for you to write. Keys that build configurations or files set
    differently are warnings on standard error. docs/APPS.md, "Drafting an app file", says
    what is recognised and what is not.

    options:
      -h, --help   show this help
      -o FILE      write the draft to FILE instead of standard output; an existing FILE is
                   an error, never overwritten
      --check      then run the static checks A1–A7 on the draft, as 'authcheck FILE' does:
                   findings on standard error, at the drafted lines, each with a note at the
                   line of the project it was drafted from

    exit status:
      0  drafted (with --check: and no finding)
      1  with --check: a finding, or a draft that does not read as an app file
      2  usage error, a folder or file that cannot be read, or FILE exists

    """

  struct Options: Equatable {
    var folder: String?
    var output: String?
    var check = false
    var help = false
  }

  static func parse(_ arguments: [String]) -> Result<Options, RunOptions.UsageError> {
    var options = Options()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "-h", "--help": options.help = true
      case "--check": options.check = true
      case "-o", "--output":
        index += 1
        guard index < arguments.count else {
          return .failure(.init(message: "'\(argument)' needs a file"))
        }
        options.output = arguments[index]
      default:
        if argument.hasPrefix("-") && argument != "-" {
          return .failure(
            .init(
              message: "unknown option '\(argument)'"
                + EditDistance.didYouMean(argument, among: ["--check", "--help", "-o"])))
        }
        guard options.folder == nil else {
          return .failure(.init(message: "one folder at a time; got '\(argument)' too"))
        }
        options.folder = argument
      }
      index += 1
    }
    if !options.help && options.folder == nil {
      return .failure(.init(message: "give the folder of an Xcode project or a Swift package"))
    }
    return .success(options)
  }

  /// Runs `authcheck draft` with `arguments` (after `draft`) and returns its exit status.
  static func run<Out: TextOutputStream, Err: TextOutputStream>(
    arguments: [String], color: Bool, stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    let options: Options
    switch parse(arguments) {
    case .success(let parsed): options = parsed
    case .failure(let error):
      stderr.write("authcheck draft: error: \(error.message)\n")
      stderr.write("usage: authcheck draft PATH [-o FILE] [--check] (authcheck draft --help)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    if options.help {
      stdout.write(help)
      return AuthCheckCLI.ExitCode.success
    }
    let folder = options.folder ?? "."
    let draft: AppDraft
    do {
      draft = try AppDraft.draft(folder: folder)
    } catch {
      stderr.write("authcheck draft: error: \(error.message)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    let renderer = DiagnosticRenderer(useColor: color)
    for disagreement in draft.disagreements {
      stderr.write(
        renderer.render(
          .warning(disagreement.message, at: position(of: disagreement.at)),
          file: projectPath(draft.folder, disagreement.at.path), source: "") + "\n")
    }
    let shownName: String
    if let output = options.output {
      if let reason = ReportFile.write(draft.text, to: output, replacing: false) {
        stderr.write(
          "authcheck draft: error: cannot write '\(SystemPath.displayed(output))': \(reason)\n")
        if reason.hasSuffix("does not overwrite files") {
          stderr.write(
            "hint: choose another file, or remove '\(SystemPath.displayed(output))' first\n")
        }
        return AuthCheckCLI.ExitCode.usage
      }
      shownName = SystemPath.displayed(output)
    } else {
      stdout.write(draft.text)
      shownName = "<stdout>"
    }
    guard options.check else { return AuthCheckCLI.ExitCode.success }
    return check(
      draft, named: options.output ?? shownName, shown: shownName,
      renderer: renderer, stderr: &stderr)
  }

  /// Runs the static checks on `draft`, as the app file `name`, and reports each finding with
  /// a note at the project's line it was drafted from.
  static func check<Err: TextOutputStream>(
    _ draft: AppDraft, named name: String, shown: String,
    renderer: DiagnosticRenderer, stderr: inout Err
  ) -> Int32 {
    let file = AppFile.parse(Array(draft.text.utf8), path: name)
    let findings: [Diagnostic]
    switch file.app {
    case .failure(let error):
      findings = error.diagnostics
    case .success(let app):
      findings = app.staticFindings().map(\.diagnostic)
    }
    for finding in findings {
      stderr.write(renderer.render(finding, file: shown, source: draft.text) + "\n")
      if let from = draft.origins[finding.position.line] {
        stderr.write(
          renderer.render(
            .note("drafted from here", at: position(of: from)),
            file: projectPath(draft.folder, from.path), source: "") + "\n")
      }
    }
    return findings.isEmpty ? AuthCheckCLI.ExitCode.success : AuthCheckCLI.ExitCode.failure
  }

  static func position(of line: SourceLine) -> SourcePosition {
    SourcePosition(line: line.line ?? 1, column: line.column)
  }

  /// A project file's path as the user can open it: under the folder given.
  static func projectPath(_ folder: String, _ relative: String) -> String {
    SystemPath.displayed(
      folder == "." ? relative : (folder.hasSuffix("/") ? folder : folder + "/") + relative)
  }
}
