import AuthScenario
import Foundation

/// The Core Location keys of a project's Info.plist, read from its Info.plist files and from
/// the `INFOPLIST_KEY_…` build settings of its `project.pbxproj` files.
public struct ProjectInfo: Sendable {
  /// A key's value, as an app file's `info` writes it.
  public enum Value: Hashable, Sendable {
    case text(String)
    case flag(Bool)
    case list([String])
    /// Purpose keys and their texts, each with the line that gives it.
    case dictionary([PurposeText])

    /// The value in words, for a note.
    var shown: String {
      switch self {
      case .text(let text): "'\(text)'"
      case .flag(let flag): flag ? "YES" : "NO"
      case .list(let list): "[" + list.joined(separator: ", ") + "]"
      case .dictionary(let entries): "{" + entries.map(\.key).joined(separator: ", ") + "}"
      }
    }
  }

  /// A purpose key of NSLocationTemporaryUsageDescriptionDictionary and its text.
  public struct PurposeText: Hashable, Sendable {
    public var key: String
    public var text: String
    public var from: SourceLine
  }

  /// Something two sources of a key disagree on, and where.
  public struct Disagreement: Hashable, Sendable {
    public var message: String
    public var at: SourceLine
  }

  /// One key of the draft's `info`.
  public struct Entry: Hashable, Sendable {
    public var key: String
    public var value: Value
    public var from: SourceLine
    /// What the draft could not settle about the key (configurations or files that disagree).
    public var todo: String?
  }

  /// The keys found, in the order of `SchemaKeys.info`.
  public var entries: [Entry] = []
  /// Keys whose build settings disagree between build configurations, or between files: each
  /// with where, for a warning.
  public var disagreements: [Disagreement] = []
  /// The app's name, from `INFOPLIST_KEY_CFBundleDisplayName` or `PRODUCT_NAME`, if a project
  /// gives one.
  public var appName: (name: String, from: SourceLine)?

  /// A key as one source gives it.
  struct Found {
    var value: Value
    var from: SourceLine
    var todo: String?
  }

  /// Reads the Info.plist files and `project.pbxproj` files of `files`.
  static func read(_ files: ProjectFiles) throws(DraftError) -> ProjectInfo {
    var found: [String: [Found]] = [:]
    var info = ProjectInfo()
    for path in files.projects {
      let text = String(decoding: try files.read(path), as: UTF8.self)
      let settings = BuildSettings.read(text, path: path)
      for (key, value) in settings.keys { found[key, default: []].append(value) }
      info.disagreements += settings.disagreements
      if info.appName == nil { info.appName = settings.appName }
    }
    for path in files.infoPlists {
      let (keys, name) = try plist(files, path)
      for (key, value) in keys { found[key, default: []].append(value) }
      if info.appName == nil { info.appName = name }
    }
    for key in SchemaKeys.info {
      guard var sources = found[key], var first = sources.first else { continue }
      sources.removeFirst()
      // Several sources: the first (projects, then Info.plist files, each in sorted order) is
      // drafted, and the others that say otherwise are noted.
      let others = sources.filter { $0.value != first.value }
      if !others.isEmpty {
        let said = others.map { "\($0.value.shown) in \($0.from)" }.joined(separator: ", ")
        first.todo = [first.todo, "the value: also \(said)"].compactMap { $0 }.joined(
          separator: "; ")
        info.disagreements.append(
          Disagreement(message: "\(key) is \(first.value.shown) here but \(said)", at: first.from))
      }
      info.entries.append(Entry(key: key, value: first.value, from: first.from, todo: first.todo))
    }
    return info
  }

  /// The Core Location keys of the property list at `path`, XML or binary, and the app's name
  /// (`CFBundleDisplayName`, else `CFBundleName`, when it is not a build variable).
  static func plist(_ files: ProjectFiles, _ path: String) throws(DraftError) -> (
    [(String, Found)], (name: String, from: SourceLine)?
  ) {
    let bytes = try files.read(path)
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
    } catch {
      throw DraftError("'\(SystemPath.displayed(path))' is not a property list")
    }
    guard let dictionary = object as? [String: Any] else {
      throw DraftError("'\(SystemPath.displayed(path))' is not a dictionary at its top level")
    }
    // An XML list has lines; a binary one does not.
    let isXML =
      bytes.starts(with: Array("<?xml".utf8)) || bytes.starts(with: Array("<!DOC".utf8))
      || bytes.starts(with: Array("<plist".utf8))
    let lines =
      isXML
      ? String(decoding: bytes, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false) : []
    func line(of key: String, after start: Int = 0) -> Int? {
      guard isXML else { return nil }
      let needle = "<key>\(key)</key>"
      return lines.indices.first { $0 >= start && lines[$0].contains(needle) }.map { $0 + 1 }
    }
    var result: [(String, Found)] = []
    for key in SchemaKeys.info {
      guard let raw = dictionary[key] else { continue }
      let at = line(of: key)
      let from = SourceLine(path, line: at)
      let value: Value
      switch raw {
      case let text as String:
        value = .text(text)
      case let list as [Any]:
        value = .list(list.compactMap { $0 as? String })
      case let map as [String: Any]:
        value = .dictionary(
          map.keys.sorted().compactMap { purpose in
            (map[purpose] as? String).map {
              PurposeText(
                key: purpose, text: $0,
                from: SourceLine(path, line: line(of: purpose, after: at ?? 0)))
            }
          })
      default:
        // `<true/>`: Foundation gives a Bool on Linux and an NSNumber on Apple systems.
        if let flag = raw as? Bool {
          value = .flag(flag)
        } else {
          continue
        }
      }
      result.append((key, Found(value: value, from: from)))
    }
    let name = ["CFBundleDisplayName", "CFBundleName"].lazy.compactMap { key in
      (dictionary[key] as? String).flatMap {
        $0.isEmpty || $0.hasPrefix("$") ? nil : ($0, SourceLine(path, line: line(of: key)))
      }
    }.first
    return (result, name)
  }
}
