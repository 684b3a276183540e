import AuthModel
import Foundation
import LocationSeam

/// A `CLMonitor` backed by a ``FakeDevice``, which the seam's `monitor(_:)` makes: the
/// conditions the app's code adds, kept by the monitor's name across launches as Core
/// Location keeps them, and their events, which come where the model delivers monitor events
/// (R34).
///
/// Reading ``events`` starts iterating monitor events (R17, R34), as ``FakeDevice/monitorEvents()``
/// does: at once, and after every step that changes whether events are delivered or the
/// monitor's diagnostics, the stream yields one event per condition, its state as last known
/// (the assumed one until a test changes it), with the iOS 18 properties the model sets. A test
/// moves the device into or out of a condition with
/// ``FakeDevice/deliverMonitorEvent(_:state:)``, which reaches the app only where the model
/// delivers monitor events. Leaving the loop stops the iteration at the next turn of the main
/// actor; termination finishes the stream. Refused (the app is not running, or already
/// iterates monitor events), the stream finishes at once: see ``FakeDevice/refusedAppCalls``.
@MainActor
public final class FakeMonitor: LocationMonitor {
  /// The name the app's code gave the monitor.
  public let name: String
  private let device: FakeDevice
  private var stream: AsyncStream<MonitorEvent>?

  /// The monitor of `name` on `device`, with the conditions kept for that name.
  public init(device: FakeDevice, name: String) {
    self.device = device
    self.name = name
  }

  /// `add(_:identifier:assuming:)`: keeps `condition` under `identifier`, replacing the
  /// condition of that identifier, in state `state`.
  public func add(
    _ condition: MonitorCondition, identifier: String, assuming state: MonitorEventState
  ) async {
    device.monitorConditions[name, default: MonitorConditions()].add(identifier, state)
  }

  /// `remove(_:)`.
  public func remove(_ identifier: String) async {
    device.monitorConditions[name]?.remove(identifier)
  }

  /// `identifiers`: the identifiers of the conditions, in the order first added.
  public var identifiers: [String] {
    get async { device.monitorConditions[name]?.identifiers ?? [] }
  }

  /// `events`: the first read starts iterating monitor events (R34); every read gives the
  /// same stream, which one loop reads.
  public var events: AsyncStream<MonitorEvent> {
    if let stream { return stream }
    let made = device.monitorEvents(of: name)
    stream = made
    return made
  }
}

/// The conditions of one monitor: each identifier's state, in the order first added.
struct MonitorConditions {
  private(set) var identifiers: [String] = []
  private(set) var states: [String: MonitorEventState] = [:]

  mutating func add(_ identifier: String, _ state: MonitorEventState) {
    if states[identifier] == nil { identifiers.append(identifier) }
    states[identifier] = state
  }

  mutating func remove(_ identifier: String) {
    identifiers.removeAll { $0 == identifier }
    states[identifier] = nil
  }
}

/// The events of one monitor's conditions, published after every step.
@MainActor
final class MonitorStream: DeviceStream {
  /// The monitor's name.
  let name: String
  private let continuation: AsyncStream<MonitorEvent>.Continuation
  private unowned let device: FakeDevice
  private var last: FakeMonitorEvent?
  private(set) var finished = false

  init(_ continuation: AsyncStream<MonitorEvent>.Continuation, device: FakeDevice, name: String) {
    self.continuation = continuation
    self.device = device
    self.name = name
    last = read()
    if last == nil { finish() } else { yieldAll() }
  }

  /// What the model says of monitor events now, `nil` when the app no longer iterates them.
  private func read() -> FakeMonitorEvent? {
    let story = device.story
    guard story.state.iteratingMonitor else { return nil }
    return FakeMonitorEvent(
      delivered: story.monitorEvents == .delivered, flags: story.diagnostics(for: .monitor) ?? [])
  }

  func publish() {
    guard !finished else { return }
    guard let now = read() else { return finish() }
    guard now != last else { return }
    last = now
    yieldAll()
  }

  /// One event per condition, in its state now.
  private func yieldAll() {
    let conditions = device.monitorConditions[name] ?? MonitorConditions()
    for identifier in conditions.identifiers {
      yield(identifier, conditions.states[identifier] ?? .unknown)
    }
  }

  /// An event of the condition `identifier` in `state`, with the model's flags.
  func yield(_ identifier: String, _ state: MonitorEventState) {
    let flags = last?.flags ?? []
    continuation.yield(
      MonitorEvent(
        identifier: identifier, state: state, date: Date(),
        accuracyLimited: flags.contains(.accuracyLimited),
        authorizationDenied: flags.contains(.authorizationDenied),
        authorizationDeniedGlobally: flags.contains(.authorizationDeniedGlobally),
        authorizationRequestInProgress: flags.contains(.authorizationRequestInProgress),
        authorizationRestricted: flags.contains(.authorizationRestricted),
        insufficientlyInUse: flags.contains(.insufficientlyInUse),
        serviceSessionRequired: flags.contains(.serviceSessionRequired)))
  }

  func finish() {
    guard !finished else { return }
    finished = true
    continuation.finish()
  }
}

extension FakeDevice {
  /// The seam's `CLMonitor(_:)`: a ``FakeMonitor`` of that name, with the conditions kept for
  /// it.
  public func monitor(_ name: String) async -> any LocationMonitor {
    FakeMonitor(device: self, name: name)
  }

  /// A condition of a monitor the app iterates changes to `state`: the device entered or left
  /// its area, or came near or away from its beacon. Each stream of a ``FakeMonitor`` whose
  /// conditions include `identifier` yields the event, where the model delivers monitor events
  /// now (R34: the app iterates them and is served); returns the names of the monitors
  /// reached, none (and the condition's state unchanged) where it delivers none.
  @discardableResult
  public func deliverMonitorEvent(_ identifier: String, state: MonitorEventState) -> [String] {
    guard simulator.monitorEvents == .delivered else { return [] }
    var reached: [String] = []
    for case let stream as MonitorStream in streams
    where !stream.finished && monitorConditions[stream.name]?.states[identifier] != nil {
      monitorConditions[stream.name]?.add(identifier, state)
      stream.yield(identifier, state)
      reached.append(stream.name)
    }
    return reached
  }

  /// Starts iterating monitor events (R34) for the monitor `name`: see ``FakeMonitor/events``.
  func monitorEvents(of name: String) -> AsyncStream<MonitorEvent> {
    let (stream, continuation) = AsyncStream<MonitorEvent>.makeStream(
      bufferingPolicy: .bufferingNewest(Self.streamBufferLimit))
    guard appCall({ s throws(Refusal) in try s.monitor(iterating: true) }) == nil else {
      continuation.finish()
      return stream
    }
    let values = MonitorStream(continuation, device: self, name: name)
    addStream(values)
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in
        guard let self, !values.finished else { return }
        values.finish()
        self.appCall { s throws(Refusal) in try s.monitor(iterating: false) }
      }
    }
    return stream
  }
}
