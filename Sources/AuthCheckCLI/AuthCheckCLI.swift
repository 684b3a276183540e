/// The command-line front end of authcheck: arguments, files, rendering, exit codes.
public enum AuthCheckCLI {
  /// Runs authcheck with the given arguments and returns its exit status.
  public static func run(arguments: [String]) -> Int32 {
    print("authcheck: not yet implemented")
    return 2
  }
}
