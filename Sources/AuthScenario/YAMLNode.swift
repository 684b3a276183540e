/// A node of a YAML document as the reader found it: a scalar, a mapping or a sequence.
///
/// Every node keeps its source range, so later stages can point at the exact text they complain
/// about. Every scalar is a string: the reader never turns `on`, `yes`, `18` or `true` into
/// anything else; the scenario schema gives scalars their meaning.
public enum YAMLNode: Hashable, Sendable {
  /// A string, written plain, quoted or as a literal block.
  case scalar(Scalar)
  /// Key-value entries in file order.
  case mapping(Mapping)
  /// Items in file order, written as a block (`- item`) or a flow sequence (`[a, b]`).
  case sequence(Sequence)

  /// A scalar: its string value, how it was written and where.
  public struct Scalar: Hashable, Sendable {
    /// How a scalar was written.
    public enum Style: Hashable, Sendable, CaseIterable {
      /// Unquoted: `value`. An empty value (`key:` with nothing after it) is an empty plain
      /// scalar.
      case plain
      /// `'value'`, with `''` for a quote.
      case singleQuoted
      /// `"value"`, with the escapes `\\ \" \n \t \uXXXX`.
      case doubleQuoted
      /// A literal block, `|`, `|-` or `|+`, with its text on the lines that follow.
      case literal
    }

    /// The string, with quotes removed, escapes resolved and block indentation stripped.
    public var value: String
    /// How the scalar was written.
    public var style: Style
    /// From the first character of the scalar (a quote, `|`, or the first letter) to just after
    /// its last. An empty plain scalar has an empty range just after the `:` or `-` before it.
    public var range: SourceRange

    /// Creates a scalar.
    public init(value: String, style: Style, range: SourceRange) {
      self.value = value
      self.style = style
      self.range = range
    }

    /// Whether this is the empty plain scalar of a missing value (`key:` or `-` with nothing
    /// after it), which a YAML 1.2 parser reads as null.
    ///
    /// Quoted empty strings (`''`, `""`) are not null.
    public var isNull: Bool { style == .plain && value.isEmpty }

    /// Whether the scalar is empty, or a null of YAML 1.2's core schema (`~`, `null`, `Null`,
    /// `NULL`, unquoted): what a YAML tool would read as no value.
    public var isEmptyOrNull: Bool {
      value.isEmpty || style == .plain && ["~", "null", "Null", "NULL"].contains(value)
    }
  }

  /// A mapping: entries in file order, each key unique.
  public struct Mapping: Hashable, Sendable {
    /// One `key: value` entry.
    public struct Entry: Hashable, Sendable {
      /// The key, a plain or quoted scalar.
      public var key: Scalar
      /// The value; an empty plain scalar when nothing follows the `:`.
      public var value: YAMLNode

      /// Creates an entry.
      public init(key: Scalar, value: YAMLNode) {
        self.key = key
        self.value = value
      }
    }

    /// The entries in file order.
    public var entries: [Entry]
    /// From the first key to the end of the last value.
    public var range: SourceRange

    /// Creates a mapping.
    public init(entries: [Entry], range: SourceRange) {
      self.entries = entries
      self.range = range
    }

    /// The keys in file order.
    public var keys: [Scalar] { entries.map(\.key) }

    /// The entry whose key is `key`, if any.
    ///
    /// Keys compare as Swift strings (canonically equivalent strings are equal); the reader
    /// rejects a mapping where two keys compare equal, so at most one entry matches.
    public func entry(forKey key: String) -> Entry? {
      entries.first { $0.key.value == key }
    }

    /// The value of the entry whose key is `key`, if any.
    public subscript(key: String) -> YAMLNode? {
      entry(forKey: key)?.value
    }
  }

  /// A sequence: items in file order.
  public struct Sequence: Hashable, Sendable {
    /// How a sequence was written.
    public enum Style: Hashable, Sendable, CaseIterable {
      /// One `- item` a line.
      case block
      /// `[a, b]` on one line.
      case flow
    }

    /// One item with the position that introduces it.
    public struct Item: Hashable, Sendable {
      /// The item's node.
      public var node: YAMLNode
      /// The position of the item's `-` in a block sequence, or of the item itself in a flow
      /// sequence.
      public var position: SourcePosition

      /// Creates an item.
      public init(node: YAMLNode, position: SourcePosition) {
        self.node = node
        self.position = position
      }
    }

    /// The items in file order.
    public var items: [Item]
    /// How the sequence was written.
    public var style: Style
    /// From the first `-` to the end of the last item, or from `[` to just after `]`.
    public var range: SourceRange

    /// Creates a sequence.
    public init(items: [Item], style: Style, range: SourceRange) {
      self.items = items
      self.style = style
      self.range = range
    }

    /// The items' nodes in file order.
    public var nodes: [YAMLNode] { items.map(\.node) }
  }

  /// Where the node is in the source.
  public var range: SourceRange {
    switch self {
    case .scalar(let scalar): scalar.range
    case .mapping(let mapping): mapping.range
    case .sequence(let sequence): sequence.range
    }
  }

  /// Where the node starts.
  public var position: SourcePosition { range.start }

  /// The scalar, if the node is one.
  public var scalar: Scalar? {
    if case .scalar(let scalar) = self { scalar } else { nil }
  }

  /// The mapping, if the node is one.
  public var mapping: Mapping? {
    if case .mapping(let mapping) = self { mapping } else { nil }
  }

  /// The sequence, if the node is one.
  public var sequence: Sequence? {
    if case .sequence(let sequence) = self { sequence } else { nil }
  }

  /// The string of a scalar node, or nil for a mapping or a sequence.
  public var string: String? { scalar?.value }

  /// What kind of node this is, for messages: `a scalar`, `a mapping` or `a sequence`.
  public var kindDescription: String {
    switch self {
    case .scalar: "a scalar"
    case .mapping: "a mapping"
    case .sequence: "a sequence"
    }
  }
}
