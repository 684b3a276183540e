import AuthModel

/// Checks a YAML tree against the scenario schema of docs/SCENARIOS.md and builds the ``Scenario``.
///
/// Every problem becomes a positioned ``Diagnostic``; the checker goes on after one to report as
/// many as it can, sorted by position, up to `YAMLReader.maximumErrorCount` errors and a note.
public struct ScenarioSchema: SchemaChecking {
  /// The most steps a scenario may have; the first step beyond is an error.
  public static let maximumStepCount = 10_000

  /// Reads the Info.plist file a scenario names in `info:`, or says why it can't.
  public typealias InfoPlistLoader = (_ path: String) -> Result<InfoPlist, InfoPlistError>

  package var diagnostics: [Diagnostic] = []
  package var stopped = false
  package let loadInfoPlist: InfoPlistLoader

  private init(loadInfoPlist: @escaping InfoPlistLoader) {
    self.loadInfoPlist = loadInfoPlist
  }

  /// The scenario `root` describes, or the diagnostics that stop it (sorted by position).
  public static func check(
    _ root: YAMLNode?, loadInfoPlist: @escaping InfoPlistLoader
  ) -> Result<Scenario, DiagnosticError> {
    var schema = ScenarioSchema(loadInfoPlist: loadInfoPlist)
    let scenario = schema.scenario(root)
    if let scenario, schema.diagnostics.isEmpty { return .success(scenario) }
    return .failure(DiagnosticError(Diagnostic.sortedByPosition(schema.diagnostics)))
  }

  static let topLevelKeys = ["scenario", "description", "ios", "info", "start", "steps"]
  /// The keys an `expect` step may check, in the order of docs/SCENARIOS.md.
  public static let expectKeys = ObservableKey.allCases.map(\.rawValue)
  /// The name under which coverage counts the `refused` modifier (R42) beside the
  /// expectation keys.
  public static let refusedKey = "refused"
  /// Holder names of the implicit objects, which a session id may not take.
  public static let implicitHolders = ImplicitHolder.allCases.map(\.rawValue)

  // MARK: Top level

  private mutating func scenario(_ root: YAMLNode?) -> Scenario? {
    guard let root else {
      error(
        "the file is empty; expected a mapping with 'scenario' and 'steps'",
        at: .init(line: 1, column: 1))
      return nil
    }
    guard let top = mapping(root, "the file") else { return nil }
    checkKeys(top, allowed: Self.topLevelKeys, in: "a scenario")
    let name = top.entry(forKey: "scenario").flatMap { text($0.value, "a name for 'scenario'") }
    if top.entry(forKey: "scenario") == nil {
      error("missing required key 'scenario'", at: top.range.start)
    }
    let description = top.entry(forKey: "description").flatMap {
      text($0.value, "'description'", allowEmpty: true)
    }
    let configuration = self.configuration(top)
    var start = StartingState()
    if let node = top["start"] { start = self.start(node) }
    var steps: [ScenarioStep] = []
    if let entry = top.entry(forKey: "steps") {
      steps = self.steps(entry)
    } else {
      error("missing required key 'steps'", at: top.range.start)
    }
    guard let name else { return nil }
    return Scenario(
      name: name, description: description, configuration: configuration, start: start,
      steps: steps)
  }

  // MARK: steps

  private mutating func steps(_ entry: YAMLNode.Mapping.Entry) -> [ScenarioStep] {
    guard let list = sequence(entry.value, "'steps'") else { return [] }
    guard !list.items.isEmpty else {
      error("'steps' is empty; a scenario needs at least one step", at: entry.value.position)
      return []
    }
    var steps: [ScenarioStep] = []
    for (index, item) in list.items.enumerated() where !stopped {
      guard index < Self.maximumStepCount else {
        error(
          "too many steps; a scenario has at most \(Self.maximumStepCount) steps",
          at: item.position)
        break
      }
      if let step = step(item.node, at: item.node.position) { steps.append(step) }
    }
    return steps
  }

  private mutating func step(_ node: YAMLNode, at position: SourcePosition) -> ScenarioStep? {
    if let word = node.scalar {
      if let action = Self.bareWords[word.value] {
        return ScenarioStep(.action(action), at: position)
      }
      switch word.value {
      case let verb where Self.verbs.contains(verb):
        error("step '\(verb)' needs a value, as in '\(verb): …'", at: position)
      case _ where word.isEmptyOrNull:
        error("empty step; write a step such as '- launch' or '- tap: allowOnce'", at: position)
      default:
        error(
          "unknown step \(YAMLMessage.quoted(word.value))"
            + NotModelled.hint(for: word.value, among: Self.verbs),
          at: position)
      }
      return nil
    }
    guard let map = mapping(node, "a step"), let first = map.entries.first else { return nil }
    let verb = first.key.value
    let value = first.value
    var rest = Array(map.entries.dropFirst())
    var refused: ExpectedRefusal?
    if let index = rest.firstIndex(where: { $0.key.value == "refused" }) {
      let entry = rest.remove(at: index)
      guard verb != "expect" else {
        error(
          "'refused' goes on a step that may be refused, not on 'expect'", at: entry.key.range.start
        )
        return nil
      }
      guard let rule = ruleID(entry.value) else { return nil }
      refused = ExpectedRefusal(rule, at: entry.value.position)
    }
    // `- terminate:` means `- terminate`, so that a bare-word step can carry `refused`.
    if value.scalar?.isNull == true, Self.bareWords[verb] != nil {
      if let extra = rest.first {
        error(
          "unexpected key '\(extra.key.value)' in a '\(verb)' step", at: extra.key.range.start)
        return nil
      }
      return Self.bareWords[verb].map { ScenarioStep(.action($0), at: position, refused: refused) }
    }
    if verb == "expect" {
      _ = stepKeys(rest, allowed: [], verb: verb)
      return expectations(value).map { ScenarioStep(.expect($0), at: position) }
    }
    guard let (action, changePositions) = action(verb, value, at: first.key.range.start, rest: rest)
    else { return nil }
    return ScenarioStep(
      .action(action), at: position, refused: refused, changePositions: changePositions)
  }

  /// A rule id for `refused`, `R1` to the last rule.
  private mutating func ruleID(_ node: YAMLNode) -> Rule? {
    let expected = "expected a rule id, R1–\(Rule.allCases.last!.id)"
    guard let scalar = node.scalar, !scalar.isNull else {
      error("\(expected); got \(Self.describe(node))", at: node.position)
      return nil
    }
    guard let rule = Rule(id: scalar.value) else {
      error("unknown rule '\(scalar.value)'; \(expected)", at: scalar.range.start)
      return nil
    }
    return rule
  }

  // MARK: expect

  private mutating func expectations(_ node: YAMLNode) -> [Expectation]? {
    guard let map = mapping(node, "'expect'") else { return nil }
    guard !map.entries.isEmpty else {
      error("'expect' checks nothing; give at least one key", at: node.position)
      return nil
    }
    checkKeys(map, allowed: Self.expectKeys, in: "'expect'")
    var checks: [Expectation] = []
    var ok = true
    for entry in map.entries {
      let v = entry.value
      guard let key = ObservableKey(rawValue: entry.key.value) else {
        ok = false
        continue
      }
      switch key.form {
      case .value:
        let observable = ExpectedObservable.value(key)
        if let x = choice(v, key.values.map { ($0.description, $0) }, "\(observable)") {
          checks.append(Expectation(observable, x, at: v.position))
        } else {
          ok = false
        }
      case .holderFlags:
        guard let holders = mapping(v, "'diagnostics'") else {
          ok = false
          continue
        }
        for holder in holders.entries {
          guard name(holder.key, "a diagnostics holder") != nil else {
            ok = false
            continue
          }
          guard let list = sequence(holder.value, "a list of diagnostic flags") else {
            ok = false
            continue
          }
          var flags = DiagnosticFlags()
          for item in list.items {
            if let flag = choice(
              item.node, DiagnosticFlag.allCases.map { ($0.rawValue, $0) }, "diagnostic flag")
            {
              if flags.contains(flag) {
                error("diagnostic flag '\(flag.rawValue)' is listed twice", at: item.node.position)
                ok = false
              }
              flags.insert(flag)
            } else {
              ok = false
            }
          }
          checks.append(
            Expectation(
              .diagnostics(holder: holder.key.value), .diagnostics(flags),
              at: holder.value.position))
        }
      case .managerCallbacks:
        guard let managers = mapping(v, "'callbacks'") else {
          ok = false
          continue
        }
        for manager in managers.entries {
          guard let list = sequence(manager.value, "a list of callbacks") else {
            ok = false
            continue
          }
          var calls: [LocationManagerCallback] = []
          for item in list.items {
            guard let scalar = item.node.scalar, let call = LocationManagerCallback(scalar.value)
            else {
              error(
                Self.callbackProblem(item.node.scalar?.value)
                  + (item.node.scalar.map { "'\($0.value)'" } ?? Self.describe(item.node)),
                at: item.node.position)
              ok = false
              continue
            }
            calls.append(call)
          }
          checks.append(
            Expectation(
              .callbacks(manager: manager.key.value), .callbacks(calls),
              at: manager.value.position))
        }
      case .regionIDs:
        guard let list = sequence(v, "a list of region ids") else {
          ok = false
          continue
        }
        var ids: [String] = []
        for item in list.items {
          guard let id = name(item.node, "a region id") else {
            ok = false
            continue
          }
          if ids.contains(id) {
            error("region '\(id)' is listed twice", at: item.node.position)
            ok = false
          }
          ids.append(id)
        }
        checks.append(Expectation(key, .monitoredRegions(unordered: ids), at: v.position))
      }
    }
    return ok ? checks : nil
  }

  /// What a delegate call of a `callbacks` list should have been, given `text` that is none,
  /// up to "got": a pair when `text` looks like one (a status, an accuracy or a `/`), a region id
  /// after `monitoringDidFail:` (R49), else each form a call takes (R41, R46, R49).
  static func callbackProblem(_ text: String?) -> String {
    let pair = "STATUS/ACCURACY, e.g. 'authorizedWhenInUse/reducedAccuracy'"
    let failure = LocationManagerCallback.monitoringDidFail(region: "").description
    guard let text else { return "expected a callback as \(pair); got " }
    let words =
      AuthorizationStatus.allCases.map(\.rawValue)
      + AccuracyAuthorization.allCases.map(\.rawValue)
    if text.contains("/") || words.contains(where: text.hasPrefix) {
      return "expected a callback as \(pair); got "
    }
    if text.hasPrefix(failure) {
      return "expected '\(failure)ID' with the id of the region that failed; got "
    }
    return "expected a callback as STATUS/ACCURACY, '\(LocationManagerCallback.didPause)' or "
      + "'\(failure)ID'; got "
  }
}

/// Why an Info.plist file named by a scenario could not be used.
public struct InfoPlistError: Error, Hashable, Sendable {
  public let message: String
  public init(_ message: String) { self.message = message }
}
