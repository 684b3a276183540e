/// The Info.plist keys that Core Location reads, as the app was built.
///
/// Only presence matters for the usage strings: Core Location refuses to prompt without them
/// (R7), whatever they say. Keys of `temporaryUsageDescriptions` are the purpose keys that
/// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` and
/// `CLServiceSession(authorization:fullAccuracyPurposeKey:)` may name (R16, R18, R23).
public struct InfoPlist: Hashable, Sendable {
  /// `NSLocationWhenInUseUsageDescription`.
  public var whenInUseUsageDescription: String?
  /// `NSLocationAlwaysAndWhenInUseUsageDescription`.
  public var alwaysAndWhenInUseUsageDescription: String?
  /// `NSLocationDefaultAccuracyReduced`: the Precise toggle starts off and the first prompt has
  /// none (R9).
  public var defaultAccuracyReduced: Bool
  /// `NSLocationTemporaryUsageDescriptionDictionary`: purpose key → explanation.
  public var temporaryUsageDescriptions: [String: String]
  /// `NSLocationRequireExplicitServiceSession` (R17, R29).
  public var requireExplicitServiceSession: Bool
  /// `UIBackgroundModes`; only `location` matters to Core Location (R33, R35).
  public var backgroundModes: [String]

  /// The keys given; those left out are absent from the app's Info.plist.
  public init(
    whenInUseUsageDescription: String? = nil,
    alwaysAndWhenInUseUsageDescription: String? = nil,
    defaultAccuracyReduced: Bool = false,
    temporaryUsageDescriptions: [String: String] = [:],
    requireExplicitServiceSession: Bool = false,
    backgroundModes: [String] = []
  ) {
    self.whenInUseUsageDescription = whenInUseUsageDescription
    self.alwaysAndWhenInUseUsageDescription = alwaysAndWhenInUseUsageDescription
    self.defaultAccuracyReduced = defaultAccuracyReduced
    self.temporaryUsageDescriptions = temporaryUsageDescriptions
    self.requireExplicitServiceSession = requireExplicitServiceSession
    self.backgroundModes = backgroundModes
  }

  /// Whether `UIBackgroundModes` contains `location`.
  public var hasLocationBackgroundMode: Bool { backgroundModes.contains("location") }
}
