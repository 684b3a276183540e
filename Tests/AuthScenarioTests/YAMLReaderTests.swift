import TestSupport
import Testing

@testable import AuthScenario

@Suite struct YAMLReaderTests {
  // MARK: Valid documents

  struct ValidCase: CustomTestStringConvertible, Sendable {
    var name: String
    var source: String
    /// The tree's outline (see `YAMLNode.outline`), or `nil` for an empty document.
    var outline: String?
    var testDescription: String { name }
  }

  static let validCases: [ValidCase] = [
    ValidCase(
      name: "plain scalars in a mapping", source: "a: b\nc: d e\n",
      outline: #"{"a": "b", "c": "d e"}"#),
    ValidCase(
      name: "comments at line start, after values and indented",
      source: "# top\na: b # trailing\n  # indented\nc: d#not a comment\n# end",
      outline: #"{"a": "b", "c": "d#not a comment"}"#),
    ValidCase(
      name: "single quotes with a doubled quote and a hash",
      source: "a: 'it''s # here'\nb: ''\n",
      outline: #"{"a": s"it\'s # here", "b": s""}"#),
    ValidCase(
      name: "double quotes with every escape",
      source: #"a: "q\" b\\ n\n t\t u\u00e9\u00E9 # x""# + "\n",
      outline: #"{"a": d"q\" b\\ n\n t\t uéé # x"}"#),
    ValidCase(
      name: "quoted keys", source: "'a b': 1\n\"c\": 2\n'': 3\n",
      outline: #"{s"a b": "1", d"c": "2", s"": "3"}"#),
    ValidCase(
      name: "CRLF line ends", source: "a: b\r\nc:\r\n  - d\r\n",
      outline: #"{"a": "b", "c": ["d"]}"#),
    ValidCase(
      name: "lone CR line ends", source: "a: b\rc:\r- d\r",
      outline: #"{"a": "b", "c": ["d"]}"#),
    ValidCase(
      name: "byte order mark", source: "\u{FEFF}a: b\n", outline: #"{"a": "b"}"#),
    ValidCase(
      name: "flow sequences, empty, spaced and quoted",
      source: "a: [x, 'y z', \"w\"]\nb: []\nc: [ x ,y ] # c\nd: [a b, c#d, -e, \"\tf\"]\n",
      outline:
        #"{"a": f["x", s"y z", d"w"], "b": f[], "c": f["x", "y"], "#
        + #""d": f["a b", "c#d", "-e", d"\tf"]}"#
    ),
    ValidCase(
      name: "sequence at its key's indentation",
      source: "steps:\n- launch\n- wait\nnext: x\n",
      outline: #"{"steps": ["launch", "wait"], "next": "x"}"#),
    ValidCase(
      name: "mapping started on the dash line",
      source: "- session: app\n  authorization: whenInUse\n- launch\n",
      outline: #"[{"session": "app", "authorization": "whenInUse"}, "launch"]"#),
    ValidCase(
      name: "nested mapping under a dash-line key",
      source: "- expect:\n    prompt: none\n    diagnostics:\n      app: []\n- wait\n",
      outline: #"[{"expect": {"prompt": "none", "diagnostics": {"app": f[]}}}, "wait"]"#),
    ValidCase(
      name: "sequence at the indentation of a dash-line key",
      source: "- a:\n  - x\n  b: y\n",
      outline: #"[{"a": ["x"], "b": "y"}]"#),
    ValidCase(
      name: "extra spaces after the dash",
      source: "-   a: 1\n    b: 2\n-  c\n",
      outline: #"[{"a": "1", "b": "2"}, "c"]"#),
    ValidCase(
      name: "literal block keeps inner indentation and blank lines",
      source: "d: |\n  one\n   two\n\n  three\n\nnext: x\n",
      outline: #"{"d": l"one\n two\n\nthree\n", "next": "x"}"#),
    ValidCase(
      name: "literal block strip and keep chomping",
      source: "a: |-\n  x\n\nb: |+\n  y\n\n\nc: |\n\nd: z\n",
      outline: #"{"a": l"x", "b": l"y\n\n\n", "c": l"", "d": "z"}"#),
    ValidCase(
      name: "literal block at the end of a file without a final line break",
      source: "d: |\n  x\n  y", outline: #"{"d": l"x\ny"}"#),
    ValidCase(
      name: "literal block with comment-like text, leading blank and header comment",
      source: "d: | # note\n\n  # not a comment\n    a: b\n# a comment\n",
      outline: #"{"d": l"\n# not a comment\n  a: b\n"}"#),
    ValidCase(
      name: "literal block as a sequence item and at the root of an item",
      source: "- |\n  text\n- x\n", outline: #"[l"text\n", "x"]"#),
    ValidCase(
      name: "literal block keeps tabs and trailing spaces in its text",
      source: "d: |\n  a\tb  \n  \tc\n", outline: #"{"d": l"a\tb  \n\tc\n"}"#),
    ValidCase(
      name: "trailing spaces are not part of values",
      source: "a: b   \nc: 'q'  \nd: e  # x\t\n",
      outline: #"{"a": "b", "c": s"q", "d": "e"}"#),
    ValidCase(name: "no final line break", source: "a: b", outline: #"{"a": "b"}"#),
    ValidCase(
      name: "unicode keys and values", source: "名前: café 🚀\n\"é\": e\u{301}\n",
      outline: #"{"名前": "café 🚀", d"é": "é"}"#),
    ValidCase(
      name: "empty values are empty plain scalars",
      source: "a:\nb: # comment\nc: ''\nd:\n", outline: #"{"a": "", "b": "", "c": s"", "d": ""}"#),
    ValidCase(
      name: "every scalar stays a string",
      source: "ios: 18\nprecise: off\non: yes\nx: true\ny: null\nz: ~\nw: 0x1F\n",
      outline:
        #"{"ios": "18", "precise": "off", "on": "yes", "x": "true", "y": "null", "#
        + #""z": "~", "w": "0x1F"}"#
    ),
    ValidCase(
      name: "colons without a space stay in plain scalars",
      source: "url: http://x.y/z\nt: 12:30\na:b: c\n",
      outline: #"{"url": "http://x.y/z", "t": "12:30", "a:b": "c"}"#),
    ValidCase(
      name: "keys and values may start with '-', '?' or ':' before a non-space",
      source: "a#b: -1\n-x: ?y\n:z: w\n", outline: #"{"a#b": "-1", "-x": "?y", ":z": "w"}"#),
    ValidCase(
      name: "nested sequences on one line",
      source: "- - a\n  - b\n- c\n", outline: #"[["a", "b"], "c"]"#),
    ValidCase(
      name: "empty sequence items", source: "-\n- a\n- # c\n", outline: #"["", "a", ""]"#),
    ValidCase(
      name: "nested block after an empty dash", source: "-\n  a: b\n-\n  - c\n",
      outline: #"[{"a": "b"}, ["c"]]"#),
    ValidCase(name: "scalar at the root", source: "hello world\n", outline: #""hello world""#),
    ValidCase(name: "flow sequence at the root", source: "[a, b]\n", outline: #"f["a", "b"]"#),
    ValidCase(name: "literal block at the root", source: "|\n a\n", outline: #"l"a\n""#),
    ValidCase(name: "empty file", source: "", outline: nil),
    ValidCase(name: "only comments and blank lines", source: "# a\n\n  \n# b", outline: nil),
    ValidCase(name: "value on its own line", source: "a:\n  b\n", outline: #"{"a": "b"}"#),
    ValidCase(
      name: "indented root mapping", source: "  a: b\n  c: d\n",
      outline: #"{"a": "b", "c": "d"}"#),
    ValidCase(
      name: "spaces between a key and its colon", source: "a : b\n'c'  : d\n",
      outline: #"{"a": "b", s"c": "d"}"#),
    ValidCase(
      name: "deeper sequence under a key", source: "a:\n    - x\n    - y\nb: z\n",
      outline: #"{"a": ["x", "y"], "b": "z"}"#),
    ValidCase(
      name: "brackets and commas inside a block plain scalar",
      source: "a: b[c], d{e}\n", outline: #"{"a": "b[c], d{e}"}"#),
  ]

  @Test("reads valid documents into the exact tree", arguments: validCases)
  func readsValidDocument(_ testCase: ValidCase) {
    let result = YAMLReader.read(testCase.source)
    #expect(result.diagnostics == [])
    #expect(result.root?.outline == testCase.outline)
  }

  // MARK: Malformed documents

  struct MalformedCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// The source, with `1️⃣`, `2️⃣`… at the positions of the expected errors.
    var source: String
    /// The expected messages, one for each marker, in marker order.
    var messages: [String]
    var testDescription: String { name }

    init(_ name: String, _ source: String, _ messages: String...) {
      self.name = name
      self.source = source
      self.messages = messages
    }
  }

  static let malformedCases: [MalformedCase] = [
    MalformedCase(
      "tab in indentation", "a:\n 1️⃣\tb: c\n", YAMLMessage.tabInIndentation),
    MalformedCase(
      "tab on a blank line", "a: b\n  1️⃣\t\nc: d\n", YAMLMessage.tabInIndentation),
    MalformedCase(
      "tab after a dash", "-1️⃣\ta\n", YAMLMessage.tabAfterDash),
    MalformedCase("tab after a colon", "a:1️⃣\tb\n", YAMLMessage.tab),
    MalformedCase("tab after a value", "a: b1️⃣\t\n", YAMLMessage.tab),
    MalformedCase("tab inside a plain value", "- a1️⃣\tb\n", YAMLMessage.tab),
    MalformedCase("tab before a comment", "a: 'b' 1️⃣\t# c\n", YAMLMessage.tab),
    MalformedCase("tab in a flow sequence", "a: [b,1️⃣\tc]\n", YAMLMessage.tab),
    MalformedCase("tab before a key's colon", "a1️⃣\t: b\n", YAMLMessage.tab),
    MalformedCase(
      "duplicate key", "a: 1\nb: 2\n1️⃣a: 3\n",
      YAMLMessage.duplicateKey("a", firstLine: 1)),
    MalformedCase(
      "duplicate key, once quoted", "x:\n  a: 1\n  1️⃣'a': 2\n",
      YAMLMessage.duplicateKey("a", firstLine: 2)),
    MalformedCase(
      "duplicate key with CRLF line ends", "a: b\r\nc: d\r\n1️⃣a: e\r\n",
      YAMLMessage.duplicateKey("a", firstLine: 1)),
    MalformedCase(
      "keys that YAML 1.2 reads as one number", "1: a\n1️⃣01: b\n",
      YAMLMessage.sameValueKey("01", as: "1", at: .init(line: 1, column: 1))),
    MalformedCase(
      "keys that YAML 1.2 reads as one boolean", "x:\n  true: a\n  1️⃣True: b\n",
      YAMLMessage.sameValueKey("True", as: "true", at: .init(line: 2, column: 3))),
    MalformedCase(
      "keys that YAML 1.2 reads as null", "~: a\n1️⃣null: b\n",
      YAMLMessage.sameValueKey("null", as: "~", at: .init(line: 1, column: 1))),
    MalformedCase(
      "keys that YAML 1.2 reads as one float", ".5: a\n1️⃣0.5: b\n",
      YAMLMessage.sameValueKey("0.5", as: ".5", at: .init(line: 1, column: 1))),
    MalformedCase(
      "keys that YAML 1.2 reads as one number, hex and decimal", "0x1F: a\n1️⃣31.0: b\n",
      YAMLMessage.sameValueKey("31.0", as: "0x1F", at: .init(line: 1, column: 1))),
    MalformedCase("anchor", "a: 1️⃣&x b\n", YAMLMessage.anchor("&x")),
    MalformedCase("alias", "a: 1️⃣*x\n", YAMLMessage.alias("*x")),
    MalformedCase("tag", "a: 1️⃣!!str 5\n", YAMLMessage.tag("!!str")),
    MalformedCase("anchor on a key", "1️⃣&k a: b\n", YAMLMessage.anchor("&k")),
    MalformedCase("flow mapping", "a: 1️⃣{b: c}\n", YAMLMessage.flowMapping),
    MalformedCase(
      "flow mapping in a flow sequence", "a: [b, 1️⃣{c: d}]\n", YAMLMessage.flowMapping),
    MalformedCase("complex key", "1️⃣? a\n: b\n", YAMLMessage.complexKey),
    MalformedCase("missing key", "a: b\n1️⃣: c\n", YAMLMessage.missingKey),
    MalformedCase("directive", "1️⃣%YAML 1.2\na: b\n", YAMLMessage.directive("%YAML")),
    MalformedCase("document start marker", "1️⃣---\na: b\n", YAMLMessage.documentStart),
    MalformedCase(
      "second document", "a: b\n1️⃣---\nc: &d\n", YAMLMessage.secondDocument),
    MalformedCase("document end marker", "a: b\n1️⃣...\nc: &d\n", YAMLMessage.documentEnd),
    MalformedCase("multi-line plain value", "a: b\n  1️⃣c\n", YAMLMessage.multiLinePlain),
    MalformedCase(
      "multi-line plain sequence item", "- a\n\n  1️⃣b\n", YAMLMessage.multiLinePlain),
    MalformedCase("multi-line plain at the root", "a\n1️⃣b\n", YAMLMessage.multiLinePlain),
    MalformedCase(
      "unterminated single quote", "a: 1️⃣'b\n  c'\n", YAMLMessage.unterminatedSingle),
    MalformedCase(
      "unterminated double quote", "a: 1️⃣\"b\\\"\n", YAMLMessage.unterminatedDouble),
    MalformedCase(
      "unterminated quoted key", "1️⃣\"a: b\n", YAMLMessage.unterminatedDouble),
    MalformedCase(
      "unsupported escape", #"a: "x1️⃣\q""#, YAMLMessage.unsupportedEscape(#"\q"#)),
    MalformedCase(
      "short unicode escape", #"a: "1️⃣\u12""#, YAMLMessage.shortUnicodeEscape),
    MalformedCase(
      "surrogate escape", #"a: ["1️⃣\uD83D"]"#, YAMLMessage.surrogateEscape(#"\uD83D"#)),
    MalformedCase(
      "': ' inside a plain value", "a: b1️⃣: c\n", YAMLMessage.plainContainsColon),
    MalformedCase(
      "plain value ending with ':'", "a: b1️⃣: # c\n", YAMLMessage.plainEndsWithColon),
    MalformedCase(
      "key more indented than its siblings", "a:\n  b: 1\n    1️⃣c: 2\n",
      YAMLMessage.badIndentationKey(column: 3)),
    MalformedCase(
      "key dedented to no open mapping", "a:\n    b: 1\n  1️⃣c: 2\n",
      YAMLMessage.badIndentationKey(column: 1)),
    MalformedCase(
      "entry more indented than its siblings", "- a\n- b\n   1️⃣- c\n",
      YAMLMessage.badIndentationEntry(column: 1)),
    MalformedCase(
      "value where a key was expected", "a: b\n1️⃣c d\n", YAMLMessage.expectedKey(found: "c d")),
    MalformedCase(
      "quoted value where a key was expected", "a: b\n1️⃣'c' # x\n",
      YAMLMessage.expectedKey(found: "'c'")),
    MalformedCase(
      "flow sequence where a key was expected", "a: b\n1️⃣[c]\n",
      YAMLMessage.expectedKey(found: "[c]")),
    MalformedCase("missing space after ':'", "a: b\nc1️⃣:d\n", YAMLMessage.spaceAfterColon),
    MalformedCase(
      "missing space after a quoted key", "a: b\n'c'1️⃣:d\n", YAMLMessage.spaceAfterColon),
    MalformedCase("sequence entry in a mapping", "a: b\n1️⃣- c\n", YAMLMessage.entryInMapping),
    MalformedCase(
      "key in a nested sequence", "a:\n  - b\n  1️⃣c: d\n",
      YAMLMessage.expectedEntry(found: "c: d")),
    MalformedCase(
      "block sequence on its key's line", "a: 1️⃣- b\n", YAMLMessage.sequenceOnKeyLine),
    MalformedCase(
      "mapping after a quoted value", "a: \"b\"1️⃣: c\n", YAMLMessage.mappingOnKeyLine),
    MalformedCase(
      "multi-line flow sequence", "a: 1️⃣[b,\n  c]\nd: e\n", YAMLMessage.unterminatedFlow),
    MalformedCase(
      "comment inside a flow sequence", "a: 1️⃣[b # c\n", YAMLMessage.unterminatedFlow),
    MalformedCase("nested flow sequence", "a: [b, 1️⃣[c]]\n", YAMLMessage.nestedFlow),
    MalformedCase("flow mapping entry", "a: [b1️⃣: c]\n", YAMLMessage.flowPair),
    MalformedCase("flow mapping entry after a quote", "a: ['b'1️⃣: c]\n", YAMLMessage.flowPair),
    MalformedCase("trailing comma in a flow sequence", "a: [b, 1️⃣]\n", YAMLMessage.itemAfterComma),
    MalformedCase("empty flow item", "a: [1️⃣, b]\n", YAMLMessage.itemBeforeComma),
    MalformedCase(
      "missing comma in a flow sequence", "a: ['b' 1️⃣c]\n",
      YAMLMessage.flowSeparator(found: "c")),
    MalformedCase("flow sequence as a key", "[a]1️⃣: b\n", YAMLMessage.flowKey),
    MalformedCase(
      "flow item starting with '?'", "a: [1️⃣?b]\n", YAMLMessage.flowPlainStart("?")),
    MalformedCase(
      "flow item starting with ':'", "a: [b, 1️⃣:c]\n", YAMLMessage.flowPlainStart(":")),
    MalformedCase(
      "flow item containing ':'", "a: [121️⃣:30]\n", YAMLMessage.flowPlainCharacter(":")),
    MalformedCase(
      "flow item containing '?'", "a: [b1️⃣?]\n", YAMLMessage.flowPlainCharacter("?")),
    MalformedCase(
      "flow item starting with '|'", "a: [1️⃣|]\n", YAMLMessage.flowPlainStart("|")),
    MalformedCase(
      "text after a flow sequence", "a: [b] 1️⃣c\n",
      YAMLMessage.unexpectedAfter("c", after: "']'")),
    MalformedCase("folded block scalar", "a: 1️⃣>\n  text\n", YAMLMessage.folded),
    MalformedCase(
      "literal block on its own line", "a:\n  1️⃣|\n    text\nb: c\n",
      YAMLMessage.literalOnOwnLine),
    MalformedCase(
      "literal block indentation indicator", "a: |1️⃣2\n  text\n",
      YAMLMessage.indentationIndicator("2")),
    MalformedCase(
      "text after a literal block header", "a: |1️⃣x\n  text\n",
      YAMLMessage.unexpectedAfter("x", after: "'|'")),
    MalformedCase(
      "blank line wider than a literal block's text", "a: |\n  1️⃣  \n  text\n",
      YAMLMessage.literalLeadingBlank),
    MalformedCase(
      "tab in a literal block's indentation", "a: |\n 1️⃣\ttext\n",
      YAMLMessage.tabInIndentation),
    MalformedCase("reserved indicator", "a: 1️⃣@b\n", YAMLMessage.reservedStart("@")),
    MalformedCase("backquote", "- 1️⃣`b`\n", YAMLMessage.reservedStart("`")),
    MalformedCase(
      "text after a closing quote", "a: 'b' 1️⃣c d\n",
      YAMLMessage.unexpectedAfter("c d", after: "the closing quote")),
    MalformedCase(
      "comment without a space after a quote", "a: 'b'1️⃣#c\n", YAMLMessage.spaceBeforeComment),
    MalformedCase(
      "content after a quoted root", "'a'\n1️⃣b\n", YAMLMessage.contentAfterRoot),
    MalformedCase(
      "unindented text after a literal block at the root", "|\n1️⃣a: b\n",
      YAMLMessage.contentAfterRoot),
    MalformedCase(
      "NUL character", "a: b1️⃣\u{0}c\n", YAMLMessage.invalidCharacter("\u{0}")),
    MalformedCase(
      "control character", "a: 1️⃣\u{7}\n", YAMLMessage.invalidCharacter("\u{7}")),
    MalformedCase(
      "byte order mark inside the text", "a: 1️⃣\u{FEFF}b\n", YAMLMessage.byteOrderMark),
    MalformedCase(
      "YAML 1.1 line break", "a: b1️⃣\u{2028}c\n", YAMLMessage.yaml11LineBreak("\u{2028}")),
    MalformedCase(
      "column counts characters, not scalars or bytes", "café: [🚀, e\u{301}, 1️⃣{x}]\n",
      YAMLMessage.flowMapping),
    MalformedCase(
      "column after a byte order mark", "\u{FEFF}a: 1️⃣*b\n", YAMLMessage.alias("*b")),
    MalformedCase(
      "every error on its own line, in order", "a: 1️⃣&x\nb: 2️⃣*y\nc:\n  - 3️⃣!t\n",
      YAMLMessage.anchor("&x"), YAMLMessage.alias("*y"), YAMLMessage.tag("!t")),
    MalformedCase(
      "the lines of a bad value are skipped", "a: 1️⃣'x\n  more\nb: 2️⃣\"y\n",
      YAMLMessage.unterminatedSingle, YAMLMessage.unterminatedDouble),
    MalformedCase(
      "errors in a sequence of mappings", "- tap: a\n  1️⃣tap: b\n- tap: c2️⃣: d\n",
      YAMLMessage.duplicateKey("tap", firstLine: 1), YAMLMessage.plainContainsColon),
  ]

  @Test("reports malformed documents with exact messages and positions", arguments: malformedCases)
  func reportsMalformedDocument(_ testCase: MalformedCase) {
    let marked = MarkedSource(testCase.source)
    #expect(marked.positions.count == testCase.messages.count, "one marker for each message")
    let expected = zip(marked.positions, testCase.messages).map { Diagnostic.error($1, at: $0) }
    let result = YAMLReader.read(marked.text)
    #expect(result.diagnostics == expected)
    #expect(result.root == nil)
  }

  // MARK: The scenario example

  /// The example of `SCENARIOS.md`, with markers at a few nodes.
  static let example = """
    # Anti-pattern 1 in reverse: ask for When In Use first, upgrade when the feature starts.
    1️⃣scenario: staged Always upgrade
    ios: 2️⃣18
    info:
      NSLocationWhenInUseUsageDescription: Shows stations near you
      NSLocationAlwaysAndWhenInUseUsageDescription: Reminds you when you arrive
      UIBackgroundModes: 3️⃣[location]
    steps:
      4️⃣- launch
      - 5️⃣session: app
        authorization: whenInUse
      - expect:
          prompt: whenInUse
          diagnostics:
            app: [authorizationRequestInProgress]
      - tap: allowWhileUsing
        precise: off
      - expect:
          authorizationStatus: authorizedWhenInUse
          accuracyAuthorization: reducedAccuracy
          prompt: none
      - session: reminders
        authorization: always
      - expect:
          prompt: alwaysUpgrade
      - tap: keepOnlyWhileUsing
      - expect:
          authorizationStatus: authorizedWhenInUse
          diagnostics:
            app: []
            reminders: [6️⃣alwaysAuthorizationDenied]7️⃣

    """

  @Test("reads the example of SCENARIOS.md into the right tree")
  func readsScenarioExample() throws {
    let marked = MarkedSource(Self.example)
    let result = YAMLReader.read(marked.text)
    #expect(result.diagnostics == [])
    let root = try #require(result.root?.mapping)
    #expect(root.keys.map(\.value) == ["scenario", "ios", "info", "steps"])
    #expect(root["scenario"]?.string == "staged Always upgrade")
    #expect(root["ios"]?.scalar?.style == .plain)
    #expect(
      root["info"]?.outline
        == #"{"NSLocationWhenInUseUsageDescription": "Shows stations near you", "#
        + #""NSLocationAlwaysAndWhenInUseUsageDescription": "Reminds you when you arrive", "#
        + #""UIBackgroundModes": f["location"]}"#)
    let steps = try #require(root["steps"]?.sequence)
    #expect(
      steps.nodes.map(\.outline) == [
        #""launch""#,
        #"{"session": "app", "authorization": "whenInUse"}"#,
        #"{"expect": {"prompt": "whenInUse", "diagnostics": "#
          + #"{"app": f["authorizationRequestInProgress"]}}}"#,
        #"{"tap": "allowWhileUsing", "precise": "off"}"#,
        #"{"expect": {"authorizationStatus": "authorizedWhenInUse", "#
          + #""accuracyAuthorization": "reducedAccuracy", "prompt": "none"}}"#,
        #"{"session": "reminders", "authorization": "always"}"#,
        #"{"expect": {"prompt": "alwaysUpgrade"}}"#,
        #"{"tap": "keepOnlyWhileUsing"}"#,
        #"{"expect": {"authorizationStatus": "authorizedWhenInUse", "diagnostics": "#
          + #"{"app": f[], "reminders": f["alwaysAuthorizationDenied"]}}}"#,
      ])

    // Positions: keys, scalars, flow sequences, items and whole collections.
    #expect(root.entries[0].key.range.start == marked[0])
    #expect(root["ios"]?.range == SourceRange(start: marked[1], end: marked[1].advanced(by: 2)))
    #expect(root["info"]?.mapping?["UIBackgroundModes"]?.position == marked[2])
    #expect(steps.items[0].position == marked[3])
    #expect(steps.items[1].node.position == marked[4])
    #expect(steps.items[1].node.mapping?.entries[0].key.range.start == marked[4])
    let last = try #require(steps.nodes.last?.mapping?["expect"]?.mapping?["diagnostics"])
    let reminders = try #require(last.mapping?["reminders"]?.sequence)
    #expect(reminders.items[0].position == marked[5])
    #expect(reminders.range.end == marked[6])
    #expect(root.range == SourceRange(start: marked[0], end: marked[6]))
    #expect(steps.range == SourceRange(start: marked[3], end: marked[6]))
  }

  // MARK: Positions

  @Test("records the range of every kind of scalar")
  func recordsScalarRanges() throws {
    let marked = MarkedSource(
      "1️⃣a2️⃣: 3️⃣'x''y'4️⃣\n5️⃣é6️⃣: 7️⃣\"\\u00e9\"8️⃣ # c\nl: 9️⃣|\n  t\n  u\n")
    let result = YAMLReader.read(marked.text)
    let root = try #require(result.root?.mapping)
    let a = try #require(root.entry(forKey: "a"))
    #expect(a.key.range == SourceRange(start: marked[0], end: marked[1]))
    #expect(a.value.range == SourceRange(start: marked[2], end: marked[3]))
    let e = try #require(root.entry(forKey: "é"))
    #expect(e.key.range == SourceRange(start: marked[4], end: marked[5]))
    #expect(e.value.range == SourceRange(start: marked[6], end: marked[7]))
    #expect(e.value.string == "é")
    let literal = try #require(root["l"]?.scalar)
    #expect(
      literal.range
        == SourceRange(
          start: marked[8], end: SourcePosition(line: 5, column: 4)))
  }

  @Test("places an empty value just after its ':' or '-'")
  func placesEmptyValues() throws {
    let marked = MarkedSource("a:1️⃣\nb:\n-2️⃣ # c\n")
    let result = YAMLReader.read(marked.text)
    let root = try #require(result.root?.mapping)
    let a = try #require(root["a"]?.scalar)
    #expect(a.isNull)
    #expect(a.range == SourceRange(at: marked[0]))
    let item = try #require(root["b"]?.sequence?.nodes.first?.scalar)
    #expect(item.isNull)
    #expect(item.range == SourceRange(at: marked[1]))
  }

  @Test("counts columns in characters after wide and combining characters")
  func countsCharacterColumns() throws {
    let marked = MarkedSource("k: [👩‍👩‍👧, e\u{301}e\u{301}, 1️⃣x]\n")
    let result = YAMLReader.read(marked.text)
    let items = try #require(result.root?.mapping?["k"]?.sequence?.items)
    #expect(items.map(\.position.column) == [5, 8, 12])
    #expect(items[2].position == marked[0])
  }

  @Test("keeps a combining mark after ':' from hiding the separating space")
  func combiningMarkAfterColon() throws {
    // "a: \u{301}b": the space and the mark form one Character; YAML still sees a space.
    let result = YAMLReader.read("a: \u{301}b\n")
    #expect(result.diagnostics == [])
    #expect(result.root?.mapping?["a"]?.string == "\u{301}b")
  }

  @Test("throws every error, sorted, from parse")
  func parseThrows() throws {
    let marked = MarkedSource("a: 1️⃣*x\nb: 2️⃣&y\n")
    let error = try #require(throws: DiagnosticError.self) { try YAMLReader.parse(marked.text) }
    #expect(
      error.diagnostics == [
        .error(YAMLMessage.alias("*x"), at: marked[0]),
        .error(YAMLMessage.anchor("&y"), at: marked[1]),
      ])
    #expect(try YAMLReader.parse("# nothing\n") == nil)
    #expect(try YAMLReader.parse("a: b")?.mapping?["a"]?.string == "b")
  }

  // MARK: Bytes

  struct BytesCase: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var expected: [Diagnostic]
    var testDescription: String { name }
  }

  static let bytesCases: [BytesCase] = [
    BytesCase(
      name: "a stray continuation byte after two-byte characters",
      bytes: Array("a: é".utf8) + [0x80] + Array("\n".utf8),
      expected: [.error(YAMLMessage.invalidUTF8(0x80), at: .init(line: 1, column: 5))]),
    BytesCase(
      name: "bytes on later lines, after CRLF, CR and a byte order mark",
      bytes: [0xEF, 0xBB, 0xBF] + Array("a: b\r\nc\rd: ".utf8) + [0xFF, 0x41, 0xC0, 0xAF],
      expected: [
        .error(YAMLMessage.invalidUTF8(0xFF), at: .init(line: 3, column: 4)),
        .error(YAMLMessage.invalidUTF8(0xC0), at: .init(line: 3, column: 6)),
        .error(YAMLMessage.invalidUTF8(0xAF), at: .init(line: 3, column: 7)),
      ]),
    BytesCase(
      name: "an encoded surrogate and a truncated sequence at the end",
      bytes: Array("a: ".utf8) + [0xED, 0xA0, 0x80] + Array(" ".utf8) + [0xE2, 0x82],
      expected: [
        .error(YAMLMessage.invalidUTF8(0xED), at: .init(line: 1, column: 4)),
        .error(YAMLMessage.invalidUTF8(0xA0), at: .init(line: 1, column: 5)),
        .error(YAMLMessage.invalidUTF8(0x80), at: .init(line: 1, column: 6)),
        .error(YAMLMessage.invalidUTF8(0xE2), at: .init(line: 1, column: 8)),
      ]),
    BytesCase(
      name: "UTF-16 with a byte order mark",
      bytes: [0xFF, 0xFE, 0x61, 0x00],
      expected: [.error(YAMLMessage.utf16, at: .init(line: 1, column: 1))]),
    BytesCase(
      name: "NUL bytes in valid UTF-8",
      bytes: Array("a: b".utf8) + [0x00],
      expected: [.error(YAMLMessage.invalidCharacter("\u{0}"), at: .init(line: 1, column: 5))]),
  ]

  @Test("reports invalid UTF-8 at the line and column of the bad byte", arguments: bytesCases)
  func reportsInvalidBytes(_ testCase: BytesCase) {
    let result = YAMLReader.read(utf8: testCase.bytes)
    #expect(result.diagnostics == testCase.expected)
    #expect(result.root == nil)
  }

  @Test("reads valid UTF-8 bytes with a byte order mark")
  func readsValidBytes() {
    let result = YAMLReader.read(utf8: [0xEF, 0xBB, 0xBF] + Array("a: é\n".utf8))
    #expect(result.diagnostics == [])
    #expect(result.root?.outline == #"{"a": "é"}"#)
  }

  // MARK: Limits and hostile input

  @Test("accepts nesting up to the depth limit and reports the first level beyond it")
  func limitsDepth() {
    let deepest = String(repeating: "- ", count: YAMLReader.maximumDepth) + "x\n"
    #expect(YAMLReader.read(deepest).diagnostics == [])
    let tooDeep = String(repeating: "- ", count: YAMLReader.maximumDepth + 1) + "x\n"
    let column = 2 * YAMLReader.maximumDepth + 1
    #expect(
      YAMLReader.read(tooDeep).diagnostics == [
        .error(YAMLMessage.depth(YAMLReader.maximumDepth), at: .init(line: 1, column: column))
      ])
  }

  @Test("stops at the depth limit with thousands of nested levels")
  func survivesVeryDeepNesting() {
    let lines = (0..<1_000).map { String(repeating: " ", count: $0) + "k:" }
    let result = YAMLReader.read(lines.joined(separator: "\n"))
    let line = YAMLReader.maximumDepth + 1
    #expect(
      result.diagnostics == [
        .error(
          YAMLMessage.depth(YAMLReader.maximumDepth),
          at: .init(line: line, column: line))
      ])
    let flow = String(repeating: "- ", count: 8_000) + "[x]"
    #expect(YAMLReader.read(flow).diagnostics.count == 1)
  }

  @Test("reports a line longer than the limit at the first character beyond it")
  func limitsLineLength() {
    let text = "a: b\nc: " + String(repeating: "é", count: YAMLReader.maximumLineLength)
    #expect(
      YAMLReader.read(text).diagnostics == [
        .error(
          YAMLMessage.lineTooLong(YAMLReader.maximumLineLength),
          at: .init(line: 2, column: YAMLReader.maximumLineLength + 1))
      ])
  }

  @Test("reports a scalar longer than the limit at its start")
  func limitsScalarLength() {
    let line = "  " + String(repeating: "x", count: 10_000) + "\n"
    let text = "a: b\nc: |\n" + String(repeating: line, count: 7)
    #expect(
      YAMLReader.read(text).diagnostics == [
        .error(
          YAMLMessage.scalarTooLong(YAMLReader.maximumScalarLength),
          at: .init(line: 2, column: 4))
      ])
  }

  @Test("reports a key longer than YAML's limit for implicit keys")
  func limitsKeyLength() {
    let text = "a: b\n" + String(repeating: "k", count: YAMLReader.maximumKeyLength + 1) + ": v\n"
    #expect(
      YAMLReader.read(text).diagnostics == [
        .error(
          YAMLMessage.keyTooLong(YAMLReader.maximumKeyLength), at: .init(line: 2, column: 1))
      ])
  }

  @Test("reports input larger than the limit without reading it")
  func limitsInputLength() {
    let text = String(repeating: "# comment\n", count: YAMLReader.maximumInputLength / 10 + 1)
    let expected = [
      Diagnostic.error(
        YAMLMessage.fileTooLarge(YAMLReader.maximumInputLength), at: .init(line: 1, column: 1))
    ]
    #expect(YAMLReader.read(text).diagnostics == expected)
    #expect(YAMLReader.read(utf8: Array(text.utf8)).diagnostics == expected)
  }

  @Test("stops after the maximum number of errors with a note")
  func limitsErrorCount() throws {
    let text = String(repeating: "- &x\n", count: YAMLReader.maximumErrorCount + 50)
    let diagnostics = YAMLReader.read(text).diagnostics
    #expect(diagnostics.count == YAMLReader.maximumErrorCount + 1)
    #expect(diagnostics.dropLast().allSatisfy { $0.message == YAMLMessage.anchor("&x") })
    let last = try #require(diagnostics.last)
    #expect(last == .note(YAMLMessage.tooManyErrors, at: .init(line: 101, column: 3)))
  }

  @Test("never crashes on mangled scenario files and always sorts its diagnostics")
  func survivesMangledInput() {
    var random = SplitMix64(seed: 2_024)
    let base = Array(MarkedSource(Self.example).text.unicodeScalars)
    let pieces: [String] = [
      "\t", " ", "  ", "\n", "\r", "\r\n", ":", ": ", "- ", "-", "#", " #", "'", "\"", "\\",
      "[", "]", ",", "{", "|", "|-", "|+", ">", "&a", "*a", "!t", "? ", "%", "---", "...", "é",
      "👩‍👩‍👧", "\u{301}", "\u{0}", "\u{FEFF}",
    ]
    var accepted = 0
    for _ in 0..<400 {
      var scalars = base
      for _ in 0..<Int(random.next() % 4 + 1) {
        let at = Int(random.next() % UInt64(scalars.count + 1))
        if random.next() % 3 == 0, at < scalars.count {
          scalars.remove(at: at)
        } else {
          let piece = pieces[Int(random.next() % UInt64(pieces.count))]
          scalars.insert(contentsOf: piece.unicodeScalars, at: at)
        }
      }
      var view = String.UnicodeScalarView()
      view.append(contentsOf: scalars)
      let result = YAMLReader.read(String(view))
      #expect(result.diagnostics == Diagnostic.sortedByPosition(result.diagnostics))
      #expect(result.hasErrors == (result.root == nil))
      #expect(result.diagnostics.allSatisfy { $0.position.line >= 1 && $0.position.column >= 1 })
      if !result.hasErrors { accepted += 1 }
    }
    // Some mutations (a space in a value, a deleted letter) keep the file valid.
    #expect(accepted > 0)
    for _ in 0..<200 {
      let bytes = (0..<Int(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next())
      }
      let result = YAMLReader.read(utf8: bytes)
      #expect(result.hasErrors || result.root == nil || result.diagnostics.isEmpty)
    }
  }

  @Test("has at least 30 malformed cases")
  func countsMalformedCases() {
    #expect(Self.malformedCases.count >= 30)
  }
}

extension SourcePosition {
  /// The position `columns` characters further on the same line.
  func advanced(by columns: Int) -> SourcePosition {
    SourcePosition(line: line, column: column + columns)
  }
}

/// Keys that YAML 1.2 reads as one value are duplicates; others stay distinct.
@Suite struct CoreSchemaTests {
  @Test(
    "keys YAML 1.2 reads as different values stay distinct",
    arguments: ["'01': a\n'1': b\n", "1: a\n1.5: b\n", "a1: a\nA1: b\n", "true: a\n'True': b\n"])
  func distinctKeys(_ text: String) {
    #expect(!YAMLReader.read(text).hasErrors)
  }

  @Test(
    "the core schema's value of plain scalars",
    arguments: [
      ("1", "number:1"), ("01", "number:1"), ("+1", "number:1"), ("1.0", "number:1"),
      ("0o17", "number:15"), ("0x0f", "number:15"), (".5", "number:0.5"), ("5.", "number:5"),
      ("1e3", "number:1000"), ("-0", "number:0"), ("~", "null"), ("NULL", "null"),
      ("TRUE", "bool:true"), ("False", "bool:false"), (".Inf", "number:inf"), ("0x", "string:0x"),
      ("1e", "string:1e"), ("1_000", "string:1_000"), ("tRue", "string:tRue"), (".", "string:."),
      ("99999999999999999999", "number:99999999999999999999"),
    ])
  func coreSchemaValue(_ text: String, _ value: String) {
    let scalar = YAMLNode.Scalar(
      value: text, style: .plain,
      range: SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 1)))
    #expect(scalar.coreSchemaValue == value)
  }
}
