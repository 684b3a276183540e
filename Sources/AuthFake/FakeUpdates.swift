import AuthModel
import LocationSeam

#if canImport(Darwin) && canImport(CoreLocation)
  import CoreLocation
#endif

/// One element of `CLLocationUpdate.liveUpdates()`: whether a fix arrives and how precise, with
/// the iOS 18 flags of the update (R24–R33).
public struct FakeLocationUpdate: Hashable, Sendable, CustomStringConvertible {
  /// What the update carries: a fix at full accuracy, a reduced one, or none (R33).
  public let fix: LiveUpdatesDelivery
  /// The flags set.
  public let flags: DiagnosticFlags

  /// The update with `fix` and the flags set.
  public init(fix: LiveUpdatesDelivery, _ flags: DiagnosticFlags) {
    self.fix = fix
    self.flags = flags
  }

  /// Location Services are off for the whole device (R24).
  public var authorizationDeniedGlobally: Bool { flags.contains(.authorizationDeniedGlobally) }
  /// The app is denied (R25).
  public var authorizationDenied: Bool { flags.contains(.authorizationDenied) }
  /// Parental controls or a device profile restrict location (R26).
  public var authorizationRestricted: Bool { flags.contains(.authorizationRestricted) }
  /// A prompt for this app is up or waiting for the foreground (R27).
  public var authorizationRequestInProgress: Bool {
    flags.contains(.authorizationRequestInProgress)
  }
  /// The app is not in use enough to get updates (R28).
  public var insufficientlyInUse: Bool { flags.contains(.insufficientlyInUse) }
  /// The app must hold a session to get updates (R29).
  public var serviceSessionRequired: Bool { flags.contains(.serviceSessionRequired) }
  /// Accuracy is reduced for the app (R32).
  public var accuracyLimited: Bool { flags.contains(.accuracyLimited) }

  /// `reduced [accuracyLimited]`: the fix, then the flags set.
  public var description: String { "\(fix.rawValue) \(flags.list)" }
}

extension DiagnosticFlags {
  /// The flags set as a list of Apple's names, in Core Location's order: `[a, b]`.
  var list: String { "[" + map(\.rawValue).joined(separator: ", ") + "]" }
}

/// One element of `CLMonitor.events` as far as authorization goes: whether events are
/// delivered, with the flags of the monitor's diagnostics (R24–R29, R34).
public struct FakeMonitorEvent: Hashable, Sendable {
  /// Whether the monitor's events reach the app now (R34).
  public var delivered: Bool
  /// The flags of the monitor's diagnostics.
  public var flags: DiagnosticFlags

  /// The event state with these values.
  public init(delivered: Bool, flags: DiagnosticFlags) {
    self.delivered = delivered
    self.flags = flags
  }
}

/// A stream of a value the model decides, yielded now and on every change, as `Element`.
@MainActor
final class ModelStream<Value: Equatable & Sendable, Element: Sendable>: DeviceStream {
  private let continuation: AsyncStream<Element>.Continuation
  private let read: @MainActor () -> Value?
  private let transform: @MainActor (Value) -> Element
  private var last: Value?
  private(set) var finished = false

  init(
    _ continuation: AsyncStream<Element>.Continuation, read: @escaping @MainActor () -> Value?,
    transform: @escaping @MainActor (Value) -> Element
  ) {
    self.continuation = continuation
    self.read = read
    self.transform = transform
    last = read()
    if let last { continuation.yield(transform(last)) } else { finish() }
  }

  /// Yields the value if it changed; finishes when there is none any more.
  func publish() {
    guard !finished else { return }
    guard let now = read() else { return finish() }
    guard now != last else { return }
    last = now
    continuation.yield(transform(now))
  }

  func finish() {
    guard !finished else { return }
    finished = true
    continuation.finish()
  }
}

extension FakeDevice {
  /// `CLLocationUpdate.liveUpdates()` in the app's code: starts iterating live updates (R33)
  /// and yields what they deliver now and at each change. Stopping the iteration (leaving the
  /// loop) stops them at the next turn of the main actor; termination finishes the stream.
  /// Refused (the app is not running, or already iterates), it finishes at once: see
  /// ``refusedAppCalls``. A reader that falls behind gets the newest ``streamBufferLimit``
  /// values, as with `.bufferingNewest(_:)`.
  public func liveUpdates() -> AsyncStream<FakeLocationUpdate> {
    liveUpdates { $0 }
  }

  /// ``liveUpdates()`` with each update transformed.
  func liveUpdates<Element: Sendable>(
    _ transform: @escaping @MainActor (FakeLocationUpdate) -> Element
  ) -> AsyncStream<Element> {
    iteration(
      start: { s throws(Refusal) in try s.liveUpdates(iterating: true) },
      stop: { s throws(Refusal) in try s.liveUpdates(iterating: false) },
      read: { simulator in
        guard simulator.state.iteratingLiveUpdates else { return nil }
        return FakeLocationUpdate(
          fix: simulator.liveUpdatesDelivery, simulator.diagnostics(for: .liveUpdates) ?? [])
      }, transform: transform)
  }

  /// `CLMonitor.events` in the app's code: starts iterating monitor events (R34) and yields
  /// whether they are delivered, now and at each change. Like ``liveUpdates()`` otherwise.
  public func monitorEvents() -> AsyncStream<FakeMonitorEvent> {
    iteration(
      start: { s throws(Refusal) in try s.monitor(iterating: true) },
      stop: { s throws(Refusal) in try s.monitor(iterating: false) },
      read: { simulator in
        guard simulator.state.iteratingMonitor else { return nil }
        return FakeMonitorEvent(
          delivered: simulator.monitorEvents == .delivered,
          flags: simulator.diagnostics(for: .monitor) ?? [])
      }, transform: { $0 })
  }

  /// An iteration of the app's code: `start` when the stream is made, `stop` when the loop
  /// ends, and `read`'s value now and at each change until it is `nil` or the app terminates.
  private func iteration<Value: Equatable & Sendable, Element: Sendable>(
    start: (inout AuthorizationSimulator) throws(Refusal) -> [Citation],
    stop: @escaping @MainActor (inout AuthorizationSimulator) throws(Refusal) -> [Citation],
    read: @escaping @MainActor (AuthorizationSimulator) -> Value?,
    transform: @escaping @MainActor (Value) -> Element
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream(
      bufferingPolicy: .bufferingNewest(Self.streamBufferLimit))
    guard appCall(start) == nil else {
      continuation.finish()
      return stream
    }
    let values = ModelStream(
      continuation, read: { [unowned self] in read(story) }, transform: transform)
    addStream(values)
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in
        guard let self, !values.finished else { return }
        values.finish()
        self.appCall(stop)
      }
    }
    return stream
  }
}

extension LiveLocationUpdate {
  /// An update of the fake's live updates in `CLLocationUpdate`'s properties. The model decides
  /// whether a fix comes, not where the device is: a fix (full or reduced, R33) is a location at
  /// latitude and longitude 0, with `accuracyLimited` telling a reduced one; no fix is no
  /// location, with `locationUnavailable` only when no flag says why.
  public init(_ update: FakeLocationUpdate) {
    self.init(
      location: update.fix == .none ? nil : CLLocation(latitude: 0, longitude: 0),
      authorizationDenied: update.authorizationDenied,
      authorizationDeniedGlobally: update.authorizationDeniedGlobally,
      authorizationRestricted: update.authorizationRestricted,
      authorizationRequestInProgress: update.authorizationRequestInProgress,
      insufficientlyInUse: update.insufficientlyInUse,
      serviceSessionRequired: update.serviceSessionRequired,
      accuracyLimited: update.accuracyLimited || update.fix == .reduced,
      locationUnavailable: update.fix == .none && update.flags.isEmpty)
  }
}

extension FakeDevice: LocationServices {
  /// The seam's `CLServiceSession(authorization:fullAccuracyPurposeKey:)`: a
  /// ``FakeServiceSession`` (R17–R21), held while the app's code holds what this returns.
  public func serviceSession(
    authorization: ServiceSessionAuthorization, fullAccuracyPurposeKey: String?
  ) -> any LocationServiceSession {
    let requirement: AuthorizationRequirement =
      switch authorization {
      case .none: .none
      case .whenInUse: .whenInUse
      case .always: .always
      }
    return FakeLocationServiceSession(
      FakeServiceSession(
        device: self, authorization: requirement, fullAccuracyPurposeKey: fullAccuracyPurposeKey))
  }

  /// The seam's `CLLocationUpdate.liveUpdates()`: ``liveUpdates()``, each update as a
  /// `LiveLocationUpdate`.
  @_disfavoredOverload
  public func liveUpdates() -> AsyncStream<LiveLocationUpdate> {
    liveUpdates(LiveLocationUpdate.init)
  }

  /// The seam's `CLBackgroundActivitySession()`: a ``FakeBackgroundActivitySession``.
  public func backgroundActivitySession() -> any BackgroundActivitySession {
    FakeBackgroundActivitySession(device: self)
  }
}
