import AuthModel
import Foundation
import Testing

/// One observable, one definition: each key a file writes is spelled in
/// Sources/AuthModel/ObservableKey.swift and nowhere else in the sources; schemas, runners,
/// writers, conditions and reports ask ``ObservableKey``.
@Suite struct ObservableKeyTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// Whether `code` holds `key` as a whole string literal (`"prompt"`, not `"prompt up"`).
  static func spells(_ key: String, _ code: Substring) -> Bool {
    code.contains("\"\(key)\"")
  }

  /// By key, the source files (relative to Sources/) whose code, comments aside, spells it as a
  /// string literal.
  static func filesSpelling(_ keys: [String]) throws -> [String: [String]] {
    var found: [String: [String]] = [:]
    let files =
      FileManager.default.enumerator(atPath: sources.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    for file in files.sorted() {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      let code = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      }
      for key in keys where code.contains(where: { spells(key, $0) }) {
        found[key, default: []].append(file)
      }
    }
    return found
  }

  @Test("every observable's key is a string literal in exactly one source file, its definition")
  func keysAreSpelledOnce() throws {
    #expect(FileManager.default.fileExists(atPath: Self.sources.path))
    // `backgroundActivity` is both an observable and a holder (ImplicitHolder).
    let keys = Array(
      Set(ObservableKey.allCases.map(\.rawValue) + ImplicitHolder.allCases.map(\.rawValue))
    ).sorted()
    let found = try Self.filesSpelling(keys)
    for key in keys {
      #expect(
        found[key] == ["AuthModel/ObservableKey.swift"],
        "'\(key)' is spelled in \(found[key] ?? [])")
    }
  }

  @Test("the scan finds a key where a literal spells it")
  func scanFindsLiterals() {
    for (line, spelled) in [
      ("case \"prompt\": value(.prompt)", true), ("[\"updates\", \"prompt\"]", true),
      ("error(\"prompt up\")", false), ("case .prompt: x", false), ("\"'prompt'\"", false),
    ] {
      #expect(Self.spells("prompt", line[...]) == spelled, "\(line)")
    }
  }

  @Test("a value observable reads back every value it writes, and only those")
  func valuesRoundTrip() {
    for key in ObservableKey.allCases {
      #expect(key.values.isEmpty == (key.form != .value), "\(key)")
      for value in key.values {
        #expect(key.value(spelled: value.description) == value, "\(key) \(value)")
      }
      #expect(key.value(spelled: "notAValue") == nil)
    }
    #expect(ObservableKey.requestResult.value(spelled: "no request this run") == nil)
  }

  @Test("each value observable is read from a state")
  func valuesAreRead() {
    let configuration = AppConfiguration(ios: .ios18, infoPlist: InfoPlist())
    let state = AuthorizationSimulator(configuration: configuration).state
    for key in ObservableKey.allCases where key.form == .value {
      var trace = Trace.off
      let value = key.value(in: state, configuration, trace: &trace)
      #expect(key.values.contains(value) || value == .requestResult(nil), "\(key): \(value)")
    }
  }
}
