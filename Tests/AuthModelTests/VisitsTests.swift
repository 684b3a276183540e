import AuthModel
import Testing

/// RULES.md §8b: visit monitoring (R48).
@Suite struct VisitsTests {
  @Test("R48 a start delivers in this run to a manager that started it; a released one's does not")
  func thisRun() throws {
    var location = try withManager()
    try location.createManager("list")
    try location.startMonitoringVisits("map")
    #expect(location.visits == .delivered)
    try location.releaseManager("map")
    #expect(location.visits == .none)
    #expect(location.rules(of: .visits).contains(.r48))
  }

  @Test("R48 after a relaunch the registration delivers to any held manager without a new start")
  func afterRelaunch() throws {
    var location = try withManager(.always)
    try location.startMonitoringVisits("map")
    try location.terminate()
    try location.relaunchInBackground()
    #expect(location.visits == .none, "no manager held")
    try location.createManager("list")
    #expect(location.visits == .delivered)
    try location.terminate()
    try location.launch()
    try location.createManager("other")
    #expect(location.visits == .delivered, "after a launch into the foreground too (assumed)")
  }

  @Test("R48 a registration given in start delivers to any held manager (assumed)")
  func fromStart() throws {
    var location = try launched(start: StartingState(location: .whileUsing, visits: true))
    #expect(location.visits == .none, "no manager held")
    try location.createManager("map")
    #expect(location.visits == .delivered)
    try location.stopMonitoringVisits("map")
    #expect(location.visits == .none)
    expectRefusal(.r48, .visitsNotRegistered, &location) {
      try $0.stopMonitoringVisits("map")
    }
  }

  @Test("R48 a When In Use app out of use gets none; an Always app gets them")
  func outOfUse() throws {
    var whileUsing = try withManager()
    try whileUsing.startMonitoringVisits("map")
    try whileUsing.backgroundPastGrace()
    #expect(whileUsing.visits == .none)
    var always = try withManager(.always, precise: false)
    try always.startMonitoringVisits("map")
    try always.backgroundPastGrace()
    #expect(always.visits == .delivered, "reduced accuracy is enough")
  }
}
