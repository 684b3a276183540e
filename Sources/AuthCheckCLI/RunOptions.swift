import AuthModel
import AuthScenario

/// The options of `authcheck PATH…`.
struct RunOptions: Equatable {
  var paths: [String] = []
  var help = false
  var version = false
  /// A deliberately broken model to run the scenarios on (checking authcheck itself).
  var mutation: ModelMutation?
  /// Where to write a JUnit XML report, beside the normal output.
  var junit: String?
  /// What standard output shows.
  var format = OutputFormat.text
  /// Whether to report which rules, observables and flags the scenarios exercised.
  var coverage = false
  /// `--counterexamples DIR`: app files' failures written as scenarios.
  var counterexamples: String?
  /// `--paths DIR`: the ways each feature of an app file can fail, written as scenarios.
  var storyPaths: String?
  /// `--max-states N`: the most states an app file's exploration stores.
  var maxStates: Int?
  /// `--ways-to-fail`: under each app file, the ways each feature can fail, as a table.
  var waysToFail = false

  /// What standard output shows: the text report, one JSON document, or GitHub Actions
  /// workflow commands.
  enum OutputFormat: String, CaseIterable, Equatable {
    case text, json, github
  }

  struct UsageError: Error, Equatable {
    let message: String
  }

  static let flags = [
    "--help", "-h", "--version", "--mutation", "--junit", "--format", "--coverage",
    "--counterexamples", "--paths", "--max-states", "--ways-to-fail",
  ]

  /// The options that take a value.
  static let valueFlags: Set<String> = [
    "--mutation", "--junit", "--format", "--counterexamples", "--paths", "--max-states",
  ]

  static func parse(_ arguments: [String]) -> Result<RunOptions, UsageError> {
    var options = RunOptions()
    var onlyPaths = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
        options.paths.append(argument)
        continue
      }
      // `--flag=value` is `--flag value` for the options that take a value.
      var flag = argument
      if let equals = argument.firstIndex(of: "="),
        valueFlags.contains(String(argument[..<equals]))
      {
        flag = String(argument[..<equals])
        rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
      }
      switch flag {
      case "--": onlyPaths = true
      case "--help", "-h": options.help = true
      case "--version": options.version = true
      case "--coverage": options.coverage = true
      case "--ways-to-fail": options.waysToFail = true
      case "--mutation":
        guard let name = rest.popFirst() else {
          return .failure(UsageError(message: "'--mutation' needs a value"))
        }
        guard let mutation = ModelMutation(rawValue: name) else {
          return .failure(
            UsageError(
              message: "unknown mutation '\(name)'; expected "
                + ModelMutation.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
        }
        options.mutation = mutation
      case "--junit":
        guard let path = rest.popFirst(), !path.isEmpty else {
          return .failure(UsageError(message: "'--junit' needs a file to write"))
        }
        options.junit = path
      case "--counterexamples", "--paths":
        guard let folder = rest.popFirst(), !folder.isEmpty else {
          return .failure(UsageError(message: "'\(flag)' needs a folder to write to"))
        }
        if flag == "--paths" {
          options.storyPaths = folder
        } else {
          options.counterexamples = folder
        }
      case "--max-states":
        guard let text = rest.popFirst(), let count = Int(text), count > 0 else {
          return .failure(UsageError(message: "'--max-states' needs a positive number of states"))
        }
        options.maxStates = count
      case "--format":
        guard let name = rest.popFirst() else {
          return .failure(
            UsageError(message: "'--format' needs a value: 'text', 'json' or 'github'"))
        }
        guard let format = OutputFormat(rawValue: name) else {
          let hint = EditDistance.didYouMean(name, among: OutputFormat.allCases.map(\.rawValue))
          return .failure(
            UsageError(
              message: "unknown format '\(name)'"
                + (hint.isEmpty ? "; expected 'text', 'json' or 'github'" : hint)))
        }
        options.format = format
      default:
        let hint = EditDistance.didYouMean(argument, among: flags)
        return .failure(UsageError(message: "unknown option '\(argument)'\(hint)"))
      }
    }
    if !options.help && !options.version && options.paths.isEmpty {
      return .failure(UsageError(message: "no scenario file or folder given"))
    }
    return .success(options)
  }
}
