import AuthModel
import AuthScenario

/// Checks a YAML tree against the app-file schema and builds the ``AppDescription``.
///
/// It shares its readers with the scenario schema (``SchemaChecking``): `ios`, `info` and
/// `start` read as in scenarios, and every misuse is a positioned error with a "did you mean"
/// where a name was misspelt. After the shapes, ``AppDescription/validationErrors()`` checks
/// what involves several places (a session id in two features, a check naming a feature the app
/// does not have…).
public struct AppSchema: SchemaChecking {
  package var diagnostics: [Diagnostic] = []
  package var stopped = false
  package let loadInfoPlist: ScenarioSchema.InfoPlistLoader

  private init(loadInfoPlist: @escaping ScenarioSchema.InfoPlistLoader) {
    self.loadInfoPlist = loadInfoPlist
  }

  /// The app `root` describes, or the diagnostics that stop it (sorted by position).
  public static func check(
    _ root: YAMLNode?, loadInfoPlist: @escaping ScenarioSchema.InfoPlistLoader
  ) -> Result<AppDescription, DiagnosticError> {
    var schema = AppSchema(loadInfoPlist: loadInfoPlist)
    let app = schema.app(root)
    if let app, schema.diagnostics.isEmpty {
      let errors = app.validationErrors()
      return errors.isEmpty ? .success(app) : .failure(DiagnosticError(errors))
    }
    return .failure(DiagnosticError(Diagnostic.sortedByPosition(schema.diagnostics)))
  }

  /// Whether `root` is an app file: a mapping with an `app` key.
  public static func isAppFile(_ root: YAMLNode?) -> Bool {
    root?.mapping?.entry(forKey: "app") != nil
  }

  static let topLevelKeys = ["app", "description", "ios", "info", "start", "features", "checks"]
  static let featureKeys = ["startedBy", "restore", "inBackground", "holds", "requests", "needs"]
  static let implicitHoldings = ImplicitHolder.allCases.map(\.rawValue)
  static let holdingForms = ["session", "manager"] + implicitHoldings + legacyServices
  /// The legacy services of CLLocationManager (§8b), each on a manager: `FORM: NAME`.
  /// The observables of two services are named alike (`significantChanges`, `visits`).
  static let legacyServices = [
    "updatingLocation", ObservableKey.significantChanges.rawValue, ObservableKey.visits.rawValue,
    "regions",
  ]
  /// The properties a `manager` holding may set (SCENARIOS.md).
  static let managerProperties: [Holding.Key] = [
    .allowsBackgroundLocationUpdates, .showsBackgroundLocationIndicator,
    .pausesLocationUpdatesAutomatically,
  ]
  static let requestForms = ["whenInUse", "always", "temporaryFullAccuracy"]
  static let needKeys = ["foreground", "background"]
  /// The keys a condition may have, in the order of the format's description.
  public static let conditionKeys =
    conditionObservables.map(\.rawValue) + [ObservableKey.diagnostics.rawValue]
    + Condition.Term.Key.allCases.map(\.rawValue)
  /// The observables of the ``ObservableKey/Form/value`` form a condition may name.
  static let conditionObservables = ObservableKey.allCases.filter {
    $0.isCondition && $0.form == .value
  }
  static let checkForms = ["always", "never", "when", "reachable"]
  static let checkKeys = ["name"] + checkForms + ["expect", "user"]

  // MARK: Top level

  private mutating func app(_ root: YAMLNode?) -> AppDescription? {
    guard let root, let top = mapping(root, "the file") else { return nil }
    guard let appEntry = top.entry(forKey: "app") else {
      error("missing required key 'app'", at: top.range.start)
      return nil
    }
    // A file with both, or an app file with `steps`, is an error at the later key.
    for (key, message) in [
      ("scenario", "a file is an app file ('app') or a scenario ('scenario'), not both"),
      (
        "steps",
        "an app file has no 'steps'; authcheck explores every story of the app "
          + "(write a single story as a scenario)"
      ),
    ] {
      if let other = top.entry(forKey: key) {
        error(message, at: max(other.key.range.start, appEntry.key.range.start))
      }
    }
    for key in top.keys
    where !stopped && !Self.topLevelKeys.contains(key.value) && key.value != "scenario"
      && key.value != "steps"
    {
      error(
        "unknown key '\(key.value)' in an app file"
          + NotModelled.hint(for: key.value, among: Self.topLevelKeys),
        at: key.range.start)
    }
    let name = text(appEntry.value, "a name for 'app'")
    let description = top.entry(forKey: "description").flatMap {
      text($0.value, "'description'", allowEmpty: true)
    }
    let configuration = self.configuration(top)
    var start = StartingState()
    if let node = top["start"] {
      start = self.start(
        node,
        appRunState: "an app file's exploration starts with the app not running; remove 'app'")
    }
    var features: [Feature] = []
    if let entry = top.entry(forKey: "features") {
      features = self.features(entry)
    } else {
      error("missing required key 'features'", at: top.range.start)
    }
    var checks: [AppCheck] = []
    if let node = top["checks"], let list = sequence(node, "'checks'") {
      checks = list.items.compactMap { check($0) }
    }
    guard let name else { return nil }
    return AppDescription(
      name: name, description: description, configuration: configuration, start: start,
      features: features, checks: checks)
  }

  // MARK: Features

  private mutating func features(_ entry: YAMLNode.Mapping.Entry) -> [Feature] {
    guard let map = mapping(entry.value, "'features'") else { return [] }
    guard !map.entries.isEmpty else {
      error("'features' is empty; an app file needs at least one feature", at: entry.value.position)
      return []
    }
    return map.entries.compactMap { feature($0) }
  }

  private mutating func feature(_ entry: YAMLNode.Mapping.Entry) -> Feature? {
    let name = entry.key.value
    guard !name.isEmpty else {
      error("expected a feature name", at: entry.key.range.start)
      return nil
    }
    guard let map = mapping(entry.value, "feature '\(name)'") else { return nil }
    checkKeys(map, allowed: Self.featureKeys, in: "feature '\(name)'")
    var feature = Feature(name)
    feature.positions.name = entry.key.range.start
    var ok = true
    if let v = map["startedBy"] {
      if let by = choice(v, Feature.StartedBy.allCases.map { ($0.rawValue, $0) }, "startedBy") {
        feature.startedBy = by
      } else {
        ok = false
      }
    }
    if let e = map.entry(forKey: "restore") {
      feature.positions.restore = e.key.range.start
      if let flag = trueFalse(e.value) { feature.restore = flag } else { ok = false }
    }
    if let e = map.entry(forKey: "inBackground") {
      feature.positions.inBackground = e.key.range.start
      if let how = choice(
        e.value, Feature.InBackground.allCases.map { ($0.rawValue, $0) }, "inBackground")
      {
        feature.inBackground = how
      } else {
        ok = false
      }
    }
    if let v = map["holds"], let list = sequence(v, "'holds'") {
      for item in list.items {
        if let holding = holding(item) { feature.holds.append(holding) } else { ok = false }
      }
    }
    if let v = map["requests"], let list = sequence(v, "'requests'") {
      for item in list.items {
        if let request = request(item) { feature.requests.append(request) } else { ok = false }
      }
    }
    if map["holds"] == nil && map["requests"] == nil {
      error(
        "feature '\(name)' holds nothing; give 'holds' (or 'requests' for a legacy app)",
        at: entry.key.range.start)
      ok = false
    }
    if let v = map["needs"], let needs = mapping(v, "'needs'") {
      checkKeys(needs, allowed: Self.needKeys, in: "'needs'")
      if needs.entries.isEmpty {
        error("'needs' is empty; give 'foreground:' or 'background:'", at: v.position)
      }
      if let e = needs.entry(forKey: "foreground") {
        feature.positions.foregroundNeed = e.key.range.start
        feature.needs.foreground = condition(e.value, "'foreground'")
        ok = ok && feature.needs.foreground != nil
      }
      if let e = needs.entry(forKey: "background") {
        feature.positions.backgroundNeed = e.key.range.start
        feature.needs.background = condition(e.value, "'background'")
        ok = ok && feature.needs.background != nil
      }
    }
    return ok ? feature : nil
  }

  private mutating func holding(_ item: YAMLNode.Sequence.Item) -> Holding? {
    let position = item.position
    if let word = item.node.scalar {
      switch ImplicitHolder(rawValue: word.value) {
      case .liveUpdates: return Holding(.liveUpdates, at: position)
      case .monitor: return Holding(.monitor, at: position)
      case .backgroundActivity: return Holding(.backgroundActivity, at: position)
      case nil: break
      }
      switch word.value {
      case let form where ["session", "manager"].contains(form):
        error("'\(form)' needs a value, as in '\(form): …'", at: word.range.start)
      case let form where Self.legacyServices.contains(form):
        error(
          "'\(form)' needs the manager it runs on, as in '\(form): NAME'", at: word.range.start)
      default:
        error(
          "unknown holding '\(word.value)'"
            + NotModelled.hint(for: word.value, among: Self.holdingForms),
          at: word.range.start)
      }
      return nil
    }
    guard let map = mapping(item.node, "a holding"), let first = map.entries.first else {
      return nil
    }
    let rest = Array(map.entries.dropFirst())
    switch first.key.value {
    case "session":
      extraKeys(rest, allowed: ["authorization", "fullAccuracyPurposeKey"], in: "a 'session'")
      guard let id = name(first.value, "a session id") else { return nil }
      if ScenarioSchema.implicitHolders.contains(id) {
        error(
          "'\(id)' names an implicit diagnostics holder; choose another session id",
          at: first.value.position)
        return nil
      }
      guard let goalEntry = map.entry(forKey: "authorization") else {
        error(
          "a 'session' needs 'authorization: none|whenInUse|always'", at: first.key.range.start)
        return nil
      }
      guard
        let goal = choice(
          goalEntry.value, AuthorizationRequirement.allCases.map { ($0.rawValue, $0) },
          "authorization")
      else { return nil }
      var key: String?
      var keyPosition: SourcePosition?
      if let keyEntry = map.entry(forKey: "fullAccuracyPurposeKey") {
        guard let value = name(keyEntry.value, "a purpose key") else { return nil }
        key = value
        keyPosition = keyEntry.value.position
      }
      return Holding(
        .session(id: id, authorization: goal, fullAccuracyPurposeKey: key), at: position,
        purposeKeyAt: keyPosition)
    case "manager":
      extraKeys(rest, allowed: Self.managerProperties.map(\.rawValue), in: "a 'manager'")
      guard let manager = name(first.value, "a manager name") else { return nil }
      var properties = ManagerProperties()
      var positions: [Holding.Key: SourcePosition] = [:]
      var ok = true
      for key in Self.managerProperties {
        guard let entry = map.entry(forKey: key.rawValue) else { continue }
        guard let value = trueFalse(entry.value) else {
          ok = false
          continue
        }
        positions[key] = entry.value.position
        switch key {
        case .allowsBackgroundLocationUpdates: properties.allowsBackgroundLocationUpdates = value
        case .showsBackgroundLocationIndicator: properties.showsBackgroundLocationIndicator = value
        default: properties.pausesLocationUpdatesAutomatically = value
        }
      }
      guard ok else { return nil }
      return Holding(.manager(manager), properties: properties, at: position, keysAt: positions)
    case let form where Self.legacyServices.contains(form):
      let isRegions = form == "regions"
      extraKeys(rest, allowed: isRegions ? [Holding.Key.count.rawValue] : [], in: "'\(form)'")
      guard let manager = name(first.value, "a manager name") else { return nil }
      switch form {
      case "updatingLocation": return Holding(.updatingLocation(manager: manager), at: position)
      case ObservableKey.significantChanges.rawValue:
        return Holding(.significantChanges(manager: manager), at: position)
      case ObservableKey.visits.rawValue: return Holding(.visits(manager: manager), at: position)
      default: break
      }
      guard let countEntry = map.entry(forKey: Holding.Key.count.rawValue) else {
        error("'regions' needs 'count: N', the number of regions", at: first.key.range.start)
        return nil
      }
      guard let scalar = countEntry.value.scalar, let count = Int(scalar.value), count >= 1,
        scalar.style == .plain
      else {
        let got = countEntry.value.scalar.map { "'\($0.value)'" } ?? Self.describe(countEntry.value)
        error(
          "'count' is a whole number of regions, at least 1; got \(got)",
          at: countEntry.value.position)
        return nil
      }
      return Holding(
        .regions(manager: manager, count: count), at: position,
        keysAt: [.count: countEntry.value.position])
    case let form where Self.implicitHoldings.contains(form):
      error("'\(form)' takes no value; write '- \(form)'", at: first.key.range.start)
    default:
      error(
        "unknown holding '\(first.key.value)'"
          + NotModelled.hint(for: first.key.value, among: Self.holdingForms),
        at: first.key.range.start)
    }
    return nil
  }

  private mutating func request(_ item: YAMLNode.Sequence.Item) -> FeatureRequest? {
    let position = item.position
    if let word = item.node.scalar {
      switch word.value {
      case "whenInUse": return FeatureRequest(.whenInUse, at: position)
      case "always": return FeatureRequest(.always, at: position)
      case "temporaryFullAccuracy":
        error(
          "'temporaryFullAccuracy' needs a purpose key, as in 'temporaryFullAccuracy: KEY'",
          at: word.range.start)
      default:
        error(
          "unknown request '\(word.value)'"
            + NotModelled.hint(for: word.value, among: Self.requestForms),
          at: word.range.start)
      }
      return nil
    }
    guard let map = mapping(item.node, "a request"), let first = map.entries.first else {
      return nil
    }
    extraKeys(Array(map.entries.dropFirst()), allowed: [], in: "a request")
    guard first.key.value == "temporaryFullAccuracy" else {
      error(
        "unknown request '\(first.key.value)'"
          + NotModelled.hint(for: first.key.value, among: Self.requestForms),
        at: first.key.range.start)
      return nil
    }
    return name(first.value, "a purpose key").map {
      FeatureRequest(
        .temporaryFullAccuracy(purposeKey: $0), at: position, purposeKeyAt: first.value.position)
    }
  }

  private mutating func extraKeys(
    _ entries: [YAMLNode.Mapping.Entry], allowed: [String], in what: String
  ) {
    for entry in entries where !allowed.contains(entry.key.value) {
      error(
        "unexpected key '\(entry.key.value)' in \(what)"
          + NotModelled.hint(for: entry.key.value, among: allowed),
        at: entry.key.range.start)
    }
  }

  // MARK: Checks

  private mutating func check(_ item: YAMLNode.Sequence.Item) -> AppCheck? {
    guard let map = mapping(item.node, "a check") else { return nil }
    checkKeys(map, allowed: Self.checkKeys, in: "a check")
    let name = map["name"].flatMap { text($0, "a check name") }
    if map["name"] != nil && name == nil { return nil }
    var users = AppCheck.Users.any
    if let v = map["user"] {
      guard let chosen = choice(v, AppCheck.Users.allCases.map { ($0.rawValue, $0) }, "user")
      else { return nil }
      users = chosen
    }
    let forms = map.entries.filter { Self.checkForms.contains($0.key.value) }
    guard let form = forms.first else {
      error(
        "a check needs one of 'always', 'never', 'when' (with 'expect') or 'reachable'",
        at: item.node.position)
      return nil
    }
    for extra in forms.dropFirst() {
      error(
        "a check has one of 'always', 'never', 'when' or 'reachable'; '\(form.key.value)' is "
          + "already given", at: extra.key.range.start)
    }
    let expect = map.entry(forKey: "expect")
    if let expect, form.key.value != "when" {
      error("'expect' goes only with 'when'", at: expect.key.range.start)
    }
    guard forms.count == 1, let condition = condition(form.value, "'\(form.key.value)'") else {
      return nil
    }
    let kind: AppCheck.Kind
    switch form.key.value {
    case "always": kind = .always(condition)
    case "never": kind = .never(condition)
    case "reachable": kind = .reachable(condition)
    default:
      guard let expect else {
        error("'when' needs 'expect': what must hold in those states", at: form.key.range.start)
        return nil
      }
      guard let expected = self.condition(expect.value, "'expect'") else { return nil }
      kind = .when(condition, expect: expected)
    }
    if expect != nil && form.key.value != "when" { return nil }
    return AppCheck(name, kind, users: users, at: item.position)
  }

  // MARK: Conditions

  private mutating func condition(_ node: YAMLNode, _ what: String) -> Condition? {
    guard let map = mapping(node, what) else { return nil }
    guard !map.entries.isEmpty else {
      error("\(what) checks nothing; give at least one key", at: node.position)
      return nil
    }
    checkKeys(map, allowed: Self.conditionKeys, in: "a condition")
    var terms: [Condition.PositionedTerm] = []
    var ok = true
    for entry in map.entries where Self.conditionKeys.contains(entry.key.value) {
      let v = entry.value
      func add(_ term: Condition.Term?) {
        if let term {
          let items = v.sequence?.items.map(\.node.position) ?? [v.position]
          terms.append(
            .init(term, keyAt: entry.key.range.start, at: v.position, itemsAt: items))
        } else {
          ok = false
        }
      }
      func each<T: RawRepresentable<String> & CaseIterable & Hashable>(_: T.Type) -> [T]? {
        values(v, T.allCases.map { ($0.rawValue, $0) }, entry.key.value)
      }
      if let key = ObservableKey(rawValue: entry.key.value), Self.conditionObservables.contains(key)
      {
        add(
          values(v, key.values.map { ($0.description, $0) }, key.rawValue).map {
            .observable(key, $0)
          })
        continue
      }
      switch Condition.Term.Key(rawValue: entry.key.value) {
      case .app: add(each(AppRunState.self).map { .app($0) })
      case .features: add(names(v, "feature names").map { .features($0) })
      case .featuresOff: add(names(v, "feature names").map { .featuresOff($0) })
      case nil where entry.key.value == ObservableKey.diagnostics.rawValue:
        guard let holders = mapping(v, "'diagnostics'") else {
          ok = false
          continue
        }
        if holders.entries.isEmpty {
          error("'diagnostics' checks nothing; name a holder", at: v.position)
          ok = false
        }
        for holder in holders.entries {
          guard let flags = flags(holder.value) else {
            ok = false
            continue
          }
          terms.append(
            .init(
              .diagnostics(holder: holder.key.value, flags: flags), keyAt: entry.key.range.start,
              at: holder.key.range.start))
        }
      default:
        ok = false
      }
    }
    return ok ? Condition(positioned: terms, at: node.position) : nil
  }

  /// One value or a list of values, each one of `options`, none twice.
  private mutating func values<T: Hashable>(
    _ node: YAMLNode, _ options: [(String, T)], _ what: String
  ) -> [T]? {
    oneOrMore(node) { $0.choice($1, options, what) }
  }

  /// A name or a list of names, none twice.
  private mutating func names(_ node: YAMLNode, _ what: String) -> [String]? {
    oneOrMore(node) { $0.text($1, what) }
  }

  /// One item, or a non-empty list of items none of which is listed twice, each read by `read`.
  private mutating func oneOrMore<T: Hashable>(
    _ node: YAMLNode, _ read: (inout AppSchema, YAMLNode) -> T?
  ) -> [T]? {
    guard let list = node.sequence else { return read(&self, node).map { [$0] } }
    guard !list.items.isEmpty else {
      error("expected at least one value", at: node.position)
      return nil
    }
    var found: [T] = []
    var seen = Set<T>()
    for item in list.items {
      guard let value = read(&self, item.node) else { return nil }
      if !seen.insert(value).inserted {
        error("'\(item.node.string ?? "")' is listed twice", at: item.node.position)
        return nil
      }
      found.append(value)
    }
    return found
  }

  private mutating func flags(_ node: YAMLNode) -> DiagnosticFlags? {
    guard let list = sequence(node, "a list of diagnostic flags") else { return nil }
    var flags = DiagnosticFlags()
    for item in list.items {
      guard
        let flag = choice(
          item.node, DiagnosticFlag.allCases.map { ($0.rawValue, $0) }, "diagnostic flag")
      else { return nil }
      if flags.contains(flag) {
        error("diagnostic flag '\(flag.rawValue)' is listed twice", at: item.node.position)
        return nil
      }
      flags.insert(flag)
    }
    return flags
  }
}
