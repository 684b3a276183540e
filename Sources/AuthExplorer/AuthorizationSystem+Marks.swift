import AuthModel

// The explorer's speed-up marks, filled by asking the model: which actions it refuses, and which
// Settings changes write only what is there. Nothing here decides a rule; each table is the
// model's own answer for every value of what it reads.

/// The actions among the first 64 that the model refuses, by what its refusal function reads
/// (``StepPreconditions``), for every value of those preconditions that a state can give.
///
/// The key packs the preconditions every step reads: where the app runs, the prompt pending, the
/// iterations, the background activity session, restrictions, whether the sessions are full and
/// whether the app is in use. Two tables answer for each key: one with the session or manager an
/// action names not held, one with it held; a state takes each action's bit from the table that
/// matches it. What R36 says of a background relaunch is left out of the key, as if nothing
/// forbade it: the relaunch is then marked only where R37 refuses it, and the model is asked
/// otherwise. So are the legacy services' own conditions (§8b: whether the manager updates,
/// pauses automatically, a registration or the region named): a step that reads them is marked
/// only where it is refused whatever they are (not running, the manager not held, a pause in
/// the foreground), and the model is asked otherwise. So every mark is a refusal of the
/// model's.
///
/// For the actions whose guards read nothing the key leaves out, for every key, the marks are
/// exact as well: an action of those left unmarked is one the model takes (``exact``).
struct RefusalMarks: Sendable {
  /// By key: the actions refused with the named session or manager not held, and held.
  private let refusedFree: [UInt64]
  private let refusedHeld: [UInt64]
  /// The actions among the first 64 whose guards, asked for every key with the named session
  /// or manager held and not, read only what the key holds: where the marks leave one of them
  /// unmarked, the model takes it.
  let exact: UInt64
  /// Per session id (its catalogue entry's index): its create and invalidate actions' bits.
  private let sessionActions: [UInt64]
  /// The bits of the actions that name manager 0: its creation and release, and every legacy
  /// call on it.
  private let managerActions: UInt64

  /// Bits of the key, lowest first.
  private static let keyWidth = 10

  /// - Parameter sessionsMayFill: whether the app may hold as many sessions as the model keeps
  ///   (more catalogue entries than that): then the guards' question whether it does is one the
  ///   key does not answer.
  init(actions: [AuthorizationEvent], configuration c: AppConfiguration, sessionsMayFill: Bool) {
    var sessionActions: [UInt64] = []
    var managerActions: UInt64 = 0
    for (index, action) in actions.enumerated().prefix(64) {
      let bit: UInt64 = 1 << UInt64(index)
      switch action {
      case .createSession(let id, _, _), .invalidateSession(let id):
        let id = Int(id.rawValue)
        while sessionActions.count <= id { sessionActions.append(0) }
        sessionActions[id] |= bit
      default:
        if let id = action.namedManager {
          precondition(id == ManagerID(0), "the explorer's actions name manager 0 only")
          managerActions |= bit
        }
      }
    }
    var free = [UInt64](repeating: 0, count: 1 << Self.keyWidth)
    var held = free
    let covered = min(actions.count, 64)
    var exact: UInt64 = covered == 64 ? .max : (1 << UInt64(covered)) - 1
    let reads = OutsideReads()
    for key in free.indices {
      guard var p = Self.preconditions(key, c) else { continue }
      for (index, action) in actions.enumerated().prefix(64) {
        for namedHeld in [false, true] {
          p.namedHeld = namedHeld
          reads.happened = false
          _ = KeyConditions(p, sessionsMayFill: sessionsMayFill, reads: reads).refusal(of: action)
          if reads.happened { exact &= ~(1 << UInt64(index)) }
        }
        p.namedHeld = false
        if Self.refusedWhateverLegacy(action, &p) { free[key] |= 1 << UInt64(index) }
        p.namedHeld = true
        if Self.refusedWhateverLegacy(action, &p) { held[key] |= 1 << UInt64(index) }
      }
    }
    refusedFree = free
    refusedHeld = held
    self.exact = exact
    self.sessionActions = sessionActions
    self.managerActions = managerActions
  }

  /// The actions the model refuses in `m`.
  @inline(__always)
  func refused(in m: AuthorizationState, _ c: AppConfiguration) -> UInt64 {
    var key: Int
    switch m.app {
    case .notRunning: key = 0
    case .foreground: key = 1
    case .background: key = 2
    }
    switch m.pendingPrompt {
    case nil: break
    case .whenInUse?: key |= 1 << 2
    case .alwaysUpgrade(let bySystem)?: key |= (bySystem ? 3 : 2) << 2
    case .temporaryFullAccuracy?: key |= 4 << 2
    }
    if m.iteratingLiveUpdates { key |= 1 << 5 }
    if m.iteratingMonitor { key |= 1 << 6 }
    if m.backgroundActivity != .none { key |= 1 << 7 }
    if m.restrictionsEnabled { key |= 1 << 8 }
    var quiet = Trace.off
    if m.isInUse(c, trace: &quiet) { key |= 1 << 9 }
    // The sessions are full only with more catalogue entries than the model holds; where they
    // are, the creations the full list refuses are left to the model.
    var named: UInt64 = m.heldManagers & 1 != 0 ? managerActions : 0
    var ids = m.sessions.idBits.held
    while ids != 0 {
      let id = ids.trailingZeroBitCount
      if id < sessionActions.count { named |= sessionActions[id] }
      ids &= ids &- 1
    }
    return refusedFree[key] & ~named | refusedHeld[key] & named
  }

  /// Whether the model refuses `action` with the preconditions `p` whatever the legacy
  /// services' own conditions, which the key leaves out, are: for the steps that read them,
  /// every value of them is tried (`p`'s are overwritten).
  private static func refusedWhateverLegacy(
    _ action: AuthorizationEvent, _ p: inout StepPreconditions
  ) -> Bool {
    switch action {
    case .startUpdatingLocation, .stopUpdatingLocation, .stopMonitoringSignificantLocationChanges,
      .stopMonitoringVisits, .stopMonitoring, .pauseUpdates:
      for values in 0..<16 {
        p.namedRuns = values & 1 != 0
        p.hasPausableUpdates = values & 2 != 0
        p.significantChangesRegistered = values & 4 != 0
        p.visitsRegistered = values & 8 != 0
        if p.refusal(of: action) == nil { return false }
      }
      return true
    default:
      return p.refusal(of: action) != nil
    }
  }

  /// The preconditions a key stands for, or `nil` for a key no state gives.
  private static func preconditions(_ key: Int, _ c: AppConfiguration) -> StepPreconditions? {
    var p = StepPreconditions()
    switch key & 3 {
    case 0: p.app = .notRunning
    case 1: p.app = .foreground
    case 2: p.app = .background
    default: return nil
    }
    switch key >> 2 & 7 {
    case 0: p.prompt = .none
    case 1: p.prompt = .whenInUse
    case 2: p.prompt = .alwaysUpgrade
    case 3:
      p.prompt = .alwaysUpgrade
      p.promptIsSystem = true
    case 4: p.prompt = .temporaryFullAccuracy
    default: return nil
    }
    p.iteratingLiveUpdates = key & 1 << 5 != 0
    p.iteratingMonitor = key & 1 << 6 != 0
    p.holdsBackgroundActivity = key & 1 << 7 != 0
    p.restrictionsEnabled = key & 1 << 8 != 0
    p.inUse = key & 1 << 9 != 0
    p.hasServiceSessions = c.hasServiceSessions
    p.defaultPrecise = c.defaultPrecise
    p.hasLocationBackgroundMode = c.hasLocationBackgroundMode
    p.mutation = c.mutation
    return p
  }
}

/// Whether the guards read something the refusal marks' key leaves out.
private final class OutsideReads {
  var happened = false
}

/// A key's preconditions as the guards read them, noting in `reads` every read of what the key
/// leaves out (which gives a value no state need have).
private struct KeyConditions: StepConditions {
  let p: StepPreconditions
  let sessionsMayFill: Bool
  let reads: OutsideReads

  init(_ p: StepPreconditions, sessionsMayFill: Bool, reads: OutsideReads) {
    self.p = p
    self.sessionsMayFill = sessionsMayFill
    self.reads = reads
  }

  private func outside<T>(_ value: T) -> T {
    reads.happened = true
    return value
  }

  var app: AppRunState { p.app }
  var prompt: Prompt { p.prompt }
  var promptIsSystem: Bool { p.promptIsSystem }
  var iteratingLiveUpdates: Bool { p.iteratingLiveUpdates }
  var iteratingMonitor: Bool { p.iteratingMonitor }
  var holdsBackgroundActivity: Bool { p.holdsBackgroundActivity }
  var restrictionsEnabled: Bool { p.restrictionsEnabled }
  var sessionsFull: Bool { sessionsMayFill ? outside(p.sessionsFull) : false }
  func holds(_ id: SessionID) -> Bool { p.holds(id) }
  func holds(_ id: ManagerID) -> Bool { p.holds(id) }
  var inUse: Bool { p.inUse }
  var relaunchBlocker: Refusal.RelaunchBlocker? { outside(p.relaunchBlocker) }
  var hasServiceSessions: Bool { p.hasServiceSessions }
  var defaultPrecise: Bool { p.defaultPrecise }
  var hasLocationBackgroundMode: Bool { p.hasLocationBackgroundMode }
  func updates(_ id: ManagerID) -> Bool { outside(p.updates(id)) }
  var hasPausableUpdates: Bool { outside(p.hasPausableUpdates) }
  var significantChangesRegistered: Bool { outside(p.significantChangesRegistered) }
  var visitsRegistered: Bool { outside(p.visitsRegistered) }
  func monitors(_ id: RegionID) -> Bool { outside(p.monitors(id)) }
  var mutation: ModelMutation? { p.mutation }
}

/// The Settings changes among the first 64 actions that write only what is there, for every
/// value of what a change in Settings reads and writes (``SettingsValues``), as
/// ``SettingsChange/write(to:defaultPrecise:)`` says. Valid with no prompt pending: any change
/// withdraws one (R38).
struct SettingsLoops: Sendable {
  /// By ``key(_:)``.
  private let unchangedByKey: [UInt64]

  init(_ changes: [(change: SettingsChange, bit: UInt64)], defaultPrecise: Bool) {
    var table = [UInt64](repeating: 0, count: 1 << 9)
    for key in table.indices {
      let values = Self.values(key)
      for (change, bit) in changes
      where change.writesNothingNew(to: values, defaultPrecise: defaultPrecise) {
        table[key] |= bit
      }
    }
    unchangedByKey = table
  }

  /// The changes that write only what `m` holds.
  @inline(__always)
  func unchanged(_ m: AuthorizationState) -> UInt64 {
    var key = Int(m.location.code)
    if m.allowOnce { key |= 1 << 2 }
    if m.provisionalAlways { key |= 1 << 3 }
    if m.temporaryFullAccuracy { key |= 1 << 4 }
    if m.alwaysPromptSpent { key |= 1 << 5 }
    if m.precise { key |= 1 << 6 }
    if m.locationServicesEnabled { key |= 1 << 7 }
    if m.restrictionsEnabled { key |= 1 << 8 }
    return unchangedByKey[key]
  }

  private static func values(_ key: Int) -> SettingsValues {
    SettingsValues(
      location: LocationSetting.allCases.first { Int($0.code) == key & 3 } ?? .askNextTime,
      allowOnce: key & 1 << 2 != 0, provisionalAlways: key & 1 << 3 != 0,
      temporaryFullAccuracy: key & 1 << 4 != 0, alwaysPromptSpent: key & 1 << 5 != 0,
      precise: key & 1 << 6 != 0, locationServicesEnabled: key & 1 << 7 != 0,
      restrictionsEnabled: key & 1 << 8 != 0)
  }
}
