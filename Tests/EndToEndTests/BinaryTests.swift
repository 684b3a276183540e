import Foundation
import Testing

/// Launches the real `authcheck` executable, as a user or a CI job would.
///
/// `swift test` builds every target of the package, the `authcheck` executable included, into
/// the same folder as the test bundle; the tests find it there.
@Suite struct BinaryTests {
  /// What one run of the executable printed and returned.
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  #if os(Windows)
    static let executableName = "authcheck.exe"
  #else
    static let executableName = "authcheck"
  #endif

  /// The folders the executable may be in: the folders above the test code's image on Darwin
  /// (`.build/debug/authcheckPackageTests.xctest/Contents/MacOS/…`), the main bundle's and the
  /// process executable's folders (on Linux the test executable sits in `.build/<triple>/debug`),
  /// and last the package's `.build/debug`.
  static var candidateFolders: [URL] {
    var starts: [URL] = []
    #if canImport(Darwin)
      var info = Dl_info()
      if dladdr(#dsohandle, &info) != 0, let name = info.dli_fname {
        starts.append(URL(fileURLWithPath: String(cString: name)).deletingLastPathComponent())
      }
    #endif
    starts.append(Bundle.main.bundleURL)
    if let first = CommandLine.arguments.first {
      starts.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    var folders: [URL] = []
    for start in starts {
      var folder = start.standardizedFileURL
      for _ in 0..<4 {
        folders.append(folder)
        folder.deleteLastPathComponent()
      }
    }
    folders.append(repository.appendingPathComponent(".build/debug"))
    return folders
  }

  /// The built `authcheck` executable next to the test bundle.
  static func executable() throws -> URL {
    let fileManager = FileManager.default
    for folder in candidateFolders {
      let candidate = folder.appendingPathComponent(executableName)
      var isDirectory: ObjCBool = false
      if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue, fileManager.isExecutableFile(atPath: candidate.path)
      {
        return candidate
      }
    }
    throw ExecutableNotFound(searched: candidateFolders.map(\.path))
  }

  struct ExecutableNotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "the authcheck executable is not built next to the tests; run 'swift build' first. "
        + "Searched: " + searched.joined(separator: ", ")
    }
  }

  static func run(_ arguments: [String], executable: URL? = nil) throws -> Run {
    try launch(executable ?? Self.executable(), arguments, in: repository)
  }

  /// Runs `executable` with `arguments` in `folder`, without `NO_COLOR`, plus `environment`.
  /// With `mergingErrors`, standard error goes into `stdout` as it would in a terminal, in the
  /// order written.
  static func launch(
    _ executable: URL, _ arguments: [String], in folder: URL,
    environment extra: [String: String] = [:], mergingErrors: Bool = false
  ) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "NO_COLOR")
    environment.merge(extra) { $1 }
    process.environment = environment
    let stdout = Pipe()
    // Standard error goes to a file, so that neither pipe can fill while the other is read.
    let errorFile = FileManager.default.temporaryDirectory
      .appendingPathComponent("authcheck-stderr-\(UUID().uuidString)")
    guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let stderr = try FileHandle(forWritingTo: errorFile)
    process.standardOutput = stdout
    process.standardError = mergingErrors ? stdout : stderr
    try process.run()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try stderr.close()
    let errors = try Data(contentsOf: errorFile)
    return Run(
      status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
      stderr: String(decoding: errors, as: UTF8.self))
  }

  /// A new, empty folder under the system's temporary directory; the caller removes it.
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("EndToEndTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The scenario files of the repository's `scenarios/` folder.
  static var libraryCount: Int {
    let folder = repository.appendingPathComponent("scenarios").path
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var count = 0
    while let name = enumerator?.nextObject() as? String {
      if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { count += 1 }
    }
    return count
  }

  @Test("every scenario of the library passes: exit 0 and the count last")
  func runsLibrary() throws {
    let count = Self.libraryCount
    #expect(count > 0)
    let run = try Self.run(["scenarios"])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.last == "authcheck: \(count) passed, 0 failed")
    #expect(lines.filter { $0.hasPrefix("PASS ") }.count == count)
    // Nothing on standard error but the progress of a long app-file search, which a loaded
    // machine may take ten seconds to finish.
    #expect(Self.withoutProgress(run.stderr) == "")
  }

  /// `stderr` without the progress lines of long app-file searches (``SearchProgress``), which a
  /// loaded machine prints every ten seconds of a run over scenarios/.
  static func withoutProgress(_ stderr: String) -> String {
    stderr.split(separator: "\n", omittingEmptySubsequences: false).filter {
      !($0.hasPrefix("authcheck: app '") && $0.hasSuffix(" states"))
    }.joined(separator: "\n")
  }

  @Test("a missing path exits 2 with the error on stderr")
  func missingPath() throws {
    let run = try Self.run(["scenarios/no-such-file.yaml"])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr == "authcheck: error: no such file or folder: 'scenarios/no-such-file.yaml'\n")
  }

  @Test("a failing scenario exits 1, with no colour when output is not a terminal")
  func failingScenarioThroughPipe() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("fail.yaml")
    try Data("scenario: fails\nsteps:\n  - launch\n  - tap: allowOnce\n".utf8).write(to: file)
    let run = try Self.run([file.path])
    #expect(run.status == 1)
    #expect(run.stdout.hasPrefix("FAIL fails (\(file.path))\n"))
    #expect(run.stdout.hasSuffix("\nauthcheck: 0 passed, 1 failed\n"))
    #expect(!run.stdout.contains("\u{1B}"))
  }

  /// Runs the executable with its standard output going to `output`; returns its status and
  /// what it wrote to standard error.
  static func run(_ arguments: [String], stdout output: FileHandle) throws -> Run {
    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    process.currentDirectoryURL = repository
    let stderr = Pipe()
    process.standardOutput = output
    process.standardError = stderr
    try process.run()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: "", stderr: String(decoding: errors, as: UTF8.self)
    )
  }

  @Test("a full standard output (/dev/full) exits 2 with one line on stderr, no crash")
  func fullStandardOutput() throws {
    let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    defer { try? full.close() }
    for arguments in [["scenarios"], ["--help"], ["explore", "--help"]] {
      let run = try Self.run(arguments, stdout: full)
      #expect(run.status == 2, "\(arguments): \(run.stderr)")
      #expect(
        Self.withoutProgress(run.stderr)
          == "authcheck: error: cannot write to standard output: no space left on device\n")
    }
  }

  @Test("a closed pipe on standard output exits 2 with one line on stderr, no crash")
  func closedPipe() throws {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let run = try Self.run(["scenarios"], stdout: pipe.fileHandleForWriting)
    try pipe.fileHandleForWriting.close()
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      Self.withoutProgress(run.stderr)
        == "authcheck: error: cannot write to standard output: broken pipe\n")
  }

  @Test("a JUnit report cut short by the file size limit leaves the old report whole")
  func reportBeyondFileSizeLimit() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("report.xml")
    try Data("old\n".utf8).write(to: report)
    // `ulimit -f 1`: at most one block (512 or 1024 bytes); the library's report is larger.
    let run = try Self.run(
      [
        "-c", "ulimit -f 1 && exec \"$0\" \"$@\"", try Self.executable().path, "scenarios",
        "--junit", report.path,
      ],
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(run.status == 2, "\(run.stderr)")
    #expect(
      Self.withoutProgress(run.stderr)
        == "authcheck: error: cannot write the JUnit report '\(report.path)': file too large\n")
    #expect(try String(contentsOf: report, encoding: .utf8) == "old\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.xml"])
  }

  @Test("a file named on the command line with bytes that are not UTF-8 runs")
  func argumentNotUTF8() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = """
      f="$(printf '%s/bad\\377.yaml' "$1")"
      printf 'scenario: bytes\\nsteps:\\n  - launch\\n' > "$f"
      exec "$0" "$f"
      """
    let run = try Self.run(
      ["-c", script, try Self.executable().path, folder.path],
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout == "PASS bytes (\(folder.path)/bad\\xFF.yaml)\nauthcheck: 1 passed, 0 failed\n")
  }
}
