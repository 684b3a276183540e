import AuthModel

/// The legacy CLLocationManager services the explored app may use (docs/RULES.md §8b): one
/// manager, `m0`, running every service, with a few region ids.
///
/// The app creates the manager with its default properties and sets each of the three
/// properties to either value (`configure`: a creation with properties is the creation then
/// the configuration, which the model treats alike); it starts and stops continuous updates,
/// significant-change and visit monitoring and the monitoring of each region, makes each
/// legacy request through the manager (R6: released first, it withdraws the prompt), and
/// releases it; the system pauses updates (R46) and the user swipes the app away (R50).
///
/// `regions` region ids with a region limit of `regions − 1` (at most the real 20): the
/// region past the limit, whose registration fails, is reachable with few ids. The limit is
/// a model parameter of the exploration (``AppConfiguration/regionLimit``); scenarios, and
/// the counterexamples the explorer writes as scenarios, run with 20.
///
/// `managers` is the number of managers whose facts the state holds, `m0` first. The
/// explorer's own steps are `m0`'s: R41 calls every delegate after the same steps, so more
/// managers would only multiply its states. An app's exploration (AuthApp) holds one manager
/// per manager name of an app that uses the legacy services, whose properties, updates and
/// prompts are each manager's own, and takes their steps itself.
public struct LegacyCatalogue: Hashable, Sendable, CustomStringConvertible {
  /// The services a catalogue may leave out, for smaller explorations (tests): `authcheck
  /// explore --legacy` takes them all.
  public struct Services: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Continuous updates with the three properties, and the system's pause (R43–R46).
    public static let updates = Services(rawValue: 1 << 0)
    /// Significant-change monitoring (R47).
    public static let significantChanges = Services(rawValue: 1 << 1)
    /// Visit monitoring (R48).
    public static let visits = Services(rawValue: 1 << 2)
    /// Region monitoring (R49).
    public static let regions = Services(rawValue: 1 << 3)
    public static let all: Services = [.updates, .significantChanges, .visits, .regions]
  }

  /// The number of region ids, `r0`, `r1`, …
  public let regions: Int
  /// The services whose steps the app takes; the manager's creation and release, its
  /// requests and the user's termination are always taken.
  public let services: Services
  /// The number of managers whose facts the state holds: `m0`, `m1`, …
  public let managers: Int

  /// The fewest region ids: one to register and one past a limit of one.
  public static let minimumRegions = 2
  /// The default number of region ids.
  public static let defaultRegions = 2
  /// The most region ids the model names (``LegacyServices/maximumRegionIDs``).
  public static let maximumRegions = LegacyServices.maximumRegionIDs

  /// The most managers a state holds (``AuthorizationState/maximumManagers``).
  public static let maximumManagers = AuthorizationState.maximumManagers

  /// A catalogue of `regions` region ids and `managers` managers.
  public init(
    regions: Int = LegacyCatalogue.defaultRegions, services: Services = .all, managers: Int = 1
  ) throws(CatalogueError) {
    guard (Self.minimumRegions...Self.maximumRegions).contains(regions) else {
      throw CatalogueError(
        message: "'--regions' takes a number from \(Self.minimumRegions) to "
          + "\(Self.maximumRegions), not '\(regions)'")
    }
    guard (1...Self.maximumManagers).contains(managers) else {
      throw CatalogueError(
        message: "the legacy services are explored for 1 to \(Self.maximumManagers) managers, "
          + "not \(managers)")
    }
    self.regions = regions
    self.services = services
    self.managers = managers
  }

  /// The region limit explored: one below the number of ids, at most the real 20 (R49).
  public var regionLimit: Int { min(regions - 1, LegacyServices.regionLimit) }

  /// The manager whose steps the explorer takes (R41).
  public static let manager = ManagerID(0)

  /// The region ids.
  public var regionIDs: [RegionID] { (0..<regions).map { RegionID(UInt8($0)) } }

  /// The names counterexamples give the regions.
  public var regionNames: [String] { (0..<regions).map { "r\($0)" } }

  public var description: String {
    let names = [
      (Services.updates, "continuous updates"), (.significantChanges, "significant changes"),
      (.visits, "visit monitoring"), (.regions, "region monitoring"),
    ]
    let taken =
      services == .all
      ? "every legacy service"
      : names.filter { services.contains($0.0) }.map(\.1).joined(separator: ", ")
    let held = managers == 1 ? "manager m0" : "managers m0…m\(managers - 1)"
    return "\(held) with \(taken), \(regions) regions (limit \(regionLimit))"
  }

  /// The legacy steps of the explored app, in the fixed order the explorer tries them after
  /// the others: those most states take first, so that they fall among the first 64 actions,
  /// which the explorer's refusal and self-loop marks cover.
  func actions(keys: Int) -> [AuthorizationEvent] {
    let m = Self.manager
    var actions: [AuthorizationEvent] = []
    if services.contains(.updates) {
      actions += [.startUpdatingLocation(m), .stopUpdatingLocation(m)]
    }
    if services.contains(.significantChanges) {
      actions += [
        .startMonitoringSignificantLocationChanges(m),
        .stopMonitoringSignificantLocationChanges(m),
      ]
    }
    if services.contains(.visits) {
      actions += [.startMonitoringVisits(m), .stopMonitoringVisits(m)]
    }
    if services.contains(.regions) {
      for region in regionIDs {
        actions += [.startMonitoring(m, region: region), .stopMonitoring(m, region: region)]
      }
    }
    if services.contains(.updates) {
      for value in [true, false] {
        actions += [
          .configureManager(m, ManagerProperties(allowsBackgroundLocationUpdates: value)),
          .configureManager(m, ManagerProperties(showsBackgroundLocationIndicator: value)),
          .configureManager(m, ManagerProperties(pausesLocationUpdatesAutomatically: value)),
        ]
      }
    }
    actions += [.request(.whenInUse, by: m), .request(.always, by: m)]
    for index in 0..<keys {
      actions.append(.request(.temporaryFullAccuracy(PurposeKey(index: UInt8(index))), by: m))
    }
    if services.contains(.updates) { actions.append(.pauseUpdates) }
    actions.append(.terminateByUser)
    return actions
  }
}
