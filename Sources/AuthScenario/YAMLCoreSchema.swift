extension YAMLNode.Scalar {
  /// What YAML 1.2's core schema makes of this scalar, as a text that two scalars share exactly
  /// when a YAML 1.2 parser reads them as equal values.
  ///
  /// authcheck reads every scalar as text (docs/SCENARIOS.md), but a file is also read by YAML tools,
  /// which read a plain `1` and `01` as one number, `true` and `True` as one boolean, `~` and
  /// `null` as null, `.5` and `0.5` as one float. Keys and ids are compared by this value, so
  /// that what authcheck accepts as distinct, every YAML tool reads as distinct too. Quoted
  /// scalars are always strings. Numbers compare by value (`1`, `01`, `0x1`, `0o1`, `1.0`);
  /// integers too large for a `Double` to hold exactly compare by their digits.
  public var coreSchemaValue: String {
    guard style == .plain else { return "string:" + value }
    switch value {
    case "", "~", "null", "Null", "NULL": return "null"
    case "true", "True", "TRUE": return "bool:true"
    case "false", "False", "FALSE": return "bool:false"
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return "number:inf"
    case "-.inf", "-.Inf", "-.INF": return "number:-inf"
    case ".nan", ".NaN", ".NAN": return "number:nan"
    default: break
    }
    if let number = Self.coreSchemaNumber(value) { return "number:" + number }
    return "string:" + value
  }

  /// Whether YAML 1.2's core schema reads this scalar as a string (not null, a boolean or a
  /// number).
  public var isCoreSchemaString: Bool { coreSchemaValue.hasPrefix("string:") }

  /// The kind of a scalar that is not a string to YAML 1.2, for messages: `null`, `a boolean`,
  /// `a number`; `nil` for a string.
  public var coreSchemaKind: String? {
    let value = coreSchemaValue
    if value == "null" { return "null" }
    if value.hasPrefix("bool:") { return "a boolean" }
    if value.hasPrefix("number:") { return "a number" }
    return nil
  }

  /// The value of a core-schema integer or float, in a canonical spelling, or `nil` when `text`
  /// is neither.
  static func coreSchemaNumber(_ text: String) -> String? {
    // Both forms below start with a digit, a sign or a point: a word is not read further.
    guard let lead = text.utf8.first,
      lead == UInt8(ascii: "-") || lead == UInt8(ascii: "+") || lead == UInt8(ascii: ".")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lead)
    else { return nil }
    let scalars = Array(text.unicodeScalars)
    func digits(_ slice: ArraySlice<Unicode.Scalar>, radix: Int) -> Bool {
      !slice.isEmpty && slice.allSatisfy { $0.isASCII && Int(String($0), radix: radix) != nil }
    }
    // 0o17, 0x1F
    if scalars.count > 2, scalars[0] == "0", scalars[1] == "o" || scalars[1] == "x" {
      let radix = scalars[1] == "o" ? 8 : 16
      let body = scalars[2...]
      guard body.allSatisfy({ $0.isASCII && Int(String($0), radix: radix) != nil }) else {
        return nil
      }
      guard let value = UInt64(String(String.UnicodeScalarView(body)), radix: radix) else {
        return "radix\(radix):" + String(String.UnicodeScalarView(body)).lowercased()
      }
      return canonical(Double(value), exactDigits: String(value))
    }
    // [-+]? ( . [0-9]+ | [0-9]+ ( . [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
    var index = 0
    var negative = false
    if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" {
      negative = scalars[index] == "-"
      index += 1
    }
    let integerStart = index
    while index < scalars.count, digits(scalars[index...index], radix: 10) { index += 1 }
    let integerDigits = scalars[integerStart..<index]
    var isInteger = true
    if index < scalars.count, scalars[index] == "." {
      isInteger = false
      index += 1
      let fractionStart = index
      while index < scalars.count, digits(scalars[index...index], radix: 10) { index += 1 }
      if integerDigits.isEmpty && index == fractionStart { return nil }
    } else if integerDigits.isEmpty {
      return nil
    }
    if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
      isInteger = false
      index += 1
      if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
      let exponentStart = index
      while index < scalars.count, digits(scalars[index...index], radix: 10) { index += 1 }
      if index == exponentStart { return nil }
    }
    guard index == scalars.count, let double = Double(text) else { return nil }
    if isInteger {
      var trimmed = String(String.UnicodeScalarView(integerDigits)).drop { $0 == "0" }
      if trimmed.isEmpty { trimmed = "0" }
      let sign = negative && trimmed != "0" ? "-" : ""
      return canonical(double, exactDigits: sign + trimmed)
    }
    return canonical(double, exactDigits: nil)
  }

  /// `value` as text; an integral value within 2^53 as its integer digits, so `1` and `1.0`
  /// compare equal. `exactDigits` is used for integers beyond, which a `Double` would round.
  private static func canonical(_ value: Double, exactDigits: String?) -> String {
    if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
      return String(Int64(value))
    }
    return exactDigits ?? String(value)
  }
}
