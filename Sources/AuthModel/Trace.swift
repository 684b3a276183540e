/// A rule that decided something, with the concrete cause in this state.
public struct Citation: Hashable, Sendable, CustomStringConvertible {
  /// The rule cited.
  public let rule: Rule
  /// Lowercase words, for example "session 'late' was created while the app was not in use".
  public let cause: String

  /// A citation of `rule` with its concrete cause.
  public init(_ rule: Rule, _ cause: String) {
    self.rule = rule
    self.cause = cause
  }

  /// `R19: the app is in the foreground`.
  public var description: String { "\(rule.id): \(cause)" }
}

/// Collects the rules that decide a value or a step, when asked to.
///
/// The model's functions take a trace and cite each rule that decides their result. With
/// ``off`` nothing is recorded and no text is built.
public struct Trace {
  /// The citations and names, or `nil` when not recording: one optional reference keeps an
  /// unrecorded trace free of reference counting.
  private let recorder: Recorder?

  private final class Recorder {
    let names: Names
    var citations: [Citation] = []
    init(names: Names) { self.names = names }
  }

  /// A trace that records, naming sessions and purpose keys with `names`.
  public init(names: Names = Names()) {
    recorder = Recorder(names: names)
  }

  private init(off: Void) {
    recorder = nil
  }

  /// A trace that records nothing.
  public static var off: Trace { Trace(off: ()) }

  /// Whether citations are recorded.
  public var isRecording: Bool { recorder != nil }

  /// The names used to word citations.
  public var names: Names { recorder?.names ?? Names() }

  /// The citations recorded so far, in order.
  public var citations: [Citation] { recorder?.citations ?? [] }

  /// Records that `rule` decided something, because of `cause`.
  @inline(__always)
  public mutating func cite(_ rule: Rule, _ cause: @autoclosure () -> String) {
    if let recorder { recorder.citations.append(Citation(rule, cause())) }
  }

  /// The rules cited so far, each once, in order of first citation.
  public var rules: [Rule] {
    var seen = Set<Rule>()
    return citations.compactMap { seen.insert($0.rule).inserted ? $0.rule : nil }
  }
}

extension Trace {
  /// Records that `rule` decided something; `cause` words it with the session and key names.
  @inline(__always)
  public mutating func cite(_ rule: Rule, _ cause: (Names) -> String) {
    if let recorder { recorder.citations.append(Citation(rule, cause(recorder.names))) }
  }
}
