import Foundation
import Testing

/// Runs `swift package authcheck …` in a package that depends on this one, as an iOS project
/// would, and compares it with the `authcheck` executable run in the same folder.
///
/// SwiftPM passes everything a command plugin prints to its own standard output, and exits with
/// status 1 when the plugin ends with another status N, saying "Plugin ended with exit code N"
/// on standard error: the plugin's standard output is compared with the executable's standard
/// output and error together, and N with the executable's status.
///
/// The plugin runs a release build of authcheck, which it has the package manager make in the
/// fixture's build folder, and says which on standard error: each run checks that line.
///
/// It builds authcheck a second time, in release, for the fixture package, so it runs only when
/// `AUTHCHECK_PLUGIN_TESTS=1` is set: `.ci/run` sets it, and a plain `swift test` stays fast.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["AUTHCHECK_PLUGIN_TESTS"] == "1",
    "builds authcheck again for a fixture package; set AUTHCHECK_PLUGIN_TESTS=1 (as .ci/run does)"))
struct PluginTests {
  /// The fixture package's copy in a temporary folder, with its dependency pointing here.
  struct Fixture {
    let url: URL

    init() throws {
      let fileManager = FileManager.default
      url = fileManager.temporaryDirectory.resolvingSymlinksInPath()
        .appendingPathComponent("authcheck-plugin-\(UUID().uuidString)", isDirectory: true)
      let source = BinaryTests.repository.appendingPathComponent("Tests/Fixtures/PluginUser")
      try fileManager.copyItem(at: source, to: url)
      let manifest = url.appendingPathComponent("Package.swift")
      let text = try String(contentsOf: manifest, encoding: .utf8)
      let pointed = text.replacingOccurrences(
        of: #".package(path: "../../..")"#,
        with: ".package(path: \"\(BinaryTests.repository.standardizedFileURL.path)\")")
      #expect(pointed != text, "the fixture's manifest names the repository as '../../..'")
      try Data(pointed.utf8).write(to: manifest)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
  }

  /// The `swift` driver on `PATH`.
  static func swift() throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw BinaryTests.ExecutableNotFound(searched: path.split(separator: ":").map(String.init))
  }

  /// The executable's exit status as `swift package` reports it: 0 when it exits 0, else the N
  /// of "Plugin ended with exit code N" (and `swift package`'s own status is 1); `nil` if the
  /// output says neither.
  static func pluginStatus(_ run: BinaryTests.Run) -> Int32? {
    if run.status == 0 { return 0 }
    let phrase = "Plugin ended with exit code "
    guard run.status == 1, let range = run.stderr.range(of: phrase) else { return nil }
    return Int32(run.stderr[range.upperBound...].prefix { $0.isNumber })
  }

  /// The executable the plugin said it runs, from its line on standard error
  /// (`[AuthCheckPlugin] running PATH (release build)`); `nil` if there is none.
  static func executableRun(_ run: BinaryTests.Run) -> String? {
    let prefix = "[AuthCheckPlugin] running "
    let suffix = " (release build)"
    return run.stderr.split(separator: "\n").lazy.compactMap { line -> String? in
      guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return nil }
      return String(line.dropFirst(prefix.count).dropLast(suffix.count))
    }.first
  }

  @Test("swift package authcheck prints and exits as the executable, and refuses as it does")
  func pluginMatchesExecutable() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let executable = try BinaryTests.executable()
    let swift = try Self.swift()
    // One build of the fixture kept under this package's .build, so a second `swift test`
    // builds authcheck again only where its sources changed.
    let scratch = BinaryTests.repository.appendingPathComponent(".build/plugin-fixture").path
    let resolvedScratch = URL(fileURLWithPath: scratch).resolvingSymlinksInPath().path
    func plugin(_ arguments: [String]) throws -> BinaryTests.Run {
      try BinaryTests.launch(
        swift, ["package", "--scratch-path", scratch, "authcheck"] + arguments, in: fixture.url)
    }
    func direct(_ arguments: [String], underPlugin: Bool = false) throws -> BinaryTests.Run {
      try BinaryTests.launch(
        executable, arguments, in: fixture.url,
        environment: underPlugin
          ? ["AUTHCHECK_PLUGIN_PACKAGE_DIRECTORY": fixture.url.standardizedFileURL.path] : [:],
        mergingErrors: true)
    }

    // Passing and failing files, another format, a usage error, and explore's help.
    let same: [[String]] = [
      ["scenarios/"], ["scenarios/passes.yaml", "--format", "github"], ["--bogus", "scenarios"],
      ["explore", "--help"],
    ]
    for arguments in same {
      let expected = try direct(arguments)
      let run = try plugin(arguments)
      #expect(run.stdout == expected.stdout, "\(arguments): \(run.stderr)")
      #expect(Self.pluginStatus(run) == expected.status, "\(arguments): \(run.stderr)")
      // The release build's executable, in the fixture's build folder, and no debug build.
      let ran = Self.executableRun(run).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
      #expect(ran?.path.hasPrefix(resolvedScratch + "/") == true, "\(arguments): \(run.stderr)")
      #expect(ran?.deletingLastPathComponent().lastPathComponent == "release", "\(run.stderr)")
      #expect(ran.map { FileManager.default.isExecutableFile(atPath: $0.path) } == true)
      #expect(!run.stderr.contains("Building for debugging"), "\(arguments): \(run.stderr)")
    }
    let failing = try direct(["scenarios/"])
    #expect(failing.status == 1)
    #expect(try direct(["scenarios/passes.yaml"]).status == 0)

    // A report the user allowed the plugin to write; SwiftPM's option also after the command.
    let report = fixture.url.appendingPathComponent("authcheck.xml")
    let written = try plugin(
      ["scenarios/", "--allow-writing-to-package-directory", "--junit", "authcheck.xml"])
    #expect(Self.pluginStatus(written) == 1, "\(written.stderr)")
    #expect(written.stdout == failing.stdout)
    #expect(FileManager.default.fileExists(atPath: report.path))

    // A path outside the package, read or written: the executable's own usage error.
    let outside = try plugin(["explore", "--info", "../Info.plist"])
    #expect(Self.pluginStatus(outside) == 2)
    #expect(
      outside.stdout.hasPrefix(
        "authcheck explore: error: '../Info.plist' is outside the package directory '"))
    let outsideDirect = try direct(["explore", "--info", "../Info.plist"], underPlugin: true)
    #expect(outside.stdout == outsideDirect.stdout)

    // A report where the plugin may not write: SwiftPM's sandbox keeps the package read-only
    // without permission. Linux has no sandbox, and root writes everywhere but in folders such
    // as /sys, which a link inside the package can only reach by leading out of it: that is
    // refused as outside (PluginPathsTests checks the message for a folder root can't write).
    #if os(Linux)
      try FileManager.default.createSymbolicLink(
        atPath: fixture.url.appendingPathComponent("reports").path, withDestinationPath: "/sys")
    #else
      try FileManager.default.createDirectory(
        at: fixture.url.appendingPathComponent("reports"), withIntermediateDirectories: true)
    #endif
    let refused = try plugin(["scenarios/", "--junit", "reports/authcheck.xml"])
    #expect(Self.pluginStatus(refused) == 2)
    #if os(Linux)
      #expect(
        refused.stdout.hasPrefix(
          "authcheck: error: 'reports/authcheck.xml' is outside the package directory '"))
    #else
      #expect(refused.stdout.hasPrefix("authcheck: error: cannot write 'reports/authcheck.xml': "))
      #expect(refused.stdout.contains("--allow-writing-to-package-directory"))
    #endif
    #expect(refused.stdout.hasSuffix("usage: authcheck PATH… (authcheck --help for more)\n"))
    #if os(Linux)
      let refusedDirect = try direct(
        ["scenarios/", "--junit", "reports/authcheck.xml"], underPlugin: true)
      #expect(refused.stdout == refusedDirect.stdout)
    #endif
  }
}
