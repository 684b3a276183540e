import Foundation
import Testing

@testable import AuthCheckCLI

@Suite struct XMLWriterTests {
  struct EscapeCase: CustomTestStringConvertible, Sendable {
    var input: String
    var attribute: String
    var text: String
    var testDescription: String { input.debugDescription }
  }

  static let escapeCases: [EscapeCase] = [
    EscapeCase(input: "plain", attribute: "plain", text: "plain"),
    EscapeCase(input: "a & b", attribute: "a &amp; b", text: "a &amp; b"),
    EscapeCase(input: "<x>", attribute: "&lt;x&gt;", text: "&lt;x&gt;"),
    EscapeCase(
      input: "say \"hi\" 'there'", attribute: "say &quot;hi&quot; 'there'",
      text: "say \"hi\" 'there'"),
    EscapeCase(input: "a\tb\nc\r", attribute: "a&#9;b&#10;c&#13;", text: "a\tb\nc&#13;"),
    EscapeCase(
      input: "nul\u{0}bell\u{7}esc\u{1B}", attribute: "nul\u{FFFD}bell\u{FFFD}esc\u{FFFD}",
      text: "nul\u{FFFD}bell\u{FFFD}esc\u{FFFD}"),
    EscapeCase(input: "\u{FFFE}\u{FFFF}", attribute: "\u{FFFD}\u{FFFD}", text: "\u{FFFD}\u{FFFD}"),
    EscapeCase(input: "café 🚀 日本", attribute: "café 🚀 日本", text: "café 🚀 日本"),
  ]

  @Test(
    "escapes markup, keeps whitespace, replaces characters XML 1.0 forbids", arguments: escapeCases)
  func escapes(_ testCase: EscapeCase) {
    #expect(XMLWriter.escapeAttribute(testCase.input) == testCase.attribute)
    #expect(XMLWriter.escapeText(testCase.input) == testCase.text)
  }

  @Test("a document of every awkward character parses back with XMLParser")
  func roundTrip() throws {
    // Every scalar below U+0080, the two non-characters, and text beyond the BMP.
    let everything =
      String(
        String.UnicodeScalarView((0..<0x80).compactMap(Unicode.Scalar.init)))
      + "\u{FFFE}\u{FFFF} é 🚀 ]]> &amp;"
    var writer = XMLWriter()
    writer.open("root", ["value": everything])
    writer.element("child", ["a": "1", "b": "<2>"], content: everything)
    writer.leaf("empty")
    writer.close()
    let root = try XMLElementNode.parse(Data(writer.text.utf8))
    let expected = String(
      String.UnicodeScalarView(
        everything.unicodeScalars.map { XMLWriter.isAllowed($0) ? $0 : "\u{FFFD}" }))
    #expect(root.name == "root")
    #expect(root.attributes["value"] == expected)
    #expect(root.children.map(\.name) == ["child", "empty"])
    #expect(root.children[0].attributes == ["a": "1", "b": "<2>"])
    #expect(root.children[0].text == expected)
    #expect(writer.text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root value=\""))
  }

  @Test("nests with two spaces and closes in order")
  func layout() {
    var writer = XMLWriter()
    writer.open("a", ["x": "1"])
    writer.open("b")
    writer.leaf("c", ["y": "2", "z": "3"])
    writer.close()
    writer.close()
    writer.close()  // nothing left to close: no output
    #expect(
      writer.text == """
        <?xml version="1.0" encoding="UTF-8"?>
        <a x="1">
          <b>
            <c y="2" z="3"/>
          </b>
        </a>

        """)
  }
}
