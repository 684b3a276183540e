import AuthModel
import Testing

/// The seven anti-patterns of `shared/seeds/001_…txt` (long form in `003_…txt`), told as
/// model-level stories: what the user sees and what the app gets. Where an anti-pattern is about
/// something the model does not hold (battery, stationary detection, `LiveConfiguration`), the
/// test shows the nearest authorization consequence and says what is out of scope.
@Suite struct AntiPatternTests {
  /// A reminders app: both strings, a full-accuracy purpose key, the location background mode.
  static let reminders = makeInfo()

  // MARK: 1) Premature Always authorization

  @Test("anti-pattern 1: requestAlwaysAuthorization at first launch gives provisional Always only")
  func prematureAlways() throws {
    var location = try launched(info: Self.reminders)
    try location.requestAlwaysAuthorization()
    // The user sees the when-in-use prompt, not an Always prompt, and the one Always prompt of
    // the app's life is already being spent.
    #expect(location.prompt == .whenInUse)
    #expect(location.state.alwaysPromptSpent == true)
    try location.tap(.allowWhileUsing)
    #expect(location.authorizationStatus == .authorizedAlways)
    #expect(location.settingsShows == .whileUsing)
    try location.createSession("reminders", authorization: .always)
    try location.monitor(iterating: true)
    #expect(location.prompt == .none, "no upgrade prompt while the user is using the app")
    // In the background Always is not in effect: nothing is delivered.
    try location.backgroundPastGrace()
    #expect(location.monitorEvents == .none)
    #expect(location.flags("reminders") == [.insufficientlyInUse])
    #expect(location.flags("monitor") == [.insufficientlyInUse])
    // Until Core Location has an event and asks, out of context, while the user is elsewhere.
    try location.backgroundEvent()
    #expect(location.prompt == .alwaysUpgrade)
    try location.tap(.keepOnlyWhileUsing)
    #expect(location.authorizationStatus == .authorizedWhenInUse)
    #expect(location.monitorEvents == .none)
    try location.enterForeground()
    #expect(location.flags("reminders") == [.alwaysAuthorizationDenied])
    // The app can never ask again: only Settings can grant Always now.
    try location.requestAlwaysAuthorization()
    #expect(location.requestResult == .noEffect)
    #expect(location.prompt == .none)
  }

  @Test("anti-pattern 1: an upfront Always request the user refuses denies the whole app")
  func prematureAlwaysDenied() throws {
    var location = try launched(info: Self.reminders)
    try location.requestAlwaysAuthorization()
    try location.tap(.dontAllow)
    #expect(location.authorizationStatus == .denied)
    try location.createSession("app", authorization: .whenInUse)
    try location.requestWhenInUseAuthorization()
    #expect(location.prompt == .none)
    #expect(location.requestResult == .noEffect)
    #expect(location.flags("app") == [.authorizationDenied])
  }

  @Test("anti-pattern 1 fixed: when-in-use first, Always when the user starts the feature")
  func stagedAlways() throws {
    var location = try launched(info: Self.reminders)
    try location.createSession("app", authorization: .whenInUse)
    #expect(location.prompt == .whenInUse)
    try location.tap(.allowWhileUsing)
    #expect(location.authorizationStatus == .authorizedWhenInUse)
    #expect(location.state.alwaysPromptSpent == false, "the Always ask is still available")
    // Later, the user creates the first reminder: the upgrade is asked in context.
    try location.createSession("reminders", authorization: .always)
    try location.monitor(iterating: true)
    #expect(location.prompt == .alwaysUpgrade)
    try location.tap(.changeToAlwaysAllow)
    try location.backgroundPastGrace()
    #expect(location.authorizationStatus == .authorizedAlways)
    #expect(location.monitorEvents == .delivered)
    #expect(location.flags("reminders") == [])
  }

  // MARK: 2) Continuous updates for geofencing

  @Test("anti-pattern 2: polling live updates for a geofence needs what CLMonitor does not")
  func pollingForGeofence() throws {
    // Out of scope: battery cost. What the model shows: outside use, live updates need the
    // location background mode (R33), monitor events do not (R34, assumed).
    var location = try launched(
      info: makeInfo(locationBackgroundMode: false), start: .init(location: .always))
    try location.createSession("geofence", authorization: .always)
    try location.liveUpdates(iterating: true)
    try location.monitor(iterating: true)
    try location.backgroundPastGrace()
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.monitorEvents == .delivered)
  }

  @Test("anti-pattern 2: CLMonitor needs full accuracy where polling degrades to reduced fixes")
  func monitorNeedsFullAccuracy() throws {
    var location = try launched(start: .init(location: .always, precise: false))
    try location.createSession("geofence", authorization: .always)
    try location.liveUpdates(iterating: true)
    try location.monitor(iterating: true)
    #expect(location.liveUpdatesDelivery == .reduced)
    #expect(location.monitorEvents == .none)
    #expect(location.flags("monitor") == [.accuracyLimited])
  }

  // MARK: 3) Ignoring stationary behavior

  @Test("anti-pattern 3: silence is not a denial; the diagnostics say why nothing comes")
  func stationaryIsNotDenial() throws {
    // Out of scope: isStationary and paused updates; the model's delivery is a state, not a
    // stream. What it shows: while served, time passing changes nothing and no diagnostic is
    // set, so an app must not read a quiet stream as a denial; when it stops being served, a
    // diagnostic names the reason.
    var location = try launched(start: .init(location: .whileUsing))
    try location.liveUpdates(iterating: true)
    try location.wait()
    try location.wait()
    #expect(location.liveUpdatesDelivery == .full)
    #expect(location.flags("liveUpdates") == [])
    try location.backgroundPastGrace()
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.flags("liveUpdates") == [.insufficientlyInUse])
  }

  // MARK: 4) No graceful denial path

  @Test("anti-pattern 4: a denial is reported as authorizationDenied, never by silence")
  func denialPath() throws {
    var location = try launched()
    try location.liveUpdates(iterating: true)
    #expect(location.prompt == .whenInUse)
    try location.tap(.dontAllow)
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.flags("liveUpdates") == [.authorizationDenied])
    // The app cannot ask again: it must offer a manual picker and point to Settings.
    try location.requestWhenInUseAuthorization()
    #expect(location.prompt == .none)
    try location.enterBackground()
    try location.changeSettings(.location(.whileUsing))
    try location.enterForeground()
    #expect(location.liveUpdatesDelivery == .full)
    #expect(location.flags("liveUpdates") == [])
  }

  @Test("anti-pattern 4: Location Services off is authorizationDeniedGlobally")
  func globalDenialPath() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.liveUpdates(iterating: true)
    try location.enterBackground()
    try location.changeSettings(.locationServices(false))
    try location.enterForeground()
    #expect(location.liveUpdatesDelivery == .none)
    #expect(
      location.flags("liveUpdates") == [.authorizationDeniedGlobally, .authorizationDenied])
    #expect(location.settingsShows == .whileUsing, "the app's own choice is intact")
    try location.enterBackground()
    try location.changeSettings(.locationServices(true))
    try location.enterForeground()
    #expect(location.liveUpdatesDelivery == .full)
  }

  // MARK: 5) Wrong accuracy for use case

  @Test("anti-pattern 5: a weather app asks for reduced accuracy, navigation asks for more")
  func accuracyByIntent() throws {
    // Out of scope: LiveConfiguration (.automotiveNavigation, .fitness…) and its battery cost.
    // What the model shows is the authorization side of accuracy: an app built with
    // NSLocationDefaultAccuracyReduced gets reduced fixes with no Precise toggle on the prompt,
    // and a feature that needs more asks for it with a purpose key, for this use only.
    var location = try launched(info: makeInfo(accuracyReduced: true))
    try location.liveUpdates(iterating: true)
    expectRefusal(.r9, .noPreciseToggle(.whenInUse), &location) {
      try $0.tap(.allowWhileUsing, precise: true)
    }
    try location.tap(.allowWhileUsing)
    #expect(location.liveUpdatesDelivery == .reduced)
    #expect(location.flags("liveUpdates") == [.accuracyLimited])
    try location.createSession(
      "navigation", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    #expect(location.prompt == .temporaryFullAccuracy)
    try location.tap(.allowOnce)
    #expect(location.liveUpdatesDelivery == .full)
    try location.invalidateSession("navigation")
    try location.backgroundPastGrace()
    try location.enterForeground()
    #expect(location.liveUpdatesDelivery == .reduced, "the grant ended with the use (R12)")
  }

  // MARK: 6) Not stopping updates

  @Test("anti-pattern 6: a forgotten background activity session keeps the indicator on")
  func notStopping() throws {
    // Out of scope: battery drain. What the model shows: the blue indicator stays on and
    // updates keep flowing in the background, even across termination (R35, R37), until the
    // app stops.
    var location = try launched(start: .init(location: .whileUsing))
    try location.liveUpdates(iterating: true)
    try location.backgroundActivity(held: true)
    try location.backgroundPastGrace()
    #expect(location.backgroundIndicator == .shown)
    #expect(location.liveUpdatesDelivery == .full)
    try location.terminate()
    #expect(location.backgroundIndicator == .shown, "carried across termination")
  }

  @Test("anti-pattern 6 fixed: stopping ends delivery and the indicator")
  func stopping() throws {
    var location = try launched(start: .init(location: .whileUsing))
    try location.liveUpdates(iterating: true)
    try location.backgroundActivity(held: true)
    try location.liveUpdates(iterating: false)
    try location.backgroundActivity(held: false)
    try location.backgroundPastGrace()
    #expect(location.backgroundIndicator == .hidden)
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.holderNames == [])
    try location.terminate()
    #expect(location.backgroundIndicator == .hidden)
  }

  // MARK: 7) Ignoring CLServiceSession (iOS 18+)

  static let explicit = makeInfo(requireExplicitServiceSession: true)

  @Test("anti-pattern 7: with NSLocationRequireExplicitServiceSession and no session, nothing")
  func ignoringServiceSession() throws {
    var location = try launched(info: Self.explicit)
    try location.liveUpdates(iterating: true)
    try location.backgroundActivity(held: true)
    #expect(location.prompt == .none, "no goal, so Core Location never asks")
    #expect(location.authorizationStatus == .notDetermined)
    #expect(location.flags("liveUpdates") == [.serviceSessionRequired])
    #expect(location.flags("backgroundActivity") == [.serviceSessionRequired])
    // Even after a legacy request is answered, nothing is delivered.
    try location.requestWhenInUseAuthorization()
    try location.tap(.allowWhileUsing)
    #expect(location.liveUpdatesDelivery == .none)
    #expect(location.backgroundActivityStatus == .inactive)
    #expect(location.flags("liveUpdates") == [.serviceSessionRequired])
    #expect(location.rules(of: .liveUpdates).contains(.r29))
  }

  @Test("anti-pattern 7 fixed: declare the goal with a session and read its diagnostics")
  func declaringServiceSession() throws {
    var location = try launched(info: Self.explicit, start: .init(precise: false))
    try location.createSession("app", authorization: .whenInUse)
    try location.liveUpdates(iterating: true)
    #expect(location.prompt == .whenInUse)
    try location.tap(.allowWhileUsing)
    #expect(location.liveUpdatesDelivery == .reduced)
    try location.createSession(
      "navigation", authorization: .whenInUse, fullAccuracyPurposeKey: "Navigation")
    #expect(location.prompt == .temporaryFullAccuracy)
    try location.tap(.dontAllow)
    #expect(location.flags("navigation") == [.fullAccuracyDenied])
    #expect(location.flags("app") == [])
    #expect(location.liveUpdatesDelivery == .reduced)
  }
}
