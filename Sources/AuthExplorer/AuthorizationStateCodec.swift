import AuthModel

/// Packs an ``ExploredState`` into one 64-bit word for a given configuration and catalogue.
///
/// The legacy CLLocationManager services (``AuthorizationState/legacy``) are packed only when
/// the explorer takes their steps (a ``LegacyCatalogue``), in the word's highest fields: seven
/// facts per manager, the app's flags and a bit per region id (``LegacyLayout``). Without one,
/// every explored state has them idle (``LegacyServices/isIdle``, asserted in debug builds),
/// and the layout and the packing are those of a codec without legacy fields.
///
/// The layout holds only what can differ between reachable states of this configuration:
/// sessions are catalogue indexes in 3-bit slots in creation order, purpose keys are indexes
/// into the keys in play. `pack` and `unpack` are inverse on reachable states; the reductions
/// are applied by the explorer before packing, never here.
public struct AuthorizationStateCodec: Sendable {
  public let configuration: AppConfiguration
  public let catalogue: SessionCatalogue
  /// The legacy services explored, if any: their fields are packed only then.
  public let legacy: LegacyCatalogue?
  /// The purpose key of each catalogue entry, resolved for this configuration.
  public let entryKeys: [PurposeKey?]
  /// The purpose keys the explored app can name: the dictionary's, then the catalogue's others.
  public let keyNames: [String]
  /// The number of bits a packed state uses.
  public let bitWidth: Int
  /// The bits of the stored choice, provisional Always and the pending prompt with its purpose
  /// key: two states that differ there differ in what the step properties compare first
  /// (``AuthorizationProperty/choiceOrPromptChanged(from:to:)``).
  public let choiceAndPromptBits: UInt64
  /// The bits of the fields the pair of status and accuracy reads and of the explorer's
  /// manager (R41), and the manager's bit: for ``AuthorizationProperty/managedPairMayChange(from:to:)``.
  public let pairAndManagerBits: UInt64
  public let managerBit: UInt64 = 1 << (AuthorizationStateCodec.promptShift + 4)

  /// A state to unpack into: every field is overwritten, but making it from the configuration
  /// on every unpack would copy (and retain) the configuration, which threads then contend for.
  private let blank: AuthorizationState
  private let dictionaryKeyCount: Int
  private let keyBits: Int
  /// Where the catalogue's and the purpose keys' fields start, in packing order.
  private let shifts: Shifts
  /// Where the legacy fields go, when the legacy services are explored.
  private let legacyLayout: LegacyLayout

  private struct Shifts {
    var held: UInt64 = 0
    var inUse: UInt64 = 0
    var slots: UInt64 = 0
    var marks: UInt64 = 0
    var promptKey: UInt64 = 0
    var declined: UInt64 = 0
    var legacy: UInt64 = 0
  }

  /// Where the legacy fields go, from ``Shifts/legacy`` up, for `managers` managers: each of
  /// the seven manager facts of ``LegacyServices`` as a bit per manager (manager `k` at bit
  /// `k`, as the model keeps them); the app's three flags; the manager that raised the pending
  /// prompt (R6), as its number plus one, 0 for none; whether managers 1 and up are held
  /// (manager 0's bit has a fixed offset, ``managerBit``); then a bit per region id. With one
  /// manager that is 11 bits and the regions.
  private struct LegacyLayout {
    let managers: UInt64
    let promptBits: UInt64
    init(managers: Int) {
      self.managers = UInt64(managers)
      promptBits = UInt64(AuthorizationStateCodec.bits(for: managers + 1))
    }
    /// The facts' shift: fact `f` of manager `k` at `f × managers + k`.
    @inline(__always) func fact(_ f: UInt64) -> UInt64 { f &* managers }
    var significantChangesRegistered: UInt64 { 7 &* managers }
    var visitsRegistered: UInt64 { significantChangesRegistered &+ 1 }
    var visitsDeliverToAnyManager: UInt64 { significantChangesRegistered &+ 2 }
    var promptRaisedBy: UInt64 { significantChangesRegistered &+ 3 }
    var held: UInt64 { promptRaisedBy &+ promptBits }
    var regions: UInt64 { held &+ managers &- 1 }
  }

  /// The bits of the legacy fields: the managers' and the app's, and one per region id.
  public static func legacyBits(_ legacy: LegacyCatalogue) -> Int {
    Int(LegacyLayout(managers: legacy.managers).regions) + legacy.regions
  }

  /// Creates a codec, or fails when the state does not fit in 64 bits.
  public init(
    configuration: AppConfiguration, catalogue: SessionCatalogue, legacy: LegacyCatalogue? = nil
  ) throws(CatalogueError) {
    self.configuration = configuration
    self.catalogue = catalogue
    self.legacy = legacy
    legacyLayout = LegacyLayout(managers: legacy?.managers ?? 1)
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
      + (legacy.map(Self.legacyBits) ?? 0)  // the legacy services, when explored
    var shifts = Shifts()
    shifts.held = UInt64(Self.fixedBits)
    shifts.inUse = shifts.held + UInt64(n)
    shifts.slots = shifts.inUse + UInt64(n)
    shifts.marks = shifts.slots + UInt64(3 * n)
    shifts.promptKey = shifts.marks + UInt64(n)
    shifts.declined = shifts.promptKey + UInt64(keyBits)
    shifts.legacy = shifts.declined + UInt64(dictionaryKeyCount)
    self.shifts = shifts
    choiceAndPromptBits =
      3 << UInt64(AuthorizationState.Field.location)
      | 1 << UInt64(AuthorizationState.Field.provisionalAlways) | 7 << Self.promptShift
      | (1 << UInt64(keyBits) - 1) << shifts.promptKey
    let field = { (shift: UInt32) in UInt64(1) << UInt64(shift) }
    typealias F = AuthorizationState.Field
    pairAndManagerBits =
      3 << UInt64(F.location) | field(F.provisionalAlways) | field(F.locationServicesEnabled)
      | field(F.restrictionsEnabled) | field(F.precise) | field(F.temporaryFullAccuracy)
      | managerBit
    guard bitWidth <= 64 else {
      throw CatalogueError(
        message: "the catalogue and purpose keys"
          + (legacy.map { " and the legacy services with \($0.regions) regions" } ?? "")
          + " need \(bitWidth) bits; at most 64 fit")
    }
  }

  private static func bits(for count: Int) -> Int {
    var bits = 0
    while 1 << bits < count { bits += 1 }
    return max(bits, 1)
  }

  /// Where the pending prompt's kind goes (3 bits), after the model's word of flags
  /// (`AuthorizationState.fields`); the P7 ghost and the manager's bit (R41) follow it.
  private static var promptShift: UInt64 { UInt64(AuthorizationState.Field.width) }

  /// The bits of the fields every configuration has, at fixed offsets; the catalogue's and the
  /// purpose keys' fields follow them.
  static var fixedBits: Int { Int(promptShift) + 5 }

  // Inlined into `ModelSteps`, which the app system calls on every step.
  @inline(__always)
  public func pack(_ state: ExploredState) -> UInt64 {
    packOutsideSessions(state) | packSessions(state.model)
  }

  /// `pack(state)`, for a state that may hold the same sessions and termination record as
  /// `reference`, which packed to `referenceKey`: then their fields are taken from that word
  /// rather than packed again. What the explorer does for every step, most of which leave the
  /// sessions as they were.
  public func pack(
    _ state: ExploredState, like reference: ExploredState, packed referenceKey: UInt64
  ) -> UInt64 {
    let m = state.model
    guard m.sessions == reference.model.sessions,
      m.sessionsAtTermination == reference.model.sessionsAtTermination
    else { return pack(state) }
    return packOutsideSessions(state) | referenceKey & sessionFields
  }

  /// The bits of the fields that only the sessions and the termination record decide.
  private var sessionFields: UInt64 {
    (1 &<< (shifts.promptKey &- shifts.held) &- 1) &<< shifts.held
  }

  /// The fields of everything but the sessions and the termination record.
  @inline(__always)
  private func packOutsideSessions(_ state: ExploredState) -> UInt64 {
    let m = state.model
    // Without a legacy catalogue the explorer takes none of the legacy services' steps (§8b)
    // and starts from no registration, so their fields stay at their defaults and are not
    // packed: `unpack` gives them back as they are.
    assert(legacy != nil || m.legacy.isIdle, "the explorer packs no legacy service")
    // Fixed offsets first: the model's word of flags as it is, then the prompt and the ghost.
    var word = UInt64(m.fields)
    var promptKey: UInt64 = 0
    switch m.pendingPrompt {
    case nil: break
    case .whenInUse(forAlways: false): word |= 1 << Self.promptShift
    case .whenInUse(forAlways: true): word |= 2 << Self.promptShift
    case .alwaysUpgrade(bySystem: false): word |= 3 << Self.promptShift
    case .alwaysUpgrade(bySystem: true): word |= 4 << Self.promptShift
    case .temporaryFullAccuracy(let key):
      word |= 5 << Self.promptShift
      promptKey = UInt64(key.index)
    }
    word |= Self.bit(state.upgradePromptAnswered) << (Self.promptShift + 3)
    // R41: the explorer's one manager (``AuthorizationSystem/actions``).
    word |= UInt64(m.heldManagers & 1) << (Self.promptShift + 4)
    // Every field is already within its width, so none needs a mask.
    word |= promptKey &<< shifts.promptKey
    word |= UInt64(m.declinedPurposeKeys) &<< shifts.declined
    if legacy != nil { word |= packLegacy(m) &<< shifts.legacy }
    return word
  }

  /// The legacy fields of the managers and of the app (``LegacyLayout``).
  private func packLegacy(_ m: AuthorizationState) -> UInt64 {
    let l = m.legacy
    let y = legacyLayout
    assert(
      UInt64(
        l.updating | l.allowsBackgroundLocationUpdates | l.showsBackgroundLocationIndicator
          | l.pausesManually | l.sessionClaims | l.significantChangesStarted | l.visitsStarted
          | m.heldManagers) >> y.managers == 0
        && UInt64(l.promptRaisedBy?.rawValue ?? 0) < y.managers
        && UInt64(l.monitoredRegions) >> UInt64(legacy!.regions) == 0,
      "the explored legacy services are those of the catalogue's managers and regions")
    var word = UInt64(l.updating) << y.fact(0)
    word |= UInt64(l.allowsBackgroundLocationUpdates) << y.fact(1)
    word |= UInt64(l.showsBackgroundLocationIndicator) << y.fact(2)
    word |= UInt64(l.pausesManually) << y.fact(3)
    word |= UInt64(l.sessionClaims) << y.fact(4)
    word |= UInt64(l.significantChangesStarted) << y.fact(5)
    word |= UInt64(l.visitsStarted) << y.fact(6)
    word |= Self.bit(l.significantChangesRegistered) << y.significantChangesRegistered
    word |= Self.bit(l.visitsRegistered) << y.visitsRegistered
    word |= Self.bit(l.visitsDeliverToAnyManager) << y.visitsDeliverToAnyManager
    word |= UInt64(l.promptRaisedBy.map { $0.rawValue + 1 } ?? 0) << y.promptRaisedBy
    word |= UInt64(m.heldManagers >> 1) << y.held
    return word | UInt64(l.monitoredRegions) << y.regions
  }

  /// The legacy fields of `word` (``LegacyLayout``), and the held managers but manager 0.
  private func unpackLegacy(_ word: UInt64) -> (LegacyServices, heldManagers: UInt8) {
    let y = legacyLayout
    let mask: UInt64 = 1 << y.managers - 1
    let fact = { (f: UInt64) in UInt8(truncatingIfNeeded: word >> y.fact(f) & mask) }
    let one = { (shift: UInt64) in word >> shift & 1 != 0 }
    var l = LegacyServices()
    l.updating = fact(0)
    l.allowsBackgroundLocationUpdates = fact(1)
    l.showsBackgroundLocationIndicator = fact(2)
    l.pausesManually = fact(3)
    l.sessionClaims = fact(4)
    l.significantChangesStarted = fact(5)
    l.visitsStarted = fact(6)
    l.significantChangesRegistered = one(y.significantChangesRegistered)
    l.visitsRegistered = one(y.visitsRegistered)
    l.visitsDeliverToAnyManager = one(y.visitsDeliverToAnyManager)
    let raisedBy = word >> y.promptRaisedBy & (1 << y.promptBits - 1)
    if raisedBy != 0 { l.promptRaisedBy = ManagerID(UInt8(truncatingIfNeeded: raisedBy - 1)) }
    let held = UInt8(truncatingIfNeeded: word >> y.held & (1 << (y.managers - 1) - 1)) << 1
    l.monitoredRegions = UInt32(truncatingIfNeeded: word >> y.regions)
    return (l, held)
  }

  /// The catalogue's fields: the termination record, the sessions in creation order and their
  /// marks.
  @inline(__always)
  private func packSessions(_ m: AuthorizationState) -> UInt64 {
    let (held, inUse) = m.sessionsAtTermination.idBits
    var slots: UInt64 = 0
    var marks: UInt64 = 0
    var ids = m.sessions.idLanes
    var createdInUse = m.sessions.createdInUseLanes
    for slot in 0..<UInt64(m.sessions.count) {
      let index = ids & 0xFF
      slots |= (index &+ 1) &<< (3 &* slot)
      marks |= (createdInUse & 1) &<< index
      ids &>>= 8
      createdInUse &>>= 1
    }
    // Every field is already within its width, so none needs a mask.
    return held &<< shifts.held | inUse &<< shifts.inUse | slots &<< shifts.slots
      | marks &<< shifts.marks
  }

  public func unpack(_ word: UInt64) -> ExploredState {
    var m = blank
    m.fields = UInt32(truncatingIfNeeded: word & (1 << Self.promptShift - 1))
    let kind = word >> Self.promptShift & 7
    let upgradePromptAnswered = word >> (Self.promptShift + 3) & 1 != 0
    m.heldManagers = UInt8(truncatingIfNeeded: word >> (Self.promptShift + 4) & 1)
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
    if let legacy {
      let held: UInt8
      (m.legacy, held) = unpackLegacy(field(word, shifts.legacy, Self.legacyBits(legacy)))
      m.heldManagers |= held
    }
    return ExploredState(model: m, upgradePromptAnswered: upgradePromptAnswered)
  }

  /// The `width` bits of `word` from `shift` up.
  @inline(__always)
  private func field(_ word: UInt64, _ shift: UInt64, _ width: Int) -> UInt64 {
    width == 0 ? 0 : word >> shift & (UInt64.max >> UInt64(64 - width))
  }

  @inline(__always)
  private static func bit(_ flag: Bool) -> UInt64 { flag ? 1 : 0 }

  private func session(_ i: Int, createdInUse: Bool) -> HeldSession {
    HeldSession(
      id: SessionID(UInt8(i)), authorization: catalogue.entries[i].authorization,
      fullAccuracyPurposeKey: entryKeys[i], createdInUse: createdInUse)
  }
}
