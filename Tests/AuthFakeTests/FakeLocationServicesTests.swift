import AuthFake
import AuthModel
import LocationSeam
import Testing

/// App code that holds `any LocationServices` gets the fake device's sessions and updates:
/// the model's values in Core Location's shapes (R17–R21, R33, R35).
@MainActor
@Suite struct FakeLocationServicesTests {
  /// The app's code: starts what a walk needs, from the services it is given.
  @MainActor final class WalkTracker {
    let services: any LocationServices
    var session: (any LocationServiceSession)?
    var activity: (any BackgroundActivitySession)?
    init(services: any LocationServices) { self.services = services }
    func start() {
      session = services.serviceSession(authorization: .whenInUse, fullAccuracyPurposeKey: nil)
      activity = services.backgroundActivitySession()
    }
  }

  static func device() -> FakeDevice {
    FakeDevice(
      configuration: AppConfiguration(
        ios: .ios18,
        infoPlist: InfoPlist(
          whenInUseUsageDescription: "Shows stations near you",
          temporaryUsageDescriptions: ["Walk": "Walking directions"])))
  }

  @Test("a service session's diagnostics, in CLServiceSession.Diagnostic's properties")
  func serviceSession() async throws {
    let device = Self.device()
    try device.launch()
    let tracker = WalkTracker(services: device)
    tracker.start()
    let session = try #require(tracker.session)
    var diagnostics = session.diagnostics.makeAsyncIterator()
    let first = try #require(await diagnostics.next())
    #expect(first == ServiceSessionDiagnostic(authorizationRequestInProgress: true))
    #expect(first.description == "[authorizationRequestInProgress]")
    try device.tap(.allowWhileUsing, precise: false)
    // Reduced accuracy is the fake's accuracyLimited (R32), which is not one of Core Location's
    // eight properties: nothing is set.
    #expect(await diagnostics.next() == ServiceSessionDiagnostic())
    // Created before the user answered, the background activity session is held, inactive (R35).
    #expect(device.simulator.backgroundActivityStatus == .inactive)
    tracker.activity?.invalidate()
    #expect(device.simulator.backgroundActivityStatus == BackgroundActivityStatus.none)
    session.invalidate()
    #expect(await diagnostics.next() == nil)
    #expect(device.refusedAppCalls.isEmpty)
  }

  @Test("dropping the session the services gave releases it (R21)")
  func release() throws {
    let device = Self.device()
    try device.launch()
    let tracker = WalkTracker(services: device)
    tracker.start()
    #expect(device.prompt == .whenInUse)
    tracker.session = nil
    #expect(device.simulator.state.sessions.count == 0)
  }

  @Test("live updates in CLLocationUpdate's properties: a fix, and why none comes")
  func liveUpdates() async throws {
    let device = Self.device()
    try device.launch()
    let services: any LocationServices = device
    var updates = services.liveUpdates().makeAsyncIterator()
    let first = try #require(await updates.next())
    #expect(first.location == nil)
    #expect(first.authorizationRequestInProgress)
    #expect(!first.locationUnavailable, "a flag says why")
    try device.tap(.allowWhileUsing, precise: false)
    let second = try #require(await updates.next())
    #expect(second.location != nil)
    #expect(second.accuracyLimited)
    #expect(!second.authorizationRequestInProgress)
  }
}
