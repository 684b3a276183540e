import AuthModel

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
  /// what the app's code dropped (the last reference to a manager or session gone), as Core
  /// Location does at once.
  public var simulator: AuthorizationSimulator {
    if releaseDropped() { deliver() }
    return story
  }
  /// What the app's code asked for that the model refused, oldest first: a call made while the
  /// app does not run, a manager past the eighth (R41), a call on an object of the app before
  /// it was terminated. App code can't see these as errors, since Core Location's calls don't
  /// throw; a test can assert this stays empty.
  public private(set) var refusedAppCalls: [Refusal] = []

  /// The story itself; ``simulator`` is this, once dropped objects are released.
  private(set) var story: AuthorizationSimulator
  private var managers: [(name: String, manager: Weak<FakeLocationManager>)] = []
  private var sessions: [(name: String, session: Weak<FakeServiceSession>)] = []
  private var backgroundActivity: Weak<FakeBackgroundActivitySession>?
  private var fullAccuracyCompletions: [@MainActor (Refusal?) -> Void] = []
  private var streams: [(publish: @MainActor () -> Void, finish: @MainActor () -> Void)] = []
  private var created = 0

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
  public func terminate() throws(Refusal) {
    releaseDropped()
    _ = try story.terminate()
    for entry in managers { entry.manager.object?.stale = .terminated }
    managers.removeAll()
    for entry in sessions { entry.session.object?.end(stale: .terminated) }
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

  /// Keeps `refusal` in ``refusedAppCalls``.
  func refuse(_ refusal: Refusal) { refusedAppCalls.append(refusal) }

  /// A fresh name for a manager or session the app's code creates.
  func nextName(_ kind: String) -> String {
    created += 1
    return "\(kind) \(created)"
  }

  func register(_ manager: FakeLocationManager) {
    managers.append((manager.name, Weak(manager)))
  }

  func register(_ session: FakeServiceSession) {
    sessions.append((session.name, Weak(session)))
  }

  func forget(_ session: FakeServiceSession) {
    sessions.removeAll { $0.name == session.name }
  }

  func register(_ activity: FakeBackgroundActivitySession) { backgroundActivity = Weak(activity) }

  func forget(_ activity: FakeBackgroundActivitySession) {
    if backgroundActivity?.object === activity { backgroundActivity = nil }
  }

  /// Keeps a stream of the model's values, published after every step, finished at
  /// termination.
  func addStream(
    _ publish: @escaping @MainActor () -> Void, _ finish: @escaping @MainActor () -> Void
  ) {
    streams.append((publish, finish))
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
    for entry in managers where entry.manager.object == nil {
      _ = try? story.releaseManager(entry.name)
      released = true
    }
    managers.removeAll { $0.manager.object == nil }
    for entry in sessions where entry.session.object == nil {
      _ = try? story.invalidateSession(entry.name)
      released = true
    }
    sessions.removeAll { $0.session.object == nil }
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
      guard let manager = entry.manager.object, let delegate = manager.delegate else { continue }
      let calls = story.takeLocationManagerDidChangeAuthorization(of: entry.name) ?? []
      for _ in calls { delegate.locationManagerDidChangeAuthorization(manager) }
    }
    for entry in sessions { entry.session.object?.publish() }
    for stream in streams { stream.publish() }
    if story.prompt != .temporaryFullAccuracy && !fullAccuracyCompletions.isEmpty {
      let completions = fullAccuracyCompletions
      fullAccuracyCompletions = []
      for completion in completions { completion(nil) }
    }
  }
}

/// A reference that does not keep its object alive.
struct Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
