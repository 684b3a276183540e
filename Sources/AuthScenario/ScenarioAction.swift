import AuthModel

/// A step that changes the state, as a story names it: the step vocabulary of the scenario
/// format (docs/SCENARIOS.md "Steps").
///
/// A step kind lives in this file and in the reader: its case, its words in a file
/// (``words``, which the writer and every report use), the model step it plays
/// (`AuthorizationSimulator.perform(_:)`), and the action of a model event
/// (``init(_:names:)``, for paths the explorer finds). ``ScenarioSchema`` reads it.
public enum ScenarioAction: Hashable, Sendable {
  case launch
  case relaunchInBackground
  case background
  case foreground
  case wait
  case terminate
  case session(id: String, authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String?)
  case invalidate(id: String)
  case liveUpdates(start: Bool)
  case monitor(start: Bool)
  case backgroundActivity(start: Bool)
  case requestWhenInUse
  case requestAlways
  case requestTemporaryFullAccuracy(purposeKey: String)
  case tap(PromptButton, precise: Bool?)
  /// The changes in the order written; a step read from a file has the position of each
  /// (``ScenarioStep/changePositions``).
  case settings([SettingsChange])
  case backgroundEvent
  /// The app creates a CLLocationManager with a delegate, named in the story (R41), and sets
  /// `properties` (§8b).
  case manager(name: String, properties: ManagerProperties = ManagerProperties())
  /// The app releases the manager of that name (R41).
  case release(name: String)
  /// The user swipes the app away (R50).
  case terminateByUser
  /// The app sets properties of the manager of that name (R44, R45).
  case configure(name: String, properties: ManagerProperties)
  /// A legacy request on the held manager of that name (`by: NAME`, R6).
  case request(ManagerRequest, by: String)
  /// A legacy service call on the manager of that name (R43, R47, R48).
  case managerCall(ManagerCall, manager: String)
  /// `startMonitoring(for:)` of a region on the manager of that name (R49).
  case startMonitoring(manager: String, region: String)
  /// `stopMonitoring(for:)` of a region on the manager of that name (R49).
  case stopMonitoring(manager: String, region: String)
  /// Core Location pauses the updates of managers that pause automatically (R46).
  case pauseUpdates

  /// A legacy request, as a step names it (R13–R16).
  public enum ManagerRequest: Hashable, Sendable {
    case whenInUse, always
    case temporaryFullAccuracy(purposeKey: String)
  }

  /// A legacy service call on one manager, named by its `CLLocationManager` method (§8b).
  public enum ManagerCall: String, Hashable, Sendable, CaseIterable {
    case startUpdatingLocation, stopUpdatingLocation
    case startMonitoringSignificantLocationChanges, stopMonitoringSignificantLocationChanges
    case startMonitoringVisits, stopMonitoringVisits
  }

  /// The action that plays `event`, with sessions, purpose keys and managers called by
  /// `names`.
  public init(_ event: AuthorizationEvent, names: Names) {
    switch event {
    case .launch: self = .launch
    case .relaunchInBackground: self = .relaunchInBackground
    case .enterBackground: self = .background
    case .enterForeground: self = .foreground
    case .wait: self = .wait
    case .terminate: self = .terminate
    case .createSession(let id, let goal, let key):
      self = .session(
        id: names.name(of: id), authorization: goal,
        fullAccuracyPurposeKey: key.map(names.name(of:)))
    case .invalidateSession(let id): self = .invalidate(id: names.name(of: id))
    case .liveUpdates(let on): self = .liveUpdates(start: on)
    case .monitor(let on): self = .monitor(start: on)
    case .backgroundActivity(let on): self = .backgroundActivity(start: on)
    case .requestWhenInUseAuthorization: self = .requestWhenInUse
    case .requestAlwaysAuthorization: self = .requestAlways
    case .requestTemporaryFullAccuracyAuthorization(let key):
      self = .requestTemporaryFullAccuracy(purposeKey: names.name(of: key))
    case .tap(let button, let precise): self = .tap(button, precise: precise)
    case .settings(let change): self = .settings([change])
    case .settingsChanges(let changes): self = .settings(Array(changes))
    case .backgroundEvent: self = .backgroundEvent
    case .createManager(let id, let properties):
      self = .manager(name: names.name(of: id), properties: properties)
    case .releaseManager(let id): self = .release(name: names.name(of: id))
    case .terminateByUser: self = .terminateByUser
    case .configureManager(let id, let properties):
      self = .configure(name: names.name(of: id), properties: properties)
    case .request(let request, let id):
      let words: ManagerRequest =
        switch request {
        case .whenInUse: .whenInUse
        case .always: .always
        case .temporaryFullAccuracy(let key):
          .temporaryFullAccuracy(purposeKey: names.name(of: key))
        }
      self = .request(words, by: names.name(of: id))
    case .startUpdatingLocation(let id):
      self = .managerCall(.startUpdatingLocation, manager: names.name(of: id))
    case .stopUpdatingLocation(let id):
      self = .managerCall(.stopUpdatingLocation, manager: names.name(of: id))
    case .startMonitoringSignificantLocationChanges(let id):
      self = .managerCall(.startMonitoringSignificantLocationChanges, manager: names.name(of: id))
    case .stopMonitoringSignificantLocationChanges(let id):
      self = .managerCall(.stopMonitoringSignificantLocationChanges, manager: names.name(of: id))
    case .startMonitoringVisits(let id):
      self = .managerCall(.startMonitoringVisits, manager: names.name(of: id))
    case .stopMonitoringVisits(let id):
      self = .managerCall(.stopMonitoringVisits, manager: names.name(of: id))
    case .startMonitoring(let id, let region):
      self = .startMonitoring(manager: names.name(of: id), region: names.name(of: region))
    case .stopMonitoring(let id, let region):
      self = .stopMonitoring(manager: names.name(of: id), region: names.name(of: region))
    case .pauseUpdates: self = .pauseUpdates
    }
  }

  /// The step in the words of a scenario file. A Settings action that mixes `reset` with other
  /// changes is several steps in a file, whose words are those of its ``fileSteps``.
  public var words: StepWords {
    func startStop(_ verb: String, _ start: Bool) -> StepWords {
      StepWords(verb, .word(start ? "start" : "stop"))
    }
    func onOff(_ on: Bool) -> StepWords.Value { .word(on ? "on" : "off") }
    switch self {
    case .launch: return StepWords("launch")
    case .relaunchInBackground: return StepWords("launch", .word("background"))
    case .background: return StepWords("background")
    case .foreground: return StepWords("foreground")
    case .wait: return StepWords("wait")
    case .terminate: return StepWords("terminate")
    case .session(let id, let goal, let key):
      return StepWords(
        "session", .name(id),
        [("authorization", .word(goal.rawValue))]
          + (key.map { [("fullAccuracyPurposeKey", .name($0))] } ?? []))
    case .invalidate(let id): return StepWords("invalidate", .name(id))
    case .liveUpdates(let start): return startStop(ImplicitHolder.liveUpdates.rawValue, start)
    case .monitor(let start): return startStop(ImplicitHolder.monitor.rawValue, start)
    case .backgroundActivity(let start):
      return startStop(ImplicitHolder.backgroundActivity.rawValue, start)
    case .requestWhenInUse: return StepWords("request", .word("whenInUse"))
    case .requestAlways: return StepWords("request", .word("always"))
    case .requestTemporaryFullAccuracy(let key):
      return StepWords("request", .word("temporaryFullAccuracy"), [("purposeKey", .name(key))])
    case .tap(let button, let precise):
      return StepWords(
        "tap", .word(button.rawValue), precise.map { [("precise", onOff($0))] } ?? [])
    case .settings(let changes):
      if changes == [.reset] { return StepWords("settings", .word("reset")) }
      return StepWords(
        "settings",
        nested: changes.compactMap { change -> (String, StepWords.Value)? in
          switch change {
          case .location(let setting): ("location", .word(setting.rawValue))
          case .precise(let on): ("precise", onOff(on))
          case .locationServices(let on): ("locationServices", onOff(on))
          case .restrictions(let on): ("restrictions", onOff(on))
          case .reset: nil
          }
        })
    case .backgroundEvent: return StepWords("system", .word("backgroundEvent"))
    case .manager(let name, let properties):
      return StepWords("manager", .name(name), Self.words(of: properties))
    case .release(let name): return StepWords("release", .name(name))
    case .terminateByUser: return StepWords("terminate", .word("user"))
    case .configure(let name, let properties):
      return StepWords("configure", .name(name), Self.words(of: properties))
    case .request(let request, let manager):
      let by: (String, StepWords.Value) = ("by", .name(manager))
      switch request {
      case .whenInUse: return StepWords("request", .word("whenInUse"), [by])
      case .always: return StepWords("request", .word("always"), [by])
      case .temporaryFullAccuracy(let key):
        return StepWords(
          "request", .word("temporaryFullAccuracy"), [("purposeKey", .name(key)), by])
      }
    case .managerCall(let call, let manager): return StepWords(call.rawValue, .name(manager))
    case .startMonitoring(let manager, let region):
      return StepWords("startMonitoring", .name(manager), [("region", .name(region))])
    case .stopMonitoring(let manager, let region):
      return StepWords("stopMonitoring", .name(manager), [("region", .name(region))])
    case .pauseUpdates: return StepWords("system", .word("pauseUpdates"))
    }
  }

  /// A manager's properties as a step's keys, in the order of docs/SCENARIOS.md.
  private static func words(of properties: ManagerProperties) -> [(String, StepWords.Value)] {
    func flag(_ key: String, _ value: Bool?) -> [(String, StepWords.Value)] {
      value.map { [(key, .word($0 ? "true" : "false"))] } ?? []
    }
    return flag("allowsBackgroundLocationUpdates", properties.allowsBackgroundLocationUpdates)
      + flag("showsBackgroundLocationIndicator", properties.showsBackgroundLocationIndicator)
      + flag("pausesLocationUpdatesAutomatically", properties.pausesLocationUpdatesAutomatically)
  }

  /// The step as reports write it, on one line: `tap: allowOnce (precise: off)`,
  /// `settings: location never, precise off`.
  public var summary: String { fileSteps.map(\.words.summary).joined(separator: "; ") }

  /// The steps a file writes for this action: itself, but for a Settings action that holds a
  /// `reset` among other changes, which a file writes as consecutive steps (a `reset` is a step
  /// of its own: `settings: reset`).
  public var fileSteps: [ScenarioAction] {
    guard case .settings(let changes) = self, changes.count > 1, changes.contains(.reset) else {
      return [self]
    }
    var runs: [[SettingsChange]] = []
    for change in changes {
      if change == .reset || runs.last == [.reset] || runs.isEmpty {
        runs.append([change])
      } else {
        runs[runs.count - 1].append(change)
      }
    }
    return runs.map { .settings($0) }
  }
}

/// A step as a scenario file writes it: `verb`, or `verb: value`, then the step's other keys,
/// or for a Settings step the mapping of its changes.
public struct StepWords: Hashable, Sendable {
  /// A value in a file.
  public enum Value: Hashable, Sendable {
    /// One of the format's words (`allowOnce`, `start`, `on`), written as it is.
    case word(String)
    /// A name the story chose (a session id, a purpose key, a manager), quoted when a YAML
    /// reader would not read it back as the same text.
    case name(String)

    /// The value as written in a file.
    public var written: String {
      switch self {
      case .word(let word): word
      case .name(let name): StepWords.isPlain(name) ? name : StepWords.quote(name)
      }
    }

    /// The value as reports show it: unquoted.
    public var text: String {
      switch self {
      case .word(let text), .name(let text): text
      }
    }
  }

  /// The step's key: `launch`, `session`, `tap`…
  public var verb: String
  /// The verb's value; `nil` for a step written as a bare word.
  public var value: Value?
  /// The step's other keys, in the order written: `authorization`, `precise`…
  public var keys: [Key]
  /// A Settings step's changes, written as a mapping under the verb.
  public var nested: [Key] = []

  /// A key of a step and its value.
  public struct Key: Hashable, Sendable {
    public var key: String
    public var value: Value
  }

  init(_ verb: String, _ value: Value? = nil, _ keys: [(String, Value)] = []) {
    self.verb = verb
    self.value = value
    self.keys = keys.map { Key(key: $0.0, value: $0.1) }
  }

  init(_ verb: String, nested: [(String, Value)]) {
    self.init(verb)
    self.nested = nested.map { Key(key: $0.0, value: $0.1) }
  }

  /// On one line: `verb: value (key: value, …)`; a Settings step as `settings: location
  /// never, precise off`.
  public var summary: String {
    if !nested.isEmpty {
      return "\(verb): " + nested.map { "\($0.key) \($0.value.text)" }.joined(separator: ", ")
    }
    return verb + (value.map { ": \($0.text)" } ?? "")
      + (keys.isEmpty
        ? "" : " (" + keys.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ") + ")")
  }

  /// `text` in single quotes, quotes doubled; a text that holds a line break, a character YAML
  /// can't hold as it is (a control character) or a bidirectional control is written in double
  /// quotes with escapes instead (``doubleQuoted(_:)``), so that it reads back as itself and a
  /// written file shows what it holds.
  public static func quote(_ text: String) -> String {
    guard !text.unicodeScalars.contains(where: needsEscape) else { return doubleQuoted(text) }
    return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  /// `text` in double quotes: `\`, `"`, a line break and a tab as `\\`, `\"`, `\n`, `\t`,
  /// and every other character ``needsEscape(_:)`` names as `\uXXXX`, the escapes the reader
  /// reads back.
  public static func doubleQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case _ where needsEscape(scalar):
        // Only characters of the Basic Multilingual Plane need it: four digits (`U+001B`).
        out += "\\u" + YAMLMessage.codePoint(scalar).dropFirst(2)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// Whether `scalar` is written escaped: a line break, a character the reader refuses as it
  /// is (``YAMLParser/isPrintable(_:)``, a tab aside), or a bidirectional control.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || (scalar != "\t" && !YAMLParser.isPrintable(scalar))
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
      || [0x061C, 0x200E, 0x200F].contains(scalar.value)
  }

  /// Whether `text` reads back as itself unquoted: a letter or `_`, then letters, digits, `_`,
  /// `-` and `.`, and not a YAML 1.2 null or boolean.
  static func isPlain(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.isASCII,
      first.properties.isAlphabetic || first == "_"
    else { return false }
    let allowed = text.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "_-.".unicodeScalars.contains($0))
    }
    return allowed && !["null", "true", "false"].contains(text.lowercased())
  }
}

extension AuthorizationSimulator {
  /// Plays `action`, one model step; a Settings action with several changes is one step too
  /// (R41, R42). Returns the rules that accepted it and decided its effects.
  ///
  /// - Throws: the ``Refusal`` of a step the rules forbid, which changes nothing.
  @discardableResult
  public mutating func perform(_ action: ScenarioAction) throws(Refusal) -> [Citation] {
    switch action {
    case .launch: return try launch()
    case .relaunchInBackground: return try relaunchInBackground()
    case .background: return try enterBackground()
    case .foreground: return try enterForeground()
    case .wait: return try wait()
    case .terminate: return try terminate()
    case .session(let id, let goal, let key):
      return try createSession(id, authorization: goal, fullAccuracyPurposeKey: key)
    case .invalidate(let id): return try invalidateSession(id)
    case .liveUpdates(let start): return try liveUpdates(iterating: start)
    case .monitor(let start): return try monitor(iterating: start)
    case .backgroundActivity(let start): return try backgroundActivity(held: start)
    case .requestWhenInUse: return try requestWhenInUseAuthorization()
    case .requestAlways: return try requestAlwaysAuthorization()
    case .requestTemporaryFullAccuracy(let key):
      return try requestTemporaryFullAccuracyAuthorization(withPurposeKey: key)
    case .tap(let button, let precise): return try tap(button, precise: precise)
    case .settings(let changes): return try changeSettings(changes)
    case .backgroundEvent: return try backgroundEvent()
    case .manager(let name, let properties): return try createManager(name, properties: properties)
    case .release(let name): return try releaseManager(name)
    case .terminateByUser: return try terminate(byUser: true)
    case .configure(let name, let properties):
      return try configureManager(name, properties: properties)
    case .request(.whenInUse, let manager): return try requestWhenInUseAuthorization(by: manager)
    case .request(.always, let manager): return try requestAlwaysAuthorization(by: manager)
    case .request(.temporaryFullAccuracy(let key), let manager):
      return try requestTemporaryFullAccuracyAuthorization(withPurposeKey: key, by: manager)
    case .managerCall(let call, let manager):
      switch call {
      case .startUpdatingLocation: return try startUpdatingLocation(manager)
      case .stopUpdatingLocation: return try stopUpdatingLocation(manager)
      case .startMonitoringSignificantLocationChanges:
        return try startMonitoringSignificantLocationChanges(manager)
      case .stopMonitoringSignificantLocationChanges:
        return try stopMonitoringSignificantLocationChanges(manager)
      case .startMonitoringVisits: return try startMonitoringVisits(manager)
      case .stopMonitoringVisits: return try stopMonitoringVisits(manager)
      }
    case .startMonitoring(let manager, let region):
      return try startMonitoring(manager, region: region)
    case .stopMonitoring(let manager, let region):
      return try stopMonitoring(manager, region: region)
    case .pauseUpdates: return try pauseUpdates()
    }
  }
}

// MARK: Reading

extension ScenarioSchema {
  static let bareSteps = ["launch", "background", "foreground", "wait", "terminate"]
  /// Every step's verb, for "did you mean".
  static let verbs =
    [
      "launch", "background", "foreground", "wait", "terminate", "session", "invalidate",
    ] + ImplicitHolder.allCases.map(\.rawValue) + [
      "request", "tap", "settings", "system", "manager", "release", "configure",
    ] + ScenarioAction.ManagerCall.allCases.map(\.rawValue) + [
      "startMonitoring", "stopMonitoring", "expect",
    ]
  /// The properties a `manager` or `configure` step may set (§8b).
  static let managerProperties = [
    "allowsBackgroundLocationUpdates", "showsBackgroundLocationIndicator",
    "pausesLocationUpdatesAutomatically",
  ]
  /// The steps written as a bare word.
  static let bareWords: [String: ScenarioAction] = [
    "launch": .launch, "background": .background, "foreground": .foreground, "wait": .wait,
    "terminate": .terminate,
  ]

  /// The keys of `rest` among `allowed`, by name; every other key is an error.
  mutating func stepKeys(
    _ rest: [YAMLNode.Mapping.Entry], allowed: [String], verb: String
  ) -> [String: YAMLNode.Mapping.Entry] {
    let article = verb.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    var found: [String: YAMLNode.Mapping.Entry] = [:]
    for entry in rest {
      if allowed.contains(entry.key.value) {
        found[entry.key.value] = entry
      } else {
        error(
          "unexpected key '\(entry.key.value)' in \(article) '\(verb)' step"
            + (allowed.isEmpty ? "" : NotModelled.hint(for: entry.key.value, among: allowed)),
          at: entry.key.range.start)
      }
    }
    return found
  }

  /// The action of the step `verb: value` whose verb is at `key` and whose other keys are
  /// `rest`, with the position of each Settings change; `nil` after an error.
  mutating func action(
    _ verb: String, _ value: YAMLNode, at key: SourcePosition, rest: [YAMLNode.Mapping.Entry]
  ) -> (ScenarioAction, [SourcePosition])? {
    func extras(_ allowed: [String]) -> [String: YAMLNode.Mapping.Entry] {
      stepKeys(rest, allowed: allowed, verb: verb)
    }
    let action: ScenarioAction?
    switch verb {
    case "launch":
      _ = extras([])
      action = choice(value, [("background", .relaunchInBackground)], "launch")
    case "terminate":
      // R50: the one value is the user's swipe; a bare `terminate` is the system's.
      _ = extras([])
      action = choice(value, [("user", .terminateByUser)], "terminate")
    case "background", "foreground", "wait":
      error("step '\(verb)' takes no value; write '- \(verb)'", at: key)
      return nil
    case "session":
      let more = extras(["authorization", "fullAccuracyPurposeKey"])
      let id = sessionID(value)
      guard let goalEntry = more["authorization"] else {
        error("a 'session' step needs 'authorization: none|whenInUse|always'", at: key)
        return nil
      }
      let goal = choice(
        goalEntry.value, AuthorizationRequirement.allCases.map { ($0.rawValue, $0) },
        "authorization")
      let purposeKey = more["fullAccuracyPurposeKey"].flatMap { name($0.value, "a purpose key") }
      if more["fullAccuracyPurposeKey"] != nil && purposeKey == nil { return nil }
      guard let id, let goal else { return nil }
      action = .session(id: id, authorization: goal, fullAccuracyPurposeKey: purposeKey)
    case "invalidate":
      _ = extras([])
      action = sessionID(value).map { .invalidate(id: $0) }
    case ImplicitHolder.liveUpdates.rawValue:
      _ = extras([])
      action = startStop(value).map { .liveUpdates(start: $0) }
    case ImplicitHolder.monitor.rawValue:
      _ = extras([])
      action = startStop(value).map { .monitor(start: $0) }
    case ImplicitHolder.backgroundActivity.rawValue:
      _ = extras([])
      action = startStop(value).map { .backgroundActivity(start: $0) }
    case "request":
      let more = extras(["purposeKey", "by"])
      let kind = choice(
        value, [("whenInUse", 0), ("always", 1), ("temporaryFullAccuracy", 2)], "request")
      var request: ScenarioAction.ManagerRequest?
      switch kind {
      case 0?, 1?:
        if let extra = more["purposeKey"] {
          error(
            "'purposeKey' goes only with 'request: temporaryFullAccuracy'",
            at: extra.key.range.start)
          return nil
        }
        request = kind == 0 ? .whenInUse : .always
      case 2?:
        guard let keyEntry = more["purposeKey"] else {
          error("'request: temporaryFullAccuracy' needs 'purposeKey: KEY'", at: key)
          return nil
        }
        request = name(keyEntry.value, "a purpose key").map {
          .temporaryFullAccuracy(purposeKey: $0)
        }
      default:
        request = nil
      }
      // R6: `by` names the held manager that asks, which the app may release.
      var manager: String?
      if let entry = more["by"] {
        guard let name = text(entry.value, "a manager name") else { return nil }
        manager = name
      }
      switch (request, manager) {
      case (let request?, let manager?): action = .request(request, by: manager)
      case (.whenInUse?, nil): action = .requestWhenInUse
      case (.always?, nil): action = .requestAlways
      case (.temporaryFullAccuracy(let key)?, nil):
        action = .requestTemporaryFullAccuracy(purposeKey: key)
      case (nil, _): action = nil
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
      guard let (changes, positions) = settings(value) else { return nil }
      return (.settings(changes), positions)
    case "system":
      _ = extras([])
      action = choice(
        value, [("backgroundEvent", .backgroundEvent), ("pauseUpdates", .pauseUpdates)],
        "system event")
    case "manager":
      let properties = managerProperties(extras(Self.managerProperties))
      guard let properties, let name = text(value, "a manager name") else { return nil }
      action = .manager(name: name, properties: properties)
    case "configure":
      let properties = managerProperties(extras(Self.managerProperties))
      guard let properties, let name = text(value, "a manager name") else { return nil }
      guard !properties.isEmpty else {
        error(
          "a 'configure' step needs one or more of "
            + Self.managerProperties.joined(separator: ", "), at: key)
        return nil
      }
      action = .configure(name: name, properties: properties)
    case _ where ScenarioAction.ManagerCall(rawValue: verb) != nil:
      _ = extras([])
      let call = ScenarioAction.ManagerCall(rawValue: verb)!
      action = text(value, "a manager name").map { .managerCall(call, manager: $0) }
    case "startMonitoring", "stopMonitoring":
      let more = extras(["region"])
      guard let entry = more["region"] else {
        error("a '\(verb)' step needs 'region: ID'", at: key)
        return nil
      }
      guard let manager = text(value, "a manager name"),
        let region = name(entry.value, "a region id")
      else { return nil }
      action =
        verb == "startMonitoring"
        ? .startMonitoring(manager: manager, region: region)
        : .stopMonitoring(manager: manager, region: region)
    case "release":
      _ = extras([])
      action = text(value, "a manager name").map { .release(name: $0) }
    default:
      error(
        "unknown step \(YAMLMessage.quoted(verb))"
          + NotModelled.hint(for: verb, among: Self.verbs),
        at: key)
      return nil
    }
    return action.map { ($0, []) }
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

  /// The changes of a `settings` step, and the position of each.
  private mutating func settings(_ node: YAMLNode) -> ([SettingsChange], [SourcePosition])? {
    if let word = node.scalar {
      guard word.value == "reset" else {
        error(
          "expected 'reset' or a mapping of location, precise, locationServices, restrictions; "
            + "got '\(word.value)'", at: word.range.start)
        return nil
      }
      return ([.reset], [word.range.start])
    }
    guard let map = mapping(node, "'settings'") else { return nil }
    let keys = ["location", "precise", "locationServices", "restrictions"]
    checkKeys(map, allowed: keys, in: "'settings'")
    var changes: [SettingsChange] = []
    var positions: [SourcePosition] = []
    for entry in map.entries {
      let change: SettingsChange?
      switch entry.key.value {
      case "location": change = setting(entry.value).map { .location($0) }
      case "precise": change = onOff(entry.value).map { .precise($0) }
      case "locationServices": change = onOff(entry.value).map { .locationServices($0) }
      case "restrictions": change = onOff(entry.value).map { .restrictions($0) }
      default: change = nil
      }
      if let change {
        changes.append(change)
        positions.append(entry.key.range.start)
      }
    }
    return changes.count == map.entries.count ? (changes, positions) : nil
  }

  /// The properties a `manager` or `configure` step gives, each `true` or `false`; `nil` after
  /// an error.
  private mutating func managerProperties(
    _ entries: [String: YAMLNode.Mapping.Entry]
  ) -> ManagerProperties? {
    var properties = ManagerProperties()
    var ok = true
    func flag(_ key: String) -> Bool? {
      guard let entry = entries[key] else { return nil }
      let value = trueFalse(entry.value)
      if value == nil { ok = false }
      return value
    }
    properties.allowsBackgroundLocationUpdates = flag("allowsBackgroundLocationUpdates")
    properties.showsBackgroundLocationIndicator = flag("showsBackgroundLocationIndicator")
    properties.pausesLocationUpdatesAutomatically = flag("pausesLocationUpdatesAutomatically")
    return ok ? properties : nil
  }

  private mutating func startStop(_ node: YAMLNode) -> Bool? {
    choice(node, [("start", true), ("stop", false)], "'start' or 'stop'", list: false)
  }
}
