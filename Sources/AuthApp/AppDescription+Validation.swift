import AuthModel
import AuthScenario

extension AppDescription {
  /// Every misuse that involves more than one place of the description, as positioned errors
  /// in file order: a feature name twice, a session id or manager name in two features (at the
  /// second), the same holding twice in a feature, `restore` on a feature the user does not
  /// start, `inBackground` on a `foreground` feature, a feature that holds and requests nothing,
  /// a need on something that is not an observable, a check naming a feature the app does not
  /// have, a diagnostics holder no feature holds.
  ///
  /// The app-file reader reports these too; a description built in Swift, with no positions,
  /// gets them at 1:1 and named in words. As in a scenario, at most
  /// `YAMLReader.maximumErrorCount` errors, the first in file order, then a note that says there
  /// are more.
  ///
  /// - Complexity: about linear in the size of the description: every lookup is in a set or a
  ///   dictionary, and only the errors reported look for a "did you mean", each among a bounded
  ///   number of names (`EditDistance.maximumComparisons`).
  public func validationErrors() -> [Diagnostic] {
    // A misspelt feature's message is finished only if it is among those reported.
    var errors: [(position: SourcePosition, message: String, misspelt: String?)] = []
    func error(_ message: String, at position: SourcePosition?, misspelt: String? = nil) {
      errors.append((position ?? SourcePosition(line: 1, column: 1), message, misspelt))
    }
    if features.isEmpty { error("the app has no features; give at least one", at: nil) }
    var featureNames = Set<String>()
    var owners: [String: String] = [:]  // a session id or manager name → its feature
    var heldHolders = Set<String>()
    for feature in features {
      let name = feature.name
      if !featureNames.insert(name).inserted {
        error("feature '\(name)' is described twice", at: feature.positions.name)
      }
      if feature.restore && feature.startedBy != .user {
        error(
          "'restore' is only for a feature the user starts; '\(name)' is started by "
            + "'\(feature.startedBy.rawValue)' at every launch",
          at: feature.positions.restore ?? feature.positions.name)
      }
      if feature.inBackground != nil && feature.startedBy == .foreground {
        error(
          "'inBackground' does not apply to '\(name)': the app stops a 'foreground' feature when "
            + "it leaves the foreground",
          at: feature.positions.inBackground ?? feature.positions.name)
      }
      if feature.holds.isEmpty && feature.requests.isEmpty {
        error("feature '\(name)' holds and requests nothing", at: feature.positions.name)
      }
      var ownHoldings = Set<String>()
      var ownManagers: [String] = []
      for holding in feature.holds {
        let isManager = if case .manager = holding.kind { true } else { false }
        if case .manager(let id) = holding.kind { ownManagers.append(id) }
        if !isManager && !holding.properties.isEmpty {
          error(
            "'\(holding.summary)' sets manager properties; only a 'manager' has them",
            at: holding.position)
        }
        switch holding.kind {
        case .session(let id, _, _), .manager(let id):
          let what = if case .session = holding.kind { "session id" } else { "manager name" }
          if case .session = holding.kind, ScenarioSchema.implicitHolders.contains(id) {
            error(
              "'\(id)' names an implicit diagnostics holder; choose another session id",
              at: holding.position)
          }
          if let owner = owners[id] {
            error(
              owner == name
                ? "feature '\(name)' holds \(what) '\(id)' twice"
                : "\(what) '\(id)' already belongs to feature '\(owner)'; a \(what) belongs "
                  + "to one feature",
              at: holding.position)
          } else {
            owners[id] = name
          }
          if case .session = holding.kind { heldHolders.insert(id) }
        case .liveUpdates, .monitor, .backgroundActivity:
          if !ownHoldings.insert(holding.summary).inserted {
            error("feature '\(name)' holds '\(holding.summary)' twice", at: holding.position)
          }
          heldHolders.insert(holding.summary)
        case .updatingLocation(let manager), .significantChanges(let manager),
          .visits(let manager), .regions(let manager, _):
          if !ownManagers.contains(manager) {
            error(
              "'\(holding.summary)' runs on manager '\(manager)', which feature '\(name)' does "
                + "not hold earlier in its list"
                + (ownManagers.isEmpty
                  ? "; hold '- manager: \(manager)' before it"
                  : EditDistance.didYouMean(manager, among: ownManagers)),
              at: holding.position)
          }
          if case .regions(_, let count) = holding.kind, count < 1 {
            error(
              "'count' is the number of regions, at least 1; got \(count)",
              at: holding.keyPositions[.count] ?? holding.position)
          }
          // A feature may monitor several groups of regions; each other service once.
          let form = holding.summary.prefix { $0 != ":" }
          let isRegions = if case .regions = holding.kind { true } else { false }
          if !isRegions && !ownHoldings.insert(String(form)).inserted {
            error("feature '\(name)' holds '\(form)' twice", at: holding.position)
          }
        }
      }
      for (need, place) in [
        (feature.needs.foreground, "foreground"), (feature.needs.background, "background"),
      ] {
        for term in need?.terms ?? [] where !term.term.isObservable {
          error(
            "'\(term.term.key)' is not an observable; a \(place) need is checked where the "
              + "feature is on and the app is in the \(place), on what Core Location shows the app",
            at: term.keyPosition)
        }
      }
    }
    let names = features.map(\.name)
    let holders = heldHolders.isEmpty ? "none" : heldHolders.sorted().joined(separator: ", ")
    for check in checks {
      for condition in check.kind.conditions {
        for term in condition.terms {
          switch term.term {
          case .features(let listed), .featuresOff(let listed):
            for (index, unknown) in listed.enumerated() where !featureNames.contains(unknown) {
              error(
                "no feature named '\(unknown)'",
                at: index < term.itemPositions.count ? term.itemPositions[index] : term.position,
                misspelt: unknown)
            }
          case .diagnostics(let holder, _) where !heldHolders.contains(holder):
            error("no feature holds '\(holder)'; holders: " + holders, at: term.position)
          default:
            continue
          }
        }
      }
    }
    let sorted = errors.enumerated().sorted {
      ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
    }.map(\.element)
    let limit = YAMLReader.maximumErrorCount
    var reported: [Diagnostic] = sorted.prefix(limit).map { error in
      .error(
        error.message + (error.misspelt.map { EditDistance.didYouMean($0, among: names) } ?? ""),
        at: error.position)
    }
    if sorted.count > limit {
      reported.append(.note(Diagnostic.tooManyErrors, at: sorted[limit].position))
    }
    return reported
  }
}
