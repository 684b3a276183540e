import AuthScenario

/// The `INFOPLIST_KEY_…` build settings of a `project.pbxproj`: the Info.plist keys that Xcode
/// generates from build settings, per build configuration.
struct BuildSettings {
  /// The Core Location keys, each as the first configuration that sets it gives it.
  var keys: [(String, ProjectInfo.Found)] = []
  /// Keys whose configurations disagree (a different value, or none in some).
  var disagreements: [ProjectInfo.Disagreement] = []
  /// The app's name: `INFOPLIST_KEY_CFBundleDisplayName`, or else `PRODUCT_NAME` when it is not
  /// a variable.
  var appName: (name: String, from: SourceLine)?

  /// One setting as a configuration gives it.
  struct Setting {
    var configuration: String
    var value: String
    var line: Int
    var column: Int
  }

  /// Reads the settings of the text of a `project.pbxproj` at `path`.
  ///
  /// A configuration is the block of an `XCBuildConfiguration`, named by the comment before its
  /// `= {` (`/* Debug */`). A value is a word or a quoted string with `\"`, `\\` and `\n`
  /// escapes, on the setting's own line.
  static func read(_ text: String, path: String) -> BuildSettings {
    var settings: [String: [Setting]] = [:]
    var configurations: [String] = []
    var configuration = ""
    var inConfiguration = false
    var displayName: (String, Int)?
    var productName: (String, Int)?
    for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.trimmingPrefix { $0 == " " || $0 == "\t" }
      if line.hasSuffix("= {"), let open = line.range(of: "/* "),
        let close = line.range(of: " */", range: open.upperBound..<line.endIndex)
      {
        configuration = String(line[open.upperBound..<close.lowerBound])
        inConfiguration = false
        continue
      }
      if line.hasPrefix("isa = XCBuildConfiguration;") {
        inConfiguration = true
        continue
      }
      guard inConfiguration, let equals = line.range(of: " = "), line.hasSuffix(";") else {
        continue
      }
      let name = String(line[..<equals.lowerBound])
      let value = unquoted(line[equals.upperBound..<line.index(before: line.endIndex)])
      if name == "INFOPLIST_KEY_CFBundleDisplayName", displayName == nil {
        displayName = (value, offset + 1)
      } else if name == "PRODUCT_NAME", productName == nil, !value.hasPrefix("$") {
        productName = (value, offset + 1)
      }
      guard name.hasPrefix("INFOPLIST_KEY_") else { continue }
      if !configurations.contains(configuration) { configurations.append(configuration) }
      let key = String(name.dropFirst("INFOPLIST_KEY_".count))
      settings[key, default: []].append(
        Setting(
          configuration: configuration, value: value, line: offset + 1,
          column: rawLine.count - line.count + 1))
    }
    var result = BuildSettings()
    if let (name, line) = displayName ?? productName {
      result.appName = (name, SourceLine(path, line: line))
    }
    for key in SchemaKeys.info {
      guard let found = settings[key], let first = found.first else { continue }
      let value: ProjectInfo.Value
      switch key {
      case "NSLocationDefaultAccuracyReduced", "NSLocationRequireExplicitServiceSession":
        value = .flag(first.value == "YES" || first.value == "true")
      case "UIBackgroundModes":
        value = .list(first.value.split(separator: " ").map(String.init))
      default:
        value = .text(first.value)
      }
      let from = SourceLine(path, line: first.line, column: first.column)
      var notes: [String] = []
      for other in found.dropFirst() where other.value != first.value {
        notes.append("'\(other.configuration)' says '\(other.value)' (line \(other.line))")
      }
      let setting = Set(found.map(\.configuration))
      for missing in configurations where !setting.contains(missing) {
        notes.append("'\(missing)' does not set it")
      }
      var todo: String?
      if !notes.isEmpty {
        let message =
          "INFOPLIST_KEY_\(key) is '\(first.value)' in '\(first.configuration)' but "
          + notes.joined(separator: ", ")
        result.disagreements.append(ProjectInfo.Disagreement(message: message, at: from))
        todo = "the value: " + notes.joined(separator: ", ")
      }
      result.keys.append((key, ProjectInfo.Found(value: value, from: from, todo: todo)))
    }
    return result
  }

  /// A setting's value: a quoted string unescaped, or the word as it is.
  static func unquoted(_ raw: Substring) -> String {
    guard raw.count >= 2, raw.first == "\"", raw.last == "\"" else { return String(raw) }
    var result = ""
    var escaped = false
    for character in raw.dropFirst().dropLast() {
      if escaped {
        result.append(character == "n" ? "\n" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
