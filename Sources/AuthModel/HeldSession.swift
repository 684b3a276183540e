/// A CLServiceSession the app holds (R17–R19).
public struct HeldSession: Hashable, Sendable {
  /// The session's id in the story.
  public var id: SessionID
  /// The goal it states.
  public var authorization: AuthorizationRequirement
  /// `fullAccuracyPurposeKey`, if it names one.
  public var fullAccuracyPurposeKey: PurposeKey?
  /// False while R19 marks it `insufficientlyInUse`: it was created while the app was not in
  /// use, and the app has not entered the foreground since.
  public var createdInUse: Bool

  /// A session held with this goal and purpose key, created in use unless said otherwise (R19).
  public init(
    id: SessionID, authorization: AuthorizationRequirement,
    fullAccuracyPurposeKey: PurposeKey? = nil, createdInUse: Bool = true
  ) {
    self.id = id
    self.authorization = authorization
    self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
    self.createdInUse = createdInUse
  }

  /// Whether `other` requires the same: Core Location matches sessions this way (R19).
  public func requiresSame(as other: HeldSession) -> Bool {
    authorization == other.authorization && fullAccuracyPurposeKey == other.fullAccuracyPurposeKey
  }
}

/// The sessions the app holds, in creation order, at most ``capacity``.
///
/// A fixed-size value with no heap storage, so states stay cheap to copy and hash: three machine
/// words holding the sessions as a structure of arrays, a lane of each field per position (lane
/// `i` holds the session at position `i`). Lanes at and above ``count`` are always zero, so two
/// lists of the same sessions have the same words, and the synthesized `==` and `hash(into:)`
/// compare and hash the sessions alone.
public struct HeldSessions: Hashable, Sendable, RandomAccessCollection {
  /// The most sessions an app may hold at once in the model (R17 limit).
  public static let capacity = 8

  /// ``SessionID/rawValue``s, a byte per lane.
  @usableFromInline var ids: UInt64 = 0
  /// ``PurposeKey/index``es, a byte per lane; zero where the session names no key.
  private var keys: UInt64 = 0
  /// The rest, in fields of `Field`: the goals, which lanes name a key (so that key index 0
  /// differs from none), which were created in use, and the count.
  @usableFromInline var flags: UInt64 = 0

  /// The fields of `flags`: where each starts and how wide one lane of it is.
  private enum Field {
    /// `AuthorizationRequirement.rank`s, two bits per lane.
    static let goals = (shift: UInt64(0), width: 2)
    /// A bit per lane: the session names a purpose key.
    static let keyed = (shift: UInt64(16), width: 1)
    /// A bit per lane: the session was created in use.
    static let inUse = (shift: HeldSessions.inUseShift, width: 1)
    /// The number of sessions, above the fields with lanes.
    static let count: UInt64 = 32
    /// The bits of the fields with lanes.
    static let lanes: UInt64 = 1 &<< count &- 1
  }

  /// No session.
  public init() {}

  /// The sessions of `sessions`, in order.
  ///
  /// - Precondition: at most ``capacity`` of them.
  public init<S: Sequence>(_ sessions: S) where S.Element == HeldSession {
    for session in sessions { append(session) }
  }

  /// The number of sessions held.
  public var count: Int {
    let count = Int(truncatingIfNeeded: flags &>> Field.count)
    // Always true; stating it bounds every loop over the positions by 8.
    precondition(count <= Self.capacity, "more than \(Self.capacity) sessions")
    return count
  }
  /// The first position.
  public var startIndex: Int { 0 }
  /// The position after the last held session.
  public var endIndex: Int { count }

  /// The session at `position`, in creation order.
  public subscript(position: Int) -> HeldSession {
    get {
      precondition(position >= 0 && position < count, "session index out of range")
      let goal: AuthorizationRequirement =
        switch flags &>> (Field.goals.shift &+ 2 &* UInt64(truncatingIfNeeded: position)) & 3 {
        case 1: .whenInUse
        case 2: .always
        default: .none
        }
      return HeldSession(
        id: id(atLane: position), authorization: goal,
        fullAccuracyPurposeKey: bit(Field.keyed.shift, lane: position)
          ? PurposeKey(index: Self.byte(keys, lane: position)) : nil,
        createdInUse: bit(Field.inUse.shift, lane: position))
    }
    set {
      precondition(position >= 0 && position < count, "session index out of range")
      let lane = UInt64(truncatingIfNeeded: position)
      let otherBytes = ~(0xFF &<< (8 &* lane))
      ids &= otherBytes
      keys &= otherBytes
      flags &= ~(3 &<< (Field.goals.shift &+ 2 &* lane))
      flags &= ~(1 &<< (Field.keyed.shift &+ lane) | 1 &<< (Field.inUse.shift &+ lane))
      write(newValue, lane: position)
    }
  }

  /// Whether ``capacity`` sessions are held (R17).
  public var isFull: Bool { count == Self.capacity }

  /// Where the createdInUse bits start in `flags` (`Field.inUse`).
  @inlinable static var inUseShift: UInt64 { 24 }

  /// Appends a session. - Precondition: not ``isFull``.
  public mutating func append(_ session: HeldSession) {
    precondition(!isFull, "at most \(Self.capacity) sessions")
    write(session, lane: count)
    flags &+= 1 &<< Field.count
  }

  /// Removes the session at `position`, keeping the others in creation order.
  public mutating func remove(at position: Int) {
    precondition(position >= 0 && position < count, "session index out of range")
    ids = Self.removing(lane: position, width: 8, from: ids)
    keys = Self.removing(lane: position, width: 8, from: keys)
    flags =
      (flags &- 1 &<< Field.count) & ~Field.lanes
      | flags(removing: position, from: Field.goals) | flags(removing: position, from: Field.keyed)
      | flags(removing: position, from: Field.inUse)
  }

  /// Ends every session.
  public mutating func removeAll() {
    self = HeldSessions()
  }

  /// The position of the session with this id.
  public func firstIndex(of id: SessionID) -> Int? {
    // The lanes of `ids` equal to `id` become zero bytes of `x`; `zeros` marks the lowest zero
    // byte exactly (a borrow can only mark bytes above a real zero one), and empty lanes, zero
    // too, only ever come after the sessions.
    let ones: UInt64 = 0x0101_0101_0101_0101
    let x = ids ^ ones &* UInt64(id.rawValue)
    let zeros = (x &- ones) & ~x & ones &<< 7
    let position = zeros.trailingZeroBitCount &>> 3
    return position < count ? position : nil
  }

  /// Whether the session `id` is held.
  public func contains(_ id: SessionID) -> Bool { firstIndex(of: id) != nil }

  // MARK: Lanes

  /// The id of the session at `position`, from its lane alone (the subscript decodes it whole).
  @inlinable func id(atLane lane: Int) -> SessionID { SessionID(Self.byte(ids, lane: lane)) }

  /// Lane `lane` of the one-bit-per-lane field of `flags` that starts at `shift`.
  private func bit(_ shift: UInt64, lane: Int) -> Bool {
    flags &>> (shift &+ UInt64(truncatingIfNeeded: lane)) & 1 != 0
  }

  /// Writes `session` into lane `lane`, which must be zero in every field.
  @inline(__always)
  private mutating func write(_ session: HeldSession, lane: Int) {
    let lane = UInt64(truncatingIfNeeded: lane)
    ids |= UInt64(session.id.rawValue) &<< (8 &* lane)
    let goal = UInt64(truncatingIfNeeded: session.authorization.rank)
    var bits = goal &<< (Field.goals.shift &+ 2 &* lane)
    if let key = session.fullAccuracyPurposeKey {
      keys |= UInt64(key.index) &<< (8 &* lane)
      bits |= 1 &<< (Field.keyed.shift &+ lane)
    }
    if session.createdInUse { bits |= 1 &<< (Field.inUse.shift &+ lane) }
    flags |= bits
  }

  /// The byte in lane `lane` of `word`.
  @inlinable static func byte(_ word: UInt64, lane: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: word &>> (8 &* UInt64(truncatingIfNeeded: lane)))
  }

  /// The `field` of `flags` without its lane `lane`, in place in an otherwise zero word.
  private func flags(removing lane: Int, from field: (shift: UInt64, width: Int)) -> UInt64 {
    let lanes = flags &>> field.shift & (1 &<< UInt64(truncatingIfNeeded: 8 &* field.width) &- 1)
    return Self.removing(lane: lane, width: field.width, from: lanes) &<< field.shift
  }

  /// `lanes` without its lane `lane` of `width` bits: the lanes above move down one, and the top
  /// lane becomes zero (the lanes below `lane` stay).
  private static func removing(lane: Int, width: Int, from lanes: UInt64) -> UInt64 {
    let below: UInt64 = (1 &<< UInt64(truncatingIfNeeded: lane &* width)) &- 1
    return lanes & below | lanes &>> UInt64(truncatingIfNeeded: width) & ~below
  }
}
