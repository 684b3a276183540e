import AuthExplorer
import Testing

@testable import AuthModel

/// The explorer reads every holder's flags at once (`forEachHolderFlags`, which decides what
/// the holders share once per state); a scenario asks one holder at a time
/// (`flags(of:_:trace:)`). Both apply the same rules; this checks that the walk finds the same
/// holders, in the same order, with the same flags.
@Suite struct HolderFlagsTests {
  @Test(
    "every holder's flags read at once are those read one holder at a time, in every state",
    arguments: [
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.everyKey), "always"),
      (AppConfiguration(ios: .ios18, infoPlist: Fixtures.whenInUseOnly), "always,whenInUse+Nav"),
    ])
  func allAtOnceAgreesWithOneByOne(_ configuration: AppConfiguration, _ sessions: String) throws {
    let system = try AuthorizationSystem(
      configuration: configuration, catalogue: try SessionCatalogue(parsing: sessions))
    let states = Fixtures.reachableStates(system)
    var holders = 0
    for state in states {
      let m = state.model
      var trace = Trace.off
      var oneByOne: [(Holder, DiagnosticFlags)] = []
      for holder in m.holders(configuration) {
        if let flags = m.flags(of: holder, configuration, trace: &trace) {
          oneByOne.append((holder, flags))
        }
      }
      var atOnce: [(Holder, DiagnosticFlags)] = []
      m.forEachHolderFlags(configuration, status: m.authorizationStatus(configuration)) {
        atOnce.append(($0, $1))
      }
      #expect(atOnce.map(\.0) == oneByOne.map(\.0))
      #expect(atOnce.map(\.1) == oneByOne.map(\.1))
      // What the explorer reads once the flags that differ between holders are no longer
      // wanted: exactly what every holder has of the shared kinds.
      let shared = m.sharedHolderFlags(
        configuration, status: m.authorizationStatus(configuration))
      #expect((shared == nil) == atOnce.isEmpty)
      for (holder, flags) in atOnce {
        let kinds = DiagnosticFlags(flags.filter(DiagnosticFlags.sharedByEveryHolder.contains))
        #expect(kinds == shared, "\(holder)")
      }
      holders += atOnce.count
    }
    #expect(holders > states.count)
  }
}
