import AuthModel

/// A scenario file, checked against the schema of docs/SCENARIOS.md: the app as built, the story's
/// steps, and what must be true after them.
public struct Scenario: Hashable, Sendable {
  /// The name shown in reports.
  public var name: String
  public var description: String?
  public var configuration: AppConfiguration
  public var start: StartingState
  public var steps: [ScenarioStep]

  public init(
    name: String, description: String? = nil, configuration: AppConfiguration,
    start: StartingState = StartingState(), steps: [ScenarioStep]
  ) {
    self.name = name
    self.description = description
    self.configuration = configuration
    self.start = start
    self.steps = steps
  }
}

/// One step of a scenario, where it was written.
public struct ScenarioStep: Hashable, Sendable {
  public var position: SourcePosition
  public var kind: Kind
  /// The rule that must refuse the step (`refused: RULE`, R42), or `nil` when it must happen.
  public var refused: ExpectedRefusal?
  /// For a Settings step, the position of each change's key, in the order of the changes.
  public var changePositions: [SourcePosition]

  public init(
    _ kind: Kind, at position: SourcePosition, refused: ExpectedRefusal? = nil,
    changePositions: [SourcePosition] = []
  ) {
    self.kind = kind
    self.position = position
    self.refused = refused
    self.changePositions = changePositions
  }

  public enum Kind: Hashable, Sendable {
    /// Something happens; a Settings step may make several changes.
    case action(ScenarioAction)
    /// Checks, in the order written.
    case expect([Expectation])
  }
}

/// A step's `refused: RULE` (R42): the rule that must refuse it, and where the rule was written.
public struct ExpectedRefusal: Hashable, Sendable {
  public var rule: Rule
  /// The position of the rule id, where a step that is not refused so fails.
  public var position: SourcePosition

  public init(_ rule: Rule, at position: SourcePosition) {
    self.rule = rule
    self.position = position
  }
}

/// One check of an `expect` step: an observable and the value it must have.
public struct Expectation: Hashable, Sendable {
  /// What is checked.
  public var observable: ExpectedObservable
  /// The value it must have.
  public var expected: ObservedValue
  /// The position of the expected value, where a failure points.
  public var position: SourcePosition

  public init(
    _ observable: ExpectedObservable, _ expected: ObservedValue, at position: SourcePosition
  ) {
    self.observable = observable
    self.expected = expected
    self.position = position
  }

  /// A check of an observable of the ``ObservableKey/Form/value`` form.
  public init(_ key: ObservableKey, _ expected: ObservedValue, at position: SourcePosition) {
    self.init(.value(key), expected, at: position)
  }
}

/// An observable an `expect` step may check (docs/SCENARIOS.md "Expectations"): one of the
/// vocabulary's (``ObservableKey``), with the holder or the manager it names.
public enum ExpectedObservable: Hashable, Sendable, CustomStringConvertible {
  /// An observable of the ``ObservableKey/Form/value`` form.
  case value(ObservableKey)
  /// The exact flag set of a holder: a session id, `liveUpdates`, `monitor`,
  /// `backgroundActivity`.
  case diagnostics(holder: String)
  /// The `locationManagerDidChangeAuthorization` calls a manager's delegate received since
  /// the manager was created or its callbacks were last checked (R41).
  case callbacks(manager: String)

  /// The expectation key that checks it.
  public var key: ObservableKey {
    switch self {
    case .value(let key): key
    case .diagnostics: .diagnostics
    case .callbacks: .callbacks
    }
  }

  /// The key, and the holder or manager it names, as a failure says it.
  public var description: String {
    switch self {
    case .value(let key): key.rawValue
    case .diagnostics(let holder): "\(ObservableKey.diagnostics) of '\(holder)'"
    case .callbacks(let manager): "\(ObservableKey.callbacks) of '\(manager)'"
    }
  }
}
