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
        #"{"a": f["x", s"y z", d"w"], "b": f[], "c": f["x", "y"], "d": f["a b", "c#d", "-e", d"\tf"]}"#
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
        #"{"ios": "18", "precise": "off", "on": "yes", "x": "true", "y": "null", "z": "~", "w": "0x1F"}"#
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
    MalformedCase("anchor", "a: 1️⃣&x b\n", YAMLMessage.anchor("&x")),
    MalformedCase("alias", "a: 1️⃣*x\n", YAMLMessage.alias("*x")),
    MalformedCase("tag", "a: 1️⃣!!str 5\n", YAMLMessage.tag("!!str")),
    MalformedCase("anchor on a key", "1️⃣&k a: b\n", YAMLMessage.anchor("&k")),
    MalformedCase("flow mapping", "a: 1️⃣{b: c}\n", YAMLMessage.flowMapping),
    MalformedCase("flow mapping in a flow sequence", "a: [b, 1️⃣{c: d}]\n", YAMLMessage.flowMapping),
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
      "NUL character", "a: b1️⃣\u{0}c\n", YAMLMessage.invalidCharacter("\u{0}")),
    MalformedCase(
      "control character", "a: 1️⃣\u{7}\n", YAMLMessage.invalidCharacter("\u{7}")),
    MalformedCase("byte order mark inside the text", "a: 1️⃣\u{FEFF}b\n", YAMLMessage.byteOrderMark),
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

  @Test("has at least 30 malformed cases")
  func countsMalformedCases() {
    #expect(Self.malformedCases.count >= 30)
  }
}
