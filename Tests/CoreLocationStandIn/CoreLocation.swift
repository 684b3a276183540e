// A stand-in, for Linux, of the Core Location declarations that
// `Sources/LocationSeam/CLLocationManager+LocationManaging.swift` uses: names, types and
// signatures as Apple's API reference gives them in Swift, with no behaviour (a manager
// that does nothing, values that hold what they are given). It lets CI compile that file on
// Linux: a name or a signature of the conformance that drifts from Core Location's fails the
// build. Package.swift declares it only on Linux; on Apple systems `CoreLocation` is Apple's.
//
// `optional` delegate methods cannot be declared without Objective-C: here they are
// requirements with empty defaults, and `Tests/CoreLocationAdapterTests` calls each through
// `any CLLocationManagerDelegate`, so that a method of the proxy whose signature drifted (which
// Core Location would silently never call) fails the test.
//
// Sources, https://developer.apple.com/documentation/corelocation/ and below it:
// - cllocationmanager, cllocationmanager/delegate, cllocationmanager/authorizationstatus,
//   cllocationmanager/accuracyauthorization, cllocationmanager/requestwheninuseauthorization(),
//   cllocationmanager/requestalwaysauthorization(),
//   cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:completion:),
//   cllocationmanager/startupdatinglocation(), cllocationmanager/stopupdatinglocation(),
//   cllocationmanager/allowsbackgroundlocationupdates,
//   cllocationmanager/showsbackgroundlocationindicator,
//   cllocationmanager/pauseslocationupdatesautomatically,
//   cllocationmanager/startmonitoringsignificantlocationchanges() and stop…,
//   cllocationmanager/startmonitoringvisits() and stop…, cllocationmanager/startmonitoring(for:),
//   cllocationmanager/stopmonitoring(for:), cllocationmanager/monitoredregions
// - cllocationmanagerdelegate (`protocol CLLocationManagerDelegate : NSObjectProtocol`) and its
//   locationmanagerdidchangeauthorization(_:), locationmanager(_:didupdatelocations:),
//   locationmanager(_:didfailwitherror:), locationmanagerdidpauselocationupdates(_:),
//   locationmanagerdidresumelocationupdates(_:), locationmanager(_:didenterregion:),
//   locationmanager(_:didexitregion:), locationmanager(_:monitoringdidfailfor:witherror:),
//   locationmanager(_:didvisit:)
// - clauthorizationstatus, claccuracyauthorization, cllocation, cllocationcoordinate2d,
//   cllocationdegrees, cllocationdistance, cllocationaccuracy, clregion, clcircularregion,
//   clvisit
import Foundation

public typealias CLLocationDegrees = Double
public typealias CLLocationDistance = Double
public typealias CLLocationAccuracy = Double

public enum CLAuthorizationStatus: Int32, @unchecked Sendable {
  case notDetermined = 0
  case restricted = 1
  case denied = 2
  case authorizedAlways = 3
  case authorizedWhenInUse = 4
}

public enum CLAccuracyAuthorization: Int, @unchecked Sendable {
  case fullAccuracy = 0
  case reducedAccuracy = 1
}

public struct CLLocationCoordinate2D: Sendable {
  public var latitude: CLLocationDegrees
  public var longitude: CLLocationDegrees
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

open class CLLocation: NSObject, @unchecked Sendable {
  open private(set) var coordinate: CLLocationCoordinate2D
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
  }
}

open class CLRegion: NSObject, @unchecked Sendable {
  open private(set) var identifier: String
  init(identifier: String) { self.identifier = identifier }
}

open class CLCircularRegion: CLRegion, @unchecked Sendable {
  open private(set) var center: CLLocationCoordinate2D
  open private(set) var radius: CLLocationDistance
  public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
    self.center = center
    self.radius = radius
    super.init(identifier: identifier)
  }
}

open class CLVisit: NSObject, @unchecked Sendable {
  open var arrivalDate: Date { .distantPast }
  open var departureDate: Date { .distantFuture }
  open var coordinate: CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: 0, longitude: 0)
  }
  open var horizontalAccuracy: CLLocationAccuracy { 0 }
}

open class CLLocationManager: NSObject {
  weak open var delegate: (any CLLocationManagerDelegate)?
  open var authorizationStatus: CLAuthorizationStatus { .notDetermined }
  open var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }
  open func requestWhenInUseAuthorization() {}
  open func requestAlwaysAuthorization() {}
  open func requestTemporaryFullAccuracyAuthorization(
    withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)? = nil
  ) {}
  open func startUpdatingLocation() {}
  open func stopUpdatingLocation() {}
  open var allowsBackgroundLocationUpdates = false
  open var showsBackgroundLocationIndicator = false
  open var pausesLocationUpdatesAutomatically = true
  open func startMonitoringSignificantLocationChanges() {}
  open func stopMonitoringSignificantLocationChanges() {}
  open func startMonitoringVisits() {}
  open func stopMonitoringVisits() {}
  open func startMonitoring(for region: CLRegion) {}
  open func stopMonitoring(for region: CLRegion) {}
  open var monitoredRegions: Set<CLRegion> { [] }
}

public protocol CLLocationManagerDelegate: NSObjectProtocol {
  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
  func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
  func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
  func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
  func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
  func locationManager(
    _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
    withError error: any Error)
  func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
}

extension CLLocationManagerDelegate {
  public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
  public func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {}
  public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
  public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {}
  public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}
  public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
  public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
  public func locationManager(
    _ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
    withError error: any Error
  ) {}
  public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {}
}

// iOS 17 and 18. Sources, https://developer.apple.com/documentation/corelocation/ and below it:
// clservicesession-pt7n (`final class CLServiceSession`), its authorizationrequirement,
// init(authorization:), init(authorization:fullaccuracypurposekey:), invalidate(),
// diagnostics-swift.property (`final var diagnostics: CLServiceSession.Diagnostics { get }`),
// diagnostic (eight `var …: Bool { get }`); cllocationupdate (`struct CLLocationUpdate`),
// liveupdates(_:) (`static func liveUpdates(_ configuration: CLLocationUpdate.LiveConfiguration
// = .default) -> CLLocationUpdate.Updates`), updates (`struct Updates`, AsyncSequence, Sendable),
// liveconfiguration, location, and the iOS 18 properties; clbackgroundactivitysession-3mzv3
// (`init()`, `final func invalidate()`). Sendable only where the reference says so: the
// others are taken as not Sendable, the stricter reading.
public final class CLServiceSession {
  public enum AuthorizationRequirement: Sendable {
    case none
    case whenInUse
    case always
  }
  public struct Diagnostic {
    public var alwaysAuthorizationDenied: Bool { false }
    public var authorizationDenied: Bool { false }
    public var authorizationDeniedGlobally: Bool { false }
    public var authorizationRequestInProgress: Bool { false }
    public var authorizationRestricted: Bool { false }
    public var fullAccuracyDenied: Bool { false }
    public var insufficientlyInUse: Bool { false }
    public var serviceSessionRequired: Bool { false }
  }
  public final class Diagnostics: AsyncSequence {
    public typealias Element = Diagnostic
    public struct Iterator: AsyncIteratorProtocol {
      public mutating func next() async throws -> Diagnostic? { nil }
    }
    public func makeAsyncIterator() -> Iterator { Iterator() }
  }
  public init(authorization: AuthorizationRequirement) {}
  public init(authorization: AuthorizationRequirement, fullAccuracyPurposeKey: String) {}
  public final var diagnostics: Diagnostics { Diagnostics() }
  public final func invalidate() {}
}

public struct CLLocationUpdate {
  public enum LiveConfiguration: Sendable {
    case `default`
    case automotiveNavigation
    case otherNavigation
    case fitness
    case airborne
  }
  public struct Updates: AsyncSequence, Sendable {
    public typealias Element = CLLocationUpdate
    public struct Iterator: AsyncIteratorProtocol {
      public mutating func next() async throws -> CLLocationUpdate? { nil }
    }
    public func makeAsyncIterator() -> Iterator { Iterator() }
  }
  public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates {
    Updates()
  }
  public var location: CLLocation? { nil }
  public var authorizationDenied: Bool { false }
  public var authorizationDeniedGlobally: Bool { false }
  public var authorizationRestricted: Bool { false }
  public var authorizationRequestInProgress: Bool { false }
  public var insufficientlyInUse: Bool { false }
  public var serviceSessionRequired: Bool { false }
  public var accuracyLimited: Bool { false }
  public var locationUnavailable: Bool { false }
  public var stationary: Bool { false }
}

public final class CLBackgroundActivitySession {
  public init() {}
  public final func invalidate() {}
}

// iOS 17 and 18. Sources, https://developer.apple.com/documentation/corelocation/ and below it:
// clmonitor-2r51v (`actor CLMonitor`), init(_:) (`init(_ name: String) async`),
// add(_:identifier:) (`func add(_ condition: any CLCondition, identifier: String)`),
// add(_:identifier:assuming:) (`func add(_ condition: any CLCondition, identifier: String,
// assuming state: CLMonitor.Event.State)`), remove(_:) (`func remove(_ identifier: String)`),
// identifiers, events-swift.property (`final let events: CLMonitor.Events`), events-swift.struct
// (`struct Events`, AsyncSequence) and its `struct Iterator`; event (`struct Event`: identifier,
// state-swift.property `var state: CLMonitor.Event.State { get }`, date, and the iOS 18
// properties accuracyLimited, authorizationDenied, authorizationDeniedGlobally,
// authorizationRequestInProgress, authorizationRestricted, conditionLimitExceeded,
// conditionUnsupported, insufficientlyInUse, persistenceUnavailable, serviceSessionRequired);
// clmonitoringstate (`enum CLMonitoringState : NSUInteger`: unknown, satisfied, unsatisfied,
// unmonitored), which `CLMonitor.Event.State` names; clcondition-swift.protocol;
// circulargeographiccondition (`struct`, `init(center: CLLocationCoordinate2D, radius:
// CLLocationDistance)`); beaconidentitycondition (`init(uuid:)`, `init(uuid:major:)`,
// `init(uuid:major:minor:)`). Sendable only where the reference says so, as above.
public typealias CLBeaconMajorValue = UInt16
public typealias CLBeaconMinorValue = UInt16

public enum CLMonitoringState: UInt, @unchecked Sendable {
  case unknown = 0
  case satisfied = 1
  case unsatisfied = 2
  case unmonitored = 3
}

public protocol CLCondition {}

public actor CLMonitor {
  public struct CircularGeographicCondition: CLCondition {
    public let center: CLLocationCoordinate2D
    public let radius: CLLocationDistance
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
      self.center = center
      self.radius = radius
    }
  }
  public struct BeaconIdentityCondition: CLCondition {
    public let uuid: UUID
    public let major: CLBeaconMajorValue?
    public let minor: CLBeaconMinorValue?
    public init(uuid: UUID) { (self.uuid, major, minor) = (uuid, nil, nil) }
    public init(uuid: UUID, major: CLBeaconMajorValue) {
      (self.uuid, self.major, minor) = (uuid, major, nil)
    }
    public init(uuid: UUID, major: CLBeaconMajorValue, minor: CLBeaconMinorValue) {
      (self.uuid, self.major, self.minor) = (uuid, major, minor)
    }
  }
  public struct Event {
    public typealias State = CLMonitoringState
    public var identifier: String { "" }
    public var state: State { .unknown }
    public var date: Date { Date() }
    public var accuracyLimited: Bool { false }
    public var authorizationDenied: Bool { false }
    public var authorizationDeniedGlobally: Bool { false }
    public var authorizationRequestInProgress: Bool { false }
    public var authorizationRestricted: Bool { false }
    public var conditionLimitExceeded: Bool { false }
    public var conditionUnsupported: Bool { false }
    public var insufficientlyInUse: Bool { false }
    public var persistenceUnavailable: Bool { false }
    public var serviceSessionRequired: Bool { false }
  }
  public struct Events: AsyncSequence {
    public typealias Element = Event
    public struct Iterator: AsyncIteratorProtocol {
      public mutating func next() async throws -> Event? { nil }
    }
    public func makeAsyncIterator() -> Iterator { Iterator() }
  }
  public let events = Events()
  public init(_ name: String) async {}
  public func add(_ condition: any CLCondition, identifier: String) {}
  public func add(
    _ condition: any CLCondition, identifier: String, assuming state: CLMonitor.Event.State
  ) {}
  public func remove(_ identifier: String) {}
  public var identifiers: [String] { [] }
}
