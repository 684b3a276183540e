import AuthExplorer
import AuthModel

/// Configurations and helpers shared by the tests that explore the authorization model.
///
/// The configurations are small on purpose: a DEBUG build explores about 10,000 states a second
/// on one thread, and `swift test` must stay fast.
enum Fixtures {
  /// The Info.plist of an app that declares everything except an explicit service session:
  /// both usage strings, the `Nav` purpose key and the location background mode.
  static let everyKey = InfoPlist(
    whenInUseUsageDescription: "Shows what is near you",
    alwaysAndWhenInUseUsageDescription: "Reminds you on arrival",
    temporaryUsageDescriptions: ["Nav": "Turn-by-turn needs full accuracy"],
    backgroundModes: ["location"])

  /// Both usage strings, `NSLocationRequireExplicitServiceSession` and the location background
  /// mode, but no purpose keys.
  static let explicitSession = InfoPlist(
    whenInUseUsageDescription: "Shows what is near you",
    alwaysAndWhenInUseUsageDescription: "Reminds you on arrival",
    requireExplicitServiceSession: true, backgroundModes: ["location"])

  /// Only `NSLocationWhenInUseUsageDescription`.
  static let whenInUseOnly = InfoPlist(whenInUseUsageDescription: "Shows what is near you")

  /// The when-in-use string and the `Nav` purpose key.
  static let whenInUseAndNav = InfoPlist(
    whenInUseUsageDescription: "Shows what is near you",
    temporaryUsageDescriptions: ["Nav": "Turn-by-turn needs full accuracy"])

  /// The when-in-use string and the location background mode.
  static let whenInUseAndBackground = InfoPlist(
    whenInUseUsageDescription: "Shows what is near you", backgroundModes: ["location"])

  /// Only the location background mode: no prompt can appear, but the app can be relaunched.
  static let backgroundOnly = InfoPlist(backgroundModes: ["location"])

  /// No location keys at all.
  static let noKeys = InfoPlist()

  /// Explores one configuration completely on one thread (tests already run side by side).
  static func explore(
    _ configuration: AppConfiguration, sessions: String, legacy: LegacyCatalogue? = nil,
    reductions: [Reduction] = Reduction.allCases
  ) throws -> ConfigurationReport {
    let reports = try AuthorizationExploration.run(
      [ConfigurationUnderTest(configuration)],
      settings: AuthorizationExploration.Settings(
        catalogue: SessionCatalogue(parsing: sessions), legacy: legacy, reductions: reductions,
        threads: 1))
    return reports[0]
  }

  /// Every state of `system` reachable from its initial state, in breadth-first order, found
  /// with a `Set` of unpacked states, independently of the explorer and its packed visited set.
  static func reachableStates(_ system: AuthorizationSystem) -> [ExploredState] {
    var seen: Set<ExploredState> = [system.initialState]
    var order = [system.initialState]
    var next = 0
    while next < order.count {
      let state = order[next]
      next += 1
      for event in system.actions {
        guard let after = system.next(state, event), seen.insert(after).inserted else { continue }
        order.append(after)
      }
    }
    return order
  }
}

extension ConfigurationReport {
  /// The finding for property or witness `id`.
  subscript(id: String) -> Finding? {
    (properties + witnesses).first { $0.id == id }
  }

  /// The ids of the witnesses not reached.
  var unreachedWitnesses: [String] {
    witnesses.filter { $0.outcome != .reached }.map(\.id)
  }
}
