/// The text of `authcheck --help`.
enum Help {
  static let text = """
    authcheck: checks Core Location authorization stories against the rules of iOS

    usage: authcheck [options] PATH…
           authcheck explore [options]

    Runs every scenario file given, and every *.yaml and *.yml file in the folders given
    (recursively, in sorted order), on every core. Prints PASS or FAIL per scenario, ERROR per
    invalid file, and a last line 'authcheck: N passed, M failed'.

    options:
      -h, --help       show this help
      --version        print the version
      --junit FILE     also write a JUnit XML report to FILE, for CI
      --format FORMAT  what to print: 'text' (the default) or 'json' (one JSON document;
                       the schema is in README.md, "CI reports")
      --coverage       after the run, list each rule R1–R42 with how many scenarios exercised
                       it, and the observables and diagnostic flags the expectations checked
                       (in the JSON document with --format json)
      --mutation NAME  run on a deliberately broken model, to check authcheck itself
                       (prompts-from-background, allow-once-never-lapses)

    authcheck explore [options]
      Explores every reachable state of the authorization model and checks the properties
      P1–P12; 'authcheck explore --help' lists its options.

    exit status:
      0  every scenario passed
      1  a scenario failed or a file is invalid
      2  usage error, unreadable path, or no scenario files found

    Colour is used only on a terminal, and never when NO_COLOR is set.

    """
}
