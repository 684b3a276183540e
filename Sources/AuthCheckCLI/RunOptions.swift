import AuthModel
import AuthScenario

/// The options of `authcheck PATH…`.
struct RunOptions: Equatable {
  var paths: [String] = []
  var help = false
  var version = false
  /// A deliberately broken model to run the scenarios on (checking authcheck itself).
  var mutation: ModelMutation?

  struct UsageError: Error, Equatable {
    let message: String
  }

  static let flags = ["--help", "-h", "--version", "--mutation"]

  static func parse(_ arguments: [String]) -> Result<RunOptions, UsageError> {
    var options = RunOptions()
    var onlyPaths = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
        options.paths.append(argument)
        continue
      }
      switch argument {
      case "--": onlyPaths = true
      case "--help", "-h": options.help = true
      case "--version": options.version = true
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
