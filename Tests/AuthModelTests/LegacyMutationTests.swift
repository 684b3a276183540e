import AuthModel
import Testing

/// The mutations checked by the stories of scenarios/legacy/ (ModelMutation): each flips one
/// reading, of §8b or of a rule its stories tell, and a story of that reading fails on the
/// mutated model.
@Suite struct LegacyMutationTests {
  static func simulator(
    _ mutation: ModelMutation?, _ start: StartingState
  ) throws -> AuthorizationSimulator {
    var location = AuthorizationSimulator(
      configuration: AppConfiguration(infoPlist: makeInfo(), mutation: mutation), start: start)
    try location.launch()
    try location.createManager("map", properties: allowsBackground)
    return location
  }

  /// A When In Use app tracking in the background: the indicator and the updates.
  static func tracking(_ mutation: ModelMutation?) throws -> [String] {
    var location = try simulator(mutation, StartingState(location: .whileUsing))
    try location.startUpdatingLocation("map")
    try location.backgroundPastGrace()
    return [location.backgroundIndicator.rawValue, location.locationUpdates.rawValue]
  }

  /// Twenty-one regions: what is registered and what the delegate got.
  static func regions(_ mutation: ModelMutation?) throws -> (Int, [String]?) {
    var location = try simulator(mutation, StartingState(location: .whileUsing))
    _ = location.takeCalls("map")
    for index in 1...21 { try location.startMonitoring("map", region: "r\(index)") }
    return (location.monitoredRegions.count, location.takeCalls("map"))
  }

  /// A prompt raised by `map`'s request, then `map` released.
  static func withdrawal(_ mutation: ModelMutation?) throws -> Prompt {
    var location = try simulator(mutation, StartingState())
    try location.requestWhenInUseAuthorization(by: "map")
    try location.releaseManager("map")
    return location.prompt
  }

  @Test("R44 without the indicator clause: the When In Use tracking story fails")
  func indicator() throws {
    #expect(try Self.tracking(nil) == ["shown", "full"])
    #expect(try Self.tracking(.continuousSessionWithoutIndicator) == ["hidden", "none"])
  }

  @Test("R49 without the limit: the 21-region story fails")
  func limit() throws {
    let faithful = try Self.regions(nil)
    #expect(faithful.0 == 20 && faithful.1 == ["monitoringDidFail:r21"])
    let mutated = try Self.regions(.regionsWithoutLimit)
    #expect(mutated.0 == 21 && mutated.1 == [])
  }

  @Test("R6 without the withdrawal: the released manager's prompt stays")
  func withdrawal() throws {
    #expect(try Self.withdrawal(nil) == .none)
    #expect(try Self.withdrawal(.promptOutlivesManager) == .whenInUse)
  }

  /// A simulator on the model `mutation` breaks, launched into the foreground from `start`.
  static func launched(
    _ mutation: ModelMutation?, _ start: StartingState = StartingState(),
    info: InfoPlist = makeInfo()
  ) throws -> AuthorizationSimulator {
    var location = AuthorizationSimulator(
      configuration: AppConfiguration(infoPlist: info, mutation: mutation), start: start)
    try location.launch()
    return location
  }

  /// An app with Always, holding `map`, that registered for significant changes on it.
  static func registeredForSignificantChanges(
    _ mutation: ModelMutation?
  ) throws -> AuthorizationSimulator {
    var location = try simulator(mutation, StartingState(location: .always))
    try location.startMonitoringSignificantLocationChanges("map")
    return location
  }

  @Test("R7 as advice: a session's goal prompts without NSLocationWhenInUseUsageDescription")
  func usageStrings() throws {
    func prompt(_ mutation: ModelMutation?) throws -> Prompt {
      var location = try Self.launched(mutation, info: makeInfo(whenInUse: false, always: false))
      try location.createSession("app", authorization: .whenInUse)
      return location.prompt
    }
    #expect(try prompt(nil) == .none)
    #expect(try prompt(.usageStringsNotRequired) == .whenInUse)
  }

  @Test("R5 without the requests: a request from the background shows its prompt")
  func requestFromBackground() throws {
    func prompt(_ mutation: ModelMutation?) throws -> Prompt {
      var location = try Self.launched(mutation)
      try location.enterBackground()
      try location.requestWhenInUseAuthorization()
      return location.prompt
    }
    #expect(try prompt(nil) == .none)
    #expect(try prompt(.requestsPromptFromBackground) == .whenInUse)
  }

  @Test("R13 without 'once': a When In Use request from While Using prompts again")
  func whenInUseRequestRepeats() throws {
    func prompt(_ mutation: ModelMutation?) throws -> Prompt {
      var location = try Self.launched(mutation, StartingState(location: .whileUsing))
      try location.requestWhenInUseAuthorization()
      return location.prompt
    }
    #expect(try prompt(nil) == .none)
    #expect(try prompt(.whenInUseRequestRepeats) == .whenInUse)
  }

  @Test("R41 read as a reply: a request with no effect calls its manager's delegate")
  func requestCallsDelegate() throws {
    func calls(_ mutation: ModelMutation?) throws -> [String]? {
      var location = try Self.simulator(mutation, StartingState(location: .whileUsing))
      _ = location.takeCalls("map")
      try location.requestWhenInUseAuthorization(by: "map")
      return location.takeCalls("map")
    }
    #expect(try calls(nil) == [])
    #expect(try calls(.requestCallsDelegate) == ["authorizedWhenInUse/fullAccuracy"])
  }

  @Test("R6 over-broad: a manager's release withdraws the system's upgrade prompt")
  func anyReleaseWithdrawsPrompt() throws {
    func prompt(_ mutation: ModelMutation?) throws -> Prompt {
      var location = try Self.simulator(mutation, StartingState())
      try location.requestAlwaysAuthorization(by: "map")
      try location.tap(.allowWhileUsing)
      try location.backgroundPastGrace()
      try location.backgroundEvent()
      try location.releaseManager("map")
      return location.prompt
    }
    #expect(try prompt(nil) == .alwaysUpgrade)
    #expect(try prompt(.anyReleaseWithdrawsPrompt) == .none)
  }

  @Test("§8b's Always in effect read as authorized: a When In Use app's events and relaunch")
  func legacyAlwaysWhenAuthorized() throws {
    func outOfUse(_ mutation: ModelMutation?) throws -> (LegacyEventsDelivery, Bool) {
      var location = try Self.simulator(mutation, StartingState(location: .whileUsing))
      try location.startMonitoringSignificantLocationChanges("map")
      try location.backgroundPastGrace()
      let delivery = location.significantChanges
      try location.terminate()
      return (delivery, location.mayRelaunch)
    }
    #expect(try outOfUse(nil) == (.none, false))
    #expect(try outOfUse(.legacyAlwaysWhenAuthorized) == (.delivered, true))
  }

  @Test("R49 without full accuracy: a region delivers and relaunches under reduced accuracy")
  func regionsAtReducedAccuracy() throws {
    func region(_ mutation: ModelMutation?) throws -> (LegacyEventsDelivery, Bool) {
      var location = try Self.simulator(
        mutation, StartingState(location: .always, precise: false))
      try location.startMonitoring("map", region: "home")
      let delivery = location.regionEvents
      try location.terminate()
      return (delivery, location.mayRelaunch)
    }
    #expect(try region(nil) == (.none, false))
    #expect(try region(.regionsAtReducedAccuracy) == (.delivered, true))
  }

  @Test("R43 ignoring the accuracy: full fixes under reduced accuracy")
  func updatesIgnoreReducedAccuracy() throws {
    func updates(_ mutation: ModelMutation?) throws -> LocationUpdatesDelivery {
      var location = try Self.simulator(
        mutation, StartingState(location: .whileUsing, precise: false))
      try location.startUpdatingLocation("map")
      return location.locationUpdates
    }
    #expect(try updates(nil) == .reduced)
    #expect(try updates(.updatesIgnoreReducedAccuracy) == .full)
  }

  @Test("R44 without allowsBackgroundLocationUpdates: the background mode keeps updates running")
  func sessionWithoutBackgroundUpdates() throws {
    func tracking(_ mutation: ModelMutation?) throws -> [String] {
      var location = try Self.launched(mutation, StartingState(location: .whileUsing))
      try location.createManager("map")
      try location.startUpdatingLocation("map")
      try location.backgroundPastGrace()
      return [location.backgroundIndicator.rawValue, location.locationUpdates.rawValue]
    }
    #expect(try tracking(nil) == ["hidden", "none"])
    #expect(try tracking(.sessionWithoutBackgroundUpdates) == ["shown", "full"])
  }

  @Test("R45 without the crash: allowsBackgroundLocationUpdates without the background mode")
  func backgroundUpdatesWithoutBackgroundMode() throws {
    func refusal(_ mutation: ModelMutation?) throws -> Rule? {
      var location = try Self.launched(
        mutation, StartingState(location: .whileUsing),
        info: makeInfo(locationBackgroundMode: false))
      do {
        try location.createManager("map", properties: allowsBackground)
        return nil
      } catch {
        return error.rule
      }
    }
    #expect(try refusal(nil) == .r45)
    #expect(try refusal(.backgroundUpdatesWithoutBackgroundMode) == nil)
  }

  @Test("R42 as Core Location's silence: a stop of significant changes not registered is taken")
  func legacyNoOpsAccepted() throws {
    func refusal(_ mutation: ModelMutation?) throws -> Rule? {
      var location = try Self.simulator(mutation, StartingState(location: .whileUsing))
      do {
        try location.stopMonitoringSignificantLocationChanges("map")
        return nil
      } catch {
        return error.rule
      }
    }
    #expect(try refusal(nil) == .r47)
    #expect(try refusal(.legacyNoOpsAccepted) == nil)
  }

  @Test("R47–R49 without persistence: termination ends the regions and the relaunch")
  func registrationsEndAtTermination() throws {
    func terminated(_ mutation: ModelMutation?) throws -> ([String], Bool) {
      var location = try Self.simulator(mutation, StartingState(location: .always))
      try location.startMonitoring("map", region: "home")
      try location.terminate()
      return (location.monitoredRegions, location.mayRelaunch)
    }
    #expect(try terminated(nil) == (["home"], true))
    #expect(try terminated(.registrationsEndAtTermination) == ([], false))
  }

  @Test("R47 read like R48: after a relaunch, significant changes need no new start")
  func significantChangesWithoutNewStart() throws {
    func relaunched(_ mutation: ModelMutation?) throws -> LegacyEventsDelivery {
      var location = try Self.registeredForSignificantChanges(mutation)
      try location.terminate()
      try location.relaunchInBackground()
      try location.createManager("map")
      return location.significantChanges
    }
    #expect(try relaunched(nil) == .none)
    #expect(try relaunched(.significantChangesWithoutNewStart) == .delivered)
  }

  @Test("R48 read like R47: after a relaunch, visits need a new start")
  func visitsNeedNewStart() throws {
    func relaunched(_ mutation: ModelMutation?) throws -> LegacyEventsDelivery {
      var location = try Self.simulator(mutation, StartingState(location: .always))
      try location.startMonitoringVisits("map")
      try location.terminate()
      try location.relaunchInBackground()
      try location.createManager("map")
      return location.visits
    }
    #expect(try relaunched(nil) == .delivered)
    #expect(try relaunched(.visitsNeedNewStart) == .none)
  }

  @Test("R50 ignored: after the user's swipe, live updates relaunch the app")
  func userTerminationLikeSystem() throws {
    func swiped(_ mutation: ModelMutation?) throws -> Bool {
      var location = try Self.launched(mutation, StartingState(location: .always))
      try location.createSession("ride", authorization: .always)
      try location.liveUpdates(iterating: true)
      try location.backgroundPastGrace()
      try location.terminate(byUser: true)
      return location.mayRelaunch
    }
    #expect(try swiped(nil) == false)
    #expect(try swiped(.userTerminationLikeSystem) == true)
  }

  @Test("R50 over-broad: after the user's swipe, significant changes relaunch nothing")
  func userTerminationEndsRelaunch() throws {
    func swiped(_ mutation: ModelMutation?) throws -> Bool {
      var location = try Self.registeredForSignificantChanges(mutation)
      try location.terminate(byUser: true)
      return location.mayRelaunch
    }
    #expect(try swiped(nil) == true)
    #expect(try swiped(.userTerminationEndsRelaunch) == false)
  }

  @Test("the explorer catches the older mutations and P1's, not those the stories catch")
  func explored() {
    #expect(
      ModelMutation.allCases.filter(\.isExplored) == [
        .promptsFromBackground, .allowOnceNeverLapses, .requestsPromptFromBackground,
      ])
    #expect(
      ModelMutation.allCases.filter { !$0.isLegacy } == [
        .promptsFromBackground, .allowOnceNeverLapses, .usageStringsNotRequired,
        .requestsPromptFromBackground, .whenInUseRequestRepeats, .anyReleaseWithdrawsPrompt,
      ])
  }
}
