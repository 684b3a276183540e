/// What the legacy services of `CLLocationManager` hold (docs/RULES.md §8b, R43–R49): each
/// held manager's properties and services, the app's persisted registrations, and the manager
/// whose request raised the pending prompt (R6).
///
/// Twelve bytes and no heap storage: a bit set over ``ManagerID``s per fact, a byte each, and
/// the app's flags, in one word; the registered regions in a second. Every field is zero in a
/// state that uses none of the legacy services, whatever managers it creates with their
/// default properties (``isIdle``), so the explorer, whose catalogue does not take these
/// services, packs none of it. Observable values (what is delivered, the indicator) are
/// computed from these by the rules, in `AuthorizationState+Legacy.swift`.
public struct LegacyServices: Hashable, Sendable {
  /// The facts, a byte each at the offsets of ``Byte``: bit `m` of a manager fact is manager
  /// `m`'s.
  @usableFromInline var words: UInt64 = 0
  /// The regions registered (R49), a bit per ``RegionID/rawValue``. Persisted.
  public var monitoredRegions: UInt32 = 0

  /// The most regions an app may register at a time (R49).
  public static let regionLimit = 20
  /// The most distinct region identifiers one story may name: ``monitoredRegions`` has a bit
  /// for each.
  public static let maximumRegionIDs = 32

  /// Where each fact's byte sits in ``words``.
  @usableFromInline enum Byte {
    @usableFromInline static var updating: UInt64 { 0 }
    @usableFromInline static var allowsBackground: UInt64 { 8 }
    @usableFromInline static var showsIndicator: UInt64 { 16 }
    /// `pausesLocationUpdatesAutomatically` false: stored inverted, so that the default is 0.
    @usableFromInline static var pausesManually: UInt64 { 24 }
    @usableFromInline static var sessionClaims: UInt64 { 32 }
    @usableFromInline static var significantChangesStarted: UInt64 { 40 }
    @usableFromInline static var visitsStarted: UInt64 { 48 }
    /// The app's flags, bits of ``Flag``.
    @usableFromInline static var app: UInt64 { 56 }
  }

  /// The app's flags in byte ``Byte/app``.
  @usableFromInline enum Flag {
    @usableFromInline static var significantChangesRegistered: UInt64 { 1 &<< 56 }
    @usableFromInline static var visitsRegistered: UInt64 { 1 &<< 57 }
    @usableFromInline static var visitsDeliverToAnyManager: UInt64 { 1 &<< 58 }
    @usableFromInline static var promptRaised: UInt64 { 1 &<< 59 }
    /// 3 bits from bit 60: the manager whose request raised the pending prompt.
    @usableFromInline static var promptRaisedByShift: UInt64 { 60 }
  }

  /// No manager, no registration.
  public init() {}

  @inlinable func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: words &>> shift) }

  @inlinable mutating func setByte(_ shift: UInt64, _ value: UInt8) {
    words = words & ~(0xFF &<< shift) | UInt64(value) &<< shift
  }

  @inlinable func flag(_ bit: UInt64) -> Bool { words & bit != 0 }

  @inlinable mutating func setFlag(_ bit: UInt64, _ on: Bool) {
    words = on ? words | bit : words & ~bit
  }

  /// Whether nothing is held or registered: no manager updates or monitors, every manager
  /// has its default properties, no region, no registration, no prompt raised by a manager.
  @inlinable public var isIdle: Bool { words == 0 && monitoredRegions == 0 }

  // MARK: Per manager, a bit per ManagerID (volatile: termination releases every manager)

  /// The managers that run continuous updates (R43).
  @inlinable public var updating: UInt8 {
    get { byte(Byte.updating) }
    set { setByte(Byte.updating, newValue) }
  }
  /// The managers whose `allowsBackgroundLocationUpdates` is true (R44, R45).
  @inlinable public var allowsBackgroundLocationUpdates: UInt8 {
    get { byte(Byte.allowsBackground) }
    set { setByte(Byte.allowsBackground, newValue) }
  }
  /// The managers whose `showsBackgroundLocationIndicator` is true (R44).
  @inlinable public var showsBackgroundLocationIndicator: UInt8 {
    get { byte(Byte.showsIndicator) }
    set { setByte(Byte.showsIndicator, newValue) }
  }
  /// The managers whose `pausesLocationUpdatesAutomatically` is false (R46): the default,
  /// true, is a clear bit.
  @inlinable public var pausesManually: UInt8 {
    get { byte(Byte.pausesManually) }
    set { setByte(Byte.pausesManually, newValue) }
  }
  /// The managers whose continuous background session was claimed (R44): the call that
  /// completed the pair of updates and `allowsBackgroundLocationUpdates` came while the app
  /// was in use or had Always in effect. The session is held while the claim stands and the
  /// app is authorized; a claim made while the app is not authorized waits for it, and a claim
  /// whose session ended is cleared. A claim implies updates and the property.
  @inlinable public var sessionClaims: UInt8 {
    get { byte(Byte.sessionClaims) }
    set { setByte(Byte.sessionClaims, newValue) }
  }
  /// The managers that started significant-change monitoring in this run (R47).
  @inlinable public var significantChangesStarted: UInt8 {
    get { byte(Byte.significantChangesStarted) }
    set { setByte(Byte.significantChangesStarted, newValue) }
  }
  /// The managers that started visit monitoring in this run (R48).
  @inlinable public var visitsStarted: UInt8 {
    get { byte(Byte.visitsStarted) }
    set { setByte(Byte.visitsStarted, newValue) }
  }

  /// Forgets everything of the manager of `bit`: it is released (R41).
  @inlinable mutating func forget(managers bit: UInt8) {
    words &= ~(0x0001_0101_0101_0101 &* UInt64(bit))
  }

  // MARK: The app's (persisted but the last two)

  /// The app is registered for significant-change events (R47). Persisted.
  @inlinable public var significantChangesRegistered: Bool {
    get { flag(Flag.significantChangesRegistered) }
    set { setFlag(Flag.significantChangesRegistered, newValue) }
  }
  /// The app is registered for visit events (R48). Persisted.
  @inlinable public var visitsRegistered: Bool {
    get { flag(Flag.visitsRegistered) }
    set { setFlag(Flag.visitsRegistered, newValue) }
  }
  /// The visits registration predates this launch, or was given in `start`: it delivers to
  /// any manager the app holds (R48). Volatile.
  @inlinable public var visitsDeliverToAnyManager: Bool {
    get { flag(Flag.visitsDeliverToAnyManager) }
    set { setFlag(Flag.visitsDeliverToAnyManager, newValue) }
  }
  /// The manager whose legacy request raised the pending prompt, withdrawn when that manager
  /// is released (R6); `nil` when the prompt pending, if any, was raised otherwise. Volatile.
  @inlinable public var promptRaisedBy: ManagerID? {
    get {
      flag(Flag.promptRaised)
        ? ManagerID(UInt8(truncatingIfNeeded: words &>> Flag.promptRaisedByShift & 7)) : nil
    }
    set {
      words &= ~(0xF &<< (Flag.promptRaisedByShift - 1))
      if let newValue {
        words |= Flag.promptRaised | UInt64(newValue.rawValue & 7) &<< Flag.promptRaisedByShift
      }
    }
  }

  /// The number of regions registered (R49).
  @inlinable public var regionCount: Int { monitoredRegions.nonzeroBitCount }

  /// Forgets what termination ends (R37, R50): every manager, and what belongs to this run.
  /// The registrations and the regions stay.
  @inlinable mutating func terminate() {
    words &= Flag.significantChangesRegistered | Flag.visitsRegistered
  }
}
