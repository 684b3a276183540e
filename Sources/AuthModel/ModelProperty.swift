/// A property that must hold in every reachable state of the model, numbered `P1`…`P13` in the
/// rule book (`docs/RULES.md`, `authcheck rules`).
///
/// The explorer (`authcheck explore`) checks the properties whose ``isExplored`` is true on every
/// transition of every configuration it explores.
public struct ModelProperty: Hashable, Sendable {
  /// The property's id, for example `P7`.
  public let id: String
  /// The property in a few plain words, as the explorer names it.
  public let title: String
  /// What the property says.
  public let statement: String
  /// The rules it follows from.
  public let rules: [Rule]
  /// Whether `authcheck explore` checks it.
  public let isExplored: Bool

  /// Every property, in order.
  public static let all: [ModelProperty] = [
    ModelProperty(
      id: "P1",
      title: "a prompt other than the provisional upgrade only appears, and is only answered, "
        + "while the app is in the foreground",
      statement: "Every prompt except R14's provisional upgrade appears, and is answered, only "
        + "while the app is in the foreground.",
      rules: [.r5, .r6, .r14]),
    ModelProperty(
      id: "P2",
      title: "a prompt is up only if its usage strings or purpose key exist",
      statement: "A prompt is up only when its usage strings (R7) or its purpose key (R16, R18) "
        + "are in the Info.plist.",
      rules: [.r7, .r16, .r18]),
    ModelProperty(
      id: "P3",
      title: "the stored choice becomes Always, or provisional Always is set, only through "
        + "changeToAlwaysAllow, Settings always, or allowWhileUsing on an Always request",
      statement: "The stored choice becomes `always`, or provisional Always is set, only by "
        + "Change to Always Allow, by `always` in Settings, or by Allow While Using on a prompt "
        + "raised by an Always request (R14).",
      rules: [.r10, .r14, .r38]),
    ModelProperty(
      id: "P4",
      title: "no location is delivered unless authorized; none while Location Services are off",
      statement: "Nothing is delivered to an app that is not authorized, and nothing at all while "
        + "Location Services are off.",
      rules: [.r4, .r33, .r34]),
    ModelProperty(
      id: "P5",
      title: "full-accuracy fixes only with Precise or temporary full accuracy",
      statement: "Fixes come with full accuracy only while Precise Location is on or a temporary "
        + "full accuracy grant is held.",
      rules: [.r2, .r33]),
    ModelProperty(
      id: "P6",
      title: "a temporary grant is never held after a wait or a termination that leaves the app "
        + "not in use",
      statement: "No temporary grant (Allow Once, temporary full accuracy) survives a `wait` or a "
        + "termination after which the app is not in use.",
      rules: [.r3, .r12]),
    ModelProperty(
      id: "P7",
      title: "at most one upgrade prompt is answered between resets",
      statement: "Between two resets, at most one upgrade prompt, the app's or R14's, is "
        + "answered; R14's prompt may be shown again after a Settings change withdrew it (R38).",
      rules: [.r14, .r15, .r38]),
    ModelProperty(
      id: "P8",
      title: "nothing is delivered while the app is not in use unless Always is in effect",
      statement: "Nothing is delivered while the app is not in use (R3) unless Always is in "
        + "effect (R20; for the legacy services of R43–R49, the stored choice `always`): a "
        + "when-in-use or provisional Always app needs the foreground, the grace period, an "
        + "active background activity session or a legacy continuous background session "
        + "showing its indicator (R44).",
      rules: [.r3, .r20, .r33, .r34, .r44]),
    ModelProperty(
      id: "P9",
      title:
        "a step that takes the effective status from denied to anything else is a Settings step",
      statement: "Only a Settings step takes the effective status from `denied` to anything "
        + "else.",
      rules: [.r8, .r38]),
    ModelProperty(
      id: "P10",
      title: "no prompt is pending while restrictions are on or Location Services are off",
      statement: "No prompt is pending while restrictions are on or Location Services are off.",
      rules: [.r8]),
    ModelProperty(
      id: "P11",
      title: "authorizationDeniedGlobally implies authorizationDenied on every holder",
      statement: "Wherever `authorizationDeniedGlobally` is set, `authorizationDenied` is set "
        + "too, on every holder.",
      rules: [.r24, .r25]),
    ModelProperty(
      id: "P12",
      title: "apart from the call at its creation, a manager's delegate is called after a step "
        + "exactly when the step changed the pair it reads, and never while the app is not running",
      statement: "Apart from the one call when it is created, a manager's delegate is called "
        + "after a step exactly when the step changed the pair of status and accuracy it reads, "
        + "and never while the app is not running.",
      rules: [.r41]),
    ModelProperty(
      id: "P13",
      title: "a When In Use or provisional Always app never receives a legacy event out of use, "
        + "and a terminated app is relaunched only with Always in effect or a carried session",
      statement: "A When In Use or provisional-Always app never receives a legacy event (R43, "
        + "R47–R49) while it is not in use (while its continuous background session shows the "
        + "indicator, it is in use: R3, R44), and a terminated app is relaunched only with "
        + "Always in effect (the stored choice `always`, plus R20's session for live updates and "
        + "CLMonitor) or by a carried background activity session (R36, R37, R50). The "
        + "explorer checks it on every transition; it takes the legacy services' steps with "
        + "`authcheck explore --legacy`.",
      rules: [.r3, .r36, .r37, .r43, .r44, .r47, .r48, .r49, .r50]),
  ]

  init(
    id: String, title: String, statement: String, rules: [Rule], isExplored: Bool = true
  ) {
    self.id = id
    self.title = title
    self.statement = statement
    self.rules = rules
    self.isExplored = isExplored
  }
}
