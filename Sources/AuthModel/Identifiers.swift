/// A purpose key of `NSLocationTemporaryUsageDescriptionDictionary`, by index.
///
/// Indexes below `AppConfiguration.purposeKeys.count` name the dictionary's keys in sorted order;
/// higher indexes name keys the app uses but the dictionary lacks (R23). ``AuthorizationSimulator``
/// assigns them from the names you give it.
public struct PurposeKey: Hashable, Sendable, Comparable {
  public let index: UInt8
  public init(index: UInt8) { self.index = index }
  public static func < (lhs: PurposeKey, rhs: PurposeKey) -> Bool { lhs.index < rhs.index }
}

/// A held CLServiceSession, by a small number the caller chooses.
///
/// Core Location never sees it (R19 matches sessions by what they require); it lets a story or a
/// test name its sessions. ``AuthorizationSimulator`` maps names to these.
public struct SessionID: Hashable, Sendable, Comparable {
  public let rawValue: UInt8
  public init(_ rawValue: UInt8) { self.rawValue = rawValue }
  public static func < (lhs: SessionID, rhs: SessionID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Names for the identifiers in a state, used only to word explanations and refusals.
public struct Names: Sendable {
  /// Session names by ``SessionID/rawValue``.
  public var sessions: [String]
  /// Purpose-key names by ``PurposeKey/index``.
  public var purposeKeys: [String]

  public init(sessions: [String] = [], purposeKeys: [String] = []) {
    self.sessions = sessions
    self.purposeKeys = purposeKeys
  }

  public func name(of session: SessionID) -> String {
    let i = Int(session.rawValue)
    return i < sessions.count ? sessions[i] : "#\(i)"
  }

  public func name(of key: PurposeKey) -> String {
    let i = Int(key.index)
    return i < purposeKeys.count ? purposeKeys[i] : "#\(i)"
  }
}
