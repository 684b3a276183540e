import AuthModel
import LocationSeam

/// A `CLServiceSession` backed by a ``FakeDevice`` (R17–R21): held from creation until
/// ``invalidate()``, the last reference going, or the app's termination.
@MainActor
public final class FakeServiceSession {
  /// `CLServiceSession.Diagnostic`: what the session's diagnostics say, Apple's property names
  /// as `Bool`s (R24–R32).
  public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The flags set.
    public let flags: DiagnosticFlags

    /// The diagnostic with the flags set.
    public init(_ flags: DiagnosticFlags) { self.flags = flags }

    /// The app is denied: Never, or Ask Next Time answered with Don't Allow (R25).
    public var authorizationDenied: Bool { flags.contains(.authorizationDenied) }
    /// Location Services are off for the whole device (R24).
    public var authorizationDeniedGlobally: Bool { flags.contains(.authorizationDeniedGlobally) }
    /// Parental controls or a device profile restrict location (R26).
    public var authorizationRestricted: Bool { flags.contains(.authorizationRestricted) }
    /// A prompt for this app is up or waiting for the foreground (R27).
    public var authorizationRequestInProgress: Bool {
      flags.contains(.authorizationRequestInProgress)
    }
    /// The app is not in use enough for what the session asks (R28).
    public var insufficientlyInUse: Bool { flags.contains(.insufficientlyInUse) }
    /// The app must hold a session to get location (R29).
    public var serviceSessionRequired: Bool { flags.contains(.serviceSessionRequired) }
    /// The session asks for Always and the user kept While Using (R30).
    public var alwaysAuthorizationDenied: Bool { flags.contains(.alwaysAuthorizationDenied) }
    /// The session names a purpose key and accuracy is reduced (R31).
    public var fullAccuracyDenied: Bool { flags.contains(.fullAccuracyDenied) }
    /// Accuracy is reduced for the app (R32).
    public var accuracyLimited: Bool { flags.contains(.accuracyLimited) }

    /// The flags set, as a list of Apple's names: `[authorizationRequestInProgress]`.
    public var description: String { flags.list }
  }

  /// The name the device's story gives this CLServiceSession: `session 1`, the lowest number
  /// free when it was made.
  public let name: String
  private let device: FakeDevice
  /// The streams of ``diagnostics`` being read, by number, as what yields a value to one and
  /// what finishes it; a stream leaves when its reader drops it.
  private var continuations: [Int: (yield: (Diagnostic) -> Void, finish: () -> Void)] = [:]
  private var streamsMade = 0
  private var last: Diagnostic?
  private var ended = false
  /// Why this object belongs to no running app, if it does not: its calls are refused.
  private var stale: Refusal.StaleSince?

  /// `CLServiceSession(authorization:fullAccuracyPurposeKey:)` in the app running on `device`.
  /// Refused (the app is not running, iOS 17, R17, R39), it holds nothing and its diagnostics
  /// finish at once: see ``FakeDevice/refusedAppCalls``.
  public init(
    device: FakeDevice, authorization: AuthorizationRequirement,
    fullAccuracyPurposeKey: String? = nil
  ) {
    self.device = device
    name = device.nextName("session")
    device.name(self, name)
    let refusal = device.appCall { s throws(Refusal) in
      try s.createSession(
        name, authorization: authorization, fullAccuracyPurposeKey: fullAccuracyPurposeKey)
    }
    if refusal == nil {
      device.register(self)
    } else {
      ended = true
      if refusal?.reason == .appNotRunning { stale = .madeWhileNotRunning }
    }
    last = current
  }

  /// The session's diagnostic now, `nil` once it is no longer held.
  public var current: Diagnostic? {
    guard !ended, let flags = device.story.diagnostics(forSession: name) else { return nil }
    return Diagnostic(flags)
  }

  /// `CLServiceSession.diagnostics`: the diagnostic now, then each time it changes; finishes
  /// when the session is invalidated, released or the app terminates. A reader that falls
  /// behind gets the newest ``FakeDevice/streamBufferLimit`` values, as with
  /// `.bufferingNewest(_:)`.
  public var diagnostics: AsyncStream<Diagnostic> { stream { $0 } }

  /// A stream of ``diagnostics``, each value transformed.
  func stream<Element: Sendable>(
    _ transform: @escaping (Diagnostic) -> Element
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream(
      bufferingPolicy: .bufferingNewest(FakeDevice.streamBufferLimit))
    guard let current else {
      continuation.finish()
      return stream
    }
    continuation.yield(transform(current))
    streamsMade += 1
    let number = streamsMade
    continuations[number] = (
      yield: { continuation.yield(transform($0)) }, finish: { continuation.finish() }
    )
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.continuations[number] = nil }
    }
    return stream
  }

  /// `invalidate()` (R21): the session ends at once. On a session of the app before it was
  /// terminated, or made while the app was not running, it is refused (R21), see
  /// ``FakeDevice/refusedAppCalls``.
  public func invalidate() {
    if let stale { return device.refuse(Refusal.stale(.serviceSession, since: stale)) }
    guard !ended else { return }
    device.appCall { s throws(Refusal) in try s.invalidateSession(name) }
    device.forget(self)
    finish()
  }

  /// Yields the diagnostic if it changed.
  func publish() {
    guard let now = current else { return finish() }
    guard now != last else { return }
    last = now
    for continuation in continuations.values { continuation.yield(now) }
  }

  /// Ends the session, which belongs to no running app from now on (`stale`).
  func end(stale: Refusal.StaleSince) {
    self.stale = stale
    finish()
  }

  /// Ends the session's streams.
  func finish() {
    ended = true
    let ending = continuations.values
    continuations = [:]
    for continuation in ending { continuation.finish() }
  }

  /// How many ``diagnostics`` streams are being read.
  var continuationCount: Int { continuations.count }
}

extension ServiceSessionDiagnostic {
  /// The diagnostic a session of the fake says, in `CLServiceSession.Diagnostic`'s eight
  /// properties (Core Location's has no `accuracyLimited`).
  public init(_ diagnostic: FakeServiceSession.Diagnostic) {
    self.init(
      alwaysAuthorizationDenied: diagnostic.alwaysAuthorizationDenied,
      authorizationDenied: diagnostic.authorizationDenied,
      authorizationDeniedGlobally: diagnostic.authorizationDeniedGlobally,
      authorizationRequestInProgress: diagnostic.authorizationRequestInProgress,
      authorizationRestricted: diagnostic.authorizationRestricted,
      fullAccuracyDenied: diagnostic.fullAccuracyDenied,
      insufficientlyInUse: diagnostic.insufficientlyInUse,
      serviceSessionRequired: diagnostic.serviceSessionRequired)
  }
}

/// A ``FakeServiceSession`` as the seam's `LocationServiceSession`, which
/// ``FakeDevice/serviceSession(authorization:fullAccuracyPurposeKey:)`` gives the app's code:
/// holds the session, whose release (R21) follows this object's.
@MainActor
final class FakeLocationServiceSession: LocationServiceSession {
  let session: FakeServiceSession
  init(_ session: FakeServiceSession) { self.session = session }
  var diagnostics: AsyncStream<ServiceSessionDiagnostic> {
    session.stream(ServiceSessionDiagnostic.init)
  }
  func invalidate() { session.invalidate() }
}
