import AuthScenario
import Foundation

/// An app file drafted from an app's project: its text, and where each of its lines comes from.
///
/// `info` comes from the project's Info.plist files and `INFOPLIST_KEY_…` build settings; each
/// Swift type that uses Core Location becomes a feature named after it, in source order, with
/// what it holds and requests, `startedBy`, `restore` and `inBackground` where its code shows
/// them. `needs` is left for the user, with a comment that says what to write. Each line that
/// carries a value ends with `# from PATH:LINE`, the path relative to the folder drafted; a
/// value the draft had to guess says `TODO: check` and what it saw.
public struct AppDraft: Sendable {
  /// The folder drafted, to which the paths of `origins` are relative.
  public var folder: String
  /// The app file's text.
  public var text: String
  /// Keys whose build configurations or files disagree, for warnings.
  public var disagreements: [ProjectInfo.Disagreement]
  /// For each line of `text` that carries a value (1-based), where it comes from.
  public var origins: [Int: SourceLine]

  /// Drafts the app file of the project in the folder `folder`; an `.xcodeproj` or
  /// `.xcworkspace` stands for the folder that holds it.
  ///
  /// - Throws: ``DraftError`` when the folder or one of its files cannot be read, or a
  ///   property list is not one.
  public static func draft(folder given: String) throws(DraftError) -> AppDraft {
    var folder = given
    while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
    if folder.hasSuffix(".xcodeproj") || folder.hasSuffix(".xcworkspace") {
      folder = folder.contains("/") ? String(folder[..<folder.lastIndex(of: "/")!]) : "."
      if folder.isEmpty { folder = "/" }
    }
    let files = try ProjectFiles.list(folder)
    let info = try ProjectInfo.read(files)
    var project = try ProjectScan.scan(files)
    var writer = DraftWriter()
    let folderName =
      (folder == "." ? FileManager.default.currentDirectoryPath : folder)
      .split(separator: "/").last(where: { $0 != "." }).map(String.init) ?? folder
    writer.comment(
      "Drafted by 'authcheck draft' from \(folderName) (paths are relative to it): check each "
        + "TODO, write each feature's needs, then run 'authcheck' on this file.")
    if let (name, from) = info.appName {
      writer.line("app: \(DraftWriter.scalar(name))", from: from)
    } else if let manifest = files.packageManifests.first,
      let (name, line) = packageName(try files.read(manifest))
    {
      writer.line("app: \(DraftWriter.scalar(name))", from: SourceLine(manifest, line: line))
    } else {
      writer.line(
        "app: \(DraftWriter.scalar(folderName))",
        todo: "the name: the folder's, as no project names the app")
    }
    if !info.entries.isEmpty {
      writer.line("info:")
      for entry in info.entries {
        switch entry.value {
        case .dictionary(let purposes):
          writer.line("  \(entry.key):", from: entry.from, todo: entry.todo)
          for purpose in purposes {
            writer.line(
              "    \(DraftWriter.scalar(purpose.key)): \(StepWords.quote(purpose.text))",
              from: purpose.from)
          }
        default:
          writer.line(
            "  \(entry.key): \(DraftWriter.value(entry.value))", from: entry.from, todo: entry.todo)
        }
      }
    }
    let features = FeatureDraft.features(&project)
    if features.isEmpty {
      writer.comment(
        "No Swift type of this project uses Core Location: write each feature by hand "
          + "(docs/APPS.md).")
      writer.line("features:")
    } else {
      writer.line("features:")
      for feature in features { feature.write(to: &writer) }
    }
    return AppDraft(
      folder: folder, text: writer.text, disagreements: info.disagreements, origins: writer.origins)
  }

  /// The package's name in a `Package.swift`: the first `name: "…"`.
  static func packageName(_ bytes: [UInt8]) -> (String, Int)? {
    let tokens = SwiftLexer.tokens(utf8: bytes)
    for index in tokens.indices.dropLast(2)
    where tokens[index].isIdentifier("name") && tokens[index + 1].isPunctuation(":")
      && tokens[index + 2].kind == .string
    {
      return (tokens[index + 2].text, tokens[index].position.line)
    }
    return nil
  }
}

/// Lines of a drafted app file, each with its origin and what to check.
struct DraftWriter {
  var lines: [String] = []
  var origins: [Int: SourceLine] = [:]

  var text: String { lines.joined(separator: "\n") + "\n" }

  /// A line; with `from`, it ends `# from PATH:LINE`, after `# TODO: check …` when `todo`.
  mutating func line(_ text: String, from: SourceLine? = nil, todo: String? = nil) {
    var line = text
    if let todo { line += "  # TODO: check \(todo)" }
    if let from {
      line += "  # from \(from)"
      origins[lines.count + 1] = from
    }
    lines.append(line)
  }

  /// A comment, wrapped at 100 columns, indented by `indent`.
  mutating func comment(_ text: String, indent: String = "") {
    var current = indent + "#"
    for word in text.split(separator: " ") {
      if current.count + 1 + word.count > 100 && current != indent + "#" {
        lines.append(current)
        current = indent + "#"
      }
      current += " " + word
    }
    lines.append(current)
  }

  /// A scalar as YAML reads it back: plain when it can be, else quoted.
  static func scalar(_ text: String) -> String {
    let plain =
      text.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }
      && !["null", "true", "false", "yes", "no", "on", "off"].contains(text.lowercased())
    return plain ? text : StepWords.quote(text)
  }

  static func value(_ value: ProjectInfo.Value) -> String {
    switch value {
    case .text(let text): StepWords.quote(text)
    case .flag(let flag): flag ? "true" : "false"
    case .list(let list): "[" + list.map(scalar).joined(separator: ", ") + "]"
    case .dictionary: ""
    }
  }
}
