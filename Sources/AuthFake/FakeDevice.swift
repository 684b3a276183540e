import AuthModel
import LocationSeam

#if canImport(Darwin) && canImport(CoreLocation)
  import CoreLocation
#endif

/// A simulated iPhone for one app, which a test owns and drives as the user and the system,
/// while the app's code under test holds the Core Location–shaped objects made from it
/// (``FakeLocationManager``, ``FakeServiceSession``).
///
/// Everything is decided by the authorization model (docs/RULES.md): what the manager reports,
/// when its delegate is called (R41), what a session's diagnostics say (R24–R32). A step iOS
/// would never allow — a tap with no prompt up, Settings while the app is in the foreground —
/// throws a ``Refusal`` citing the rule (R42), and changes nothing.
///
/// ```swift
/// let device = FakeDevice(configuration: AppConfiguration(ios: .ios18, infoPlist: plist))
/// try device.launch()
/// let manager = FakeLocationManager(device: device)
/// manager.delegate = viewModel
/// manager.requestWhenInUseAuthorization()
/// try device.tap(.allowWhileUsing, precise: false)
/// ```
///
/// Delegate calls and diagnostics are delivered at once, on the main actor, after the step that
/// caused them, so a test reads their effect on the next line.
@MainActor
public final class FakeDevice {
  /// The model's story so far: its state, values and explanations. Reading it first releases
  /// what the app's code dropped (the last reference to a manager, a session or a background
  /// activity session gone), as Core Location does at once.
  public var simulator: AuthorizationSimulator {
    if releaseDropped() { deliver() }
    return story
  }
  /// What the app's code asked for that the model refused, oldest first: a call made while the
  /// app does not run, a manager past the eighth (R41), a call on an object of the app before
  /// it was terminated. App code can't see these as errors, since Core Location's calls don't
  /// throw; a test can assert this stays empty.
  ///
  /// It keeps the last ``refusedAppCallLimit`` refusals; ``droppedRefusedAppCalls`` counts the
  /// older ones it no longer holds.
  public private(set) var refusedAppCalls: [Refusal] = []
  /// How many refusals ``refusedAppCalls`` dropped, oldest first, to keep its last
  /// ``refusedAppCallLimit``.
  public private(set) var droppedRefusedAppCalls = 0
  /// The most refusals ``refusedAppCalls`` keeps: 1,000.
  public static let refusedAppCallLimit = 1_000
  /// The most values a stream of the fake buffers for a reader that does not keep up: 100.
  /// Like `AsyncStream`'s `.bufferingNewest(100)`, a new value beyond them drops the oldest
  /// one not yet read.
  public static let streamBufferLimit = 100

  /// The story itself; ``simulator`` is this, once dropped objects are released.
  private(set) var story: AuthorizationSimulator
  /// The managers of the running app, held or not by its code, in the order it made them.
  private(set) var managers: [Weak<FakeLocationManager>] = []
  private var sessions: [Weak<FakeServiceSession>] = []
  private var backgroundActivity: Weak<FakeBackgroundActivitySession>?
  private var fullAccuracyCompletions: [@MainActor (Refusal?) -> Void] = []
  /// The streams published to after every step, until they finish.
  private(set) var streams: [any DeviceStream] = []
  /// The conditions of each monitor, by the monitor's name: Core Location keeps them across
  /// launches (``FakeMonitor``).
  var monitorConditions: [String: MonitorConditions] = [:]
  /// Every manager and session the app's code made that still lives, held or not, by name.
  private var named: [Weak<AnyObject>] = []
  /// The regions the app's code passed to `startMonitoring(for:)`, by identifier: the model
  /// names at most 32 (R49).
  private var regions: [String: CLRegion] = [:]

  /// A device with the app installed, not running, and what iOS remembers from before.
  public init(configuration: AppConfiguration, start: StartingState = StartingState()) {
    story = AuthorizationSimulator(configuration: configuration, start: start)
  }

  // MARK: The user and the system

  /// The user launches the app into the foreground.
  public func launch() throws(Refusal) { try step { s throws(Refusal) in try s.launch() } }
  /// Core Location relaunches the terminated app into the background (R36).
  public func relaunchInBackground() throws(Refusal) {
    try step { s throws(Refusal) in try s.relaunchInBackground() }
  }
  /// The app leaves the foreground.
  public func enterBackground() throws(Refusal) {
    try step { s throws(Refusal) in try s.enterBackground() }
  }
  /// The app returns to the foreground.
  public func enterForeground() throws(Refusal) {
    try step { s throws(Refusal) in try s.enterForeground() }
  }
  /// Time passes: grace periods end, temporary grants of an app not in use lapse (R12).
  public func wait() throws(Refusal) { try step { s throws(Refusal) in try s.wait() } }
  /// iOS terminates the app: its managers and sessions are gone, their streams finish (R37).
  ///
  /// The objects the app's code made stay objects, but of an app that is gone: a call on one
  /// after this is refused (``refusedAppCalls``), and a new one made after ``launch()`` is
  /// the app's. The completion of a temporary full accuracy request whose prompt is up gets
  /// a refusal (R6: termination withdraws the prompt), never a grant.
  ///
  /// With `byUser`, the user swipes the app away in the app switcher (R50).
  public func terminate(byUser: Bool = false) throws(Refusal) {
    releaseDropped()
    _ = try story.terminate(byUser: byUser)
    for manager in managers { manager.object?.stale = .terminated }
    managers.removeAll()
    for session in sessions { session.object?.end(stale: .terminated) }
    sessions.removeAll()
    backgroundActivity?.object?.end(stale: .terminated)
    backgroundActivity = nil
    for stream in streams { stream.finish() }
    streams.removeAll()
    let completions = fullAccuracyCompletions
    fullAccuracyCompletions = []
    for completion in completions { completion(Refusal.fullAccuracyPromptWithdrawn) }
    deliver()
  }
  /// The user taps `button` on the prompt on screen; `precise` sets the Precise toggle of the
  /// when-in-use prompt (R9–R11).
  public func tap(_ button: PromptButton, precise: Bool? = nil) throws(Refusal) {
    try step { s throws(Refusal) in try s.tap(button, precise: precise) }
  }
  /// The user changes Settings (R38).
  public func changeSettings(_ change: SettingsChange) throws(Refusal) {
    try step { s throws(Refusal) in try s.changeSettings(change) }
  }
  /// Core Location has an event for the app that needs Always while it is not in use (R14).
  public func backgroundEvent() throws(Refusal) {
    try step { s throws(Refusal) in try s.backgroundEvent() }
  }

  /// Core Location pauses the updates of every manager whose
  /// `pausesLocationUpdatesAutomatically` is true: each one's delegate gets
  /// `locationManagerDidPauseLocationUpdates` (R46).
  public func pauseUpdates() throws(Refusal) {
    try step { s throws(Refusal) in try s.pauseUpdates() }
  }

  /// The prompt on screen, or waiting for the app to come to the foreground (R6).
  public var prompt: Prompt { simulator.prompt }

  /// The rules behind a value now, with their causes.
  public func explanation(of observable: AuthorizationSimulator.Observable) -> [Citation] {
    simulator.explanation(of: observable)
  }

  // MARK: For the app-facing objects

  /// A step of the user or the system: applied, then its effects delivered.
  private func step(
    _ body: (inout AuthorizationSimulator) throws(Refusal) -> [Citation]
  ) throws(Refusal) {
    releaseDropped()
    _ = try body(&story)
    deliver()
  }

  /// A call of the app's code: applied and its effects delivered, or its refusal kept.
  @discardableResult
  func appCall(_ body: (inout AuthorizationSimulator) throws(Refusal) -> [Citation]) -> Refusal? {
    releaseDropped()
    do throws(Refusal) {
      _ = try body(&story)
    } catch {
      refuse(error)
      return error
    }
    deliver()
    return nil
  }

  /// Keeps `refusal` in ``refusedAppCalls``, dropping the oldest beyond the limit.
  func refuse(_ refusal: Refusal) {
    if refusedAppCalls.count == Self.refusedAppCallLimit {
      refusedAppCalls.removeFirst()
      droppedRefusedAppCalls += 1
    }
    refusedAppCalls.append(refusal)
  }

  /// A name for a manager or session the app's code creates: `manager 1`, `session 2`, the
  /// lowest number no living object of its kind has. Names are reused once their object is
  /// gone, so a long test names a bounded number of managers and sessions (the model names at
  /// most 255 sessions in a story).
  func nextName(_ kind: String) -> String {
    releaseDropped()
    named.removeAll { $0.object == nil }
    let taken = Set(named.map(\.name))
    let number = (1...).first { !taken.contains("\(kind) \($0)") }!
    return "\(kind) \(number)"
  }

  /// Keeps `object`'s name taken while it lives.
  func name(_ object: AnyObject, _ name: String) { named.append(Weak(object, name: name)) }

  func register(_ manager: FakeLocationManager) {
    managers.append(Weak(manager, name: manager.name))
  }

  func register(_ session: FakeServiceSession) {
    sessions.append(Weak(session, name: session.name))
  }

  func forget(_ session: FakeServiceSession) {
    sessions.removeAll { $0.object === session }
  }

  func register(_ activity: FakeBackgroundActivitySession) { backgroundActivity = Weak(activity) }

  func forget(_ activity: FakeBackgroundActivitySession) {
    if backgroundActivity?.object === activity { backgroundActivity = nil }
  }

  /// Keeps a stream of the model's values, published after every step until it finishes (its
  /// reader gone, or termination).
  func addStream(_ stream: any DeviceStream) { streams.append(stream) }

  /// Keeps `region` as the object of its identifier, for ``region(_:)``.
  func keep(_ region: CLRegion) {
    if regions[region.identifier] == nil && regions.count >= LegacyServices.maximumRegionIDs {
      return
    }
    regions[region.identifier] = region
  }

  /// The region of `identifier`: the object the app's code last passed to
  /// `startMonitoring(for:)` with it; for a region of the ``StartingState``, which the app
  /// registered before the story begins, a `CLCircularRegion` of that identifier at latitude
  /// and longitude 0, with a radius of 100 m.
  public func region(_ identifier: String) -> CLRegion {
    regions[identifier]
      ?? CLCircularRegion(
        center: CLLocationCoordinate2D(latitude: 0, longitude: 0), radius: 100,
        identifier: identifier)
  }

  func awaitFullAccuracyAnswer(_ completion: @escaping @MainActor (Refusal?) -> Void) {
    fullAccuracyCompletions.append(completion)
  }

  /// Releases the managers and sessions the app's code no longer holds (R21, R41), and
  /// invalidates a dropped background activity session (R35): what Core Location does when the
  /// last reference goes. Returns whether it released anything.
  @discardableResult
  private func releaseDropped() -> Bool {
    var released = false
    for entry in managers where entry.object == nil {
      _ = try? story.releaseManager(entry.name)
      released = true
    }
    managers.removeAll { $0.object == nil }
    for entry in sessions where entry.object == nil {
      _ = try? story.invalidateSession(entry.name)
      released = true
    }
    sessions.removeAll { $0.object == nil }
    if let activity = backgroundActivity, activity.object == nil {
      backgroundActivity = nil
      _ = try? story.backgroundActivity(held: false)
      released = true
    }
    return released
  }

  /// Delivers what the last step caused: each delegate's calls (R41), each session's new
  /// diagnostics, and the completions of an answered full-accuracy prompt.
  func deliver() {
    for entry in managers {
      guard let manager = entry.object else { continue }
      manager.receive(story.takeLocationManagerDidChangeAuthorization(of: entry.name) ?? [])
    }
    for entry in sessions { entry.object?.publish() }
    streams.removeAll { $0.finished }
    for stream in streams { stream.publish() }
    if story.prompt != .temporaryFullAccuracy && !fullAccuracyCompletions.isEmpty {
      let completions = fullAccuracyCompletions
      fullAccuracyCompletions = []
      for completion in completions { completion(nil) }
    }
  }

  /// How many entries the device and its objects keep now, for tests of the bounds: delegate
  /// call lists and their calls, refusals, streams, awaited completions, manager and session
  /// names (the model's and the device's).
  var retainedEntries: RetainedEntries {
    RetainedEntries(
      delegateCalls: story.delegateCalls.values.reduce(story.delegateCalls.count) { $0 + $1.count },
      refusedAppCalls: refusedAppCalls.count, streams: streams.count,
      sessionContinuations: sessions.reduce(0) { $0 + ($1.object?.continuationCount ?? 0) },
      fullAccuracyCompletions: fullAccuracyCompletions.count,
      names: story.names.sessions.count + story.names.managers.count + named.count)
  }
}

/// The entries a ``FakeDevice`` keeps, counted.
struct RetainedEntries: Equatable {
  var delegateCalls, refusedAppCalls, streams, sessionContinuations, fullAccuracyCompletions,
    names: Int
}

/// A stream the device publishes to after every step.
@MainActor
protocol DeviceStream: AnyObject {
  /// Whether it has ended: the device forgets it.
  var finished: Bool { get }
  /// Yields the value now if it changed.
  func publish()
  /// Ends it.
  func finish()
}

/// A reference that does not keep its object alive, with the name the story gives it.
struct Weak<Object: AnyObject> {
  weak var object: Object?
  let name: String
  init(_ object: Object, name: String = "") {
    self.object = object
    self.name = name
  }
}
