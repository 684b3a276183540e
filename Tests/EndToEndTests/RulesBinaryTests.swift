import Foundation
import Testing

/// `authcheck rules` from the real executable, copied where nothing of the repository is beside
/// it: the rule book is in the binary.
@Suite struct RulesBinaryTests {
  @Test("a copy of the binary in an empty folder explains R12 and P6")
  func offline() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("RulesBinaryTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent(BinaryTests.executableName)
    try FileManager.default.copyItem(at: try BinaryTests.executable(), to: copy)

    let process = Process()
    process.executableURL = copy
    process.arguments = ["rules", "R12", "P6"]
    process.currentDirectoryURL = folder
    let stdout = Pipe()
    process.standardOutput = stdout
    try process.run()
    let output = String(
      decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(output.hasPrefix("R12 expiry of temporary grants\n"))
    #expect(output.contains("\nP6 a temporary grant is never held after a wait or a termination"))
    #expect(output.contains("\n  sources:\n    - "))
  }
}
