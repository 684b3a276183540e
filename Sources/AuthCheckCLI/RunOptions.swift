import AuthScenario

/// The options of `authcheck PATH…`.
struct RunOptions: Equatable {
  var paths: [String] = []
  var help = false
  var version = false

  struct UsageError: Error, Equatable {
    let message: String
  }

  static let flags = ["--help", "-h", "--version"]

  static func parse(_ arguments: [String]) -> Result<RunOptions, UsageError> {
    var options = RunOptions()
    var onlyPaths = false
    for argument in arguments {
      if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
        options.paths.append(argument)
        continue
      }
      switch argument {
      case "--": onlyPaths = true
      case "--help", "-h": options.help = true
      case "--version": options.version = true
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
