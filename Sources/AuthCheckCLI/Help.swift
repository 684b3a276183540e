/// The text of `authcheck --help`.
enum Help {
  static let text = """
    authcheck: checks Core Location authorization stories against the rules of iOS

    usage: authcheck [options] PATH…
           authcheck explore [options]
           authcheck rules [ID…]
           authcheck diagram FILE [options]
           authcheck draft PATH [-o FILE] [--check]

    Runs every scenario file given, and every *.yaml and *.yml file in the folders given
    (recursively, in sorted order), on every core. Prints PASS or FAIL per scenario, ERROR per
    invalid file, and a last line 'authcheck: N passed, M failed'. A file with an 'app' key is
    an app file (docs/APPS.md): its static checks A1–A4 run, then every story of the app is
    explored for 'works' and the app's own checks.

    options:
      -h, --help       show this help
      --version        print the version
      --junit FILE     also write a JUnit XML report to FILE, for CI
      --format FORMAT  what to print: 'text' (the default), 'json' (one JSON document;
                       the schema is in docs/CI.md, "CI reports") or 'github' (a GitHub
                       Actions annotation per failure and error, then the summary line)
      --coverage       after the run, list each rule R1–R50 with how many scenarios exercised
                       it, and the observables and diagnostic flags the expectations checked
                       (in the JSON document with --format json)
      --counterexamples DIR
                       write each failure of an app file as a scenario DIR/<app>-<check>.yaml
                       whose last expectation fails (an existing file is an error)
      --paths DIR      write the ways each feature of an app file can fail, one scenario each
                       (they pass: each documents a denial path)
      --max-states N   stop each exploration of an app file after N states (default: what
                       fits in memory, as for explore; a larger N is an error before any
                       work); one that stops early fails the file as INCOMPLETE
      --ways-to-fail   under each app file, list the ways each feature can fail: the
                       feature, where, the rules that deny it, the unmet value and the
                       shortest story (the JSON document always has them)
      --mutation NAME  run on a deliberately broken model, to check authcheck itself
                       (the names 'authcheck explore --help' lists)

    authcheck explore [options]
      Explores every reachable state of the authorization model and checks the properties
      P1–P13; 'authcheck explore --help' lists its options.

    authcheck rules [ID…]
      Lists the rules and properties failures cite (R1–R50, P1–P13), or prints the text,
      sources and assumptions of those given; 'authcheck rules --help' for more.

    authcheck diagram FILE [options]
      Draws an app file's permission journey (or the model's) as Mermaid or Graphviz: what
      the user sees, and every step that changes it; 'authcheck diagram --help' for more.

    authcheck draft PATH [-o FILE] [--check]
      Drafts an app file from an app's Xcode project or Swift package: Info.plist keys, one
      feature per type that uses Core Location, each line saying where it came from;
      'authcheck draft --help' for more.

    exit status:
      0  every scenario passed
      1  a scenario failed or a file is invalid
      2  usage error, unreadable path, or no scenario files found

    Colour is used only on a terminal, and never when NO_COLOR is set.

    """
}
