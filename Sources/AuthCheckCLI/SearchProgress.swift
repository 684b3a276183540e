import AuthApp
import AuthScenario
import Foundation

/// Progress of the searches behind app files and diagrams, on standard error, as `explore`
/// reports its own: on a terminal, one line rewritten about once a second; elsewhere (a CI
/// log), a line of its own every ten seconds, the first ten seconds after the start, so that a
/// long search is never silent.
///
/// Unchecked `Sendable`: its state is read and written under `lock`; app files report from
/// several threads at once.
final class SearchProgress: @unchecked Sendable {
  private let lock = NSLock()
  private let throttle: Throttle
  private var shown = false
  private let terminal: Bool
  private let command: String
  /// How often a line is written.
  var interval: Duration { throttle.interval }
  private let write: @Sendable (String) -> Void

  /// - Parameters:
  ///   - terminal: whether standard error is a terminal.
  ///   - command: what starts each line: `authcheck`, `authcheck diagram`.
  ///   - interval: how often a line is written; `nil` for a second on a terminal, ten
  ///     seconds elsewhere.
  ///   - write: writes a line, to standard error unless told otherwise.
  init(
    terminal: Bool, command: String, interval: Duration? = nil,
    write: @escaping @Sendable (String) -> Void = { _ = RegularFile.write($0, to: STDERR_FILENO) }
  ) {
    self.terminal = terminal
    self.command = command
    throttle = Throttle(interval: interval ?? (terminal ? .seconds(1) : .seconds(10)))
    self.write = write
  }

  /// `authcheck: app 'Eki' (eki.yaml): exploration of every user's stories · 1,234,567 states`.
  static func text(command: String, subject: String, search: String, states: Int) -> String {
    "\(command): \(subject): \(SystemPath.displayed(search)) · \(Format.count(states)) states"
  }

  /// Reports that `search` of `subject` has stored `states`, if a line is due.
  func report(_ subject: String, _ search: String, states: Int) {
    guard throttle.due() else { return }
    if terminal { lock.withLock { shown = true } }
    let text = Self.text(command: command, subject: subject, search: search, states: states)
    write(terminal ? "\r\u{1B}[2K" + text : text + "\n")
  }

  /// The progress of checking `app`, for ``AppChecker/check(_:options:limit:progress:)``.
  func app(_ subject: String) -> @Sendable (AppProgress) -> Void {
    { [self] in report(subject, $0.search, states: $0.states) }
  }

  /// Clears the terminal's progress line, if one is shown, before other output.
  func clear() {
    let clearing = lock.withLock {
      defer { shown = false }
      return shown
    }
    if clearing { write("\r\u{1B}[2K") }
  }
}

/// When a progress report is due: at most one every `interval`, the first `interval` after the
/// start, whichever thread asks. Explore's log (`ProgressLog`) and the searches of app files and
/// diagrams (`SearchProgress`) both ask it.
final class Throttle: @unchecked Sendable {
  private let lock = NSLock()
  private let clock = ContinuousClock()
  private var last: ContinuousClock.Instant
  let interval: Duration

  init(interval: Duration) {
    self.interval = interval
    last = clock.now
  }

  /// Whether a report is due now; when it is, the next one is due `interval` from now.
  func due() -> Bool {
    lock.withLock {
      guard clock.now - last >= interval else { return false }
      last = clock.now
      return true
    }
  }
}
