import AuthModel
import Testing

/// RULES.md §8b: continuous updates, `startUpdatingLocation()` (R43).
@Suite struct ContinuousUpdatesTests {
  @Test("R43 updates deliver while a manager updates and the app is in use, by accuracy")
  func deliverInUse() throws {
    var location = try withManager()
    #expect(location.locationUpdates == .none)
    try location.startUpdatingLocation("map")
    #expect(location.locationUpdates == .full)
    var reduced = try withManager(precise: false)
    try reduced.startUpdatingLocation("map")
    #expect(reduced.locationUpdates == .reduced, "R40 is about live updates only")
  }

  @Test("R43 a suspended app gets nothing until it is in use again")
  func suspended() throws {
    var location = try withManager()
    try location.startUpdatingLocation("map")
    try location.enterBackground()
    #expect(location.locationUpdates == .full, "in the grace period")
    try location.wait()
    #expect(location.locationUpdates == .none)
    try location.enterForeground()
    #expect(location.locationUpdates == .full)
  }

  @Test("R43 an Always app without a continuous background session is suspended too")
  func alwaysWithoutSession() throws {
    var location = try withManager(.always)
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    #expect(location.locationUpdates == .none)
    #expect(location.rules(of: .locationUpdates).contains(.r43))
  }

  @Test("R43 nothing while the app is not authorized")
  func unauthorized() throws {
    for setting in [LocationSetting.askNextTime, .never] {
      var location = try withManager(setting)
      try location.startUpdatingLocation("map")
      #expect(location.locationUpdates == .none, "\(setting)")
      #expect(location.rules(of: .locationUpdates).contains(.r4))
    }
  }

  @Test("R43 a stop, the manager's release and termination stop the updates")
  func stops() throws {
    var location = try withManager()
    try location.startUpdatingLocation("map")
    try location.stopUpdatingLocation("map")
    #expect(location.locationUpdates == .none)
    try location.startUpdatingLocation("map")
    try location.releaseManager("map")
    #expect(location.locationUpdates == .none)
    try location.createManager("map")
    #expect(location.locationUpdates == .none, "a new manager does not update")
    try location.startUpdatingLocation("map")
    try location.terminate()
    try location.launch()
    try location.createManager("map")
    #expect(location.locationUpdates == .none)
    #expect(location.state.legacy.updating == 0)
  }

  @Test("R43 the legacy services need no session, NSLocationRequireExplicitServiceSession aside")
  func noSessionNeeded() throws {
    var location = try withManager(info: makeInfo(requireExplicitServiceSession: true))
    try location.startUpdatingLocation("map")
    #expect(location.locationUpdates == .full)
    #expect(location.holderNames.isEmpty, "no diagnostics holder")
  }
}
