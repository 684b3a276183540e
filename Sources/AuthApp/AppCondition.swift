import AuthModel
import AuthScenario

/// A condition on a state of the app: every term must hold.
///
/// The observables take one value or several (any of them). Unlike a scenario's exact list,
/// a `diagnostics` term asks that the holder be held and that each flag listed be set (an
/// empty list: the holder has no flag at all).
public struct Condition: Hashable, Sendable {
  /// One key of a condition.
  public enum Term: Hashable, Sendable {
    /// An observable of the ``ObservableKey/Form/value`` form that conditions may name
    /// (``ObservableKey/isCondition``) has one of these values.
    case observable(ObservableKey, [ObservedValue])
    /// The holder (a session id, `liveUpdates`, `monitor`, `backgroundActivity`) is held and
    /// has each of these flags set; with no flags, it has none.
    case diagnostics(holder: String, flags: DiagnosticFlags)
    /// Where the app is.
    case app([AppRunState])
    /// These features are all on (paused or not).
    case features([String])
    /// These features are all off.
    case featuresOff([String])

    /// The keys of a condition that are not observables, after the observables'.
    enum Key: String, CaseIterable {
      case app, features, featuresOff
    }

    /// The key an app file writes it under.
    public var key: String {
      switch self {
      case .observable(let key, _): key.rawValue
      case .diagnostics: ObservableKey.diagnostics.rawValue
      case .app: Key.app.rawValue
      case .features: Key.features.rawValue
      case .featuresOff: Key.featuresOff.rawValue
      }
    }

    /// Whether it is a value Core Location shows the app, which a feature's `needs` may name
    /// (not the diagnostics, where the app is, or which features are on).
    public var isObservable: Bool {
      if case .observable = self { true } else { false }
    }

    /// The status is one of `values`.
    public static func authorizationStatus(_ values: [AuthorizationStatus]) -> Self {
      .observable(.authorizationStatus, values.map { .authorizationStatus($0) })
    }
    /// The accuracy is one of `values`.
    public static func accuracyAuthorization(_ values: [AccuracyAuthorization]) -> Self {
      .observable(.accuracyAuthorization, values.map { .accuracyAuthorization($0) })
    }
    /// The prompt on screen is one of `values`.
    public static func prompt(_ values: [Prompt]) -> Self {
      .observable(.prompt, values.map { .prompt($0) })
    }
    /// Settings shows one of `values`.
    public static func settingsShows(_ values: [LocationSetting]) -> Self {
      .observable(.settingsShows, values.map { .settingsShows($0) })
    }
    /// `CLLocationUpdate.liveUpdates()` delivers one of `values`.
    public static func updates(_ values: [LiveUpdatesDelivery]) -> Self {
      .observable(.updates, values.map { .updates($0) })
    }
    /// `CLMonitor.events` delivers one of `values`.
    public static func monitorEvents(_ values: [MonitorEventsDelivery]) -> Self {
      .observable(.monitorEvents, values.map { .monitorEvents($0) })
    }
    /// The background activity session is one of `values`.
    public static func backgroundActivity(_ values: [BackgroundActivityStatus]) -> Self {
      .observable(.backgroundActivity, values.map { .backgroundActivity($0) })
    }
    /// The location indicator is one of `values`.
    public static func backgroundIndicator(_ values: [BackgroundIndicator]) -> Self {
      .observable(.backgroundIndicator, values.map { .backgroundIndicator($0) })
    }
  }

  /// A term and where its value was written.
  public struct PositionedTerm: Hashable, Sendable {
    public var term: Term
    /// The term's key.
    public var keyPosition: SourcePosition?
    /// The term's value (for `diagnostics`, the holder's name).
    public var position: SourcePosition?
    /// Each value of a list, in order (one for a single value); empty without positions.
    public var itemPositions: [SourcePosition]

    public init(
      _ term: Term, keyAt keyPosition: SourcePosition? = nil, at position: SourcePosition? = nil,
      itemsAt itemPositions: [SourcePosition] = []
    ) {
      self.term = term
      self.keyPosition = keyPosition
      self.position = position
      self.itemPositions = itemPositions
    }
  }

  /// The terms in the order written.
  public var terms: [PositionedTerm]
  /// The condition's mapping.
  public var position: SourcePosition?

  public init(_ terms: [Term], at position: SourcePosition? = nil) {
    self.init(positioned: terms.map { PositionedTerm($0) }, at: position)
  }

  public init(positioned terms: [PositionedTerm], at position: SourcePosition? = nil) {
    self.terms = terms
    self.position = position
  }
}
