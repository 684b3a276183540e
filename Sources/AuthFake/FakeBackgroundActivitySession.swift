import AuthModel
import LocationSeam

/// A `CLBackgroundActivitySession` backed by a ``FakeDevice`` (R35, R37): held from creation
/// until ``invalidate()``, the last reference going, or the app's termination. Started outside
/// the foreground it is inactive until the app next enters the foreground. An active one
/// carries the terminated app (R37): after the relaunch, creating one again resumes it.
///
/// Dropping the last reference invalidates it, as ``invalidate()`` would. After a termination
/// the object belongs to an app that is gone: ``invalidate()`` on it is refused (R35), and
/// releasing it leaves the session it carried across termination alone.
@MainActor
public final class FakeBackgroundActivitySession {
  private let device: FakeDevice
  private var held: Bool
  /// Why this object belongs to no running app, if it does not: its calls are refused.
  private var stale: Refusal.StaleSince?

  /// `CLBackgroundActivitySession()` in the app running on `device`. Refused (the app is not
  /// running, or holds one already), it holds nothing: see ``FakeDevice/refusedAppCalls``.
  public init(device: FakeDevice) {
    self.device = device
    let refusal = device.appCall { s throws(Refusal) in try s.backgroundActivity(held: true) }
    held = refusal == nil
    if held {
      device.register(self)
    } else if refusal?.reason == .appNotRunning {
      stale = .madeWhileNotRunning
    }
  }

  /// Whether the session is active now: it keeps the app in use and shows the blue indicator
  /// (R35).
  public var isActive: Bool { held && device.simulator.backgroundActivityStatus == .active }

  /// `invalidate()`: the session ends.
  public func invalidate() {
    if let stale {
      return device.refuse(Refusal.stale(.backgroundActivitySession, since: stale))
    }
    guard held else { return }
    held = false
    device.forget(self)
    device.appCall { s throws(Refusal) in try s.backgroundActivity(held: false) }
  }

  /// Ends this object's hold: the app that made it is gone (`stale`).
  func end(stale: Refusal.StaleSince) {
    self.stale = stale
    held = false
  }
}

extension FakeBackgroundActivitySession: BackgroundActivitySession {}
