/// Something a Swift type does with Core Location, found by ``SwiftScanner``.
struct CoreLocationUse: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    /// `CLLocationManager()`, kept in the property or variable `name`.
    case manager(name: String)
    /// `NAME.property = true|false`, for `allowsBackgroundLocationUpdates`,
    /// `showsBackgroundLocationIndicator` and `pausesLocationUpdatesAutomatically`.
    case property(receiver: String?, name: String, value: Bool)
    /// `startUpdatingLocation()`, `startMonitoringSignificantLocationChanges()`,
    /// `startMonitoringVisits()`: the holding's key.
    case service(key: String, receiver: String?)
    /// `startMonitoring(for:)`; the count of a loop over a literal or a range of numbers, or
    /// `nil` with what the loop goes over.
    case regions(receiver: String?, count: Int?, loop: String?)
    /// `requestWhenInUseAuthorization()` (`whenInUse`), `requestAlwaysAuthorization()`
    /// (`always`), `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`
    /// (`temporaryFullAccuracy`, with the key when it is a literal).
    case request(String, purposeKey: String?, receiver: String?)
    /// `CLServiceSession(authorization:…)`, kept in `name`.
    case session(name: String?, authorization: String?, purposeKey: String?)
    /// `CLLocationUpdate.liveUpdates()`.
    case liveUpdates
    /// `CLMonitor(…)`.
    case monitor
    /// `CLBackgroundActivitySession()`.
    case backgroundActivity
  }

  var kind: Kind
  /// The type whose code makes the call (an extension's type), or `""` at the top level.
  var type: String
  var from: SourceLine
  /// Where the code runs.
  var context: CodeContext
}

/// When code runs, as far as the code around it shows.
enum Trigger: String, Hashable, Sendable {
  /// At every launch: `application(_:didFinishLaunchingWithOptions:)`, an `App`'s `init`.
  case launch
  /// When the app comes to the foreground: `scenePhase`, `sceneDidBecomeActive`, a view's
  /// `.task` or `.onAppear`.
  case foreground
  /// On the user's action: a button's action, an `@IBAction`.
  case user
  /// On a launch for location: under a check of `launchOptions?[.location]`.
  case relaunch
}

/// Where a piece of code sits: in a place that says when it runs, or in a function (or a
/// type's property) whose callers say it.
enum CodeContext: Hashable, Sendable {
  case trigger(Trigger, SourceLine)
  /// In the function `name` of `type` (`""` at the top level), which is not a trigger.
  case function(type: String, name: String, SourceLine)
  /// In the initial value of a property of `type`: it runs when the type is created.
  case typeLevel(type: String)
  case topLevel
}

/// A call of a function or the creation of a type: `name(`.
struct CallSite: Hashable, Sendable {
  var name: String
  var context: CodeContext
  var from: SourceLine
  /// What the call is made on, when a name shows it: `tracker` in `tracker.start()`, `Part`
  /// in `Part().start()` and `Part.shared.start()`.
  var receiver: String? = nil
}

/// A type declaration.
struct TypeDeclaration: Hashable, Sendable {
  var name: String
  var from: SourceLine
  var isExtension: Bool
  /// Conforms to SwiftUI's `App`: its `init` and its properties run at launch.
  var isApp: Bool
}
