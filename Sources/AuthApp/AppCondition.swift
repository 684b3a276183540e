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
    case authorizationStatus([AuthorizationStatus])
    case accuracyAuthorization([AccuracyAuthorization])
    case prompt([Prompt])
    case settingsShows([LocationSetting])
    case updates([LiveUpdatesDelivery])
    case monitorEvents([MonitorEventsDelivery])
    case backgroundActivity([BackgroundActivityStatus])
    case backgroundIndicator([BackgroundIndicator])
    /// The holder (a session id, `liveUpdates`, `monitor`, `backgroundActivity`) is held and
    /// has each of these flags set; with no flags, it has none.
    case diagnostics(holder: String, flags: DiagnosticFlags)
    /// Where the app is.
    case app([AppRunState])
    /// These features are all on (paused or not).
    case features([String])
    /// These features are all off.
    case featuresOff([String])

    /// The key an app file writes it under.
    public var key: String {
      switch self {
      case .authorizationStatus: "authorizationStatus"
      case .accuracyAuthorization: "accuracyAuthorization"
      case .prompt: "prompt"
      case .settingsShows: "settingsShows"
      case .updates: "updates"
      case .monitorEvents: "monitorEvents"
      case .backgroundActivity: "backgroundActivity"
      case .backgroundIndicator: "backgroundIndicator"
      case .diagnostics: "diagnostics"
      case .app: "app"
      case .features: "features"
      case .featuresOff: "featuresOff"
      }
    }

    /// Whether it is a value Core Location shows the app, which a feature's `needs` may name
    /// (not the diagnostics, where the app is, or which features are on).
    public var isObservable: Bool {
      switch self {
      case .diagnostics, .app, .features, .featuresOff: false
      default: true
      }
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
