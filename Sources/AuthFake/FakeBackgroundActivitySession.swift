import AuthModel

/// A `CLBackgroundActivitySession` backed by a ``FakeDevice`` (R35, R37): held from creation
/// until ``invalidate()`` or the app's termination. Started outside the foreground it is
/// inactive until the app next enters the foreground. An active one carries the terminated app
/// (R37): after the relaunch, creating one again resumes it.
@MainActor
public final class FakeBackgroundActivitySession {
  private let device: FakeDevice
  private var held: Bool

  /// `CLBackgroundActivitySession()` in the app running on `device`. Refused (the app is not
  /// running, or holds one already), it holds nothing: see ``FakeDevice/refusedAppCalls``.
  public init(device: FakeDevice) {
    self.device = device
    held = device.appCall { s throws(Refusal) in try s.backgroundActivity(held: true) } == nil
    device.addStream({}, { [weak self] in self?.held = false })
  }

  /// Whether the session is active now: it keeps the app in use and shows the blue indicator
  /// (R35).
  public var isActive: Bool { held && device.simulator.backgroundActivityStatus == .active }

  /// `invalidate()`: the session ends.
  public func invalidate() {
    guard held else { return }
    held = false
    device.appCall { s throws(Refusal) in try s.backgroundActivity(held: false) }
  }
}
