/// A document a rule of the model is taken from: an Apple header or article, a WWDC session, or
/// a field report where Apple is silent.
///
/// The rule book (`docs/RULES.md`, `authcheck rules`) lists each by ``name``.
public enum RuleSource: String, CaseIterable, Hashable, Sendable {
  /// The iOS 18 SDK headers, where a rule cites no single one.
  case sdkHeaders
  case serviceSessionHeader
  case monitoringEventHeader
  case backgroundActivitySessionHeader
  case locationManagerHeader
  case locationManagerDelegateHeader
  /// Apple's Core Location articles on developer.apple.com, where a rule cites no single one.
  case coreLocationDocumentation
  case choosingAuthorization
  case handlingBackgroundUpdates
  case requestAlwaysAuthorization
  case requestTemporaryFullAccuracyAuthorization
  case didChangeAuthorization
  case statusDenied
  case statusRestricted
  case promptDeclined
  case coreLocationUpdates
  case wwdc24Session10212
  case wwdc23Session10180
  case wwdc23Session10147
  case wwdc20Session10660
  case wwdc19Session705
  case developerForumsAnswer
  case developerForumsReport
  /// The developer.apple.com pages of `CLLocationManager` and its properties and methods.
  case locationManagerDocumentation
  case launchTable
  case fieldReports
  case trackingSDKReport
  case modernAPITips

  /// The source's name as the rule book writes it.
  public var name: String {
    switch self {
    case .sdkHeaders:
      "iOS 18 SDK headers (CLServiceSession.h, CLMonitoringEvent.h, CLBackgroundActivitySession.h)"
    case .serviceSessionHeader: "CLServiceSession.h (iOS 18 SDK)"
    case .monitoringEventHeader: "CLMonitoringEvent.h (iOS 18 SDK)"
    case .backgroundActivitySessionHeader: "CLBackgroundActivitySession.h (iOS 18 SDK)"
    case .locationManagerHeader: "CLLocationManager.h"
    case .locationManagerDelegateHeader: "CLLocationManagerDelegate.h"
    case .coreLocationDocumentation:
      "Apple's Core Location documentation (developer.apple.com), such as \"Requesting "
        + "authorization to use location services\""
    case .choosingAuthorization:
      "Apple documentation: \"Choosing the location services authorization to request\""
    case .handlingBackgroundUpdates:
      "Apple documentation: \"Handling location updates in the background\""
    case .requestAlwaysAuthorization: "Apple documentation: requestAlwaysAuthorization()"
    case .requestTemporaryFullAccuracyAuthorization:
      "Apple documentation: requestTemporaryFullAccuracyAuthorization(withPurposeKey:)"
    case .didChangeAuthorization:
      "Apple documentation: locationManagerDidChangeAuthorization(_:)"
    case .statusDenied: "Apple documentation: CLAuthorizationStatus.denied"
    case .statusRestricted: "Apple documentation: CLAuthorizationStatus.restricted"
    case .promptDeclined: "Apple documentation: CLError.promptDeclined"
    case .coreLocationUpdates:
      "Apple documentation: \"Core Location updates\" (checked 2026-11: it ends at June 2024)"
    case .wwdc24Session10212: "WWDC24 session 10212, \"What's new in location authorization\""
    case .wwdc23Session10180: "WWDC23 session 10180"
    case .wwdc23Session10147: "WWDC23 session 10147"
    case .wwdc20Session10660: "WWDC20 session 10660 (accuracy)"
    case .wwdc19Session705: "WWDC19 session 705 (Allow Once, provisional Always)"
    case .developerForumsAnswer: "an answer on the Apple Developer Forums"
    case .developerForumsReport: "an unanswered report on the Apple Developer Forums (2026)"
    case .locationManagerDocumentation:
      "Apple documentation: CLLocationManager (the class overview, startUpdatingLocation(), "
        + "allowsBackgroundLocationUpdates, showsBackgroundLocationIndicator, "
        + "pausesLocationUpdatesAutomatically, startMonitoringSignificantLocationChanges(), "
        + "startMonitoringVisits(), startMonitoring(for:))"
    case .launchTable:
      "Apple documentation: the table \"Launches a terminated app automatically\" in "
        + "\"Requesting authorization to use location services\""
    case .fieldReports: "developers' field reports"
    case .trackingSDKReport:
      "field report: a location-tracking SDK's documentation of provisional Always"
    case .modernAPITips: "field report: \"Core Location Modern API Tips\""
    }
  }
}
