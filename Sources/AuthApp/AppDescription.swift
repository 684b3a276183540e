import AuthModel
import AuthScenario

/// An app's own location flow: what each of its features holds while it runs, what it asks
/// for when it starts, and what it exists for; and the checks its developer wants to hold.
///
/// An app file (`app:` at the top) reads into one; Swift code can build the same value and
/// hand it to ``AppChecker``. Positions are those of the app file, or `nil` for a description
/// built in Swift.
public struct AppDescription: Hashable, Sendable {
  /// The name shown in reports.
  public var name: String
  public var description: String?
  /// The iOS release and the Info.plist keys the app was built with.
  public var configuration: AppConfiguration
  /// The device's settings when the exploration starts; the app is not running then.
  public var start: StartingState
  /// The features in file order: when several start, stop, pause or resume in one step, they
  /// do so in this order.
  public var features: [Feature]
  /// The developer's own checks, in file order.
  public var checks: [AppCheck]

  public init(
    name: String, description: String? = nil, configuration: AppConfiguration,
    start: StartingState = StartingState(), features: [Feature], checks: [AppCheck] = []
  ) {
    self.name = name
    self.description = description
    self.configuration = configuration
    self.start = start
    self.features = features
    self.checks = checks
  }

  /// The feature named `name`, if the app has one.
  public func feature(named name: String) -> Feature? {
    features.first { $0.name == name }
  }
}

/// One feature of an app: a screen or a service the app starts and stops as a whole.
///
/// A feature is *on* from its start until its stop or the app's termination, and *running*
/// while on and not paused.
public struct Feature: Hashable, Sendable {
  /// Who starts the feature.
  public enum StartedBy: String, Hashable, Sendable, CaseIterable {
    /// The app, at every launch into the foreground or the background; it stays on until the
    /// app is terminated.
    case launch
    /// The app, at every launch into the foreground and every return to it; the app stops it
    /// when it leaves the foreground.
    case foreground
    /// The user, in the foreground only (the default).
    case user
  }

  /// What happens to a running feature when the app leaves the foreground.
  public enum InBackground: String, Hashable, Sendable, CaseIterable {
    /// What the feature holds stays held.
    case keep
    /// The feature is paused whenever the app is not in the foreground: it releases what it
    /// holds and takes it again at the next foreground (the default).
    case pause
  }

  /// Where the parts of a feature were written, for diagnostics.
  public struct Positions: Hashable, Sendable {
    /// The feature's name, a key of `features`.
    public var name: SourcePosition?
    /// The `restore` key.
    public var restore: SourcePosition?
    /// The `inBackground` key.
    public var inBackground: SourcePosition?
    /// The `foreground:` key of `needs`.
    public var foregroundNeed: SourcePosition?
    /// The `background:` key of `needs`.
    public var backgroundNeed: SourcePosition?

    public init(
      name: SourcePosition? = nil, restore: SourcePosition? = nil,
      inBackground: SourcePosition? = nil, foregroundNeed: SourcePosition? = nil,
      backgroundNeed: SourcePosition? = nil
    ) {
      self.name = name
      self.restore = restore
      self.inBackground = inBackground
      self.foregroundNeed = foregroundNeed
      self.backgroundNeed = backgroundNeed
    }
  }

  public var name: String
  public var startedBy: StartedBy
  /// A `user` feature that was on when the app was terminated starts again at the next launch
  /// (the app saved it).
  public var restore: Bool
  /// `nil` is the default, ``InBackground/pause``; a `foreground` feature takes none, since the
  /// app stops it when it leaves the foreground.
  public var inBackground: InBackground?
  /// What the feature holds while it runs, in the order it takes them.
  public var holds: [Holding]
  /// The legacy requests the feature makes each time it starts (not when it resumes), in order.
  public var requests: [FeatureRequest]
  /// What the feature exists for, in the foreground and in the background.
  public var needs: Needs
  public var positions: Positions

  public init(
    _ name: String, startedBy: StartedBy = .user, restore: Bool = false,
    inBackground: InBackground? = nil, holds: [Holding] = [], requests: [FeatureRequest] = [],
    needs: Needs = Needs(), positions: Positions = Positions()
  ) {
    self.name = name
    self.startedBy = startedBy
    self.restore = restore
    self.inBackground = inBackground
    self.holds = holds
    self.requests = requests
    self.needs = needs
    self.positions = positions
  }

  /// What the feature does when the app leaves the foreground: ``InBackground/pause`` unless
  /// it says ``InBackground/keep``.
  public var backgroundBehavior: InBackground { inBackground ?? .pause }

  /// What a feature must get where it is used.
  public struct Needs: Hashable, Sendable {
    /// Must hold while the feature is on and the app is in the foreground.
    public var foreground: Condition?
    /// Must hold while the feature is on and the app is in the background (its grace period
    /// included).
    public var background: Condition?

    public init(foreground: Condition? = nil, background: Condition? = nil) {
      self.foreground = foreground
      self.background = background
    }

    /// Whether the feature needs anything.
    public var isEmpty: Bool { foreground == nil && background == nil }
  }
}

/// One thing a feature holds while it runs.
public struct Holding: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// A `CLServiceSession` with this id, created with this authorization goal.
    case session(
      id: String, authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String?)
    /// Iterating `CLLocationUpdate.liveUpdates()`.
    case liveUpdates
    /// Iterating a `CLMonitor`'s events.
    case monitor
    /// A `CLBackgroundActivitySession`.
    case backgroundActivity
    /// A `CLLocationManager` with a delegate, by name, created with ``Holding/properties``.
    case manager(String)
    /// `startUpdatingLocation()` on the named manager (R43–R46).
    case updatingLocation(manager: String)
    /// `startMonitoringSignificantLocationChanges()` on the named manager (R47).
    case significantChanges(manager: String)
    /// `startMonitoringVisits()` on the named manager (R48).
    case visits(manager: String)
    /// `startMonitoring(for:)` on the named manager for `count` regions, the ids `FEATURE-1` …
    /// `FEATURE-N` (R49).
    case regions(manager: String, count: Int)

    /// The manager a legacy service runs on, or `nil` for any other holding.
    public var serviceManager: String? {
      switch self {
      case .updatingLocation(let m), .significantChanges(let m), .visits(let m),
        .regions(let m, _):
        m
      case .session, .liveUpdates, .monitor, .backgroundActivity, .manager: nil
      }
    }
  }

  /// The keys a holding may set beside its form, each with the position of its value.
  public enum Key: String, Hashable, Sendable, CaseIterable {
    case authorization, fullAccuracyPurposeKey
    case allowsBackgroundLocationUpdates, showsBackgroundLocationIndicator
    case pausesLocationUpdatesAutomatically
    case count
  }

  public var kind: Kind
  /// The properties a `manager` is created with; empty for any other holding.
  public var properties: ManagerProperties
  /// The item's `-` in `holds`.
  public var position: SourcePosition?
  /// The value of `fullAccuracyPurposeKey`.
  public var purposeKeyPosition: SourcePosition?
  /// The values of the holding's other keys (a manager's properties, `count`).
  public var keyPositions: [Key: SourcePosition]

  public init(
    _ kind: Kind, properties: ManagerProperties = ManagerProperties(),
    at position: SourcePosition? = nil, purposeKeyAt purposeKeyPosition: SourcePosition? = nil,
    keysAt keyPositions: [Key: SourcePosition] = [:]
  ) {
    self.kind = kind
    self.properties = properties
    self.position = position
    self.purposeKeyPosition = purposeKeyPosition
    self.keyPositions = keyPositions
  }

  /// Whether it is one of CLLocationManager's own services or a manager with properties set
  /// (§8b).
  public var isLegacy: Bool { kind.serviceManager != nil || !properties.isEmpty }

  /// Whether holding it uses location, so that the app needs the when-in-use usage string:
  /// everything but a session whose goal is `none` and a manager.
  public var usesLocation: Bool {
    switch kind {
    case .session(_, let goal, _): goal != .none
    case .manager: false
    case .liveUpdates, .monitor, .backgroundActivity, .updatingLocation, .significantChanges,
      .visits, .regions:
      true
    }
  }

  /// How an app file writes it: `session: alerts (authorization: always)`, `monitor`.
  public var summary: String {
    switch kind {
    case .session(let id, let goal, let key):
      "session: \(id) (authorization: \(goal.rawValue)"
        + (key.map { ", fullAccuracyPurposeKey: \($0)" } ?? "") + ")"
    case .liveUpdates: ImplicitHolder.liveUpdates.rawValue
    case .monitor: ImplicitHolder.monitor.rawValue
    case .backgroundActivity: ImplicitHolder.backgroundActivity.rawValue
    case .manager(let name): "manager: \(name)"
    case .updatingLocation(let name): "updatingLocation: \(name)"
    case .significantChanges(let name): "significantChanges: \(name)"
    case .visits(let name): "visits: \(name)"
    case .regions(let name, let count): "regions: \(name) (count: \(count))"
    }
  }
}

/// A legacy request a feature makes when it starts.
public struct FeatureRequest: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// `requestWhenInUseAuthorization()`.
    case whenInUse
    /// `requestAlwaysAuthorization()`.
    case always
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`.
    case temporaryFullAccuracy(purposeKey: String)
  }

  public var kind: Kind
  /// The item's `-` in `requests`.
  public var position: SourcePosition?
  /// The purpose key of a `temporaryFullAccuracy` request.
  public var purposeKeyPosition: SourcePosition?

  public init(
    _ kind: Kind, at position: SourcePosition? = nil,
    purposeKeyAt purposeKeyPosition: SourcePosition? = nil
  ) {
    self.kind = kind
    self.position = position
    self.purposeKeyPosition = purposeKeyPosition
  }

  /// How an app file writes it: `request: always`.
  public var summary: String {
    switch kind {
    case .whenInUse: "request: whenInUse"
    case .always: "request: always"
    case .temporaryFullAccuracy(let key): "request: temporaryFullAccuracy (purposeKey: \(key))"
    }
  }
}
