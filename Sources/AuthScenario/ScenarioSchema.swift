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
  static let bareSteps = ["launch", "background", "foreground", "wait", "terminate"]
  static let verbs = [
    "launch", "background", "foreground", "wait", "terminate", "session", "invalidate",
    "liveUpdates", "monitor", "backgroundActivity", "request", "tap", "settings", "system",
    "manager", "release", "expect",
  ]
  /// The steps written as a bare word.
  static let bareWords: [String: ScenarioAction] = [
    "launch": .launch, "background": .background, "foreground": .foreground, "wait": .wait,
    "terminate": .terminate,
  ]
  /// The keys an `expect` step may check, in the order of docs/SCENARIOS.md.
  public static let expectKeys = [
    "authorizationStatus", "accuracyAuthorization", "prompt", "settingsShows", "diagnostics",
    "updates", "monitorEvents", "backgroundActivity", "backgroundIndicator", "requestResult",
    "callbacks",
  ]
  /// The name under which coverage counts the `refused` modifier (R42) beside the
  /// expectation keys.
  public static let refusedKey = "refused"
  /// Holder names of the implicit objects, which a session id may not take.
  public static let implicitHolders = ["liveUpdates", "monitor", "backgroundActivity"]

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
            + EditDistance.didYouMean(word.value, among: Self.verbs),
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
    let article = verb.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    func extras(_ allowed: [String]) -> [String: YAMLNode.Mapping.Entry] {
      var found: [String: YAMLNode.Mapping.Entry] = [:]
      for entry in rest {
        if allowed.contains(entry.key.value) {
          found[entry.key.value] = entry
        } else {
          error(
            "unexpected key '\(entry.key.value)' in \(article) '\(verb)' step"
              + (allowed.isEmpty
                ? "" : EditDistance.didYouMean(entry.key.value, among: allowed)),
            at: entry.key.range.start)
        }
      }
      return found
    }
    let action: ScenarioAction?
    switch verb {
    case "launch":
      _ = extras([])
      action = choice(value, [("background", .relaunchInBackground)], "launch")
    case "background", "foreground", "wait", "terminate":
      error("step '\(verb)' takes no value; write '- \(verb)'", at: first.key.range.start)
      return nil
    case "session":
      let more = extras(["authorization", "fullAccuracyPurposeKey"])
      let id = sessionID(value)
      guard let goalEntry = more["authorization"] else {
        error(
          "a 'session' step needs 'authorization: none|whenInUse|always'", at: first.key.range.start
        )
        return nil
      }
      let goal = choice(
        goalEntry.value, AuthorizationRequirement.allCases.map { ($0.rawValue, $0) },
        "authorization")
      let key = more["fullAccuracyPurposeKey"].flatMap { name($0.value, "a purpose key") }
      if more["fullAccuracyPurposeKey"] != nil && key == nil { return nil }
      guard let id, let goal else { return nil }
      action = .session(id: id, authorization: goal, fullAccuracyPurposeKey: key)
    case "invalidate":
      _ = extras([])
      action = sessionID(value).map { .invalidate(id: $0) }
    case "liveUpdates":
      _ = extras([])
      action = startStop(value).map { .liveUpdates(start: $0) }
    case "monitor":
      _ = extras([])
      action = startStop(value).map { .monitor(start: $0) }
    case "backgroundActivity":
      _ = extras([])
      action = startStop(value).map { .backgroundActivity(start: $0) }
    case "request":
      let more = extras(["purposeKey"])
      let kind = choice(
        value, [("whenInUse", 0), ("always", 1), ("temporaryFullAccuracy", 2)], "request")
      switch kind {
      case 0?, 1?:
        if let extra = more["purposeKey"] {
          error(
            "'purposeKey' goes only with 'request: temporaryFullAccuracy'",
            at: extra.key.range.start)
          return nil
        }
        action = kind == 0 ? .requestWhenInUse : .requestAlways
      case 2?:
        guard let keyEntry = more["purposeKey"] else {
          error(
            "'request: temporaryFullAccuracy' needs 'purposeKey: KEY'", at: first.key.range.start)
          return nil
        }
        action = name(keyEntry.value, "a purpose key").map {
          .requestTemporaryFullAccuracy(purposeKey: $0)
        }
      default:
        action = nil
      }
    case "tap":
      let more = extras(["precise"])
      let button = choice(value, PromptButton.allCases.map { ($0.rawValue, $0) }, "button")
      var precise: Bool?
      if let entry = more["precise"] {
        guard let on = onOff(entry.value) else { return nil }
        precise = on
      }
      action = button.map { .tap($0, precise: precise) }
    case "settings":
      _ = extras([])
      action = settings(value).map { .settings($0) }
    case "system":
      _ = extras([])
      action = choice(value, [("backgroundEvent", .backgroundEvent)], "system event")
    case "manager":
      _ = extras([])
      action = text(value, "a manager name").map { .manager(name: $0) }
    case "release":
      _ = extras([])
      action = text(value, "a manager name").map { .release(name: $0) }
    case "expect":
      _ = extras([])
      return expectations(value).map { ScenarioStep(.expect($0), at: position) }
    default:
      error(
        "unknown step \(YAMLMessage.quoted(verb))"
          + EditDistance.didYouMean(verb, among: Self.verbs),
        at: first.key.range.start)
      return nil
    }
    return action.map { ScenarioStep(.action($0), at: position, refused: refused) }
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

  private mutating func sessionID(_ node: YAMLNode) -> String? {
    guard let id = name(node, "a session id") else { return nil }
    if Self.implicitHolders.contains(id) {
      error(
        "'\(id)' names an implicit diagnostics holder; choose another session id",
        at: node.position)
      return nil
    }
    return id
  }

  private mutating func settings(_ node: YAMLNode) -> [PositionedSettingsChange]? {
    if let word = node.scalar {
      guard word.value == "reset" else {
        error(
          "expected 'reset' or a mapping of location, precise, locationServices, restrictions; "
            + "got '\(word.value)'", at: word.range.start)
        return nil
      }
      return [PositionedSettingsChange(.reset, at: word.range.start)]
    }
    guard let map = mapping(node, "'settings'") else { return nil }
    let keys = ["location", "precise", "locationServices", "restrictions"]
    checkKeys(map, allowed: keys, in: "'settings'")
    var changes: [PositionedSettingsChange] = []
    for entry in map.entries {
      let change: SettingsChange?
      switch entry.key.value {
      case "location": change = setting(entry.value).map { .location($0) }
      case "precise": change = onOff(entry.value).map { .precise($0) }
      case "locationServices": change = onOff(entry.value).map { .locationServices($0) }
      case "restrictions": change = onOff(entry.value).map { .restrictions($0) }
      default: change = nil
      }
      if let change { changes.append(PositionedSettingsChange(change, at: entry.key.range.start)) }
    }
    return changes.count == map.entries.count ? changes : nil
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
      func value<T: RawRepresentable<String> & CaseIterable>(_: T.Type, _ o: ExpectedObservable) {
        if let x = choice(v, T.allCases.map { ($0.rawValue, $0) }, "\(o)") {
          checks.append(Expectation(o, x.rawValue, at: v.position))
        } else {
          ok = false
        }
      }
      switch entry.key.value {
      case "authorizationStatus": value(AuthorizationStatus.self, .authorizationStatus)
      case "accuracyAuthorization": value(AccuracyAuthorization.self, .accuracyAuthorization)
      case "prompt": value(Prompt.self, .prompt)
      case "settingsShows": value(LocationSetting.self, .settingsShows)
      case "updates": value(LiveUpdatesDelivery.self, .updates)
      case "monitorEvents": value(MonitorEventsDelivery.self, .monitorEvents)
      case "backgroundActivity": value(BackgroundActivityStatus.self, .backgroundActivity)
      case "backgroundIndicator": value(BackgroundIndicator.self, .backgroundIndicator)
      case "requestResult": value(RequestResult.self, .requestResult)
      case "diagnostics":
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
              .diagnostics(holder: holder.key.value), Self.render(flags),
              at: holder.value.position))
        }
      case "callbacks":
        guard let managers = mapping(v, "'callbacks'") else {
          ok = false
          continue
        }
        for manager in managers.entries {
          guard let list = sequence(manager.value, "a list of STATUS/ACCURACY callbacks") else {
            ok = false
            continue
          }
          var pairs: [AuthorizationPair] = []
          for item in list.items {
            guard let scalar = item.node.scalar, let pair = AuthorizationPair(scalar.value) else {
              error(
                "expected a callback as STATUS/ACCURACY, e.g. "
                  + "'authorizedWhenInUse/reducedAccuracy'; got "
                  + (item.node.scalar.map { "'\($0.value)'" } ?? Self.describe(item.node)),
                at: item.node.position)
              ok = false
              continue
            }
            pairs.append(pair)
          }
          checks.append(
            Expectation(
              .callbacks(manager: manager.key.value), Self.render(pairs),
              at: manager.value.position))
        }
      default:
        ok = false
      }
    }
    return ok ? checks : nil
  }

  /// Callbacks as expectations and reports write them: `[STATUS/ACCURACY, …]` (R41).
  public static func render(_ pairs: [AuthorizationPair]) -> String {
    "[" + pairs.map(\.description).joined(separator: ", ") + "]"
  }

  /// A flag set as expectations and reports write it: `[a, b]` in Core Location's order.
  public static func render(_ flags: DiagnosticFlags) -> String {
    "[" + flags.map(\.rawValue).joined(separator: ", ") + "]"
  }

  // MARK: Values

  private mutating func startStop(_ node: YAMLNode) -> Bool? {
    choice(node, [("start", true), ("stop", false)], "'start' or 'stop'", list: false)
  }
}

/// Why an Info.plist file named by a scenario could not be used.
public struct InfoPlistError: Error, Hashable, Sendable {
  public let message: String
  public init(_ message: String) { self.message = message }
}
