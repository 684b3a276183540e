import AuthScenario

/// A one-line outline of a node tree for table-driven tests, positions left out.
///
/// Scalars are Swift string literals with a style prefix: none for plain, `s` single-quoted,
/// `d` double-quoted, `l` literal. Mappings are `{key: value, …}`, block sequences `[…]`, flow
/// sequences `f[…]`.
extension YAMLNode {
  var outline: String {
    switch self {
    case .scalar(let scalar): scalar.outline
    case .mapping(let mapping):
      "{"
        + mapping.entries.map { "\($0.key.outline): \($0.value.outline)" }
        .joined(separator: ", ") + "}"
    case .sequence(let sequence):
      (sequence.style == .flow ? "f[" : "[")
        + sequence.nodes.map(\.outline).joined(separator: ", ") + "]"
    }
  }
}

extension YAMLNode.Scalar {
  var outline: String {
    let prefix =
      switch style {
      case .plain: ""
      case .singleQuoted: "s"
      case .doubleQuoted: "d"
      case .literal: "l"
      }
    return prefix + String(reflecting: value)
  }
}
