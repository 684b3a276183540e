/// The iOS release the app runs on.
///
/// iOS 26 and 27 follow iOS 18's rules: Apple documents no change to location authorization,
/// CLServiceSession or CLBackgroundActivitySession after iOS 18 (docs/RULES.md). They are kept
/// apart from ``ios18`` so that reports name the version a scenario gave.
public enum IOSVersion: Int, Hashable, Sendable, CaseIterable {
  case ios17 = 17
  case ios18 = 18
  case ios26 = 26
  case ios27 = 27

  /// The version whose rules apply: ``ios18`` for iOS 18 and later.
  @inlinable public var rules: IOSVersion { self == .ios17 ? .ios17 : .ios18 }

  /// One version per distinct set of rules (iOS 17 and iOS 18), which is what an exploration
  /// of every configuration needs: iOS 26 and 27 would repeat iOS 18's states.
  public static let distinctRules: [IOSVersion] = [.ios17, .ios18]
}

/// The app as built and the system it runs on: what stays fixed for a whole story.
///
/// The configuration also fixes the purpose-key table: the keys of
/// `NSLocationTemporaryUsageDescriptionDictionary`, sorted, are purpose keys `0..<count`; the
/// state refers to them by ``PurposeKey`` index, so it stays a few machine words.
public struct AppConfiguration: Hashable, Sendable {
  /// The most purpose keys a dictionary may have (the per-run decline memory is a bit set).
  public static let maximumPurposeKeys = 32

  /// The iOS version; 26 and 27 follow iOS 18's rules (``IOSVersion/rules``).
  public let ios: IOSVersion
  /// A deliberately broken rule, or `nil` (always, outside tests of the tools themselves).
  public let mutation: ModelMutation?
  /// The strings and collections, shared by every copy of the configuration.
  private let storage: Storage

  // Flags read on every transition, computed once.
  /// `NSLocationWhenInUseUsageDescription` is present (R7), or R7 is broken
  /// (``ModelMutation/usageStringsNotRequired``).
  public let hasWhenInUseString: Bool
  /// `NSLocationAlwaysAndWhenInUseUsageDescription` is present (R7), or R7 is broken
  /// (``ModelMutation/usageStringsNotRequired``).
  public let hasAlwaysString: Bool
  /// `UIBackgroundModes` contains `location` (R33, R35).
  public let hasLocationBackgroundMode: Bool
  /// `NSLocationRequireExplicitServiceSession` is true (R17, R29).
  public let requiresExplicitServiceSession: Bool
  /// The number of keys of `NSLocationTemporaryUsageDescriptionDictionary`.
  public let purposeKeyCount: Int
  /// Whether the Precise toggle starts on (R9, R38 reset).
  public let defaultPrecise: Bool
  /// The most regions the app may register at a time (R49): ``LegacyServices/regionLimit``,
  /// 20, in every story. A model parameter for exploration only (`authcheck explore --legacy
  /// --regions N` explores with a limit of `N − 1`, so that the region past the limit is
  /// reachable with few region ids); scenarios always run with 20.
  public var regionLimit = LegacyServices.regionLimit

  private final class Storage: Sendable {
    let infoPlist: InfoPlist
    let purposeKeys: [String]

    init(_ infoPlist: InfoPlist) {
      self.infoPlist = infoPlist
      self.purposeKeys = infoPlist.temporaryUsageDescriptions.keys.sorted()
    }
  }

  /// The Info.plist keys of the app.
  public var infoPlist: InfoPlist { storage.infoPlist }
  /// The purpose keys of the dictionary in sorted order; ``PurposeKey/index`` indexes them.
  public var purposeKeys: [String] { storage.purposeKeys }

  /// Creates a configuration.
  ///
  /// - Precondition: the dictionary has at most ``maximumPurposeKeys`` keys
  ///   (``unsupported(_:)`` is `nil`).
  public init(ios: IOSVersion = .ios18, infoPlist: InfoPlist, mutation: ModelMutation? = nil) {
    if let problem = Self.unsupported(infoPlist) { preconditionFailure(problem) }
    self.ios = ios
    self.mutation = mutation
    self.storage = Storage(infoPlist)
    let ignoresStrings = mutation == .usageStringsNotRequired
    self.hasWhenInUseString = infoPlist.whenInUseUsageDescription != nil || ignoresStrings
    self.hasAlwaysString = infoPlist.alwaysAndWhenInUseUsageDescription != nil || ignoresStrings
    self.hasLocationBackgroundMode = infoPlist.hasLocationBackgroundMode
    self.requiresExplicitServiceSession = infoPlist.requireExplicitServiceSession
    self.purposeKeyCount = infoPlist.temporaryUsageDescriptions.count
    self.defaultPrecise = !infoPlist.defaultAccuracyReduced
  }

  /// Why the model cannot take `infoPlist`, in words for an error message, or `nil` if it can:
  /// a purpose-key dictionary of more than ``maximumPurposeKeys`` keys.
  public static func unsupported(_ infoPlist: InfoPlist) -> String? {
    let count = infoPlist.temporaryUsageDescriptions.count
    guard count > maximumPurposeKeys else { return nil }
    return "NSLocationTemporaryUsageDescriptionDictionary has \(count) keys; at most "
      + "\(maximumPurposeKeys) are supported"
  }

  /// Two configurations are equal when they give the same app on the same iOS.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ios == rhs.ios && lhs.mutation == rhs.mutation && lhs.infoPlist == rhs.infoPlist
      && lhs.regionLimit == rhs.regionLimit
  }

  /// Hashes what ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ios)
    hasher.combine(mutation)
    hasher.combine(infoPlist)
    hasher.combine(regionLimit)
  }

  /// The purpose key with this name, if the dictionary has it.
  public func purposeKey(named name: String) -> PurposeKey? {
    purposeKeys.firstIndex(of: name).map { PurposeKey(index: UInt8($0)) }
  }

  /// Whether `key` is a key of the dictionary (R23: a missing key never prompts).
  public func hasPurposeKey(_ key: PurposeKey) -> Bool { Int(key.index) < purposeKeyCount }

  /// Whether the service-session API and its diagnostics exist (R39).
  @inlinable public var hasServiceSessions: Bool { ios.rules == .ios18 }
}
