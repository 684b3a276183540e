/// A behaviour rule of the authorization model, as numbered in the rule book (`docs/RULES.md`,
/// `authcheck rules`); ``text`` says what the rule says and where it comes from.
///
/// Every decision the model takes cites one of these, so a reader can go from a failure message
/// back to the rule and its source, and a test suite can count which rules it exercised.
public enum Rule: Int, CaseIterable, Hashable, Sendable, Comparable, CustomStringConvertible {
  case r1 = 1
  case r2, r3, r4, r5, r6, r7, r8, r9, r10
  case r11, r12, r13, r14, r15, r16, r17, r18, r19, r20
  case r21, r22, r23, r24, r25, r26, r27, r28, r29, r30
  case r31, r32, r33, r34, r35, r36, r37, r38, r39, r40
  case r41, r42, r43, r44, r45, r46, r47, r48, r49, r50

  /// The rule's id as the spec writes it, for example `R30`.
  public var id: String { "R\(rawValue)" }

  /// The id: `R19`.
  public var description: String { id }

  /// Parses an id such as `R30`.
  public init?(id: String) {
    guard id.first == "R", let number = Int(id.dropFirst()), let rule = Rule(rawValue: number)
    else { return nil }
    self = rule
  }

  /// The rule's title in the rule book.
  public var title: String {
    switch self {
    case .r1: "effective status"
    case .r2: "accuracy"
    case .r3: "in use"
    case .r4: "authorized"
    case .r5: "prompts only in the foreground"
    case .r6: "one prompt at a time"
    case .r7: "usage strings"
    case .r8: "no prompt when decided or blocked"
    case .r9: "first prompt answers"
    case .r10: "upgrade prompt answers"
    case .r11: "temporary full accuracy answers"
    case .r12: "expiry of temporary grants"
    case .r13: "requestWhenInUseAuthorization"
    case .r14: "requestAlwaysAuthorization from notDetermined"
    case .r15: "requestAlwaysAuthorization from whenInUse"
    case .r16: "requestTemporaryFullAccuracyAuthorization"
    case .r17: "service session goals"
    case .r18: "acting on goals"
    case .r19: "sessions created while in use"
    case .r20: "Always in effect outside use"
    case .r21: "invalidate"
    case .r22: "declines remembered per run"
    case .r23: "missing purpose key"
    case .r24: "authorizationDeniedGlobally"
    case .r25: "authorizationDenied"
    case .r26: "authorizationRestricted"
    case .r27: "authorizationRequestInProgress"
    case .r28: "insufficientlyInUse"
    case .r29: "serviceSessionRequired"
    case .r30: "alwaysAuthorizationDenied"
    case .r31: "fullAccuracyDenied"
    case .r32: "accuracyLimited"
    case .r33: "live updates delivered"
    case .r34: "monitor events delivered"
    case .r35: "CLBackgroundActivitySession"
    case .r36: "relaunch"
    case .r37: "termination"
    case .r38: "Settings needs the app out of the foreground"
    case .r39: "iOS 17"
    case .r40: "iOS 17 live updates need full accuracy"
    case .r41: "locationManagerDidChangeAuthorization"
    case .r42: "refusals are observable"
    case .r43: "continuous updates"
    case .r44: "the continuous background session"
    case .r45: "the background-mode crash"
    case .r46: "automatic pause"
    case .r47: "significant-change monitoring"
    case .r48: "visit monitoring"
    case .r49: "region monitoring"
    case .r50: "termination by the user"
    }
  }

  /// In the rule book's order.
  public static func < (lhs: Rule, rhs: Rule) -> Bool { lhs.rawValue < rhs.rawValue }
}
