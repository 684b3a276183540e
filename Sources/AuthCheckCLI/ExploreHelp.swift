/// The text of `authcheck explore --help`.
enum ExploreHelp {
  static let text = """
    usage: authcheck explore [options]

    Explores every reachable state of the authorization model and checks the properties P1–P13
    on every transition, and that every witness is reached ('authcheck rules P1' explains each).

    With no options: all 128 configurations (iOS 17 and 18 × six Info.plist keys) with the
    sessions always,whenInUse+Nav.

    options:
      --ios 17|18|26|27       explore only this iOS version (26 and 27 follow 18's rules)
      --info FILE             explore only this Info.plist (XML or binary), or a scenario
                              file's info (FILE ending in .yaml or .yml)
      --sessions LIST         the sessions the app may create: GOAL or GOAL+PURPOSEKEY,
                              comma-separated (GOAL: none, whenInUse, always); default
                              always,whenInUse+Nav
      --max-states N          stop a configuration after N states and report it INCOMPLETE
                              (default: what fits in memory, 32 bytes a state in three
                              quarters of it, or of the control group's limit or ulimit -v
                              if smaller; a larger N is an error before any work). Room
                              for up to N states, at most 33,554,432 (320 MiB), is reserved
                              up front; beyond that the table grows as states arrive
      --legacy                also run CLLocationManager's own services on the explored
                              manager m0: continuous updates with each value of its three
                              properties, the system's pause, significant changes, visits,
                              regions, the requests made by m0, the user's swipe (rules
                              §8b); with their witnesses. Far more states: see
                              docs/EXPLORING.md
      --regions N             with --legacy: the region ids r0… (2 to 32, default 2); the
                              explored region limit is N-1 (at most 20) so that the region
                              past it is reachable. Scenarios always use 20
      --counterexamples DIR   write each violated property's shortest path as a scenario
      --json                  print one JSON document instead of the text report
      --threads N             threads to use (default: every core)
      --no-reductions         explore without the sound reductions (larger, slower)
      --no-hints              explore without the speed-up hints: the same result, more
                              slowly (a check of the hints)
      --bench                 measure states/s (in all and per core), transitions/s and
                              bytes per state (the default run: fastest of three)
      --mutation NAME         explore a deliberately broken model, to check authcheck itself
                              (prompts-from-background, allow-once-never-lapses,
                              usage-strings-not-required, requests-prompt-from-background,
                              when-in-use-request-repeats, any-release-withdraws-prompt;
                              with --legacy: continuous-session-without-indicator,
                              regions-without-limit, prompt-outlives-manager,
                              request-calls-delegate, legacy-always-when-authorized,
                              regions-at-reduced-accuracy, updates-ignore-reduced-accuracy,
                              session-without-background-updates,
                              background-updates-without-background-mode,
                              legacy-no-ops-accepted, registrations-end-at-termination,
                              significant-changes-without-new-start, visits-need-new-start,
                              user-termination-like-system, user-termination-ends-relaunch)

    Progress goes to standard error: about once a second on a terminal (not with --json),
    otherwise as a line of its own every ten seconds.

    exit status:
      0  every property holds (and, over every configuration, every witness is reached)
      1  a property is violated, or a witness is never reached in a run over every configuration
      2  usage error
      3  incomplete: --max-states was reached

    """
}
