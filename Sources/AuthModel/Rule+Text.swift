// The rule book: what each rule says, its sources, what it assumes and the model's own choices.
// `docs/RULES.md` is generated from this file and `ModelProperty.all` (see CONTRIBUTING.md).

extension Rule {
  /// The chapter of the rule book the rule belongs to.
  public var chapter: String {
    switch self {
    case .r1, .r2, .r3, .r4: "Derived values"
    case .r5, .r6, .r7, .r8, .r9, .r10, .r11: "Prompts"
    case .r12: "Allow Once and temporary grants"
    case .r13, .r14, .r15, .r16: "Legacy CLLocationManager requests (iOS 17 and later)"
    case .r17, .r18, .r19, .r20, .r21, .r22, .r23: "Service sessions (iOS 18 and later)"
    case .r24, .r25, .r26, .r27, .r28, .r29, .r30, .r31, .r32: "Diagnostics (iOS 18 and later)"
    case .r33, .r34, .r35, .r36, .r37: "Delivery, the background and termination"
    case .r38: "Settings and the device"
    case .r39, .r40: "iOS 17"
    case .r41: "CLLocationManager delegate callbacks"
    case .r42: "Steps that cannot happen"
    case .r43, .r44, .r45, .r46, .r47, .r48, .r49, .r50:
      "Legacy location services (CLLocationManager, iOS 17 and later)"
    }
  }

  /// What the rule says, its sources, what it assumes and the model's choices beside it.
  public var text: RuleText {
    switch self {
    case .r1:
      RuleText(
        """
        The effective `authorizationStatus` is `denied` while Location Services are off. \
        Otherwise, with restrictions on (parental controls, MDM) and no choice stored yet, it is \
        `restricted`. Otherwise a stored `always`, or provisional Always, reads \
        `authorizedAlways`; a stored `whenInUse` reads `authorizedWhenInUse`; any other stored \
        value reads as itself.
        What the Settings app shows follows the stored choice: Ask Next Time for an undecided \
        app and for an Allow Once grant, Never for `denied`, While Using the App for \
        `whenInUse` (provisional Always included), and Always for `always`.
        """,
        sources: [
          .statusDenied, .statusRestricted, .requestAlwaysAuthorization, .wwdc19Session705,
          .fieldReports,
        ],
        assumed: """
          that an app which has already decided keeps its decided status while restrictions are \
          on; what Settings shows, where the sources are silent
          """)
    case .r2:
      RuleText(
        """
        `accuracyAuthorization` is `fullAccuracy` when the Precise Location toggle is on or a \
        temporary full accuracy grant is held; otherwise it is `reducedAccuracy`.
        """,
        sources: [.wwdc20Session10660],
        assumed: "that accuracy is reported from the stored toggle even while the app is not "
          + "authorized")
    case .r3:
      RuleText(
        """
        The app is in use while it is in the foreground; in the background during the short \
        grace period after it leaves the foreground; in the background while it holds an active \
        CLBackgroundActivitySession (its indicator showing); in the background while a legacy \
        continuous background session shows its indicator (R44); and, after termination, while \
        an active session carried across it keeps the app in use (R37), until the session is \
        resumed or ends.
        """,
        sources: [.choosingAuthorization, .backgroundActivitySessionHeader, .locationManagerHeader])
    case .r4:
      RuleText(
        "The app is authorized when its effective status is `authorizedWhenInUse` or "
          + "`authorizedAlways`.",
        sources: [])
    case .r5:
      RuleText(
        """
        A prompt the app asks for appears only while the app is in the foreground. A goal that \
        cannot be prompted for now is kept, and Core Location acts on it the next time the app \
        enters the foreground. The one exception is the provisional Always upgrade prompt of \
        R14, which the system shows.
        """,
        sources: [.coreLocationDocumentation, .wwdc24Session10212])
    case .r6:
      RuleText(
        """
        At most one prompt is pending, and nothing else prompts while it is. A prompt pending \
        when the app leaves the foreground stays pending: it shows again when the app comes back, \
        and it can only be answered in the foreground; termination withdraws it. Once shown, a \
        prompt stays until it is answered or withdrawn, even if the session or request that \
        raised it goes away, with one exception: a prompt raised by a legacy request (R13–R16) \
        made by a manager (`by: NAME`) is withdrawn when that manager is released before the \
        prompt is answered ("Keep a strong reference to the location manager object until all \
        tasks involving that object are complete"). A request without `by` is made by a manager \
        the app never releases. Only a prompt that request raised is withdrawn (a request with \
        no effect attaches nothing), and withdrawing it undoes nothing: an Always request stays \
        spent (R15: the prompt was shown). The system's prompt of R14 is the exception: it is \
        answered wherever the app is, and termination leaves it in place.
        """,
        sources: [.locationManagerDocumentation, .fieldReports],
        assumed: """
          that prompts do not queue (Apple documents no queueing); that a system alert, once \
          shown, is not taken back by the app; that releasing the manager that asked withdraws \
          its prompt (field reports of the alert vanishing when its manager is deallocated), \
          and that the withdrawal undoes nothing
          """,
        modelChoices: [
          "A legacy request made while a prompt is up has no effect and does not spend the one "
            + "Always prompt (R15)."
        ])
    case .r7:
      RuleText(
        """
        The when-in-use prompt needs `NSLocationWhenInUseUsageDescription`; any request for \
        Always needs `NSLocationAlwaysAndWhenInUseUsageDescription` as well. A request whose \
        strings are missing fails at once: no prompt, and nothing changes.
        """,
        sources: [.coreLocationDocumentation])
    case .r8:
      RuleText(
        """
        No prompt of any kind appears while restrictions are on or Location Services are off, \
        nor once the stored choice is `denied` (only Settings undoes a denial); this includes \
        R14's system prompt and the temporary full accuracy prompt. A request made then has no \
        effect. iOS may show its own alert asking to turn Location Services on; that alert is \
        not an authorization prompt and is not modelled.
        """,
        sources: [.coreLocationDocumentation])
    case .r9:
      RuleText(
        """
        On the first prompt, Allow While Using stores `whenInUse`; Allow Once stores `whenInUse` \
        as a temporary grant; Don't Allow stores `denied`. The prompt's Precise toggle sets the \
        Precise Location toggle whatever the answer; left alone, it keeps its value. The toggle \
        is absent, and Precise stays off, when `NSLocationDefaultAccuracyReduced` is true.
        """,
        sources: [.wwdc20Session10660, .coreLocationDocumentation],
        assumed: """
          that the toggle's setting is kept on a denial, and that the toggle is absent with \
          `NSLocationDefaultAccuracyReduced` (from WWDC20 reports; the documentation says the \
          prompt "will show a map with an approximate location")
          """,
        modelChoices: [
          "A `tap` without `precise` leaves the Precise toggle as it is; on a prompt without a "
            + "toggle (`NSLocationDefaultAccuracyReduced`) the toggle keeps its value."
        ])
    case .r10:
      RuleText(
        """
        On the upgrade prompt, Change to Always Allow stores `always`; Keep Only While Using \
        leaves the stored `whenInUse` as it is.
        """,
        sources: [.wwdc19Session705, .coreLocationDocumentation])
    case .r11:
      RuleText(
        """
        On the temporary full accuracy prompt, Allow Once grants temporary full accuracy; Don't \
        Allow records the purpose key as declined for this run of the app (R22).
        """,
        sources: [])
    case .r12:
      RuleText(
        """
        An Allow Once grant and a temporary full accuracy grant end when the app stops being in \
        use: at a `wait` while the app is not in use (R3), or at termination unless an active \
        CLBackgroundActivitySession carries the app across it (R37). When Allow Once ends, the \
        stored choice returns to `notDetermined`. A short trip to the background (the grace \
        period) keeps both grants, and so does an active background activity session, in the \
        background or carried across termination: expiry "is postponed" while a background \
        location session is active.
        """,
        sources: [
          .coreLocationDocumentation, .wwdc19Session705, .backgroundActivitySessionHeader,
          .requestTemporaryFullAccuracyAuthorization,
        ],
        modelChoices: [
          "At a `wait`, the grace period ends first; then an app that is not in use loses its "
            + "temporary grants."
        ])
    case .r13:
      RuleText(
        """
        `requestWhenInUseAuthorization()` shows the when-in-use prompt when nothing is stored \
        yet, the app is in the foreground and the usage string is present. Otherwise it has no \
        effect and no callback follows.
        """,
        sources: [.coreLocationDocumentation])
    case .r14:
      RuleText(
        """
        `requestAlwaysAuthorization()` with nothing stored yet, and the one Always prompt not \
        spent, shows the when-in-use prompt (with R7's strings) and spends the Always prompt. \
        Allow While Using on it stores `whenInUse` with provisional Always: the effective status \
        is `authorizedAlways` and Settings shows While Using, but Always is not in effect outside \
        use until the upgrade is granted (R20). The upgrade prompt appears when Core Location has \
        an event for the app that needs Always while the app is not in use \
        (`system: backgroundEvent`, which only happens then); the system shows it although the \
        app is not in the foreground. Its answer clears provisional Always and applies R10.
        """,
        sources: [.coreLocationDocumentation, .wwdc19Session705],
        modelChoices: [
          "`system: backgroundEvent` for an app without provisional Always is accepted and has "
            + "no effect (Core Location just delivers or holds the event).",
          "The system's upgrade prompt may be answered while the app is not running.",
        ])
    case .r15:
      RuleText(
        """
        `requestAlwaysAuthorization()` with a permanent `whenInUse` (not Allow Once), in the \
        foreground, with the Always prompt not spent, shows the upgrade prompt at once and spends \
        the Always prompt. From Allow Once the request is ignored.
        The Always prompt is shown once: every Always request that shows a prompt (R14, R15, step \
        2 of R18) spends it, and while it is spent Always requests have no effect ("after your \
        app calls this method, further calls have no effect"). Only a reset in Settings makes it \
        available again.
        """,
        sources: [.wwdc19Session705, .requestAlwaysAuthorization, .locationManagerHeader],
        assumed: """
          that the one-shot wins once an Allow Once grant from R14 has lapsed, where the header \
          ("When authorizationStatus == NotDetermined, calling this method will start the \
          process") and the documentation's one-shot disagree
          """,
        modelChoices: [
          "While the Always prompt is spent, every Always request has no effect; this is checked "
            + "first."
        ])
    case .r16:
      RuleText(
        """
        `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` shows the temporary full \
        accuracy prompt when the app is authorized, accuracy is reduced, the app is in the \
        foreground and the key is in `NSLocationTemporaryUsageDescriptionDictionary`. Otherwise \
        it fails with `promptDeclined` and shows nothing. The user's answer does not change the \
        request's result: a declined prompt completes without an error. An earlier decline of \
        the same key in this run does not stop this request; R22 is about sessions.
        """,
        sources: [
          .requestTemporaryFullAccuracyAuthorization, .locationManagerHeader, .promptDeclined,
        ],
        assumed: """
          that it also fails while the app is not authorized (the documentation says it "always \
          fails" when the key is missing, full accuracy is granted, or the app is in the \
          background); and that a \
          declined prompt completes without an error, as the header says ("your completion \
          block will be called with a nil error"), where the `CLError.promptDeclined` page says \
          the async form throws
          """,
        modelChoices: [
          "The request fails with `promptDeclined` while another prompt is pending (R6) or "
            + "prompts are blocked (R8)."
        ])
    case .r17:
      RuleText(
        """
        Every CLServiceSession the app holds states a goal. Iterating live updates, iterating \
        CLMonitor events and holding a CLBackgroundActivitySession each hold an implicit \
        `whenInUse` session, unless `NSLocationRequireExplicitServiceSession` is true. The app's \
        goal is the most demanding goal held (`always`, then `whenInUse`, then `none`), and it \
        wants full accuracy when any session held names a purpose key. Sessions add up; none \
        replaces another.
        """,
        sources: [.wwdc24Session10212],
        assumed: "that the goals of layered sessions combine as a union",
        modelChoices: [
          "Limits: at most 8 sessions held at once (a ninth is refused), 255 distinct session "
            + "names in a story, 32 purpose keys in the dictionary."
        ])
    case .r18:
      RuleText(
        """
        Whenever the app is in the foreground and no prompt is up, Core Location acts on the \
        app's goal; the first step that matches applies:
        1. nothing stored yet, goal `whenInUse` or `always`, and \
        `NSLocationWhenInUseUsageDescription` present: the when-in-use prompt. A goal of \
        `always` asks for when-in-use first, and the upgrade of step 2 follows at once if the \
        user allows while using.
        2. a permanent `whenInUse` stored, goal `always`, the Always prompt not spent, and both \
        strings present: the upgrade prompt, which spends the Always prompt (the one-shot of \
        R15).
        3. authorized, reduced accuracy, and a session held names a purpose key that is in the \
        dictionary and was not declined this run: the temporary full accuracy prompt for that \
        key (the first such session in the order they were created).
        Goals of `none` never prompt.
        """,
        sources: [.sdkHeaders],
        assumed: """
          that the upgrade follows at once after a `.always` goal's when-in-use prompt, and that \
          sessions share the one-shot of R15
          """,
        modelChoices: [
          "Step 1 for an `always` goal needs only the when-in-use string (it asks for when in "
            + "use first); step 2 needs both strings, and when it cannot match, step 3 is tried.",
          "Step 3 applies to a `none` session that names a purpose key, too: \"goals of `none` "
            + "never prompt\" is read as authorization prompts only.",
        ])
    case .r19:
      RuleText(
        """
        An explicit session created while the app is not in use (judged in the state before the \
        `session` step) is marked `insufficientlyInUse` until the app next enters the \
        foreground. The exception is a rejoin: at a launch, a session created before the first \
        `wait` counts as created in use when a session with the same goal and purpose key was \
        held at termination ("or immediately when launched in the background if a matching \
        session was held when previously running"). Core Location matches sessions by what they \
        require; it never sees the scenario's ids.
        """,
        sources: [.sdkHeaders, .developerForumsAnswer],
        modelChoices: [
          "A rejoin matches explicit sessions only, by goal and purpose key; several new "
            + "sessions may rejoin against the same session held at termination.",
          "A session created during the grace period after the app leaves the foreground is "
            + "created in use (R3).",
        ])
    case .r20:
      RuleText(
        """
        The app may be served while it is not in use (R33, R34, R36) only when its stored \
        choice is `always` and, on iOS 18 and later, it holds a `.always` session created in \
        use (R19): "An app with Always authorization, but which is not holding such a \
        CLServiceSession will not be able to receive CLLocationUpdate.liveUpdates() or \
        CLMonitor.events() when it is not in-use". Provisional Always (R14) is not enough: Core \
        Location holds the events that need Always and shows the upgrade prompt instead \
        (`system: backgroundEvent`). Without Always in effect, delivery treats the app as \
        when-in-use.
        """,
        sources: [.serviceSessionHeader, .requestAlwaysAuthorization, .trackingSDKReport],
        modelChoices: [
          "A session created outside use and marked by R19 counts as created in use once the "
            + "app has entered the foreground; an `always` session then puts Always in effect."
        ])
    case .r21:
      RuleText(
        "`invalidate` ends a session at once; its id may then be used by a new session.",
        sources: [])
    case .r22:
      RuleText(
        """
        When the user declines a temporary full accuracy prompt, step 3 of R18 does not show it \
        again for that purpose key until the app is terminated and launched again. A decline of \
        either prompt (R16's or R18's) counts, and it is what R31 reports. The legacy request of \
        R16 is not held back: an explicit call prompts whenever R16's conditions hold.
        """,
        sources: [],
        assumed: """
          that a declined key is not asked for again in the same run (Apple documents asking \
          again only after a grant lapses), and that repeated legacy requests are not suppressed \
          (Apple documents no suppression)
          """)
    case .r23:
      RuleText(
        """
        A session naming a purpose key that is not in the dictionary never prompts for it and \
        sets no diagnostic for it: a missing key is the developer's mistake, not a decision of \
        the user (R31).
        """,
        sources: [],
        assumed: "the whole rule")
    case .r24:
      RuleText(
        "`authorizationDeniedGlobally` is set exactly while Location Services are off.",
        sources: [])
    case .r25:
      RuleText(
        """
        `authorizationDenied` is set exactly while the effective status is `denied`, and so also \
        while Location Services are off: the diagnostics report denied whenever the app is \
        denied globally.
        """,
        sources: [.sdkHeaders, .wwdc24Session10212])
    case .r26:
      RuleText(
        """
        `authorizationRestricted` is set exactly while restrictions are on and the app is not \
        authorized (R4): "the app lacks authorization, and authorization changes are prevented \
        by parental restrictions, MDM configuration, or other factors".
        """,
        sources: [.sdkHeaders])
    case .r27:
      RuleText(
        """
        `authorizationRequestInProgress` is set on every holder exactly while a prompt of any \
        kind is pending (R6), including one waiting for the app to come back to the foreground: \
        "the system is requesting authorization from the user on behalf of the app, but no \
        response has been received yet".
        """,
        sources: [.sdkHeaders])
    case .r28:
      RuleText(
        """
        `insufficientlyInUse` is set when the app is neither denied nor restricted and either \
        R19 marks the holder, or the app is not in use and either nothing is stored yet (Core \
        Location cannot ask yet) or the holder would need the app in use to be served: \
        `authorizedWhenInUse`, or `authorizedAlways` without Always in effect outside use (R20).
        """,
        sources: [.sdkHeaders, .wwdc24Session10212],
        assumed: "that an undecided app that is not in use is insufficiently in use")
    case .r29:
      RuleText(
        """
        `serviceSessionRequired` is set on every holder exactly while \
        `NSLocationRequireExplicitServiceSession` is true and no explicit session with goal \
        `whenInUse` or `always` is held ("no CLServiceSession requiring authorization is \
        outstanding yet"). A `none` session satisfies the requirement only while the app is \
        authorized: it "meets a requested Explicit Service Session requirement if authorization \
        has already been obtained".
        """,
        sources: [.sdkHeaders])
    case .r30:
      RuleText(
        """
        `alwaysAuthorizationDenied` is set exactly when the holder's goal is `always`, the app \
        holds a permanent when-in-use grant (stored `whenInUse`, not Allow Once, not provisional \
        Always, effective status `authorizedWhenInUse`), no upgrade prompt is pending, and the \
        Always prompt is spent: the user has declined Always, on the one Always prompt or in \
        Settings after it ("denied Always due to user decision").
        """,
        sources: [.sdkHeaders],
        assumed: "that a missing Always usage string or an Allow Once grant is no decision of the "
          + "user and sets no flag")
    case .r31:
      RuleText(
        """
        `fullAccuracyDenied` is set exactly when the holder names a purpose key, accuracy is \
        reduced, the app is authorized, and that key's prompt was declined in this run (R22): \
        "denied full accuracy due to user decision".
        """,
        sources: [.sdkHeaders])
    case .r32:
      RuleText(
        """
        `accuracyLimited` is set, on live updates and the monitor only, exactly while the app is \
        authorized with reduced accuracy: updates come as fixes of about 5 km every 15 to 20 \
        minutes, and monitor events are not delivered.
        """,
        sources: [.wwdc20Session10660, .sdkHeaders])
    case .r33:
      RuleText(
        """
        Live updates are delivered (`updates: full` or `reduced`, by R2) when the app iterates \
        them, is authorized, `serviceSessionRequired` is not set, and either the app is in use, \
        or it has Always in effect outside use (R20; on iOS 17 no session is needed) and \
        `UIBackgroundModes` contains `location`: continuous updates outside use need the \
        background mode. Otherwise nothing is delivered (`updates: none`).
        """,
        sources: [.handlingBackgroundUpdates, .wwdc24Session10212, .sdkHeaders])
    case .r34:
      RuleText(
        """
        CLMonitor events are delivered (`monitorEvents: delivered`) on the same terms as R33, \
        except that outside use an app with Always in effect (R20) needs no background mode, and \
        events also need full accuracy (R32).
        """,
        sources: [
          .wwdc20Session10660, .wwdc23Session10180, .wwdc23Session10147, .monitoringEventHeader,
        ],
        assumed: "that region monitoring, a system service, needs no background mode outside use")
    case .r35:
      RuleText(
        """
        A CLBackgroundActivitySession is active when `UIBackgroundModes` contains `location`, \
        the app is authorized now, `serviceSessionRequired` (R29) is not set, and the session was \
        started while the app was in the foreground or resumed at launch as R37 says. One \
        started outside the foreground is inactive until the app next enters the foreground \
        ("A new session may only become active while the app is foregrounded and in direct \
        use"), and active from then on while the other conditions hold. While it is active and \
        the app is in the background, or while one carries the app across termination (R37), \
        the blue indicator shows (`backgroundIndicator: shown`).
        """,
        sources: [.backgroundActivitySessionHeader, .serviceSessionHeader],
        assumed: "that a session started outside the foreground becomes active at the next "
          + "foreground (CLServiceSession.h draws the same analogy for sessions created out of use)",
        modelChoices: [
          "A CLBackgroundActivitySession started during the grace period counts as started "
            + "outside the foreground: it is inactive until the app next enters the foreground.",
          "The blue indicator is hidden while the app is in the foreground, even while a "
            + "carried CLBackgroundActivitySession has not been resumed yet (R37).",
        ])
    case .r36:
      RuleText(
        """
        A terminated app can be relaunched into the background (`launch: background`) only when \
        it is authorized now and either it has Always in effect (R20: stored `always` and, on \
        iOS 18 and later, a `.always` session created in use was held at termination) and was \
        monitoring or iterating live updates at termination, or an active \
        CLBackgroundActivitySession carries it (R37). Apple's launch table names region \
        monitoring, visits and significant changes, and says "no for others"; the \
        CLServiceSession header tells Always apps to take their session again "during launch \
        after background termination".
        The legacy monitoring services relaunch it too: an app registered for significant \
        changes (R47), visits (R48) or a region (R49) is relaunched into the background when it \
        is authorized and its stored choice is `always`, with no session (§8b) ("Always: Yes \
        for significant location change, visits, and region monitoring services"). A When In \
        Use app is never relaunched by them ("When in Use: No. The user must launch the app"). \
        A region relaunches the app only with full accuracy (R2): at reduced accuracy region \
        monitoring is not available (R49), so no event comes. Any one of these reasons is \
        enough.
        """,
        sources: [
          .coreLocationDocumentation, .wwdc23Session10180, .wwdc23Session10147, .sdkHeaders,
          .launchTable,
        ],
        assumed: """
          that iterating live updates alone qualifies an app for a relaunch; that a region \
          registered at reduced accuracy relaunches nothing
          """)
    case .r37:
      RuleText(
        """
        At termination the volatile state goes, and the sessions held are remembered for R19. \
        An active CLBackgroundActivitySession is the exception: it goes on while the app is not \
        running and keeps the app in use (R3), so R12's grants survive ("An active session may \
        continue when the app enters the background even if the app stops running"). While the \
        app is not authorized (R4) a carried session is suspended: inactive, no indicator, \
        keeping nothing in use (R12 applies at the next `wait`); if authorization comes back \
        before the session ends, it is active again. At the next launch the app resumes it with \
        `backgroundActivity: start` before the first `wait` (R19's rejoin window); the first \
        `wait` after launch without that, or a termination before it, ends the carried session \
        ("such a session which is not resumed immediately on next run will end"). Without a \
        carried session, R12 applies at termination.
        """,
        sources: [.sdkHeaders],
        assumed: """
          that a carried session of a terminated app is suspended while the app is denied, as \
          the `authorizationDenied` diagnostic says of sessions ("True if the session will be \
          suspended while the app has been denied")
          """,
        modelChoices: [
          "While carried, a CLBackgroundActivitySession is not subject to R29: a terminated app "
            + "holds no sessions."
        ])
    case .r38:
      RuleText(
        """
        The user changes Settings only while the app is in the background or not running, and \
        any Settings change withdraws a pending prompt (R18 asks again at the next foreground if \
        the goal still calls for it). `never`, `askNextTime`, `whileUsing` and `always` set the \
        stored choice and clear Allow Once and provisional Always; `precise` sets the toggle; \
        `locationServices` and `restrictions` set the device's switches. While restrictions are \
        on, the app's choice and toggle cannot be changed, and a reset is refused too. A reset \
        (Reset Location & Privacy) returns the stored choice to `notDetermined`, Precise to its \
        default and the Always prompt to unspent, and ends Allow Once, provisional Always and \
        temporary full accuracy. Withdrawing R14's system prompt by any other Settings change \
        leaves provisional Always in place: the system shows the prompt again at the next \
        `system: backgroundEvent` ("If the app is in the Provisional Always state, the system \
        displays the second prompt"; once Location Services are back on, "your app's \
        authorization returns to its previous state").
        """,
        sources: [
          .coreLocationDocumentation, .locationManagerHeader, .requestAlwaysAuthorization,
          .statusDenied,
        ],
        assumed: """
          that a reset also ends the temporary grants (Apple documents no per-grant effect of \
          the reset; a grant held by an undecided app means nothing, see accuracyAuthorization \
          in CLLocationManager.h)
          """)
    case .r39:
      RuleText(
        """
        iOS 17 has no CLServiceSession and no diagnostics: a scenario that uses them on iOS 17 is \
        invalid. Iterating live updates or CLMonitor events does not prompt; apps ask with the \
        requests of R13 to R16. Always needs no session for delivery (R20's session clause \
        starts with iOS 18). CLBackgroundActivitySession exists. iOS 26 and 27 follow iOS 18's \
        rules: Apple documents no change to location authorization, CLServiceSession or \
        CLBackgroundActivitySession after iOS 18; reports name the version the scenario gave.
        """,
        sources: [.coreLocationUpdates],
        assumed: "that iterating does not prompt on iOS 17 (the implicit session is iOS 18's)",
        modelChoices: [
          "On iOS 17 a `diagnostics` expectation fails citing R39 (iOS 17 has none)."
        ])
    case .r40:
      RuleText(
        "On iOS 17, live updates deliver nothing while accuracy is reduced.",
        sources: [.modernAPITips],
        assumed: "the whole rule, from a field report")
    case .r41:
      RuleText(
        """
        The running app may create CLLocationManager instances with a delegate \
        (`manager: NAME`) and release them (`release: NAME`); termination releases them all. \
        Each held manager's delegate receives `locationManagerDidChangeAuthorization`:
        1. once when the manager is created, with the values of that moment ("The system calls \
        this method when the app creates the related object's CLLocationManager instance");
        2. once after every step that changes what the manager reads, the pair of effective \
        status (R1) and accuracy (R2), whatever changed it: a prompt answer, a Settings change, \
        Location Services, a temporary grant given or lapsed, a reset ("Invoked when either the \
        authorizationStatus or accuracyAuthorization properties change"); a step that changes \
        both still gives one callback;
        3. never after a step that leaves the pair as it was: a request with no effect, a \
        prompt shown, Keep Only While Using, or Change to Always Allow from provisional Always \
        (the status stays `authorizedAlways`; "The delegate doesn't receive a callback").
        Each callback is observed as the values the delegate reads in it, `STATUS/ACCURACY` \
        (for example `authorizedWhenInUse/reducedAccuracy`). Nothing is delivered while the app \
        is not running; a new manager at the next launch reads the values then. A suspended app \
        receives, when it runs again, what changed while it was suspended.
        Two more calls are observed in the same list, in the order received: `didPause` when \
        the manager's updates are paused (R46), and `monitoringDidFail:ID` when a region it \
        registers fails (R49). Location, visit and region events are observed as the values of \
        the legacy services (R43, R47–R49), not as calls. A `settings` mapping that changes \
        several keys is one step, so a delegate whose pair changed is called once, and not at \
        all when the changes cancel out.
        """,
        sources: [
          .didChangeAuthorization, .locationManagerHeader, .locationManagerDelegateHeader,
          .requestAlwaysAuthorization,
        ],
        assumed: """
          that a suspended app need not be told apart from one running in the background: the \
          model delivers at the step that made the change
          """)
    case .r42:
      RuleText(
        """
        A step the rules forbid is refused, citing the rule that forbids it. A scenario may say \
        that a step must be refused (`refused: RULE`): the refusal is then an expected outcome, \
        the state stays exactly as it was (a refused Settings step withdraws no prompt, and a \
        `settings` mapping with one refused key is refused whole), and the story goes on. The \
        rule cited is the first of these that applies:
        1. a step of the app (`session`, `invalidate`, `liveUpdates`, `monitor`, \
        `backgroundActivity`, `request`, `manager`, `release`) while the app is not running: \
        the step's own rule (R17, R21, R33, R34, R35, R13, R14 or R16 by request, R41);
        2. a `session` or `invalidate` on iOS 17: R39;
        3. a session id already held, or invalidating one that is not: R21;
        4. starting what is started or stopping what is not: the step's own rule (R33, R34, \
        R35);
        5. a manager name already held, or releasing one that is not: R41;
        6. `launch` while running, `terminate` while not running: R37;
        7. `launch: background` where R36 forbids it: R36;
        8. `background` or `foreground` in the wrong state: R3;
        9. `tap` with no prompt up, or answering an app's prompt outside the foreground: R6;
        10. a button the prompt does not have: R9, R10 or R11 by the prompt's kind;
        11. a Precise toggle where there is none: R9;
        12. Settings in the foreground, or a change that restrictions lock: R38;
        13. `system: backgroundEvent` while the app is in use: R14.
        Then the legacy services, in this order:
        1. a service step while the app is not running: the service's rule (R43, R47, R48, \
        R49), and `configure` R41 (a request with `by` keeps its own rule, above);
        2. a service step, `configure` or `by` naming a manager that is not held: R41;
        3. `true` for `allowsBackgroundLocationUpdates` without `location` in \
        UIBackgroundModes: R45;
        4. starting updates that run, or stopping updates, a registration or a region that is \
        not there: R43, R47, R48, R49;
        5. `system: pauseUpdates` in the foreground or with nothing to pause: R46;
        6. `terminate: user` while the app is not running: R37.
        Registering a 21st region is not refused: it fails as R49 says.
        """,
        sources: [],
        modelChoices: [
          "A refused step that the list above does not name (a session when eight are held "
            + "already) cites the step's own rule (R17).",
          "The changes of a `settings` mapping are judged in the order written: turning "
            + "restrictions off unlocks the changes after it in the same step (as when the user "
            + "changes them one after the other in Settings).",
          "A story names at most 32 distinct regions (the state keeps a bit per region id); a "
            + "33rd name is refused with R49.",
          "One visit to Settings makes at most 8 changes (a scenario's `settings` mapping has "
            + "at most four keys); the Swift API refuses a ninth with R38.",
        ])
    case .r43:
      RuleText(
        """
        `startUpdatingLocation: NAME` starts continuous updates on that manager; \
        `stopUpdatingLocation: NAME`, the manager's release, a pause (R46) and termination stop \
        them. They deliver (`locationUpdates: full | reduced`, by R2) while some manager \
        updates, the app is authorized (R4), and either the app is in use (R3) or a continuous \
        background session (R44) keeps it running with Always in effect; otherwise `none`. A \
        suspended app gets nothing: in the background after the grace period without R44 \
        nothing is delivered until the app is in use again ("If you start this service and \
        your app is suspended, the system stops the delivery of events until your app starts \
        running again"). Reduced accuracy gives reduced fixes (R40 is about live updates only).
        Always in effect for a legacy service (R43–R49) means the stored choice `always`: \
        provisional Always is not enough (R14), and R20's session clause does not apply. The \
        legacy services need no CLServiceSession, `NSLocationRequireExplicitServiceSession` \
        does not affect them, and they set and read no diagnostic flag.
        """,
        sources: [.locationManagerDocumentation, .locationManagerHeader, .fieldReports],
        assumed: """
          that the legacy services need no CLServiceSession on iOS 18 and later and ignore \
          `NSLocationRequireExplicitServiceSession` (the CLServiceSession header names only live \
          updates and CLMonitor events; field reports on iOS 18 and 26 see legacy background \
          tracking go on without a session)
          """)
    case .r44:
      RuleText(
        """
        A manager that updates (R43) with `allowsBackgroundLocationUpdates` true, while the app \
        is authorized (and, by R45, `location` is in UIBackgroundModes), holds a continuous \
        background session if its updates were started, or the property was set true, while \
        the app was in use (R3), or at any time with Always in effect ("When the value of this \
        property is true and you start location updates while the app is in the foreground, \
        Core Location configures the system to keep the app running"). The session is judged \
        at the call that completes the pair: a start with the property already true, or setting \
        it true while the manager updates; setting it true before the start is not enough by \
        itself. A start made in use while the app is not authorized counts: the session begins \
        when the app becomes authorized (a session that was held and ended does not).
        It keeps the app running in the background. While the app is in the background it \
        shows the indicator (`backgroundIndicator: shown`), unless Always is in effect and \
        `showsBackgroundLocationIndicator` is false (the property "affects only apps that \
        received Always authorization"). While the indicator shows the app is in use (R3), so \
        Allow Once and temporary full accuracy last (R12).
        The session ends when its updates stop (a stop, the manager's release, a pause), when \
        the property is set false, when the app stops being authorized, and at termination; \
        once ended, a When In Use app gets a new one only by starting updates (or setting the \
        property) in use again. It ends at that step: the indicator hides then (unless a \
        CLBackgroundActivitySession shows it), a When In Use app out of the grace period is \
        out of use from that step, and an Allow Once or temporary grant lapses at the next \
        `wait` (R12).
        """,
        sources: [.locationManagerDocumentation, .locationManagerHeader],
        assumed: """
          that updates started out of use by a When In Use app hold no session; that the call \
          completing the pair decides (Apple names the start "while the app is in the \
          foreground")
          """,
        modelChoices: [
          "Setting `allowsBackgroundLocationUpdates` true again while the manager updates is a "
            + "call that completes the pair: judged again, it may begin a session, and never ends "
            + "one.",
          "Several managers may hold sessions at once; the indicator shows if one of them "
            + "shows it.",
        ])
    case .r45:
      RuleText(
        """
        Setting `allowsBackgroundLocationUpdates` true (at `manager:` or `configure:`) without \
        `location` in UIBackgroundModes is refused with R45: iOS terminates the app ("Setting \
        the value to true but omitting the UIBackgroundModes key and location value in your \
        app's Info.plist file is a fatal error that terminates the app"). It is a refusal \
        (R42) so that no story goes on as if it had worked.
        """,
        sources: [.locationManagerDocumentation])
    case .r46:
      RuleText(
        """
        `system: pauseUpdates`: Core Location pauses the continuous updates of every manager \
        that updates with `pausesLocationUpdatesAutomatically` true. It can happen only while \
        the app is in the background (the grace period included) and such a manager updates; \
        any such moment may. The paused managers stop updating (a new `startUpdatingLocation` \
        restarts them), their continuous background sessions end (R44), and their delegates \
        receive `locationManagerDidPauseLocationUpdates` (R41). A restart delivers under R43, \
        so a When In Use app gets nothing until it is in use again ("For apps that have in-use \
        authorization, a pause to location updates ends access to location changes until the \
        app launches again"). A pause in the grace period ends the session but not the grace \
        period: the app stays in use (R3) until the next `wait`, where Allow Once and \
        temporary full accuracy lapse if nothing else keeps it in use (R12); a pause never \
        ends a grant by itself. A restart during the grace period is a start in use (R44).
        """,
        sources: [.locationManagerDocumentation],
        assumed: """
          that Apple's "until the app launches again" means "until it is in use again"
          """)
    case .r47:
      RuleText(
        """
        `startMonitoringSignificantLocationChanges: NAME` registers the app for \
        significant-change events until `stopMonitoringSignificantLocationChanges:` on any \
        manager; the registration is persisted. Events (`significantChanges: delivered | \
        none`) are delivered while the app runs, a manager it holds started the service in \
        this run (a released manager's start no longer counts), the app is authorized (any \
        accuracy), and either the app is in use or Always is in effect. A terminated app stays \
        registered and is relaunched for an event (R36), and must start the service again to \
        receive events ("Upon relaunch, you must still configure a location manager object and \
        call this method to continue receiving location events").
        """,
        sources: [.locationManagerDocumentation])
    case .r48:
      RuleText(
        """
        `startMonitoringVisits: NAME` and `stopMonitoringVisits: NAME` as R47 (`visits: \
        delivered | none`), except that after a relaunch the registration delivers to any \
        manager the app holds, without starting again ("You don't need to call this method \
        again"): after any launch that follows the registration, into the foreground too, and \
        for a registration given in `start`. Visits use reduced accuracy when that is all the \
        app has.
        """,
        sources: [.locationManagerDocumentation],
        assumed: """
          that the registration is the app's: it delivers after any launch that follows it, in \
          the foreground too, and for a registration given in `start`
          """)
    case .r49:
      RuleText(
        """
        `startMonitoring: NAME` with `region: ID` registers a region (a CLCircularRegion) \
        under that id; `stopMonitoring: NAME` with `region: ID` removes it. Regions belong to \
        the app, not to a manager: any manager stops any region, and registering an id again \
        replaces it (regions are "shared by all location manager objects"). The registered \
        regions are persisted ("during this or previous launches"); regions given in `start` \
        are registered from the first step and deliver to any held manager without a new \
        `startMonitoring`. At most 20 are registered: a start that would make 21 registers \
        nothing (`monitoredRegions` keeps the 20; registering an id already there is a \
        replacement, not a 21st), and the manager's delegate receives `monitoringDidFail` for \
        that id (R41) ("An app can register up to 20 regions at a time"). Events \
        (`regionEvents: delivered | none`) are delivered while the app runs, holds a manager \
        (its delegate receives them), a region is registered, the app is authorized with full \
        accuracy (R2), and either it is in use or Always is in effect (with reduced accuracy \
        "Region monitoring and beacon ranging are not available to the application"). A \
        terminated app is relaunched for a region event (R36). iOS 27 deprecates region \
        monitoring in favour of CLMonitor; it still works.
        """,
        sources: [.locationManagerDocumentation, .locationManagerHeader],
        assumed: """
          that registering while accuracy is reduced is allowed and the region waits
          """,
        modelChoices: [
          "CLMonitor conditions do not count toward the 20 regions: the model does not tie "
            + "them."
        ])
    case .r50:
      RuleText(
        """
        `terminate: user` (the user swipes the app away) is termination (R37), except that a \
        CLBackgroundActivitySession does not carry the app across it and the app is not \
        relaunched for live updates it iterated (R36). The monitoring services still relaunch \
        it: CLMonitor and R47–R49 ("Even if killed by the user, launch events triggered by \
        monitoring APIs will cause a relaunch"). A plain `terminate` is the system's (memory \
        pressure, a crash).
        """,
        sources: [.locationManagerHeader, .developerForumsReport],
        assumed: """
          that a CLBackgroundActivitySession does not survive the user's termination; that \
          the monitoring services relaunch after it on iOS 26 and 27 too (a 2026 forum report \
          of no relaunch after a force-quit on iOS 26.4 is unanswered)
          """)
    }
  }
}
