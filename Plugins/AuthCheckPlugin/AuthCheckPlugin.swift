import Foundation
import PackagePlugin

/// `swift package authcheck …`: runs the `authcheck` executable, built in release by the package
/// manager, on the package the command runs in, with the arguments as typed.
///
/// The executable runs in the package's directory, so paths are relative to it, and is told the
/// package's directory (`AUTHCHECK_PLUGIN_PACKAGE_DIRECTORY`): it then refuses, with its own
/// usage error, a path outside the package and a report where the plugin may not write. The
/// plugin asks for no permission itself: a report is written only where the user allowed it with
/// `--allow-writing-to-package-directory` or `--allow-writing-to-directory`, as SwiftPM requires.
@main
struct AuthCheckPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let process = Process()
    process.executableURL = try releaseExecutable()
    process.arguments = Self.withoutPermissions(arguments)
    process.currentDirectoryURL = context.package.directoryURL
    var environment = ProcessInfo.processInfo.environment
    environment["AUTHCHECK_PLUGIN_PACKAGE_DIRECTORY"] = context.package.directoryURL.path
    process.environment = environment
    try process.run()
    process.waitUntilExit()
    // SwiftPM reports a plugin's non-zero exit as "Plugin ended with exit code N" and then exits
    // with status 1 itself: N is the executable's status.
    if process.terminationReason == .uncaughtSignal {
      exit(128 + process.terminationStatus)
    }
    exit(process.terminationStatus)
  }

  /// The `authcheck` executable of a release build, which the package manager makes (or finds up
  /// to date) in the package's build folder, printing its build lines on standard error.
  ///
  /// The plugin declares no dependency on the executable: SwiftPM would then build it for the
  /// plugin in the package's configuration, debug unless `-c release`, before the plugin runs.
  /// An app file's exploration takes seconds in a debug build and hundredths of a second in
  /// release; the first run's build takes longer in release (docs/CI.md has the figures).
  func releaseExecutable() throws -> URL {
    let result = try packageManager.build(
      .product("authcheck"), parameters: .init(configuration: .release, echoLogs: true))
    guard result.succeeded else { throw BuildFailure.failed }
    // SwiftPM also lists executables it built for other uses (a debug `authcheck-tool` where a
    // plugin depends on the executable): the product's own is named after it.
    guard
      let artifact = result.builtArtifacts.first(where: {
        $0.kind == .executable && $0.url.deletingPathExtension().lastPathComponent == "authcheck"
      })
    else { throw BuildFailure.noExecutable(result.builtArtifacts.map(\.url.path)) }
    Diagnostics.progress("running \(artifact.url.path) (release build)")
    return artifact.url
  }

  /// Why the plugin did not run the executable; SwiftPM prints it as `error: …` and exits 1.
  enum BuildFailure: Error, CustomStringConvertible {
    case failed
    case noExecutable([String])

    var description: String {
      switch self {
      case .failed:
        "the release build of authcheck failed; its errors are above"
      case .noExecutable(let artifacts):
        "the release build of authcheck gave no 'authcheck' executable; it gave "
          + (artifacts.isEmpty ? "nothing" : artifacts.map { "'\($0)'" }.joined(separator: ", "))
      }
    }
  }

  /// SwiftPM's permission options, which it also reads after the plugin's name
  /// (`swift package authcheck scenarios/ --allow-writing-to-package-directory …`) and grants,
  /// and passes on all the same: they are SwiftPM's, not authcheck's. `true`: takes a value.
  static let permissionOptions = [
    "--allow-writing-to-package-directory": false, "--allow-writing-to-directory": true,
    "--allow-network-connections": true, "--disable-sandbox": false,
  ]

  /// `arguments` without SwiftPM's permission options (up to a `--`).
  static func withoutPermissions(_ arguments: [String]) -> [String] {
    var kept: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        kept.append(argument)
        kept += rest
        break
      }
      let name = String(argument.prefix { $0 != "=" })
      guard let takesValue = permissionOptions[name] else {
        kept.append(argument)
        continue
      }
      if takesValue && name == argument { _ = rest.popFirst() }
    }
    return kept
  }
}
