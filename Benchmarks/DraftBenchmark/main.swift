import AuthDraft
import Foundation

// `swift run -c release DraftBenchmark [FOLDER]` (Benchmarks/draft.sh): writes a generated app
// project of 500 Swift files and 100,000 lines into FOLDER (a new temporary folder without one),
// then drafts it in process: the fastest of five drafts, wall clock. Every tenth file's type
// uses Core Location (a manager, updates, a request, started from a button in another file);
// every file has comments, string literals, raw strings and interpolations that name the calls.
let fileCount = 500
let linesPerFile = 200

let folder =
  CommandLine.arguments.dropFirst().first
  ?? FileManager.default.temporaryDirectory.appendingPathComponent(
    "authcheck-draft-benchmark-\(ProcessInfo.processInfo.processIdentifier)"
  ).path

/// The source of file `index`: exactly `linesPerFile` lines.
func source(_ index: Int) -> String {
  var lines: [String] = []
  let usesLocation = index % 10 == 0
  lines.append("import Foundation")
  if usesLocation { lines.append("import CoreLocation") }
  lines.append("")
  lines.append("/// Part \(index) of the generated app.")
  lines.append("final class Part\(index) {")
  if usesLocation {
    lines += [
      "  let manager = CLLocationManager()",
      "  func start() {",
      "    manager.allowsBackgroundLocationUpdates = true",
      "    manager.requestWhenInUseAuthorization()",
      "    manager.startUpdatingLocation()",
      "  }",
    ]
  } else {
    lines += [
      "  struct View {",
      "    var body: String {",
      "      Button(\"Start\") { Part\(index - index % 10)().start() }",
      "    }",
      "  }",
    ]
  }
  var method = 0
  while lines.count < linesPerFile - 1 {
    lines += [
      "  // manager.startMonitoringVisits() is a comment, not a call",
      "  func step\(method)(_ value: Int) -> String {",
      "    /* CLServiceSession(authorization: .always) /* nested */ */",
      "    let text = \"requestAlwaysAuthorization() \\(value + \(method))\"",
      "    let raw = #\"CLMonitor(\"x\") \\(not) \"#",
      "    for i in 0..<\(method % 7 + 1) where i > value { print(i, text, raw) }",
      "    return text.isEmpty ? raw : text",
      "  }",
    ]
    method += 1
  }
  lines = Array(lines.prefix(linesPerFile - 1))
  lines.append("}")
  return lines.joined(separator: "\n") + "\n"
}

do {
  let sources = URL(fileURLWithPath: folder).appendingPathComponent("App")
  try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
  for index in 0..<fileCount {
    try source(index).write(
      to: sources.appendingPathComponent("Part\(index).swift"), atomically: false, encoding: .utf8)
  }
  let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>NSLocationWhenInUseUsageDescription</key>
    \t<string>Shows where you are</string>
    \t<key>UIBackgroundModes</key>
    \t<array><string>location</string></array>
    </dict>
    </plist>
    """
  try plist.write(
    to: sources.appendingPathComponent("Info.plist"), atomically: false, encoding: .utf8)
} catch {
  FileHandle.standardError.write(Data("DraftBenchmark: cannot write '\(folder)': \(error)\n".utf8))
  exit(2)
}

var best = Double.infinity
var draft: AppDraft?
for _ in 0..<5 {
  let start = DispatchTime.now().uptimeNanoseconds
  do {
    draft = try AppDraft.draft(folder: folder)
  } catch {
    FileHandle.standardError.write(Data("DraftBenchmark: \(error.message)\n".utf8))
    exit(2)
  }
  best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
let features = draft?.text.split(separator: "\n").filter { $0.hasPrefix("  Part") }.count ?? 0
print(
  "draft benchmark: \(fileCount) files, \(fileCount * linesPerFile) lines, \(features) features "
    + "drafted, fastest of 5: \(String(format: "%.3f", best)) s (\(folder))")
