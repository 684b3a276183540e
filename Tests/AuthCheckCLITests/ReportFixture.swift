import Foundation
import TestSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A folder with passing, failing and invalid scenario files, an unreadable one, and names that
/// need escaping, for the report tests: 2 pass, 2 fail, 2 are errors.
struct MixedFolder {
  let folder: TemporaryDirectory
  /// The name of the passing scenario that needs escaping in XML and JSON.
  static let awkwardName = "quotes \"q\" 'a' <tag> & café 🚀"

  init() throws {
    folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("first"), to: "basics/a.yaml")
    try folder.write(CLITests.failing("second"), to: "basics/b.yaml")
    try folder.write(CLITests.invalid, to: "basics/c.yaml")
    try folder.write(
      "scenario: '\(Self.awkwardName.replacingOccurrences(of: "'", with: "''"))'\n"
        + "steps:\n  - launch\n", to: "more/d.yaml")
    try folder.write(
      "scenario: tap without a prompt\nstart:\n  app: foreground\nsteps:\n  - tap: allowOnce\n",
      to: "more/e.yaml")
    // Larger than a scenario file may be: an error at 1:1, like a file that cannot be read.
    try folder.write(String(repeating: "#\n", count: 600_000), to: "more/f.yaml")
  }

  func path(_ name: String) -> String { folder.path(name) }
  var root: String { folder.url.path }
}

/// An XML element parsed back with Foundation's `XMLParser`.
final class XMLElementNode {
  let name: String
  let attributes: [String: String]
  var text = ""
  var children: [XMLElementNode] = []

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// The children named `name`.
  func children(_ name: String) -> [XMLElementNode] { children.filter { $0.name == name } }

  /// Attribute `name` as an integer, or -1.
  func int(_ name: String) -> Int { attributes[name].flatMap { Int($0) } ?? -1 }

  /// Parses `data`; throws when it is not well-formed XML.
  static func parse(_ data: Data) throws -> XMLElementNode {
    let parser = XMLParser(data: data)
    let builder = Builder()
    parser.delegate = builder
    guard parser.parse(), let root = builder.root else {
      throw ParseError(message: parser.parserError.map { "\($0)" } ?? "no root element")
    }
    return root
  }

  struct ParseError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }

  private final class Builder: NSObject, XMLParserDelegate {
    var root: XMLElementNode?
    var stack: [XMLElementNode] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      let node = XMLElementNode(name: elementName, attributes: attributes)
      if let parent = stack.last { parent.children.append(node) } else { root = node }
      stack.append(node)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName: String?
    ) {
      stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      stack.last?.text += string
    }
  }
}
