import AuthScenario
import Foundation

/// The command-line front end of authcheck: arguments, files, rendering, exit codes. The only
/// place that prints.
public enum AuthCheckCLI {
  public static let version = "0.1.0"

  /// Exit statuses scripts can trust.
  public enum ExitCode {
    /// Every scenario passed; every property holds.
    public static let success: Int32 = 0
    /// A scenario failed or a file is invalid; a property is violated.
    public static let failure: Int32 = 1
    /// A usage error, an unreadable path, a report that can't be written, or a standard
    /// output that can't be written.
    public static let usage: Int32 = 2
    /// Exploration stopped at `--max-states` (or the memory budget) before it finished; a
    /// diagram whose walk did.
    public static let incomplete: Int32 = 3
  }

  /// Runs authcheck as a process: real arguments, environment, standard output and error.
  ///
  /// A standard output that can't be written (a closed pipe, a full disk) ends the process with
  /// status 2 and one line on standard error: `SIGPIPE` is ignored so that the write fails
  /// instead of killing the process without a word. `SIGXFSZ` is ignored for the same reason: a
  /// report beyond the file size limit is an error that names it, and the old report stays.
  public static func main() -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
    var out = StandardOutput(descriptor: STDOUT_FILENO)
    var err = StandardOutput(descriptor: STDERR_FILENO)
    let environment = ProcessInfo.processInfo.environment
    let color = isatty(STDOUT_FILENO) == 1
    return run(
      arguments: arguments(), environment: environment,
      color: color, stderrIsTerminal: isatty(STDERR_FILENO) == 1, stdout: &out, stderr: &err)
  }

  /// The process's arguments, without the program name, decoded as paths are
  /// (`SystemPath`): an argument that is not valid UTF-8 still names its file.
  static func arguments() -> [String] {
    (1..<Int(CommandLine.argc)).compactMap { index in
      CommandLine.unsafeArgv[index].map { argument in
        SystemPath.string(
          UnsafeBufferPointer(start: argument, count: strlen(argument)).lazy.map {
            UInt8(bitPattern: $0)
          })
      }
    }
  }

  /// Runs authcheck with `arguments` (without the program name) and returns its exit status.
  ///
  /// - Parameters:
  ///   - environment: the environment; a non-empty `NO_COLOR` turns colour off
  ///     (https://no-color.org).
  ///   - color: whether standard output can show colour (a terminal).
  ///   - stderrIsTerminal: whether progress lines may be written to `stderr`.
  public static func run<Out: TextOutputStream, Err: TextOutputStream>(
    arguments: [String], environment: [String: String] = [:], color: Bool = false,
    stderrIsTerminal: Bool = false, stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    // Errors quote what was typed (`unknown option '…'`): whatever an argument holds, each
    // message stays on its lines, its control characters shown escaped.
    var shown = ShownLines(base: stderr)
    defer { stderr = shown.base }
    return dispatch(
      arguments: arguments, environment: environment, color: color,
      stderrIsTerminal: stderrIsTerminal, stdout: &stdout, stderr: &shown)
  }

  private static func dispatch<Out: TextOutputStream, Err: TextOutputStream>(
    arguments: [String], environment: [String: String], color: Bool,
    stderrIsTerminal: Bool, stdout: inout Out, stderr: inout Err
  ) -> Int32 {
    let color = color && (environment["NO_COLOR"] ?? "").isEmpty
    let plugin = PluginPaths(environment: environment)
    if arguments.first == "explore" {
      return ExploreCommand.run(
        arguments: Array(arguments.dropFirst()), plugin: plugin,
        stderrIsTerminal: stderrIsTerminal, stdout: &stdout, stderr: &stderr)
    }
    if arguments.first == "diagram" {
      return DiagramCommand.run(
        arguments: Array(arguments.dropFirst()), color: color,
        stderrIsTerminal: stderrIsTerminal, stdout: &stdout, stderr: &stderr)
    }
    if arguments.first == "draft" {
      return DraftCommand.run(
        arguments: Array(arguments.dropFirst()), color: color, stdout: &stdout, stderr: &stderr)
    }
    if arguments.first == "rules" {
      return RulesCommand.run(
        arguments: Array(arguments.dropFirst()), stdout: &stdout, stderr: &stderr)
    }
    let options: RunOptions
    switch PluginPaths.vet(RunOptions.parse(arguments), under: plugin) {
    case .success(let parsed): options = parsed
    case .failure(let error):
      stderr.write("authcheck: error: \(error.message)\n")
      stderr.write("usage: authcheck PATH… (authcheck --help for more)\n")
      return ExitCode.usage
    }
    if options.help {
      stdout.write(Help.text)
      return ExitCode.success
    }
    if options.version {
      stdout.write("authcheck \(version)\n")
      return ExitCode.success
    }
    return ScenarioCommand.run(
      options, color: color, stderrIsTerminal: stderrIsTerminal, stdout: &stdout, stderr: &stderr)
  }
}

/// Writes each line of what it is given to `base` as the text report shows names
/// (`SystemPath.displayed(_:)`): line breaks stay, every other control character, a
/// bidirectional control or a byte that is not UTF-8 is shown escaped (`\x01`, `\u{202E}`).
struct ShownLines<Base: TextOutputStream>: TextOutputStream {
  var base: Base

  mutating func write(_ string: String) {
    base.write(
      string.split(separator: "\n", omittingEmptySubsequences: false)
        .map { SystemPath.displayed(String($0)) }.joined(separator: "\n"))
  }
}

/// Writes to standard output or standard error, unbuffered.
///
/// When standard output can't be written (`EPIPE` from a closed pipe, `ENOSPC` from a full
/// disk), the process ends with status 2 after one line on standard error: nothing more can be
/// reported. A failed write to standard error is ignored, for the same reason.
struct StandardOutput: TextOutputStream {
  let descriptor: Int32

  mutating func write(_ string: String) {
    guard let code = RegularFile.write(string, to: descriptor), descriptor != STDERR_FILENO else {
      return
    }
    _ = RegularFile.write(
      "authcheck: error: cannot write to standard output: \(RegularFile.reason(code))\n",
      to: STDERR_FILENO)
    exit(AuthCheckCLI.ExitCode.usage)
  }
}
