/// Writes an XML 1.0 document, escaping every attribute value and text it is given.
///
/// ```swift
/// var xml = XMLWriter()
/// xml.open("testsuites", ["tests": "2"])
/// xml.leaf("testcase", ["name": "a <b> & \"c\""])
/// xml.close()
/// xml.text  // <?xml …?>\n<testsuites tests="2">\n  <testcase name="a &lt;b&gt; &amp; &quot;c&quot;"/>…
/// ```
///
/// Characters XML 1.0 does not allow at all (C0 controls other than tab, line feed and carriage
/// return; U+FFFE; U+FFFF) are replaced by U+FFFD, so any string makes a well-formed document.
/// Tab, line feed and carriage return are written as character references in attributes, and a
/// carriage return also in text, so a parser reads them back unchanged instead of normalising
/// them. Attributes keep the order given.
struct XMLWriter {
  /// The document so far.
  private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  /// The elements opened and not closed yet, innermost last.
  private var openElements: [String] = []

  /// Opens element `name`; ``close()`` closes it.
  mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
    startTag(name, attributes)
    text += ">\n"
    openElements.append(name)
  }

  /// Closes the innermost open element.
  mutating func close() {
    guard let name = openElements.popLast() else { return }
    indent()
    text += "</\(name)>\n"
  }

  /// Writes element `name` with no content: `<name …/>`.
  mutating func leaf(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
    startTag(name, attributes)
    text += "/>\n"
  }

  /// Writes element `name` with `content` as its text: `<name …>content</name>`.
  mutating func element(
    _ name: String, _ attributes: KeyValuePairs<String, String> = [:], content: String
  ) {
    startTag(name, attributes)
    text += ">" + Self.escapeText(content) + "</\(name)>\n"
  }

  private mutating func startTag(_ name: String, _ attributes: KeyValuePairs<String, String>) {
    indent()
    text += "<" + name
    for (key, value) in attributes {
      text += " \(key)=\"" + Self.escapeAttribute(value) + "\""
    }
  }

  private mutating func indent() {
    text += String(repeating: "  ", count: openElements.count)
  }

  // MARK: Escaping

  /// `value` for a double-quoted attribute.
  static func escapeAttribute(_ value: String) -> String {
    escape(value, inAttribute: true)
  }

  /// `value` for element content.
  static func escapeText(_ value: String) -> String {
    escape(value, inAttribute: false)
  }

  private static func escape(_ value: String, inAttribute: Bool) -> String {
    var result = String.UnicodeScalarView()
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": result.append(contentsOf: "&amp;".unicodeScalars)
      case "<": result.append(contentsOf: "&lt;".unicodeScalars)
      case ">": result.append(contentsOf: "&gt;".unicodeScalars)
      case "\"" where inAttribute: result.append(contentsOf: "&quot;".unicodeScalars)
      case "\r": result.append(contentsOf: "&#13;".unicodeScalars)
      case "\n" where inAttribute: result.append(contentsOf: "&#10;".unicodeScalars)
      case "\t" where inAttribute: result.append(contentsOf: "&#9;".unicodeScalars)
      default: result.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return String(result)
  }

  /// Whether XML 1.0 allows `scalar` in a document (its production `Char`). Swift strings hold
  /// no surrogates, so only controls and the two non-characters U+FFFE and U+FFFF are left out.
  static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: true
    case 0x0..<0x20: false
    case 0xFFFE, 0xFFFF: false
    default: true
    }
  }
}
