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

  private let dictionaryKeyCount: Int
  private let keyBits: Int

  /// Creates a codec, or fails when the state does not fit in 64 bits.
  public init(configuration: AppConfiguration, catalogue: SessionCatalogue) throws(CatalogueError) {
    self.configuration = configuration
    self.catalogue = catalogue
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
      7  // location 2, precise, provisionalAlways, alwaysPromptSpent, services, restrictions
      + 2 * n + 2  // termination record, iteratingAtTermination, carried
      + 6  // app 2, inGrace, rejoinWindowOpen, allowOnce, temporaryFullAccuracy
      + 4 * n  // sessions: 3-bit slots and createdInUse marks
      + 4  // liveUpdates, monitor, backgroundActivity 2
      + 3 + keyBits + dictionaryKeyCount  // prompt kind and key, declined keys
      + 2 + 1  // lastRequestResult, ghost
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

  public func pack(_ state: ExploredState) -> UInt64 {
    var w = BitWriter()
    let m = state.model
    w.put(Self.code(m.location), 2)
    w.put(m.precise)
    w.put(m.provisionalAlways)
    w.put(m.alwaysPromptSpent)
    w.put(m.locationServicesEnabled)
    w.put(m.restrictionsEnabled)
    var held: UInt64 = 0
    var inUse: UInt64 = 0
    let record = m.sessionsAtTermination
    for position in 0..<record.count {
      let bit: UInt64 = 1 << UInt64(entry(record.id(at: position)))
      held |= bit
      if record.createdInUse(at: position) { inUse |= bit }
    }
    let n = catalogue.entries.count
    w.put(held, n)
    w.put(inUse, n)
    w.put(m.iteratingAtTermination)
    w.put(m.carriedBackgroundActivity)
    w.put(Self.code(m.app), 2)
    w.put(m.inGrace)
    w.put(m.rejoinWindowOpen)
    w.put(m.allowOnce)
    w.put(m.temporaryFullAccuracy)
    var marks: UInt64 = 0
    for slot in 0..<n {
      if slot < m.sessions.count {
        let index = entry(m.sessions.id(at: slot))
        w.put(UInt64(index + 1), 3)
        if m.sessions.createdInUse(at: slot) { marks |= 1 << UInt64(index) }
      } else {
        w.put(0, 3)
      }
    }
    w.put(marks, n)
    w.put(m.iteratingLiveUpdates)
    w.put(m.iteratingMonitor)
    switch m.backgroundActivity {
    case .none: w.put(0, 2)
    case .started: w.put(1, 2)
    case .startedOutsideForeground: w.put(2, 2)
    }
    var promptKey: UInt64 = 0
    switch m.pendingPrompt {
    case nil: w.put(0, 3)
    case .whenInUse(forAlways: false): w.put(1, 3)
    case .whenInUse(forAlways: true): w.put(2, 3)
    case .alwaysUpgrade(bySystem: false): w.put(3, 3)
    case .alwaysUpgrade(bySystem: true): w.put(4, 3)
    case .temporaryFullAccuracy(let key):
      w.put(5, 3)
      promptKey = UInt64(key.index)
    }
    w.put(promptKey, keyBits)
    w.put(UInt64(m.declinedPurposeKeys), dictionaryKeyCount)
    switch m.lastRequestResult {
    case nil: w.put(0, 2)
    case .prompted: w.put(1, 2)
    case .noEffect: w.put(2, 2)
    case .promptDeclined: w.put(3, 2)
    }
    w.put(state.upgradePromptShown)
    return w.word
  }

  public func unpack(_ word: UInt64) -> ExploredState {
    var r = BitReader(word: word)
    var m = AuthorizationState(configuration: configuration)
    m.location = Self.location(r.take(2))
    m.precise = r.flag()
    m.provisionalAlways = r.flag()
    m.alwaysPromptSpent = r.flag()
    m.locationServicesEnabled = r.flag()
    m.restrictionsEnabled = r.flag()
    let n = catalogue.entries.count
    let held = r.take(n)
    let inUse = r.take(n)
    for i in 0..<n where held & 1 << UInt64(i) != 0 {
      m.sessionsAtTermination.append(session(i, createdInUse: inUse & 1 << UInt64(i) != 0))
    }
    m.iteratingAtTermination = r.flag()
    m.carriedBackgroundActivity = r.flag()
    m.app = Self.app(r.take(2))
    m.inGrace = r.flag()
    m.rejoinWindowOpen = r.flag()
    m.allowOnce = r.flag()
    m.temporaryFullAccuracy = r.flag()
    var slots: UInt64 = 0
    for k in 0..<n { slots |= r.take(3) << UInt64(3 * k) }
    let marks = r.take(n)
    for k in 0..<n {
      let slot = Int(slots >> UInt64(3 * k) & 7)
      guard slot != 0 else { break }
      m.sessions.append(session(slot - 1, createdInUse: marks & 1 << UInt64(slot - 1) != 0))
    }
    m.iteratingLiveUpdates = r.flag()
    m.iteratingMonitor = r.flag()
    switch r.take(2) {
    case 1: m.backgroundActivity = .started
    case 2: m.backgroundActivity = .startedOutsideForeground
    default: m.backgroundActivity = .none
    }
    let kind = r.take(3)
    let key = PurposeKey(index: UInt8(r.take(keyBits)))
    switch kind {
    case 1: m.pendingPrompt = .whenInUse(forAlways: false)
    case 2: m.pendingPrompt = .whenInUse(forAlways: true)
    case 3: m.pendingPrompt = .alwaysUpgrade(bySystem: false)
    case 4: m.pendingPrompt = .alwaysUpgrade(bySystem: true)
    case 5: m.pendingPrompt = .temporaryFullAccuracy(key)
    default: m.pendingPrompt = nil
    }
    m.declinedPurposeKeys = UInt32(r.take(dictionaryKeyCount))
    switch r.take(2) {
    case 1: m.lastRequestResult = .prompted
    case 2: m.lastRequestResult = .noEffect
    case 3: m.lastRequestResult = .promptDeclined
    default: m.lastRequestResult = nil
    }
    return ExploredState(model: m, upgradePromptShown: r.flag())
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

/// Appends fields to a 64-bit word, low bits first.
struct BitWriter {
  private(set) var word: UInt64 = 0
  private var offset: UInt64 = 0

  @inline(__always)
  mutating func put(_ value: UInt64, _ width: Int) {
    guard width > 0 else { return }
    word |= (value & (UInt64.max >> (64 - UInt64(width)))) << offset
    offset += UInt64(width)
  }

  @inline(__always)
  mutating func put(_ flag: Bool) { put(flag ? 1 : 0, 1) }
}

/// Reads fields written by ``BitWriter`` in the same order.
struct BitReader {
  let word: UInt64
  private var offset: UInt64 = 0

  init(word: UInt64) { self.word = word }

  @inline(__always)
  mutating func take(_ width: Int) -> UInt64 {
    guard width > 0 else { return 0 }
    defer { offset += UInt64(width) }
    return word >> offset & (UInt64.max >> (64 - UInt64(width)))
  }

  @inline(__always)
  mutating func flag() -> Bool { take(1) != 0 }
}
