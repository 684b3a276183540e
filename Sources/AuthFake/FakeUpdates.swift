import AuthModel

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

/// A stream of a value the model decides, yielded now and on every change.
@MainActor
final class ModelStream<Value: Equatable & Sendable>: DeviceStream {
  private let continuation: AsyncStream<Value>.Continuation
  private let read: @MainActor () -> Value?
  private var last: Value?
  private(set) var finished = false

  init(_ continuation: AsyncStream<Value>.Continuation, read: @escaping @MainActor () -> Value?) {
    self.continuation = continuation
    self.read = read
    last = read()
    if let last { continuation.yield(last) } else { finish() }
  }

  /// Yields the value if it changed; finishes when there is none any more.
  func publish() {
    guard !finished else { return }
    guard let now = read() else { return finish() }
    guard now != last else { return }
    last = now
    continuation.yield(now)
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
    iteration(
      start: { s throws(Refusal) in try s.liveUpdates(iterating: true) },
      stop: { s throws(Refusal) in try s.liveUpdates(iterating: false) },
      read: { simulator in
        guard simulator.state.iteratingLiveUpdates else { return nil }
        return FakeLocationUpdate(
          fix: simulator.liveUpdatesDelivery, simulator.diagnostics(for: .liveUpdates) ?? [])
      })
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
      })
  }

  /// An iteration of the app's code: `start` when the stream is made, `stop` when the loop
  /// ends, and `read`'s value now and at each change until it is `nil` or the app terminates.
  private func iteration<Value: Equatable & Sendable>(
    start: (inout AuthorizationSimulator) throws(Refusal) -> [Citation],
    stop: @escaping @MainActor (inout AuthorizationSimulator) throws(Refusal) -> [Citation],
    read: @escaping @MainActor (AuthorizationSimulator) -> Value?
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream<Value>.makeStream(
      bufferingPolicy: .bufferingNewest(Self.streamBufferLimit))
    guard appCall(start) == nil else {
      continuation.finish()
      return stream
    }
    let values = ModelStream(continuation) { [unowned self] in read(story) }
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
