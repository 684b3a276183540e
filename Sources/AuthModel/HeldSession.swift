/// A CLServiceSession the app holds (R17–R19).
public struct HeldSession: Hashable, Sendable {
  public var id: SessionID
  /// The goal it states.
  public var authorization: AuthorizationRequirement
  /// `fullAccuracyPurposeKey`, if it names one.
  public var fullAccuracyPurposeKey: PurposeKey?
  /// False while R19 marks it `insufficientlyInUse`: it was created while the app was not in
  /// use, and the app has not entered the foreground since.
  public var createdInUse: Bool

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

  // 32-bit code: id 0–7, goal 8–9, key+1 10–18, createdInUse 19, occupied 20. Zero is empty.
  var code: UInt32 {
    var code = UInt32(id.rawValue) | UInt32(authorization.rank) << 8
    if let key = fullAccuracyPurposeKey { code |= (UInt32(key.index) + 1) << 10 }
    if createdInUse { code |= 1 << 19 }
    return code | 1 << 20
  }

  init(code: UInt32) {
    id = SessionID(UInt8(truncatingIfNeeded: code))
    switch code >> 8 & 3 {
    case 1: authorization = .whenInUse
    case 2: authorization = .always
    default: authorization = .none
    }
    let key = code >> 10 & 0x1FF
    fullAccuracyPurposeKey = key == 0 ? nil : PurposeKey(index: UInt8(key - 1))
    createdInUse = code & 1 << 19 != 0
  }
}

/// The sessions the app holds, in creation order, at most ``capacity``.
///
/// A fixed-size value with no heap storage, so states stay cheap to copy and hash.
public struct HeldSessions: Hashable, Sendable, RandomAccessCollection {
  /// The most sessions an app may hold at once in the model (R17 limit).
  public static let capacity = 8

  private var codes = SIMD8<UInt32>()
  public private(set) var count = 0

  public init() {}

  public init<S: Sequence>(_ sessions: S) where S.Element == HeldSession {
    for session in sessions { append(session) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  public subscript(position: Int) -> HeldSession {
    get {
      precondition(position >= 0 && position < count, "session index out of range")
      return HeldSession(code: codes[position])
    }
    set {
      precondition(position >= 0 && position < count, "session index out of range")
      codes[position] = newValue.code
    }
  }

  public var isFull: Bool { count == Self.capacity }

  /// The id of the session at `position`, read without decoding the rest (for packing).
  public func id(at position: Int) -> SessionID {
    precondition(position >= 0 && position < count, "session index out of range")
    return SessionID(UInt8(truncatingIfNeeded: codes[position]))
  }

  /// Whether the session at `position` was created in use, read without decoding the rest.
  public func createdInUse(at position: Int) -> Bool {
    precondition(position >= 0 && position < count, "session index out of range")
    return codes[position] & 1 << 19 != 0
  }

  /// Appends a session. - Precondition: not ``isFull``.
  public mutating func append(_ session: HeldSession) {
    precondition(!isFull, "at most \(Self.capacity) sessions")
    codes[count] = session.code
    count += 1
  }

  /// Removes the session at `position`, keeping the others in creation order.
  public mutating func remove(at position: Int) {
    precondition(position >= 0 && position < count, "session index out of range")
    for i in position..<(count - 1) { codes[i] = codes[i + 1] }
    count -= 1
    codes[count] = 0
  }

  public mutating func removeAll() {
    codes = SIMD8()
    count = 0
  }

  /// The position of the session with this id.
  public func firstIndex(of id: SessionID) -> Int? {
    indices.first { self[$0].id == id }
  }

  public func contains(_ id: SessionID) -> Bool { firstIndex(of: id) != nil }
}
