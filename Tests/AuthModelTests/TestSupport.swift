import AuthModel
import Testing

// Builders and small readers shared by the AuthModel tests. They only shorten the stories: every
// value a test checks still comes from the simulator's public observables.

/// The usage strings the tests' apps ship, when they ship them.
enum UsageText {
  static let whenInUse = "Shows stations near you"
  static let always = "Reminds you when you arrive"
  static let navigation = "Turn-by-turn directions need your exact location"
  static let parking = "Finds the exact spot where you parked"
}

/// An Info.plist; by default with both usage strings, the purpose keys `Navigation` and
/// `Parking`, and the `location` background mode.
func makeInfo(
  whenInUse: Bool = true, always: Bool = true, accuracyReduced: Bool = false,
  purposeKeys: [String] = ["Navigation", "Parking"], requireExplicitServiceSession: Bool = false,
  locationBackgroundMode: Bool = true
) -> InfoPlist {
  var descriptions: [String: String] = [:]
  for key in purposeKeys {
    descriptions[key] = key == "Parking" ? UsageText.parking : UsageText.navigation
  }
  return InfoPlist(
    whenInUseUsageDescription: whenInUse ? UsageText.whenInUse : nil,
    alwaysAndWhenInUseUsageDescription: always ? UsageText.always : nil,
    defaultAccuracyReduced: accuracyReduced,
    temporaryUsageDescriptions: descriptions,
    requireExplicitServiceSession: requireExplicitServiceSession,
    backgroundModes: locationBackgroundMode ? ["location"] : [])
}

/// A simulator for an app built with `info`, before its first launch.
func makeSimulator(
  ios: IOSVersion = .ios18, info: InfoPlist = makeInfo(), start: StartingState = StartingState()
) -> AuthorizationSimulator {
  AuthorizationSimulator(configuration: AppConfiguration(ios: ios, infoPlist: info), start: start)
}

/// A simulator already launched into the foreground from `start`.
func launched(
  ios: IOSVersion = .ios18, info: InfoPlist = makeInfo(), start: StartingState = StartingState()
) throws -> AuthorizationSimulator {
  var location = makeSimulator(ios: ios, info: info, start: start)
  try location.launch()
  return location
}

/// Checks that `step` is refused by `rule` for exactly `reason`, and that the refused step left
/// the state as it was.
func expectRefusal(
  _ rule: Rule, _ reason: Refusal.Reason, _ location: inout AuthorizationSimulator,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ step: (inout AuthorizationSimulator) throws -> Void
) {
  let before = location.state
  let error = #expect(throws: Refusal.self, sourceLocation: sourceLocation) {
    try step(&location)
  }
  let refusal = error as Refusal?
  #expect(
    refusal?.rule == rule, "refused by the wrong rule", sourceLocation: sourceLocation)
  #expect(refusal?.reason == reason, sourceLocation: sourceLocation)
  #expect(
    location.state == before, "a refused step changed the state", sourceLocation: sourceLocation)
}

extension AuthorizationSimulator {
  /// Whether the app is in use now (R3).
  var isInUse: Bool {
    var trace = Trace.off
    return state.isInUse(configuration, trace: &trace)
  }

  /// Whether the app is authorized now (R4).
  var isAuthorized: Bool {
    var trace = Trace.off
    return state.isAuthorized(configuration, trace: &trace)
  }

  /// The diagnostics of the holder called `name` (a session id, `liveUpdates`, `monitor`,
  /// `backgroundActivity`), `nil` if it is not held.
  func flags(_ name: String) -> DiagnosticFlags? {
    holder(named: name).flatMap { diagnostics(for: $0) }
  }

  /// The rules that decide the current value of `observable`.
  func rules(of observable: Observable) -> Set<Rule> {
    Set(explanation(of: observable).map(\.rule))
  }

  /// The rules that decide the diagnostics of the holder called `name`.
  func diagnosticRules(_ name: String) -> Set<Rule> {
    guard let holder = holder(named: name) else { return [] }
    return rules(of: .diagnostics(holder))
  }

  /// The purpose key called `name` in this configuration's dictionary.
  func key(_ name: String) -> PurposeKey? { configuration.purposeKey(named: name) }

  /// Leaves the foreground and lets the grace period end.
  mutating func backgroundPastGrace() throws(Refusal) {
    try enterBackground()
    try wait()
  }
}

/// The rules cited by a step.
func rules(_ citations: [Citation]) -> Set<Rule> { Set(citations.map(\.rule)) }
