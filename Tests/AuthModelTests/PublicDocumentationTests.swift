import Foundation
import Testing

/// The libraries app developers call — AuthModel, AuthFake and LocationSeam — document every
/// public symbol: each `public` declaration has a `///` comment right above it (above its
/// attributes).
@Suite struct PublicDocumentationTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// The public declarations of `text` without a doc comment, as `line: declaration`.
  static func undocumented(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    var found: [String] = []
    for (index, line) in lines.enumerated() {
      // The declaration, past its attributes (`@inlinable public var`, `@discardableResult`…).
      var words = line.split(separator: " ")[...]
      while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
      guard words.first == "public" else { continue }
      var above = index - 1
      while above >= 0 && lines[above].hasPrefix("@") { above -= 1 }
      if above < 0 || !lines[above].hasPrefix("///") {
        found.append("\(index + 1): \(line)")
      }
    }
    return found
  }

  @Test(
    "every public symbol of AuthModel, AuthFake and LocationSeam is documented",
    arguments: ["AuthModel", "AuthFake", "LocationSeam"])
  func documented(_ module: String) throws {
    let folder = Self.sources.appendingPathComponent(module)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }.sorted()
    #expect(!files.isEmpty)
    var missing: [String] = []
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      missing += Self.undocumented(text).map { "\(module)/\(file):\($0)" }
    }
    #expect(missing.isEmpty, "undocumented: \(missing)")
  }

  @Test("the scan finds an undocumented declaration, past its attributes")
  func scanFinds() {
    let text = """
      /// Documented.
      public var a: Int
      @discardableResult public func b() -> Int
      /// Documented, attributes between.
      @inlinable
      public var c: Int { 0 }
      private var d = 0
      """
    #expect(Self.undocumented(text) == ["3: @discardableResult public func b() -> Int"])
  }
}
