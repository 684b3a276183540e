import AuthModel

/// A scenario as a file says it, without the positions of a file: what ``ScenarioWriter``
/// writes, and what a scenario read from a file says (``Scenario/script``).
///
/// Written and read back, a script is equal to itself: `ScenarioFile.parse` of
/// `ScenarioWriter.text(script)` gives a scenario whose `script` is `script`.
public struct ScenarioScript: Hashable, Sendable {
  /// The name shown in reports.
  public var name: String
  public var description: String?
  public var configuration: AppConfiguration
  public var start: StartingState
  public var steps: [Step]

  public init(
    name: String, description: String? = nil, configuration: AppConfiguration,
    start: StartingState = StartingState(), steps: [Step]
  ) {
    self.name = name
    self.description = description
    self.configuration = configuration
    self.start = start
    self.steps = steps
  }

  /// A step: something happens, or checks.
  public enum Step: Hashable, Sendable {
    /// Something happens; `refused` is the rule that must refuse it (R42), `nil` when it must
    /// happen.
    case action(ScenarioAction, refused: Rule?)
    /// Checks, in order.
    case expect([Check])
  }

  /// One check of an `expect` step: an observable and the value it must have.
  public struct Check: Hashable, Sendable {
    public var observable: ExpectedObservable
    public var value: ObservedValue

    public init(_ observable: ExpectedObservable, _ value: ObservedValue) {
      self.observable = observable
      self.value = value
    }

    /// A check of an observable of the ``ObservableKey/Form/value`` form.
    public init(_ key: ObservableKey, _ value: ObservedValue) {
      self.init(.value(key), value)
    }
  }
}

extension Scenario {
  /// What the scenario says, without where the file said it.
  public var script: ScenarioScript {
    ScenarioScript(
      name: name, description: description, configuration: configuration, start: start,
      steps: steps.map { step in
        switch step.kind {
        case .action(let action): .action(action, refused: step.refused?.rule)
        case .expect(let expectations):
          .expect(expectations.map { ScenarioScript.Check($0.observable, $0.expected) })
        }
      })
  }
}

/// Writes scenario files (docs/SCENARIOS.md): the counterexamples of `authcheck explore` and
/// the stories of app files.
public enum ScenarioWriter {
  /// The text of `script`, after `comment` (each a `# ` line); `notes[i]` are comment lines
  /// written before step `i`.
  ///
  /// Text a person wrote (the name, the description, Info.plist values) is single-quoted;
  /// names a story chose (sessions, purpose keys, managers, holders) are quoted when a reader
  /// would not read them back unquoted as the same text. A Settings step writes its changes as
  /// one mapping; a `reset`, which a file writes as a step of its own, splits a Settings action
  /// that holds it among other changes into consecutive steps (its `refused` on the last).
  public static func text(
    _ script: ScenarioScript, comment: [String] = [], notes: [Int: [String]] = [:]
  ) -> String {
    var lines = comment.map { "# " + commentText($0) }
    lines += prose("scenario", script.name)
    if let description = script.description { lines += prose("description", description) }
    lines.append("ios: \(script.configuration.ios.rawValue)")
    lines += info(script.configuration.infoPlist)
    lines += start(script.start)
    lines.append("steps:")
    for (index, step) in script.steps.enumerated() {
      lines += (notes[index] ?? []).map { "  # " + commentText($0) }
      switch step {
      case .action(let action, let refused):
        let steps = action.fileSteps
        for (index, step) in steps.enumerated() {
          lines += self.step(step.words, refused: index == steps.count - 1 ? refused : nil)
        }
      case .expect(let checks): lines += expect(checks)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` for a comment: one line that the reader accepts, whatever the names in it hold;
  /// control characters as the text report shows them (`SystemPath.displayed(_:)`), and any
  /// other character a file can't hold as it is as `\u{FEFF}`.
  static func commentText(_ text: String) -> String {
    var out = ""
    for scalar in SystemPath.displayed(text).unicodeScalars {
      if scalar != "\t" && StepWords.needsEscape(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `key: text` for text a person wrote: single-quoted on one line, or a literal block
  /// (`|`, `|-` or `|+`, by its final line breaks) when it has several lines.
  static func prose(_ key: String, _ text: String, indent: String = "") -> [String] {
    // A line break alone makes a literal block; any other character to escape, double quotes.
    guard text.contains("\n"),
      !text.unicodeScalars.contains(where: { $0 != "\n" && StepWords.needsEscape($0) })
    else { return [indent + key + ": " + StepWords.quote(text)] }
    var body = text
    var breaks = 0
    while body.hasSuffix("\n") {
      body.removeLast()
      breaks += 1
    }
    let header = breaks == 0 ? "|-" : breaks == 1 ? "|" : "|+"
    let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.isEmpty ? "" : indent + "  " + $0
    }
    return [indent + key + ": " + header] + lines + Array(repeating: "", count: max(0, breaks - 1))
  }

  /// The `info:` block of `p`; nothing when it has no key.
  static func info(_ p: InfoPlist) -> [String] {
    let quote = StepWords.quote
    var lines: [String] = []
    if let text = p.whenInUseUsageDescription {
      lines += prose("NSLocationWhenInUseUsageDescription", text, indent: "  ")
    }
    if let text = p.alwaysAndWhenInUseUsageDescription {
      lines += prose("NSLocationAlwaysAndWhenInUseUsageDescription", text, indent: "  ")
    }
    if p.defaultAccuracyReduced { lines.append("  NSLocationDefaultAccuracyReduced: true") }
    if p.requireExplicitServiceSession {
      lines.append("  NSLocationRequireExplicitServiceSession: true")
    }
    if !p.temporaryUsageDescriptions.isEmpty {
      lines.append("  NSLocationTemporaryUsageDescriptionDictionary:")
      for key in p.temporaryUsageDescriptions.keys.sorted() {
        lines += prose(quote(key), p.temporaryUsageDescriptions[key]!, indent: "    ")
      }
    }
    if !p.backgroundModes.isEmpty {
      lines.append(
        "  UIBackgroundModes: [" + p.backgroundModes.map(quote).joined(separator: ", ") + "]")
    }
    return lines.isEmpty ? [] : ["info:"] + lines
  }

  /// The `start:` block; nothing for a fresh install, not running.
  static func start(_ start: StartingState) -> [String] {
    var lines: [String] = []
    if start.location != .askNextTime { lines.append("  location: \(start.location.rawValue)") }
    if let precise = start.precise { lines.append("  precise: \(precise ? "on" : "off")") }
    if !start.locationServicesEnabled { lines.append("  locationServices: off") }
    if start.restrictionsEnabled { lines.append("  restrictions: on") }
    if start.alwaysPromptSpent { lines.append("  alwaysPromptSpent: true") }
    if start.app != .notRunning { lines.append("  app: \(start.app.rawValue)") }
    // R47–R49: the registrations of an earlier run.
    if start.significantChanges { lines.append("  \(ObservableKey.significantChanges): true") }
    if start.visits { lines.append("  \(ObservableKey.visits): true") }
    if !start.regions.isEmpty {
      lines.append("  regions: " + names(start.regions))
    }
    return lines.isEmpty ? [] : ["start:"] + lines
  }

  /// The lines of one step, as an item of `steps:`.
  static func step(_ words: StepWords, refused: Rule?) -> [String] {
    var lines: [String]
    if let value = words.value {
      lines = ["  - \(words.verb): \(value.written)"]
    } else if !words.nested.isEmpty || refused != nil {
      lines = ["  - \(words.verb):"]
    } else {
      lines = ["  - \(words.verb)"]
    }
    lines += words.nested.map { "      \($0.key): \($0.value.written)" }
    lines += words.keys.map { "    \($0.key): \($0.value.written)" }
    if let refused { lines.append("    refused: \(refused.id)") }
    return lines
  }

  /// The lines of an `expect` step; the diagnostics and the callbacks of several holders or
  /// managers are one mapping each, where the first of them is.
  static func expect(_ checks: [ScenarioScript.Check]) -> [String] {
    var lines = ["  - expect:"]
    var grouped: Set<ObservableKey> = []
    for check in checks {
      switch check.observable {
      case .diagnostics, .callbacks:
        let key = check.observable.key
        guard grouped.insert(key).inserted else { continue }
        lines.append("      \(key):")
        for other in checks where other.observable.key == key {
          let name: String
          switch other.observable {
          case .diagnostics(let holder): name = holder
          case .callbacks(let manager): name = manager
          default: continue
          }
          lines.append("        \(StepWords.Value.name(name).written): \(written(other.value))")
        }
      default:
        lines.append("      \(check.observable.key): \(written(check.value))")
      }
    }
    return lines
  }

  /// A value as a file writes it: the region ids of a list, and a delegate's calls other than
  /// `STATUS/ACCURACY` (`monitoringDidFail:ID`), quoted where a reader would not read them back.
  static func written(_ value: ObservedValue) -> String {
    switch value {
    case .monitoredRegions(let ids): return names(ids)
    case .callbacks(let calls):
      return "["
        + calls.map { call in
          if case .didChangeAuthorization = call { return call.description }
          return StepWords.Value.name(call.description).written
        }.joined(separator: ", ") + "]"
    default: return value.description
    }
  }

  /// `names` as a flow sequence, each quoted where needed.
  static func names(_ names: [String]) -> String {
    "[" + names.map { StepWords.Value.name($0).written }.joined(separator: ", ") + "]"
  }
}
