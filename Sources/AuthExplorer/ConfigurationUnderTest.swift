import AuthModel

/// A configuration to explore, with a short name for reports.
public struct ConfigurationUnderTest: Hashable, Sendable {
  public let name: String
  public let configuration: AppConfiguration

  public init(name: String, configuration: AppConfiguration) {
    self.name = name
    self.configuration = configuration
  }

  /// The name of a configuration: the iOS version and the Info.plist keys present, for example
  /// `ios18 whenInUse always purposeKeys location`.
  public init(_ configuration: AppConfiguration) {
    let p = configuration.infoPlist
    var parts = ["ios\(configuration.ios.rawValue)"]
    if p.whenInUseUsageDescription != nil { parts.append("whenInUse") }
    if p.alwaysAndWhenInUseUsageDescription != nil { parts.append("always") }
    if p.defaultAccuracyReduced { parts.append("reducedAccuracy") }
    if !p.temporaryUsageDescriptions.isEmpty { parts.append("purposeKeys") }
    if p.requireExplicitServiceSession { parts.append("explicitSession") }
    if p.hasLocationBackgroundMode { parts.append("location") }
    self.init(name: parts.joined(separator: " "), configuration: configuration)
  }

  /// Every configuration of the six Info.plist keys that matter, on `ios` (both when `nil`):
  /// 64 per iOS version. The purpose-key dictionary, where present, holds every purpose key the
  /// catalogue names (`Nav` when it names none).
  public static func all(
    ios: IOSVersion? = nil, catalogue: SessionCatalogue, mutation: ModelMutation? = nil
  ) -> [ConfigurationUnderTest] {
    var keys = catalogue.entries.compactMap(\.fullAccuracyPurposeKey)
    if keys.isEmpty { keys = ["Nav"] }
    var dictionary: [String: String] = [:]
    for key in keys { dictionary[key] = "Explains why \(key) needs full accuracy" }
    let versions = ios.map { [$0] } ?? IOSVersion.distinctRules
    var result: [ConfigurationUnderTest] = []
    for version in versions {
      for bits in 0..<64 {
        let plist = InfoPlist(
          whenInUseUsageDescription: bits & 1 != 0 ? "Shows what is near you" : nil,
          alwaysAndWhenInUseUsageDescription: bits & 2 != 0 ? "Reminds you on arrival" : nil,
          defaultAccuracyReduced: bits & 4 != 0,
          temporaryUsageDescriptions: bits & 8 != 0 ? dictionary : [:],
          requireExplicitServiceSession: bits & 16 != 0,
          backgroundModes: bits & 32 != 0 ? ["location"] : [])
        result.append(
          ConfigurationUnderTest(
            AppConfiguration(ios: version, infoPlist: plist, mutation: mutation)))
      }
    }
    return result
  }
}
