import AuthModel

/// Packs an ``ExploredState`` into one 64-bit word for a given configuration and catalogue.
///
/// The layout holds only what can differ between reachable states of this configuration:
/// sessions are catalogue indexes in 3-bit slots in creation order, purpose keys are indexes
/// into the keys in play. `pack` and `unpack` are inverse on reachable states; the reductions
/// are applied by the explorer before packing, never here.
public struct AuthorizationStateCodec: Sendable {
  public let configuration: AppConfiguration
  public let catalogue: SessionCatalogue
  /// The purpose key of each catalogue entry, resolved for this configuration.
  public let entryKeys: [PurposeKey?]
  /// The purpose keys the explored app can name: the dictionary's, then the catalogue's others.
  public let keyNames: [String]
  /// The number of bits a packed state uses.
  public let bitWidth: Int

  /// A state to unpack into: every field is overwritten, but making it from the configuration
  /// on every unpack would copy (and retain) the configuration, which threads then contend for.
  private let blank: AuthorizationState
  private let dictionaryKeyCount: Int
  private let keyBits: Int
  /// Where the catalogue's and the purpose keys' fields start, in packing order.
  private let shifts: Shifts

  private struct Shifts {
    var held: UInt64 = 0
    var inUse: UInt64 = 0
    var slots: UInt64 = 0
    var marks: UInt64 = 0
    var promptKey: UInt64 = 0
    var declined: UInt64 = 0
  }

  /// Creates a codec, or fails when the state does not fit in 64 bits.
  public init(configuration: AppConfiguration, catalogue: SessionCatalogue) throws(CatalogueError) {
    self.configuration = configuration
    self.catalogue = catalogue
    blank = AuthorizationState(configuration: configuration)
    var names = configuration.purposeKeys
    var keys: [PurposeKey?] = []
    for entry in catalogue.entries {
      guard let name = entry.fullAccuracyPurposeKey else {
        keys.append(nil)
        continue
      }
      if !names.contains(name) { names.append(name) }
      keys.append(PurposeKey(index: UInt8(names.firstIndex(of: name)!)))
    }
    entryKeys = keys
    keyNames = names
    dictionaryKeyCount = configuration.purposeKeys.count
    keyBits = Self.bits(for: max(dictionaryKeyCount, 1))
    let n = catalogue.entries.count
    bitWidth =
      Self.fixedBits  // the flags and small enums every state has, at fixed offsets
      + 2 * n  // the termination record: held, created in use
      + 4 * n  // the sessions: 3-bit slots in creation order, created-in-use marks
      + keyBits + dictionaryKeyCount  // the pending prompt's purpose key, declined keys
    var shifts = Shifts()
    shifts.held = UInt64(Self.fixedBits)
    shifts.inUse = shifts.held + UInt64(n)
    shifts.slots = shifts.inUse + UInt64(n)
    shifts.marks = shifts.slots + UInt64(3 * n)
    shifts.promptKey = shifts.marks + UInt64(n)
    shifts.declined = shifts.promptKey + UInt64(keyBits)
    self.shifts = shifts
    guard bitWidth <= 64 else {
      throw CatalogueError(
        message: "the catalogue and purpose keys need \(bitWidth) bits; at most 64 fit")
    }
  }

  private static func bits(for count: Int) -> Int {
    var bits = 0
    while 1 << bits < count { bits += 1 }
    return max(bits, 1)
  }

  /// The index of `id` in the catalogue.
  private func entry(_ id: SessionID) -> Int { Int(id.rawValue) }

  /// The bits of the fields every configuration has, at fixed offsets; the catalogue's and the
  /// purpose keys' fields follow them.
  static let fixedBits = 25

  public func pack(_ state: ExploredState) -> UInt64 {
    let m = state.model
    // Fixed offsets first: constant shifts.
    var word = Self.code(m.location)
    word |= Self.bit(m.precise) << 2
    word |= Self.bit(m.provisionalAlways) << 3
    word |= Self.bit(m.alwaysPromptSpent) << 4
    word |= Self.bit(m.locationServicesEnabled) << 5
    word |= Self.bit(m.restrictionsEnabled) << 6
    word |= Self.bit(m.iteratingAtTermination) << 7
    word |= Self.bit(m.carriedBackgroundActivity) << 8
    word |= Self.code(m.app) << 9
    word |= Self.bit(m.inGrace) << 11
    word |= Self.bit(m.rejoinWindowOpen) << 12
    word |= Self.bit(m.allowOnce) << 13
    word |= Self.bit(m.temporaryFullAccuracy) << 14
    word |= Self.bit(m.iteratingLiveUpdates) << 15
    word |= Self.bit(m.iteratingMonitor) << 16
    word |= Self.code(m.backgroundActivity) << 17
    var promptKey: UInt64 = 0
    switch m.pendingPrompt {
    case nil: break
    case .whenInUse(forAlways: false): word |= 1 << 19
    case .whenInUse(forAlways: true): word |= 2 << 19
    case .alwaysUpgrade(bySystem: false): word |= 3 << 19
    case .alwaysUpgrade(bySystem: true): word |= 4 << 19
    case .temporaryFullAccuracy(let key):
      word |= 5 << 19
      promptKey = UInt64(key.index)
    }
    word |= Self.code(m.lastRequestResult) << 22
    word |= Self.bit(state.upgradePromptShown) << 24
    // Then the catalogue's fields: the termination record, the sessions in creation order and
    // their marks, and the purpose keys'.
    var held: UInt64 = 0
    var inUse: UInt64 = 0
    let record = m.sessionsAtTermination
    for position in 0..<record.count {
      let bit: UInt64 = 1 &<< UInt64(entry(record.id(at: position)))
      held |= bit
      if record.createdInUse(at: position) { inUse |= bit }
    }
    var slots: UInt64 = 0
    var marks: UInt64 = 0
    for slot in 0..<m.sessions.count {
      let index = UInt64(entry(m.sessions.id(at: slot)))
      slots |= (index &+ 1) &<< (3 &* UInt64(slot))
      if m.sessions.createdInUse(at: slot) { marks |= 1 &<< index }
    }
    // Every field is already within its width, so the catalogue's fields need no masks.
    word |= held &<< shifts.held
    word |= inUse &<< shifts.inUse
    word |= slots &<< shifts.slots
    word |= marks &<< shifts.marks
    word |= promptKey &<< shifts.promptKey
    word |= UInt64(m.declinedPurposeKeys) &<< shifts.declined
    return word
  }

  public func unpack(_ word: UInt64) -> ExploredState {
    var m = blank
    m.location = Self.location(word & 3)
    m.precise = word >> 2 & 1 != 0
    m.provisionalAlways = word >> 3 & 1 != 0
    m.alwaysPromptSpent = word >> 4 & 1 != 0
    m.locationServicesEnabled = word >> 5 & 1 != 0
    m.restrictionsEnabled = word >> 6 & 1 != 0
    m.iteratingAtTermination = word >> 7 & 1 != 0
    m.carriedBackgroundActivity = word >> 8 & 1 != 0
    m.app = Self.app(word >> 9 & 3)
    m.inGrace = word >> 11 & 1 != 0
    m.rejoinWindowOpen = word >> 12 & 1 != 0
    m.allowOnce = word >> 13 & 1 != 0
    m.temporaryFullAccuracy = word >> 14 & 1 != 0
    m.iteratingLiveUpdates = word >> 15 & 1 != 0
    m.iteratingMonitor = word >> 16 & 1 != 0
    m.backgroundActivity = Self.backgroundActivity(word >> 17 & 3)
    let kind = word >> 19 & 7
    m.lastRequestResult = Self.requestResult(word >> 22 & 3)
    let upgradePromptShown = word >> 24 & 1 != 0
    let n = catalogue.entries.count
    let held = field(word, shifts.held, n)
    let inUse = field(word, shifts.inUse, n)
    for i in 0..<n where held & 1 << UInt64(i) != 0 {
      m.sessionsAtTermination.append(session(i, createdInUse: inUse & 1 << UInt64(i) != 0))
    }
    let slots = field(word, shifts.slots, 3 * n)
    let marks = field(word, shifts.marks, n)
    for k in 0..<n {
      let slot = Int(slots >> UInt64(3 * k) & 7)
      guard slot != 0 else { break }
      m.sessions.append(session(slot - 1, createdInUse: marks & 1 << UInt64(slot - 1) != 0))
    }
    let key = PurposeKey(index: UInt8(field(word, shifts.promptKey, keyBits)))
    switch kind {
    case 1: m.pendingPrompt = .whenInUse(forAlways: false)
    case 2: m.pendingPrompt = .whenInUse(forAlways: true)
    case 3: m.pendingPrompt = .alwaysUpgrade(bySystem: false)
    case 4: m.pendingPrompt = .alwaysUpgrade(bySystem: true)
    case 5: m.pendingPrompt = .temporaryFullAccuracy(key)
    default: m.pendingPrompt = nil
    }
    m.declinedPurposeKeys = UInt32(field(word, shifts.declined, dictionaryKeyCount))
    return ExploredState(model: m, upgradePromptShown: upgradePromptShown)
  }

  /// The `width` bits of `word` from `shift` up.
  private func field(_ word: UInt64, _ shift: UInt64, _ width: Int) -> UInt64 {
    width == 0 ? 0 : word >> shift & (UInt64.max >> UInt64(64 - width))
  }

  @inline(__always)
  private static func bit(_ flag: Bool) -> UInt64 { flag ? 1 : 0 }

  private static func code(_ activity: HeldBackgroundActivity) -> UInt64 {
    switch activity {
    case .none: 0
    case .started: 1
    case .startedOutsideForeground: 2
    }
  }

  private static func backgroundActivity(_ code: UInt64) -> HeldBackgroundActivity {
    switch code {
    case 1: .started
    case 2: .startedOutsideForeground
    default: .none
    }
  }

  private static func code(_ result: RequestResult?) -> UInt64 {
    switch result {
    case nil: 0
    case .prompted: 1
    case .noEffect: 2
    case .promptDeclined: 3
    }
  }

  private static func requestResult(_ code: UInt64) -> RequestResult? {
    switch code {
    case 1: .prompted
    case 2: .noEffect
    case 3: .promptDeclined
    default: nil
    }
  }

  private static func code(_ setting: LocationSetting) -> UInt64 {
    switch setting {
    case .askNextTime: 0
    case .never: 1
    case .whileUsing: 2
    case .always: 3
    }
  }

  private static func location(_ code: UInt64) -> LocationSetting {
    switch code {
    case 1: .never
    case 2: .whileUsing
    case 3: .always
    default: .askNextTime
    }
  }

  private static func code(_ app: AppRunState) -> UInt64 {
    switch app {
    case .notRunning: 0
    case .foreground: 1
    case .background: 2
    }
  }

  private static func app(_ code: UInt64) -> AppRunState {
    switch code {
    case 1: .foreground
    case 2: .background
    default: .notRunning
    }
  }

  private func session(_ i: Int, createdInUse: Bool) -> HeldSession {
    HeldSession(
      id: SessionID(UInt8(i)), authorization: catalogue.entries[i].authorization,
      fullAccuracyPurposeKey: entryKeys[i], createdInUse: createdInUse)
  }
}
