/// A deliberately broken rule, for checking the tools that check the model.
///
/// authcheck's own tests and its `--mutation` option use these to show that the explorer
/// catches a broken model and that its counterexample fails when run as a scenario, and that a
/// story of the legacy services fails when one of their readings is flipped. A faithful
/// fake has none: ``AppConfiguration/mutation`` is `nil` unless you ask for one.
public enum ModelMutation: String, Hashable, Sendable, CaseIterable {
  /// R18 acts on the app's goal in the background too: a prompt appears while the app is not in
  /// the foreground, breaking R5 (and property P1).
  case promptsFromBackground = "prompts-from-background"
  /// Allow Once survives a `wait` outside use, breaking R12 (and property P6).
  case allowOnceNeverLapses = "allow-once-never-lapses"
  /// R7 read as advice: a missing usage string stops no prompt, whether a request's or a
  /// session's goal's (R18). It is broken in the configuration's flags, which property P2
  /// reads too, so the explorer cannot see it: its stories do.
  case usageStringsNotRequired = "usage-strings-not-required"
  /// R5 without the app's requests: `requestWhenInUseAuthorization()`,
  /// `requestAlwaysAuthorization()` and `requestTemporaryFullAccuracyAuthorization` show
  /// their prompt from the background too (property P1).
  case requestsPromptFromBackground = "requests-prompt-from-background"
  /// R13 without its condition on the stored choice: `requestWhenInUseAuthorization()` shows
  /// the when-in-use prompt again to an app that holds While Using the App (not Allow Once,
  /// not provisional Always).
  case whenInUseRequestRepeats = "when-in-use-request-repeats"
  /// R44 without its indicator clause: a continuous background session never shows the
  /// indicator, so it keeps no When In Use app in use (R3) and its updates stop (R43).
  case continuousSessionWithoutIndicator = "continuous-session-without-indicator"
  /// R49 without its limit: a 21st region is registered and nothing fails.
  case regionsWithoutLimit = "regions-without-limit"
  /// R6 without the withdrawal: a prompt raised by a manager's request stays up after that
  /// manager is released.
  case promptOutlivesManager = "prompt-outlives-manager"
  /// R41 read as a reply: a manager's request (§8b) calls its delegate back with the values
  /// now, whether or not it shows a prompt. The explorer's P12 reads the calls from the pair,
  /// not from this, so only stories catch it.
  case requestCallsDelegate = "request-calls-delegate"
  /// R6 over-broad: the release of any manager withdraws whatever prompt is pending, a
  /// session's or the system's upgrade prompt (R14) too, and one no manager raised. In the
  /// foreground a session's goal raises its prompt again at once (R18).
  case anyReleaseWithdrawsPrompt = "any-release-withdraws-prompt"
  /// §8b with Always in effect read as "authorized": a When In Use or provisional-Always app
  /// gets the legacy services' events out of use and is relaunched for its registrations
  /// (R36, R47–R49; property P13).
  case legacyAlwaysWhenAuthorized = "legacy-always-when-authorized"
  /// R49 without its full-accuracy clause: regions deliver their events, and relaunch the app
  /// (R36), under reduced accuracy.
  case regionsAtReducedAccuracy = "regions-at-reduced-accuracy"
  /// R43 ignoring the accuracy: continuous updates give full fixes under reduced accuracy.
  case updatesIgnoreReducedAccuracy = "updates-ignore-reduced-accuracy"
  /// R44 read as before iOS 9, without `allowsBackgroundLocationUpdates`: with `location` in
  /// `UIBackgroundModes`, a start of updates in use, or with Always in effect, claims a
  /// continuous background session whatever the property says.
  case sessionWithoutBackgroundUpdates = "session-without-background-updates"
  /// R45 without the crash: `allowsBackgroundLocationUpdates` is set true without `location`
  /// in `UIBackgroundModes`, and nothing is refused.
  case backgroundUpdatesWithoutBackgroundMode = "background-updates-without-background-mode"
  /// R42 read as Core Location's silence for the legacy calls: a call with nothing to do (a
  /// second start of updates, a stop of what does not run or is not registered, R43, R47–R49)
  /// and the system's pause in the background with nothing to pause (R46) are taken rather
  /// than refused.
  case legacyNoOpsAccepted = "legacy-no-ops-accepted"
  /// R47, R48 and R49 without persistence: termination ends the app's registrations for
  /// significant changes and visits and its regions, so none relaunches it (R36).
  case registrationsEndAtTermination = "registrations-end-at-termination"
  /// R47 read like R48: a significant-change registration delivers to any manager the app
  /// holds, without a start in this run (after a relaunch, or after its manager's release).
  case significantChangesWithoutNewStart = "significant-changes-without-new-start"
  /// R48 without its exception, read like R47: after a launch, visits reach no manager until
  /// one starts visit monitoring again.
  case visitsNeedNewStart = "visits-need-new-start"
  /// R50 ignored: the user's termination is read like the system's (R37), so an active
  /// CLBackgroundActivitySession carries the app across it and iterated live updates
  /// relaunch it (R36).
  case userTerminationLikeSystem = "user-termination-like-system"
  /// R50 over-broad: after the user's termination nothing relaunches the app, CLMonitor and
  /// the legacy monitoring services included (their registrations end with it).
  case userTerminationEndsRelaunch = "user-termination-ends-relaunch"

  /// Whether the exploration of the model (`authcheck explore`) catches the mutation without
  /// the legacy services (§8b): a property fails on it. The others are caught by the stories
  /// of scenarios/legacy/.
  public var isExplored: Bool {
    switch self {
    case .promptsFromBackground, .allowOnceNeverLapses, .requestsPromptFromBackground: true
    default: false
    }
  }

  /// Whether the mutation breaks a reading of the legacy services (§8b), whose steps the
  /// exploration takes only with `authcheck explore --legacy`.
  public var isLegacy: Bool {
    switch self {
    case .promptsFromBackground, .allowOnceNeverLapses, .usageStringsNotRequired,
      .requestsPromptFromBackground, .whenInUseRequestRepeats, .anyReleaseWithdrawsPrompt:
      false
    case .continuousSessionWithoutIndicator, .regionsWithoutLimit, .promptOutlivesManager,
      .requestCallsDelegate, .legacyAlwaysWhenAuthorized, .regionsAtReducedAccuracy,
      .updatesIgnoreReducedAccuracy, .sessionWithoutBackgroundUpdates,
      .backgroundUpdatesWithoutBackgroundMode, .legacyNoOpsAccepted,
      .registrationsEndAtTermination, .significantChangesWithoutNewStart, .visitsNeedNewStart,
      .userTerminationLikeSystem, .userTerminationEndsRelaunch:
      true
    }
  }
}
