import Foundation
import PackagePlugin

/// `swift package authcheck …`: runs the `authcheck` executable, built by the package manager,
/// on the package the command runs in, with the arguments as typed.
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
    process.executableURL = try context.tool(named: "authcheck").url
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
