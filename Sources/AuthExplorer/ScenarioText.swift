import AuthModel

/// The lines of a scenario file (docs/SCENARIOS.md) for written stories: counterexamples of
/// `authcheck explore` and the stories of app files.
package enum ScenarioText {
  /// `text` in single quotes, quotes doubled.
  package static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }

  /// The `info:` block of `p`; nothing when it has no key.
  package static func info(_ p: InfoPlist) -> [String] {
    var lines: [String] = []
    if let text = p.whenInUseUsageDescription {
      lines.append("  NSLocationWhenInUseUsageDescription: " + quote(text))
    }
    if let text = p.alwaysAndWhenInUseUsageDescription {
      lines.append("  NSLocationAlwaysAndWhenInUseUsageDescription: " + quote(text))
    }
    if p.defaultAccuracyReduced { lines.append("  NSLocationDefaultAccuracyReduced: true") }
    if p.requireExplicitServiceSession {
      lines.append("  NSLocationRequireExplicitServiceSession: true")
    }
    if !p.temporaryUsageDescriptions.isEmpty {
      lines.append("  NSLocationTemporaryUsageDescriptionDictionary:")
      for key in p.temporaryUsageDescriptions.keys.sorted() {
        lines.append("    \(quote(key)): \(quote(p.temporaryUsageDescriptions[key]!))")
      }
    }
    if !p.backgroundModes.isEmpty {
      lines.append(
        "  UIBackgroundModes: [" + p.backgroundModes.map(quote).joined(separator: ", ") + "]")
    }
    return lines.isEmpty ? [] : ["info:"] + lines
  }

  private static func onOff(_ on: Bool) -> String { on ? "on" : "off" }

  /// The lines of one step, as an item of `steps:`; `session` writes a session's id as the
  /// file shows it (quoted if it must be), `key` names a purpose key (quoted here).
  package static func step(
    _ event: AuthorizationEvent, session: (SessionID) -> String, key: (PurposeKey) -> String,
    manager: (ManagerID) -> String = { "m\($0.rawValue)" }
  ) -> [String] {
    switch event {
    case .launch: ["  - launch"]
    case .relaunchInBackground: ["  - launch: background"]
    case .enterBackground: ["  - background"]
    case .enterForeground: ["  - foreground"]
    case .wait: ["  - wait"]
    case .terminate: ["  - terminate"]
    case .createSession(let id, let goal, let purposeKey):
      ["  - session: \(session(id))", "    authorization: \(goal.rawValue)"]
        + (purposeKey.map { ["    fullAccuracyPurposeKey: \(quote(key($0)))"] } ?? [])
    case .invalidateSession(let id): ["  - invalidate: \(session(id))"]
    case .liveUpdates(let on): ["  - liveUpdates: \(on ? "start" : "stop")"]
    case .monitor(let on): ["  - monitor: \(on ? "start" : "stop")"]
    case .backgroundActivity(let on): ["  - backgroundActivity: \(on ? "start" : "stop")"]
    case .requestWhenInUseAuthorization: ["  - request: whenInUse"]
    case .requestAlwaysAuthorization: ["  - request: always"]
    case .requestTemporaryFullAccuracyAuthorization(let purposeKey):
      ["  - request: temporaryFullAccuracy", "    purposeKey: \(quote(key(purposeKey)))"]
    case .tap(let button, let precise):
      ["  - tap: \(button.rawValue)"] + (precise.map { ["    precise: \(onOff($0))"] } ?? [])
    case .settings(.location(let setting)):
      ["  - settings:", "      location: \(setting.rawValue)"]
    case .settings(.precise(let on)): ["  - settings:", "      precise: \(onOff(on))"]
    case .settings(.locationServices(let on)):
      ["  - settings:", "      locationServices: \(onOff(on))"]
    case .settings(.restrictions(let on)): ["  - settings:", "      restrictions: \(onOff(on))"]
    case .settings(.reset): ["  - settings: reset"]
    case .backgroundEvent: ["  - system: backgroundEvent"]
    case .createManager(let id): ["  - manager: \(manager(id))"]
    case .releaseManager(let id): ["  - release: \(manager(id))"]
    }
  }
}
