/// `authcheck explore`: exhaustive exploration of the authorization model.
enum ExploreCommand {
  static func run<Out: TextOutputStream, Err: TextOutputStream>(
    arguments: [String], stderrIsTerminal: Bool, stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    stderr.write("authcheck: error: 'explore' is not available yet\n")
    return AuthCheckCLI.ExitCode.usage
  }
}
