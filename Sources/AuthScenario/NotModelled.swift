/// What a scenario or an app file may name that the model leaves out: Core Location services,
/// properties and keys that authcheck does not model, each with the modelled thing nearest to
/// it. The rule book lists them ("What the model leaves out", `authcheck rules`), and an unknown
/// key, holding or step that names one says so instead of only "unknown".
public enum NotModelled {
  /// One thing left out: the names a file may write for it, what it is, and what the model
  /// offers nearest to it.
  public struct Entry: Sendable, Equatable {
    /// The words a file may use for it (a key, a holding, a step, an API name), compared
    /// without regard to case.
    public let names: [String]
    /// What it is, in Apple's names.
    public let what: String
    /// The nearest modelled thing, as a file writes it, or `nil` when there is none.
    public let nearest: String?
  }

  /// Every thing left out, in the order the rule book lists them.
  public static let entries: [Entry] = [
    Entry(
      names: ["requestLocation"],
      what: "CLLocationManager's one-time location request (requestLocation)",
      nearest: "the 'startUpdatingLocation' step"),
    Entry(
      names: ["activityType", "desiredAccuracy", "distanceFilter"],
      what: "the tuning properties of CLLocationManager's location updates (activityType, "
        + "desiredAccuracy, distanceFilter)",
      nearest: "the 'manager' step's allowsBackgroundLocationUpdates, "
        + "showsBackgroundLocationIndicator and pausesLocationUpdatesAutomatically"),
    Entry(
      names: ["heading", "startUpdatingHeading"], what: "compass heading updates", nearest: nil),
    Entry(
      names: ["beacons", "startRangingBeacons", "beaconRanging"],
      what: "beacon ranging (CLBeaconIdentityConstraint)", nearest: nil),
    Entry(
      names: ["locationButton", "CLLocationButton"],
      what: "the location button (CLLocationButton, LocationButton), which grants a one-time "
        + "authorization of its own",
      nearest: nil),
    Entry(
      names: ["NSLocationAlwaysUsageDescription"],
      what: "the Always usage string of iOS 10 and earlier, which iOS 11 and later ignore",
      nearest: "NSLocationAlwaysAndWhenInUseUsageDescription"),
    Entry(
      names: ["NSLocationUsageDescription"],
      what: "the usage string of macOS and of iOS 7 and earlier",
      nearest: "NSLocationWhenInUseUsageDescription"),
  ]

  /// The thing left out that a file names `word`, if any.
  public static func entry(for word: String) -> Entry? {
    let folded = word.lowercased()
    return entries.first { $0.names.contains { $0.lowercased() == folded } }
  }

  /// Where the list is, as messages point at it.
  public static let pointer =
    "'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"

  /// What follows "unknown key 'x'" (or holding, step…) when `word` is not one of `modelled`:
  /// `: authcheck does not model X; the nearest it models is Y; 'authcheck rules' …` for a thing left
  /// out; `; did you mean 'y'?` for a likely typo of a modelled name; otherwise the pointer at
  /// the list.
  public static func hint(for word: String, among modelled: [String]) -> String {
    if let entry = entry(for: word) {
      return ": authcheck does not model \(entry.what)"
        + (entry.nearest.map { "; the nearest it models is \($0)" } ?? "") + "; \(pointer)"
    }
    let typo = EditDistance.didYouMean(word, among: modelled)
    return typo.isEmpty ? "; \(pointer)" : typo
  }
}
