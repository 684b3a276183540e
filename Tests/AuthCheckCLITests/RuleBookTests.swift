import AuthExplorer
import AuthModel
import Foundation
import Testing

@testable import AuthCheckCLI

/// The rule book: `docs/RULES.md` as committed, the code's rules and properties, and
/// `authcheck rules`.
@Suite struct RuleBookTests {
  static let bookPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs/RULES.md")

  static func committedBook() throws -> String {
    try String(contentsOf: bookPath, encoding: .utf8)
  }

  /// The `### ID title` headings of the committed book, in order.
  static func headings() throws -> [(id: String, title: String)] {
    try committedBook().split(separator: "\n").compactMap { line in
      guard line.hasPrefix("### ") else { return nil }
      let heading = line.dropFirst(4)
      guard let space = heading.firstIndex(of: " ") else { return nil }
      return (String(heading[..<space]), String(heading[heading.index(after: space)...]))
    }
  }

  @Test("docs/RULES.md is what 'authcheck rules --markdown' prints (regenerate it if not)")
  func committedBookIsGenerated() throws {
    let run = CLITests.run(["rules", "--markdown"])
    #expect(run.status == 0)
    #expect(run.stdout == RuleBook.markdown)
    #expect(
      try Self.committedBook() == RuleBook.markdown,
      "run 'swift run authcheck rules --markdown > docs/RULES.md'")
  }

  @Test("every Rule is in the book with its title, and every rule in the book is a Rule")
  func rulesAgree() throws {
    let rules = try Self.headings().filter { $0.id.hasPrefix("R") }
    #expect(rules.map(\.id) == Rule.allCases.map(\.id))
    #expect(rules.map(\.title) == Rule.allCases.map(\.title))
    #expect(rules.allSatisfy { Rule(id: $0.id) != nil })
  }

  @Test("every property the explorer checks is in the book with its summary, and the reverse")
  func propertiesAgree() throws {
    let properties = try Self.headings().filter { $0.id.hasPrefix("P") }
    #expect(properties.map(\.id) == ModelProperty.all.map(\.id))
    for property in AuthorizationProperty.allCases {
      let entry = properties.first { $0.id == property.rawValue }
      #expect(entry?.title == property.summary, "\(property.rawValue)")
    }
    // The book says which properties the explorer checks: exactly the explorer's.
    let explored = ModelProperty.all.filter(\.isExplored).map(\.id)
    #expect(explored == AuthorizationProperty.allCases.map(\.rawValue))
    let book = try Self.committedBook()
    for property in ModelProperty.all {
      let said = property.isExplored ? "yes." : "not yet."
      #expect(book.contains("**Checked by `authcheck explore`:** \(said)"))
    }
  }

  @Test("every rule states something and every source is cited by a rule")
  func entriesAreComplete() {
    let cited = Set(Rule.allCases.flatMap(\.text.sources))
    #expect(cited == Set(RuleSource.allCases))
    for rule in Rule.allCases {
      #expect(!rule.text.statement.isEmpty, "\(rule.id)")
      #expect(rule.text.assumed?.isEmpty != true, "\(rule.id)")
      // Sentences end with a period; the book adds its own after the assumption.
      #expect(rule.text.assumed?.hasSuffix(".") != true, "\(rule.id)")
      #expect(rule.text.modelChoices.allSatisfy { $0.hasSuffix(".") }, "\(rule.id)")
    }
    #expect(Set(ModelProperty.all.map(\.id)).count == ModelProperty.all.count)
  }

  @Test("the rules RULES.md version 4 marks assumed are the book's assumed rules")
  func assumedRules() {
    let assumed = Rule.allCases.filter(\.text.isAssumed)
    #expect(
      assumed == [
        .r1, .r2, .r6, .r9, .r15, .r16, .r17, .r18, .r22, .r23, .r28, .r30, .r34, .r35, .r36,
        .r37, .r38, .r39, .r40, .r41, .r43, .r44, .r46, .r48, .r49, .r50,
      ])
  }

  @Test("a wrapped line never starts with a list marker: the word before it moves down too")
  func wrappingKeepsParagraphs() {
    #expect(
      TextWrapping.wrap("aa bb 1. cc", width: 6, first: "", rest: "") == ["aa", "bb 1.", "cc"])
    #expect(TextWrapping.wrap("a b - c", width: 4, first: "", rest: "") == ["a", "b -", "c"])
    #expect(TextWrapping.wrap("a b c", width: 3, first: "", rest: "  ") == ["a b", "  c"])
    #expect(
      TextWrapping.fill("x\n1. a b\n2. c", width: 6, indent: "") == ["x", "", "1. a b", "2. c"])
  }
}
