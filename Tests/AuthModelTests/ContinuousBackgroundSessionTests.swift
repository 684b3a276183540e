import AuthModel
import Testing

/// RULES.md §8b: the continuous background session and its indicator (R44).
@Suite struct ContinuousBackgroundSessionTests {
  @Test("R44 updates started in use with the property keep a When In Use app running, in use")
  func startedInUse() throws {
    var location = try withManager(properties: allowsBackground)
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    #expect(location.backgroundIndicator == .shown)
    #expect(location.isInUse)
    #expect(location.locationUpdates == .full)
    #expect(location.rules(of: .backgroundIndicator).contains(.r44))
  }

  @Test("R44 a When In Use app that completes the pair out of use holds no session (assumed)")
  func startedOutOfUse() throws {
    var location = try withManager(properties: allowsBackground)
    try location.backgroundPastGrace()
    try location.startUpdatingLocation("map")
    #expect(location.backgroundIndicator == .hidden)
    #expect(location.locationUpdates == .none)
    #expect(!location.isInUse)
  }

  @Test("R44 judged at the call that completes the pair; true before the start does not decide")
  func judgedAtTheCall() throws {
    var setWhileUpdating = try withManager()
    try setWhileUpdating.startUpdatingLocation("map")
    try setWhileUpdating.configureManager("map", properties: allowsBackground)
    try setWhileUpdating.backgroundPastGrace()
    #expect(setWhileUpdating.backgroundIndicator == .shown)

    var startedOutOfUse = try withManager()
    try startedOutOfUse.configureManager("map", properties: allowsBackground)
    try startedOutOfUse.backgroundPastGrace()
    try startedOutOfUse.startUpdatingLocation("map")
    #expect(startedOutOfUse.backgroundIndicator == .hidden, "the start decides")
    #expect(startedOutOfUse.locationUpdates == .none)

    var setOutOfUse = try withManager()
    try setOutOfUse.startUpdatingLocation("map")
    try setOutOfUse.backgroundPastGrace()
    try setOutOfUse.configureManager("map", properties: allowsBackground)
    #expect(setOutOfUse.backgroundIndicator == .hidden)
    #expect(setOutOfUse.locationUpdates == .none)
  }

  @Test("R44 with Always in effect at any time; hidden with showsBackgroundLocationIndicator false")
  func always() throws {
    var location = try withManager(.always, properties: allowsBackground)
    try location.backgroundPastGrace()
    try location.startUpdatingLocation("map")
    #expect(location.locationUpdates == .full)
    #expect(location.backgroundIndicator == .hidden)
    #expect(!location.isInUse, "no indicator: not in use (R3), served with Always")
    try location.configureManager(
      "map", properties: ManagerProperties(showsBackgroundLocationIndicator: true))
    #expect(location.backgroundIndicator == .shown)
    #expect(location.isInUse)
  }

  @Test("R44 provisional Always is not Always in effect: it needs use, and shows the indicator")
  func provisionalAlways() throws {
    var location = try withManager(.askNextTime, properties: allowsBackground)
    try location.requestAlwaysAuthorization()
    try location.tap(.allowWhileUsing)
    #expect(location.authorizationStatus == .authorizedAlways)
    var outOfUse = location
    try outOfUse.backgroundPastGrace()
    try outOfUse.startUpdatingLocation("map")
    #expect(outOfUse.locationUpdates == .none)
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    #expect(location.backgroundIndicator == .shown, "showsBackgroundLocationIndicator false")
    #expect(location.locationUpdates == .full)
  }

  @Test("R44 the session ends at a stop, the property set false, a release; out of use at once")
  func ends() throws {
    for end in ["stop", "property", "release"] {
      var location = try withManager(properties: allowsBackground)
      try location.startUpdatingLocation("map")
      try location.backgroundPastGrace()
      #expect(location.isInUse)
      switch end {
      case "stop": try location.stopUpdatingLocation("map")
      case "property":
        try location.configureManager(
          "map", properties: ManagerProperties(allowsBackgroundLocationUpdates: false))
      default: try location.releaseManager("map")
      }
      #expect(location.backgroundIndicator == .hidden, "\(end)")
      #expect(!location.isInUse, "\(end)")
      #expect(location.locationUpdates == .none, "\(end)")
      #expect(location.state.legacy.sessionClaims == 0, "\(end)")
    }
  }

  @Test("R44 once ended, a When In Use app gets a new one only by starting in use again")
  func newSessionOnlyInUse() throws {
    var location = try withManager(properties: allowsBackground)
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    try location.stopUpdatingLocation("map")
    try location.startUpdatingLocation("map")
    #expect(location.backgroundIndicator == .hidden)
    try location.enterForeground()
    try location.stopUpdatingLocation("map")
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    #expect(location.backgroundIndicator == .shown)
  }

  @Test("R44 termination ends the session")
  func termination() throws {
    var location = try withManager(.always, properties: allowsBackground)
    try location.startUpdatingLocation("map")
    try location.terminate()
    #expect(location.state.legacy.isIdle)
    #expect(!location.mayRelaunch, "continuous updates relaunch nothing")
    try location.launch()
    try location.createManager("map", properties: allowsBackground)
    try location.enterBackground()
    #expect(location.backgroundIndicator == .hidden)
    #expect(location.locationUpdates == .none)
  }

  @Test("R44 the session ends when the app stops being authorized and does not come back with it")
  func authorizationLost() throws {
    var location = try withManager(properties: allowsBackground)
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    let cited = try location.changeSettings(.location(.never))
    #expect(rules(cited).contains(.r44))
    #expect(location.backgroundIndicator == .hidden)
    try location.changeSettings(.location(.whileUsing))
    #expect(location.backgroundIndicator == .hidden)
    #expect(location.locationUpdates == .none)
  }

  @Test("R44 a start made in use before authorization counts: the session begins with it")
  func startBeforeAuthorization() throws {
    var location = try withManager(.askNextTime, properties: allowsBackground)
    try location.requestWhenInUseAuthorization()
    try location.startUpdatingLocation("map")
    #expect(location.locationUpdates == .none)
    try location.tap(.allowWhileUsing)
    try location.backgroundPastGrace()
    #expect(location.backgroundIndicator == .shown)
    #expect(location.locationUpdates == .full)
  }

  @Test("R44, R12 Allow Once and temporary full accuracy last while the indicator shows")
  func grantsLast() throws {
    var location = try withManager(.askNextTime, precise: false, properties: allowsBackground)
    try location.requestWhenInUseAuthorization()
    try location.tap(.allowOnce)
    try location.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    try location.tap(.allowOnce)
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    #expect(location.authorizationStatus == .authorizedWhenInUse)
    #expect(location.accuracyAuthorization == .fullAccuracy)
    try location.stopUpdatingLocation("map")
    #expect(location.authorizationStatus == .authorizedWhenInUse, "they lapse at the next wait")
    try location.wait()
    #expect(location.authorizationStatus == .notDetermined)
    #expect(location.accuracyAuthorization == .reducedAccuracy)
  }
}
