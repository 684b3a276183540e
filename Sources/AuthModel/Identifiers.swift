/// A purpose key of `NSLocationTemporaryUsageDescriptionDictionary`, by index.
///
/// Indexes below `AppConfiguration.purposeKeys.count` name the dictionary's keys in sorted order;
/// higher indexes name keys the app uses but the dictionary lacks (R23). ``AuthorizationSimulator``
/// assigns them from the names you give it.
public struct PurposeKey: Hashable, Sendable, Comparable {
  /// The key's place among the dictionary's keys, sorted.
  public let index: UInt8
  /// The key at `index` of the sorted dictionary.
  public init(index: UInt8) { self.index = index }
  /// The dictionary's order.
  public static func < (lhs: PurposeKey, rhs: PurposeKey) -> Bool { lhs.index < rhs.index }
}

/// A held CLServiceSession, by a small number the caller chooses.
///
/// Core Location never sees it (R19 matches sessions by what they require); it lets a story or a
/// test name its sessions. ``AuthorizationSimulator`` maps names to these.
public struct SessionID: Hashable, Sendable, Comparable {
  /// The number the model knows it by.
  public let rawValue: UInt8
  /// The identifier numbered `rawValue`.
  public init(_ rawValue: UInt8) { self.rawValue = rawValue }
  /// In the order of their numbers.
  public static func < (lhs: SessionID, rhs: SessionID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A CLLocationManager with a delegate the app holds (R41), by a small number below
/// ``AuthorizationState/maximumManagers``.
///
/// ``AuthorizationSimulator`` maps the names a story gives its managers to these.
public struct ManagerID: Hashable, Sendable, Comparable {
  /// The number the model knows it by.
  public let rawValue: UInt8
  /// The identifier numbered `rawValue`.
  public init(_ rawValue: UInt8) { self.rawValue = rawValue }
  /// In the order of their numbers.
  public static func < (lhs: ManagerID, rhs: ManagerID) -> Bool { lhs.rawValue < rhs.rawValue }
  /// The manager's bit in ``AuthorizationState/heldManagers``.
  @inlinable public var bit: UInt8 { 1 &<< (rawValue & 7) }
}

/// A region registered with `startMonitoring(for:)` (R49), by a small number below
/// ``LegacyServices/maximumRegionIDs``.
///
/// Core Location knows a region by its identifier string; a story names it, and
/// ``AuthorizationSimulator`` interns the names it meets, in order: the regions of
/// ``StartingState/regions`` first, then each new name a step gives. A story may name at most
/// ``LegacyServices/maximumRegionIDs`` distinct regions.
public struct RegionID: Hashable, Sendable, Comparable {
  /// The number the model knows it by.
  public let rawValue: UInt8
  /// The identifier numbered `rawValue`.
  public init(_ rawValue: UInt8) { self.rawValue = rawValue }
  /// In the order of their numbers.
  public static func < (lhs: RegionID, rhs: RegionID) -> Bool { lhs.rawValue < rhs.rawValue }
  /// The region's bit in ``LegacyServices/monitoredRegions``.
  @inlinable public var bit: UInt32 { 1 &<< UInt32(rawValue & 31) }
}

/// Names for the identifiers in a state, used only to word explanations and refusals.
public struct Names: Sendable {
  /// Session names by ``SessionID/rawValue``.
  public var sessions: [String]
  /// Purpose-key names by ``PurposeKey/index``.
  public var purposeKeys: [String]
  /// Manager names by ``ManagerID/rawValue``.
  public var managers: [String]
  /// Region identifiers by ``RegionID/rawValue``.
  public var regions: [String]

  /// The names of sessions, purpose keys, managers and regions, by number.
  public init(
    sessions: [String] = [], purposeKeys: [String] = [], managers: [String] = [],
    regions: [String] = []
  ) {
    self.sessions = sessions
    self.purposeKeys = purposeKeys
    self.managers = managers
    self.regions = regions
  }

  /// The region's identifier, or `#N` if it has none.
  public func name(of region: RegionID) -> String {
    let i = Int(region.rawValue)
    return i < regions.count ? regions[i] : "#\(i)"
  }

  /// The manager's name, or `#N` if it has none.
  public func name(of manager: ManagerID) -> String {
    let i = Int(manager.rawValue)
    return i < managers.count ? managers[i] : "#\(i)"
  }

  /// The session's name, or `#N` if it has none.
  public func name(of session: SessionID) -> String {
    let i = Int(session.rawValue)
    return i < sessions.count ? sessions[i] : "#\(i)"
  }

  /// The purpose key's name, or `#N` if it has none.
  public func name(of key: PurposeKey) -> String {
    let i = Int(key.index)
    return i < purposeKeys.count ? purposeKeys[i] : "#\(i)"
  }
}
