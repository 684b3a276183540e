import Foundation
import Testing

/// One rule, one place: the model refuses a step in one function, `StepConditions.refusal(of:)`
/// in Sources/AuthModel/StepConditions.swift. Nothing else in the sources makes a `Refusal`, so
/// no guard of a rule is written twice (the explorer's marks ask that function).
@Suite struct RefusalPlaceTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// Whether `code` makes a `Refusal`: the type's name, not part of a longer name, then `(`.
  static func makesRefusal(_ code: Substring) -> Bool {
    var rest = code[...]
    while let range = rest.range(of: "Refusal") {
      let before = rest[..<range.lowerBound].last
      let after = rest[range.upperBound...].drop { $0 == " " }.first
      let partOfName = before.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false
      if !partOfName && after == "(" { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }

  /// Every line of the sources, but the refusal function's file, that makes a `Refusal`.
  static func constructionsOutsideTheRefusalFunction() throws -> [String] {
    var found: [String] = []
    let files =
      FileManager.default.enumerator(atPath: sources.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    for file in files.sorted() where file != "AuthModel/StepConditions.swift" {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let code =
          line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)
          .first ?? ""
        if makesRefusal(code) {
          found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
        }
      }
    }
    return found
  }

  @Test("no source file but the refusal function's makes a Refusal")
  func refusalsAreMadeInOnePlace() throws {
    #expect(FileManager.default.fileExists(atPath: Self.sources.path))
    let found = try Self.constructionsOutsideTheRefusalFunction()
    #expect(found.isEmpty, "a refusal made outside StepConditions.refusal(of:): \(found)")
  }

  @Test("the scan finds a refusal where one is made")
  func scanFindsConstructions() {
    for (line, made) in [
      ("return Refusal(.r6, .noPromptUp)", true), ("throw Refusal (.r17, x)", true),
      ("ExpectedRefusal(rule)", false), ("writeRefusal(path)", false),
      ("throws(Refusal) -> State", false),
    ] {
      #expect(Self.makesRefusal(line[...]) == made, "\(line)")
    }
  }
}
