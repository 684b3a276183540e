import AuthModel

/// What a ``FakeLocationManager`` calls, as `CLLocationManagerDelegate` does.
@MainActor
public protocol FakeLocationManagerDelegate: AnyObject {
  /// The manager's authorization status or accuracy changed, or the manager was just created
  /// (R41).
  func locationManagerDidChangeAuthorization(_ manager: FakeLocationManager)
}

/// A `CLLocationManager` backed by a ``FakeDevice``: what it reports and when its delegate is
/// called are the model's (R41).
///
/// Its delegate is called once after it is created (when the delegate is set), after every
/// step that changes the authorization status or the accuracy, never after one that changes
/// neither (Keep Only While Using, a request with no effect), and never while the app is not
/// running. Each manager gets its own calls; a change while it has no delegate calls nobody,
/// as Core Location's does. Releasing the last reference releases the manager.
///
/// A manager made while the app was not running, or before a termination, belongs to no
/// running app: it reads the values now, its delegate is never called, and its requests are
/// refused (R41: "this manager belongs to the app before it was terminated; make a new one
/// after launch()"), kept in ``FakeDevice/refusedAppCalls``.
@MainActor
public final class FakeLocationManager {
  /// The name the device's story gives this manager: `manager 1`, the lowest number free when
  /// it was made.
  public let name: String
  private let device: FakeDevice
  /// Why this object belongs to no running app, if it does not: its calls are refused.
  var stale: Refusal.StaleSince?
  /// Whether the delegate is owed the call of the manager's creation (R41).
  private var creationCallOwed = true

  /// The delegate; setting it delivers the call of the manager's creation, if not yet made.
  public weak var delegate: (any FakeLocationManagerDelegate)? {
    didSet { device.deliver() }
  }

  /// Creates a manager in the app running on `device` (R41). Created while the app does not
  /// run, or past the eighth manager held, it is refused: see ``FakeDevice/refusedAppCalls``.
  public init(device: FakeDevice) {
    self.device = device
    name = device.nextName("manager")
    device.name(self, name)
    let refusal = device.appCall { s throws(Refusal) in try s.createManager(name) }
    if refusal == nil {
      device.register(self)
    } else if refusal?.reason == .appNotRunning {
      stale = .madeWhileNotRunning
    }
  }

  /// Calls the delegate for `calls` steps the model delivered to this manager; with no
  /// delegate they go nowhere, but the call of its creation waits for one.
  func receive(_ calls: Int) {
    guard let delegate else { return }
    let count = creationCallOwed ? max(calls, 1) : calls
    creationCallOwed = false
    for _ in 0..<count { delegate.locationManagerDidChangeAuthorization(self) }
  }

  /// Applies a call of the app's code, or refuses it if this manager belongs to no running
  /// app. Returns the refusal.
  @discardableResult
  private func call(
    _ body: (inout AuthorizationSimulator) throws(Refusal) -> [Citation]
  ) -> Refusal? {
    if let stale {
      let refusal = Refusal.stale(.manager, since: stale)
      device.refuse(refusal)
      return refusal
    }
    return device.appCall(body)
  }

  /// `CLLocationManager.authorizationStatus`.
  public var authorizationStatus: AuthorizationStatus { device.simulator.authorizationStatus }

  /// `CLLocationManager.accuracyAuthorization`.
  public var accuracyAuthorization: AccuracyAuthorization {
    device.simulator.accuracyAuthorization
  }

  /// `requestWhenInUseAuthorization()` (R13).
  public func requestWhenInUseAuthorization() {
    call { s throws(Refusal) in try s.requestWhenInUseAuthorization() }
  }

  /// `requestAlwaysAuthorization()` (R14, R15).
  public func requestAlwaysAuthorization() {
    call { s throws(Refusal) in try s.requestAlwaysAuthorization() }
  }

  /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)` (R16): the
  /// completion runs once the user answers the prompt it shows, or at once if it shows none;
  /// its argument is the refusal when the app could not make the call, or when the app was
  /// terminated before the user answered (R6: termination withdraws the prompt, and nothing is
  /// granted).
  public func requestTemporaryFullAccuracyAuthorization(
    withPurposeKey purposeKey: String,
    completion: (@MainActor (Refusal?) -> Void)? = nil
  ) {
    let refusal = call { s throws(Refusal) in
      try s.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey)
    }
    if refusal == nil && device.story.requestResult == .prompted {
      device.awaitFullAccuracyAnswer(completion ?? { _ in })
    } else {
      completion?(refusal)
    }
  }

  /// The async form: returns once the user answered the prompt, or at once if none shows.
  ///
  /// - Throws: the ``Refusal`` when the app could not make the call, or when the app was
  ///   terminated before the user answered (R6).
  public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String)
    async throws(Refusal)
  {
    let refusal: Refusal? = await withCheckedContinuation { continuation in
      requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) {
        continuation.resume(returning: $0)
      }
    }
    if let refusal { throw refusal }
  }
}
