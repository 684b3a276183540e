import AuthModel

/// The keys `info:` and `start:` take, in scenarios and app files alike.
package enum SchemaKeys {
  package static let info = [
    "NSLocationWhenInUseUsageDescription", "NSLocationAlwaysAndWhenInUseUsageDescription",
    "NSLocationDefaultAccuracyReduced", "NSLocationRequireExplicitServiceSession",
    "NSLocationTemporaryUsageDescriptionDictionary", "UIBackgroundModes",
  ]
  package static let start = [
    "location", "precise", "locationServices", "restrictions", "alwaysPromptSpent", "app",
    ObservableKey.significantChanges.rawValue, ObservableKey.visits.rawValue, "regions",
  ]
}

/// A schema checker over the YAML subset: the scenario schema and the app-file schema.
///
/// Conformers keep the diagnostics; this extension gives them the readers both schemas share —
/// the common top-level keys (`ios`, `info`, `start`), values (a choice among names with "did you
/// mean", text, `on`/`off`, `true`/`false`), shapes (mapping, sequence), unknown keys, and the
/// error limit — so that a misuse reads the same in a scenario and in an app file.
package protocol SchemaChecking {
  /// Every diagnostic found so far, in the order found.
  var diagnostics: [Diagnostic] { get set }
  /// Set after `YAMLReader.maximumErrorCount` errors: later errors are not recorded.
  var stopped: Bool { get set }
  /// Reads the Info.plist file that `info:` names.
  var loadInfoPlist: ScenarioSchema.InfoPlistLoader { get }
}

extension SchemaChecking {
  // MARK: ios, info and start

  /// The configuration of the top-level `ios` and `info` keys (iOS 18 and no keys when absent).
  package mutating func configuration(_ top: YAMLNode.Mapping) -> AppConfiguration {
    var ios = IOSVersion.ios18
    if let node = top["ios"] {
      // No "did you mean" here: '26' is not a typo of '17'.
      ios =
        choice(
          node, IOSVersion.allCases.map { (String($0.rawValue), $0) }, "iOS version",
          suggest: false) ?? .ios18
    }
    var infoPlist = InfoPlist()
    if let node = top["info"] { infoPlist = info(node) ?? infoPlist }
    return AppConfiguration(ios: ios, infoPlist: infoPlist)
  }

  package mutating func info(_ node: YAMLNode) -> InfoPlist? {
    if let path = node.scalar {
      guard !path.value.isEmpty else {
        error("expected Info.plist keys or a path to an Info.plist file", at: path.range.start)
        return nil
      }
      switch loadInfoPlist(path.value) {
      case .success(let plist):
        return checkedPurposeKeys(plist, at: path.range.start)
      case .failure(let failure):
        error(failure.message, at: path.range.start)
        return nil
      }
    }
    guard let map = mapping(node, "'info'") else { return nil }
    checkKeys(map, allowed: SchemaKeys.info, in: "'info'")
    var plist = InfoPlist()
    if let v = map["NSLocationWhenInUseUsageDescription"] {
      plist.whenInUseUsageDescription = usageText(v, "NSLocationWhenInUseUsageDescription")
    }
    if let v = map["NSLocationAlwaysAndWhenInUseUsageDescription"] {
      plist.alwaysAndWhenInUseUsageDescription = usageText(
        v, "NSLocationAlwaysAndWhenInUseUsageDescription")
    }
    if let v = map["NSLocationDefaultAccuracyReduced"] {
      plist.defaultAccuracyReduced = trueFalse(v) ?? false
    }
    if let v = map["NSLocationRequireExplicitServiceSession"] {
      plist.requireExplicitServiceSession = trueFalse(v) ?? false
    }
    if let v = map["NSLocationTemporaryUsageDescriptionDictionary"],
      let dictionary = mapping(v, "'NSLocationTemporaryUsageDescriptionDictionary'")
    {
      for entry in dictionary.entries {
        if name(entry.key, "a purpose key") != nil,
          let text = usageText(entry.value, "the purpose key '\(entry.key.value)'")
        {
          plist.temporaryUsageDescriptions[entry.key.value] = text
        }
      }
    }
    if let v = map["UIBackgroundModes"], let modes = sequence(v, "'UIBackgroundModes'") {
      plist.backgroundModes = modes.items.compactMap { text($0.node, "a background mode") }
    }
    return checkedPurposeKeys(plist, at: map.range.start)
  }

  package mutating func checkedPurposeKeys(_ plist: InfoPlist, at position: SourcePosition)
    -> InfoPlist?
  {
    if let problem = AppConfiguration.unsupported(plist) {
      error(problem, at: position)
      return nil
    }
    return plist
  }

  /// The starting state of `start:`.
  ///
  /// - Parameter appRunState: the message for an `app` key where the file may not set it (an
  ///   app file's exploration starts with the app not running), or `nil` where it may.
  package mutating func start(_ node: YAMLNode, appRunState refusal: String? = nil)
    -> StartingState
  {
    var start = StartingState()
    guard let map = mapping(node, "'start'") else { return start }
    checkKeys(map, allowed: SchemaKeys.start, in: "'start'")
    if let v = map["location"] { start.location = setting(v) ?? start.location }
    if let v = map["precise"] { start.precise = onOff(v) }
    if let v = map["locationServices"] {
      start.locationServicesEnabled = onOff(v) ?? start.locationServicesEnabled
    }
    if let v = map["restrictions"] {
      start.restrictionsEnabled = onOff(v) ?? start.restrictionsEnabled
    }
    if let v = map["alwaysPromptSpent"] {
      start.alwaysPromptSpent = trueFalse(v) ?? start.alwaysPromptSpent
    }
    // R47–R49: registrations left by an earlier run.
    if let v = map[ObservableKey.significantChanges.rawValue] {
      start.significantChanges = trueFalse(v) ?? false
    }
    if let v = map[ObservableKey.visits.rawValue] { start.visits = trueFalse(v) ?? false }
    if let v = map["regions"], let list = sequence(v, "'regions'") {
      for item in list.items {
        guard let id = name(item.node, "a region id") else { continue }
        if start.regions.contains(id) {
          error("region '\(id)' is listed twice", at: item.node.position)
        } else if start.regions.count == LegacyServices.regionLimit {
          error(
            "at most \(LegacyServices.regionLimit) regions are registered at a time (R49)",
            at: item.node.position)
        } else {
          start.regions.append(id)
        }
      }
    }
    if let refusal, let entry = map.entry(forKey: "app") {
      error(refusal, at: entry.key.range.start)
    } else if let v = map["app"] {
      start.app =
        choice(v, AppRunState.allCases.map { ($0.rawValue, $0) }, "app state") ?? .notRunning
    }
    return start
  }

  // MARK: Values

  package mutating func setting(_ node: YAMLNode) -> LocationSetting? {
    choice(node, LocationSetting.allCases.map { ($0.rawValue, $0) }, "location setting")
  }

  package mutating func onOff(_ node: YAMLNode) -> Bool? {
    choice(node, [("on", true), ("off", false)], "'on' or 'off'", list: false)
  }

  /// A boolean: `true` or `false`, unquoted and in lower case, and nothing else. A quoted
  /// `'true'` is a string to YAML, and `True` a boolean that the other spellings would make
  /// two ways to write, so both are errors that say how to write it.
  package mutating func trueFalse(_ node: YAMLNode) -> Bool? {
    if let scalar = node.scalar, ["true", "false"].contains(scalar.value.lowercased()) {
      if scalar.style != .plain {
        error(
          "a boolean is written true or false without quotes; YAML reads "
            + "\(YAMLMessage.quoted(scalar.value)) in quotes as a string", at: scalar.range.start)
        return nil
      }
      if scalar.value != scalar.value.lowercased() {
        error(
          "a boolean is written in lower case: '\(scalar.value.lowercased())', not "
            + "\(YAMLMessage.quoted(scalar.value))", at: scalar.range.start)
        return nil
      }
    }
    return choice(node, [("true", true), ("false", false)], "'true' or 'false'", list: false)
  }

  /// One of `options`, by its name; an error naming them otherwise.
  package mutating func choice<T>(
    _ node: YAMLNode, _ options: [(String, T)], _ what: String, list: Bool = true,
    suggest: Bool = true
  ) -> T? {
    let names = options.map(\.0)
    let expected =
      list
      ? "expected \(what): " + names.map { "'\($0)'" }.joined(separator: ", ") : "expected \(what)"
    guard let scalar = node.scalar, !scalar.isNull else {
      error("\(expected); got \(Self.describe(node))", at: node.position)
      return nil
    }
    if let match = options.first(where: { $0.0 == scalar.value }) { return match.1 }
    let shown = scalar.value.count > 40 ? String(scalar.value.prefix(40)) + "…" : scalar.value
    let hint = suggest ? EditDistance.suggestion(for: scalar.value, among: names) : nil
    error(
      "unknown value '\(shown)'; " + (hint.map { "did you mean '\($0)'?" } ?? expected),
      at: scalar.range.start)
    return nil
  }

  /// A name the scenario gives and refers to (a session id, a diagnostics holder, a purpose
  /// key): text that YAML 1.2 also reads as text. A plain `1`, `01`, `true` or `~` is a number,
  /// a boolean or null to YAML tools, which would read `1` and `01` as one value where
  /// authcheck sees two names; such a name is an error (quoted, `'01'` is text to both).
  package mutating func name(_ node: YAMLNode, _ what: String) -> String? {
    if let scalar = node.scalar { return name(scalar, what) }
    return text(node, what)
  }

  package mutating func name(_ scalar: YAMLNode.Scalar, _ what: String) -> String? {
    guard !scalar.value.isEmpty else {
      error("expected \(what); got nothing", at: scalar.range.start)
      return nil
    }
    if let kind = scalar.coreSchemaKind {
      error(
        "\(what) \(YAMLMessage.quoted(scalar.value)) is \(kind) to YAML 1.2, not text; use a "
          + "name, or quote it", at: scalar.range.start)
      return nil
    }
    return scalar.value
  }

  /// A usage or purpose description: text that is not empty. An empty, `~` or `null` value is
  /// an error, not a present string: write the text, or leave the key out to model an app
  /// without it (R7).
  package mutating func usageText(_ node: YAMLNode, _ key: String) -> String? {
    if let scalar = node.scalar, scalar.isEmptyOrNull {
      error(
        "\(key) is empty; iOS shows this text in the prompt: write it, or remove the key to "
          + "model an app without it (R7)", at: node.position)
      return nil
    }
    return text(node, "a usage description")
  }

  package mutating func text(_ node: YAMLNode, _ what: String, allowEmpty: Bool = false) -> String?
  {
    guard let scalar = node.scalar else {
      error("expected \(what); got \(node.kindDescription)", at: node.position)
      return nil
    }
    guard allowEmpty || !scalar.value.isEmpty else {
      error("expected \(what); got nothing", at: scalar.range.start)
      return nil
    }
    return scalar.value
  }

  package mutating func mapping(_ node: YAMLNode, _ what: String) -> YAMLNode.Mapping? {
    if let map = node.mapping { return map }
    error("expected a mapping for \(what); got \(Self.describe(node))", at: node.position)
    return nil
  }

  package mutating func sequence(_ node: YAMLNode, _ what: String) -> YAMLNode.Sequence? {
    if let list = node.sequence { return list }
    error("expected a sequence for \(what); got \(Self.describe(node))", at: node.position)
    return nil
  }

  /// What a value is, for "got …" in messages: `nothing` for an empty value (`key:`).
  package static func describe(_ node: YAMLNode) -> String {
    if let scalar = node.scalar, scalar.isNull { return "nothing" }
    return node.kindDescription
  }

  package mutating func checkKeys(_ map: YAMLNode.Mapping, allowed: [String], in what: String) {
    for key in map.keys where !stopped && !allowed.contains(key.value) {
      error(
        "unknown key '\(key.value)' in \(what)"
          + NotModelled.hint(for: key.value, among: allowed),
        at: key.range.start)
    }
  }

  /// Records an error; after `YAMLReader.maximumErrorCount` errors, records a note instead and
  /// stops recording, so that a file of thousands of bad lines reports a readable hundred.
  package mutating func error(_ message: String, at position: SourcePosition) {
    guard !stopped else { return }
    guard diagnostics.count < YAMLReader.maximumErrorCount else {
      diagnostics.append(.note(YAMLMessage.tooManyErrors, at: position))
      stopped = true
      return
    }
    diagnostics.append(.error(message, at: position))
  }
}
