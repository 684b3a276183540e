import AuthExplorer
import AuthModel
import AuthScenario
import Foundation

/// The options of `authcheck explore`, a contract other tools call.
struct ExploreOptions {
  var ios: IOSVersion?
  var infoPath: String?
  var catalogue = SessionCatalogue.standard
  var maxStates: Int?
  var counterexamples: String?
  var json = false
  var bench = false
  var help = false
  var noReductions = false
  var noHints = false
  var threads: Int?
  var mutation: ModelMutation?
  /// `--legacy`: the legacy CLLocationManager services of one manager (§8b).
  var legacy: LegacyCatalogue?
  /// `--regions N`, which needs `--legacy`.
  var regions: Int?

  static let flags = [
    "--ios", "--info", "--sessions", "--max-states", "--counterexamples", "--json", "--bench",
    "--help", "--no-reductions", "--no-hints", "--threads", "--mutation", "--legacy", "--regions",
  ]

  /// The options `--bench` takes: how to explore, not what.
  static let benchFlags = ["--bench", "--threads", "--no-hints", "--no-reductions", "--max-states"]

  static func parse(_ arguments: [String]) -> Result<ExploreOptions, RunOptions.UsageError> {
    var options = ExploreOptions()
    var rest = arguments[...]
    func value(_ flag: String) -> Result<String, RunOptions.UsageError> {
      guard let value = rest.popFirst() else {
        return .failure(.init(message: "'\(flag)' needs a value"))
      }
      return .success(value)
    }
    var given: [String] = []
    while let argument = rest.popFirst() {
      var flag = argument
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        flag = String(argument[..<equals])
        rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
      }
      given.append(flag)
      do {
        switch flag {
        case "--help", "-h": options.help = true
        case "--json": options.json = true
        case "--bench": options.bench = true
        case "--no-reductions": options.noReductions = true
        case "--no-hints": options.noHints = true
        case "--legacy": options.legacy = try! LegacyCatalogue()
        case "--regions":
          let text = try value(flag).get()
          let range = LegacyCatalogue.minimumRegions...LegacyCatalogue.maximumRegions
          guard let n = Int(text), range.contains(n) else {
            return .failure(
              .init(
                message: "'--regions' takes a number from \(range.lowerBound) to "
                  + "\(range.upperBound), not '\(text)'"))
          }
          options.regions = n
        case "--ios":
          let text = try value(flag).get()
          guard let version = Int(text).flatMap(IOSVersion.init(rawValue:)) else {
            return .failure(.init(message: "'--ios' takes 17, 18, 26 or 27, not '\(text)'"))
          }
          options.ios = version
        case "--info": options.infoPath = try value(flag).get()
        case "--sessions":
          let text = try value(flag).get()
          do {
            options.catalogue = try SessionCatalogue(parsing: text)
          } catch {
            return .failure(.init(message: "'--sessions': \(error.message)"))
          }
        case "--max-states":
          let text = try value(flag).get()
          guard let n = Int(text), n > 0 else {
            return .failure(.init(message: "'--max-states' takes a positive number, not '\(text)'"))
          }
          options.maxStates = n
        case "--threads":
          let text = try value(flag).get()
          guard let n = Int(text), n > 0, n <= 256 else {
            return .failure(
              .init(message: "'--threads' takes a number from 1 to 256, not '\(text)'"))
          }
          options.threads = n
        case "--counterexamples": options.counterexamples = try value(flag).get()
        case "--mutation":
          let text = try value(flag).get()
          guard let mutation = ModelMutation(rawValue: text) else {
            return .failure(
              .init(
                message: "unknown mutation '\(text)'; expected "
                  + ModelMutation.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))
          }
          options.mutation = mutation
        default:
          return .failure(
            .init(
              message: "unknown option '\(argument)' for 'explore'"
                + EditDistance.didYouMean(flag, among: flags)))
        }
      } catch {
        return .failure(error)
      }
    }
    // The bench measures its own two runs: an option that chooses what to explore or what to
    // write would be ignored, and `--legacy` would take hours over every configuration.
    if options.bench && !options.help,
      let other = given.first(where: { !Self.benchFlags.contains($0) })
    {
      return .failure(
        .init(
          message: "'--bench' measures its own runs; it takes only "
            + Self.benchFlags.filter { $0 != "--bench" }.map { "'\($0)'" }.joined(separator: ", ")
            + ", not '\(other)'"))
    }
    if let regions = options.regions {
      guard options.legacy != nil else {
        return .failure(.init(message: "'--regions' needs '--legacy'"))
      }
      options.legacy = try! LegacyCatalogue(regions: regions)
    }
    // The exploration takes the steps of the legacy services' mutations only with them.
    if let mutation = options.mutation, mutation.isLegacy, options.legacy == nil {
      return .failure(
        .init(message: "mutation '\(mutation.rawValue)' breaks the legacy services: add '--legacy'")
      )
    }
    return .success(options)
  }

  /// Reads `--info`: an Info.plist (XML or binary), or a scenario file's `info`.
  static func infoPlist(at path: String) -> Result<InfoPlist, RunOptions.UsageError> {
    let lower = path.lowercased()
    if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") {
      let file = ScenarioFile.load(path: path)
      switch file.scenario {
      case .success(let scenario): return .success(scenario.configuration.infoPlist)
      case .failure(let error):
        let first = error.diagnostics.first
        return .failure(
          .init(
            message: "'--info' \(path):\(first?.position.description ?? "1:1"): "
              + (first?.message ?? "invalid scenario")))
      }
    }
    switch InfoPlistFile.read(path: path) {
    case .success(let plist):
      if let problem = AppConfiguration.unsupported(plist) {
        return .failure(.init(message: "'--info': \(path): \(problem)"))
      }
      return .success(plist)
    case .failure(let error): return .failure(.init(message: "'--info': \(error.message)"))
    }
  }
}
