import AuthApp
import AuthModel
import AuthScenario

/// `authcheck rules [ID…]`: the rule book, from the binary.
enum RulesCommand {
  static let help = """
    usage: authcheck rules [ID…]
           authcheck rules --markdown

    Without ids, lists every rule (R1–R50), every property of the model (P1–P13) and every
    static check of app files (A1–A4) with its title. With ids (for example 'authcheck rules R19 P7'), prints what each says, its sources,
    whether it is assumed and the model's own choices beside it. Ids ignore case. (To run the
    scenarios of a folder named 'rules', write 'authcheck ./rules'.)

    options:
      -h, --help   show this help
      --markdown   print the whole rule book as Markdown (the text of docs/RULES.md)

    exit status:
      0  printed
      2  usage error, or an id that is neither a rule nor a property

    """

  /// Runs `authcheck rules` with `arguments` (after `rules`) and returns its exit status.
  static func run<Out: TextOutputStream, Err: TextOutputStream>(
    arguments: [String], stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      stdout.write(help)
      return AuthCheckCLI.ExitCode.success
    }
    if arguments == ["--markdown"] {
      stdout.write(RuleBook.markdown)
      return AuthCheckCLI.ExitCode.success
    }
    var entries: [RuleBook.Entry] = []
    var errors: [String] = []
    for argument in arguments {
      if argument.hasPrefix("-") {
        errors.append(
          argument == "--markdown"
            ? "'--markdown' takes no ids"
            : "unknown option '\(argument)'" + EditDistance.didYouMean(argument, among: options))
      } else if let entry = RuleBook.Entry(id: argument) {
        if !entries.contains(entry) { entries.append(entry) }
      } else {
        errors.append(unknown(argument))
      }
    }
    guard errors.isEmpty else {
      for error in errors { stderr.write("authcheck: error: \(error)\n") }
      stderr.write("usage: authcheck rules [ID…] (authcheck rules --help for more)\n")
      return AuthCheckCLI.ExitCode.usage
    }
    guard !entries.isEmpty else {
      stdout.write(RuleBook.index)
      return AuthCheckCLI.ExitCode.success
    }
    stdout.write(entries.map(RuleBook.details).joined(separator: "\n"))
    return AuthCheckCLI.ExitCode.success
  }

  private static let options = ["--help", "--markdown"]

  /// The error for an id that is neither a rule nor a property: a suggestion by edit distance
  /// among the ids and titles, or the ranges of ids.
  static func unknown(_ argument: String) -> String {
    let entries = RuleBook.Entry.all
    let ranges =
      "rules are R1–R\(Rule.allCases.count), properties P1–P\(ModelProperty.all.count), "
      + "app checks A1–A\(StaticCheck.allCases.count)"
    let quoted = "'\(argument.prefix(40))\(argument.count > 40 ? "…" : "")'"
    // A number out of range is no typo: name the ranges rather than a neighbour.
    let isNumbered =
      argument.count > 1 && argument.first.map("RrPpAa".contains) == true
      && argument.dropFirst().allSatisfy(\.isNumber)
    if !isNumbered,
      let match = EditDistance.suggestion(
        for: argument, among: entries.map(\.id) + entries.map(\.title)),
      let entry = entries.first(where: { $0.id == match || $0.title == match })
    {
      return "unknown rule or property \(quoted); did you mean '\(entry.id)' (\(entry.title))?"
    }
    return "unknown rule or property \(quoted) (\(ranges))"
  }
}
