/// One property of `CLServiceSession.Diagnostic` (and of the diagnostics that
/// `CLLocationUpdate` and `CLMonitoringEvent` carry), R24–R32.
public enum DiagnosticFlag: String, Hashable, Sendable, CaseIterable, Comparable {
  case authorizationDenied
  case authorizationDeniedGlobally
  case authorizationRestricted
  case authorizationRequestInProgress
  case insufficientlyInUse
  case serviceSessionRequired
  case alwaysAuthorizationDenied
  case fullAccuracyDenied
  case accuracyLimited

  /// The rule that decides this flag.
  public var rule: Rule {
    switch self {
    case .authorizationDeniedGlobally: .r24
    case .authorizationDenied: .r25
    case .authorizationRestricted: .r26
    case .authorizationRequestInProgress: .r27
    case .insufficientlyInUse: .r28
    case .serviceSessionRequired: .r29
    case .alwaysAuthorizationDenied: .r30
    case .fullAccuracyDenied: .r31
    case .accuracyLimited: .r32
    }
  }

  /// The flag's bit in ``DiagnosticFlags``, in the order of `allCases`.
  var bit: UInt16 {
    switch self {
    case .authorizationDenied: 1 << 0
    case .authorizationDeniedGlobally: 1 << 1
    case .authorizationRestricted: 1 << 2
    case .authorizationRequestInProgress: 1 << 3
    case .insufficientlyInUse: 1 << 4
    case .serviceSessionRequired: 1 << 5
    case .alwaysAuthorizationDenied: 1 << 6
    case .fullAccuracyDenied: 1 << 7
    case .accuracyLimited: 1 << 8
    }
  }

  /// Core Location's order: by the rule that decides the flag.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rule < rhs.rule }
}

/// The diagnostic flags set on one holder.
public struct DiagnosticFlags: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral {
  /// A bit per flag.
  public private(set) var rawValue: UInt16

  /// No flag set.
  public init() { rawValue = 0 }

  /// The flags of `flags`.
  public init<S: Sequence>(_ flags: S) where S.Element == DiagnosticFlag {
    rawValue = 0
    for flag in flags { insert(flag) }
  }

  /// The flags listed: `[.authorizationDenied]`.
  public init(arrayLiteral flags: DiagnosticFlag...) { self.init(flags) }

  /// Whether `flag` is set.
  public func contains(_ flag: DiagnosticFlag) -> Bool { rawValue & flag.bit != 0 }
  /// Sets `flag`.
  public mutating func insert(_ flag: DiagnosticFlag) { rawValue |= flag.bit }
  /// Whether no flag is set.
  public var isEmpty: Bool { rawValue == 0 }
  /// Sets the flags of `other` too.
  public mutating func formUnion(_ other: DiagnosticFlags) { rawValue |= other.rawValue }

  /// The flags in the order of `DiagnosticFlag.allCases`.
  public func makeIterator() -> IndexingIterator<[DiagnosticFlag]> {
    DiagnosticFlag.allCases.filter(contains).makeIterator()
  }
}

/// An object that reports diagnostics: an explicit session, or an object that holds an implicit
/// session (R17) while the app iterates or holds it.
public enum Holder: Hashable, Sendable {
  case session(SessionID)
  case liveUpdates
  case monitor
  case backgroundActivity
}
