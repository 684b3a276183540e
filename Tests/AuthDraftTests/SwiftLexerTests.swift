import AuthScenario
import Testing

@testable import AuthDraft

/// `SwiftLexer`: what becomes a token, and what a comment or a literal hides.
@Suite struct SwiftLexerTests {
  /// The identifiers of `source`, in order.
  static func identifiers(_ source: String) -> [String] {
    SwiftLexer.tokens(source).filter { $0.kind == .identifier }.map(\.text)
  }

  @Test("tokens carry 1-based lines and columns, counted in Unicode scalars")
  func positions() {
    let tokens = SwiftLexer.tokens("let é = 1\n  m.start()")
    #expect(
      tokens.map(\.description) == [
        "1:1 identifier 'let'", "1:5 identifier 'é'", "1:7 punctuation '='", "1:9 number '1'",
        "2:3 identifier 'm'", "2:4 punctuation '.'", "2:5 identifier 'start'",
        "2:10 punctuation '('", "2:11 punctuation ')'",
      ])
  }

  @Test("line comments, block comments and nested block comments hide their text")
  func comments() {
    let source = """
      // manager.startUpdatingLocation()
      /* outer /* manager.requestAlwaysAuthorization() */ still a comment: startMonitoringVisits() */
      a /// doc: CLLocationManager()
      b
      """
    #expect(Self.identifiers(source) == ["a", "b"])
  }

  @Test("string literals are one token holding their text, never identifiers")
  func strings() {
    let source = #"""
      let a = "manager.startUpdatingLocation()"
      let b = #"raw \(not) "quoted" startMonitoringVisits()"#
      let c = """
        multi-line requestAlwaysAuthorization()
        "quoted" CLLocationManager()
        """
      let d = ##"double-raw "# CLServiceSession(authorization: .always)"##
      """#
    let tokens = SwiftLexer.tokens(source)
    #expect(
      tokens.filter { $0.kind == .identifier }.map(\.text) == [
        "let", "a", "let", "b", "let", "c",
        "let", "d",
      ])
    #expect(
      tokens.filter { $0.kind == .string }.map(\.text) == [
        "manager.startUpdatingLocation()", #"raw \(not) "quoted" startMonitoringVisits()"#,
        "\n  multi-line requestAlwaysAuthorization()\n  \"quoted\" CLLocationManager()\n  ",
        ##"double-raw "# CLServiceSession(authorization: .always)"##,
      ])
  }

  @Test("an interpolation's code is code: its tokens follow the literal's, its text is not")
  func interpolations() {
    let source = ##"""
      print("on \(manager.startUpdatingLocation()) requestAlwaysAuthorization()")
      print(#"raw \#(count) startMonitoringVisits() \(notCode)"#)
      print("nested \("startMonitoringSignificantLocationChanges()") done")
      x
      """##
    #expect(
      Self.identifiers(source) == [
        "print", "manager", "startUpdatingLocation", "print", "count", "print", "x",
      ])
    let x = SwiftLexer.tokens(source).last
    #expect(x?.position == SourcePosition(line: 4, column: 1))
  }

  @Test("escaped quotes stay inside the literal; an unterminated one ends at its line")
  func escapes() {
    #expect(Self.identifiers(#"a("say \"startUpdatingLocation()\"") b"#) == ["a", "b"])
    #expect(Self.identifiers("a(\"open\nb") == ["a", "b"])
    #expect(Self.identifiers("a /* open") == ["a"])
  }

  @Test("numbers stop before a range operator; backticks and $0 are identifiers")
  func numbersAndNames() {
    let tokens = SwiftLexer.tokens("0..<20 1.5 `default` $0 #if")
    #expect(
      tokens.map { "\($0.kind) \($0.text)" } == [
        "number 0", "punctuation .", "punctuation .", "punctuation <", "number 20", "number 1.5",
        "identifier default", "identifier $0", "punctuation #", "identifier if",
      ])
  }

  @Test("interpolations nested past the limit are skipped whole, without running out of stack")
  func deepNesting() {
    let depth = 10_000
    let source =
      "a " + String(repeating: #""\("#, count: depth) + "m.startUpdatingLocation()"
      + String(repeating: #")""#, count: depth) + " b"
    let names = Self.identifiers(source)
    #expect(names.first == "a")
    #expect(names.last == "b")
    #expect(!names.contains("startUpdatingLocation"))
    let shallow = #"a "\("\(m.startUpdatingLocation())")" b"#
    #expect(Self.identifiers(shallow) == ["a", "m", "startUpdatingLocation", "b"])
  }

  @Test("any bytes lex, whatever they hold")
  func anyBytes() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array(##"ab(){}"#\/*"##.utf8) + [0x0A, 0x20, 0x00, 0xFF, 0xC3, 0xA9]
    for _ in 0..<200 {
      let bytes = (0..<200).map { _ in alphabet.randomElement(using: &generator)! }
      let tokens = SwiftLexer.tokens(utf8: bytes)
      #expect(tokens.allSatisfy { $0.position.line >= 1 && $0.position.column >= 1 })
    }
  }
}
