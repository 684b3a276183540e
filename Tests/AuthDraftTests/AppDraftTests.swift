import AuthApp
import AuthScenario
import Foundation
import Testing

@testable import AuthDraft

/// `AppDraft`: the drafts of the fixture projects, compared exactly, and read back as app files.
@Suite struct AppDraftTests {
  static let projects = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Projects")
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A fixture project and what its draft shows.
  struct Fixture: CustomTestStringConvertible, Sendable {
    var name: String
    var shape: String
    var testDescription: String { "\(name): \(shape)" }
  }

  static let fixtures = [
    Fixture(name: "CafeFinder", shape: "SwiftUI, keys in build settings that disagree"),
    Fixture(name: "RunLog", shape: "UIKit, an AppDelegate, an XML Info.plist, a relaunch"),
    Fixture(name: "TransitAlarm", shape: "legacy regions and significant changes"),
    Fixture(name: "EkiSessions", shape: "iOS 18 sessions, a binary Info.plist"),
    Fixture(name: "RideKit", shape: "a Swift package with a wrapper type"),
    Fixture(
      name: "LaunchAlways", shape: "requestAlwaysAuthorization() at launch, no Always string"),
  ]

  static func draft(_ name: String) throws -> AppDraft {
    try AppDraft.draft(folder: projects.appendingPathComponent(name).path)
  }

  @Test("each fixture gives the draft beside it, exactly", arguments: fixtures)
  func expectedDraft(_ fixture: Fixture) throws {
    let expected = try String(
      contentsOf: Self.projects.appendingPathComponent("\(fixture.name).draft.yaml"),
      encoding: .utf8)
    #expect(try Self.draft(fixture.name).text == expected)
  }

  @Test("each draft reads as an app file with no reader error", arguments: fixtures)
  func readsBack(_ fixture: Fixture) throws {
    let draft = try Self.draft(fixture.name)
    let file = AppFile.parse(Array(draft.text.utf8), path: "draft.yaml")
    if case .failure(let error) = file.app {
      Issue.record("\(error.diagnostics)")
    }
  }

  @Test(
    "the draft of Examples/StationFinder reads as an app file: its two features, each its manager")
  func stationFinder() throws {
    let draft = try AppDraft.draft(
      folder: Self.repository.appendingPathComponent("Examples/StationFinder").path)
    let file = AppFile.parse(Array(draft.text.utf8), path: "draft.yaml")
    let app = try file.app.get()
    #expect(app.features.map(\.name) == ["RunRecorder", "StationFinder"])
    // Start (When In Use); Use my location, Precise, the arrival alert (Always).
    #expect(app.features.map(\.requests.count) == [1, 3])
    // Each manager is made with `CLLocationManager()` in the app's `init()`: none is marked.
    #expect(!draft.text.contains("TODO: check the manager"))
    for held in [
      "allowsBackgroundLocationUpdates: true", "- updatingLocation: manager", "- regions: ",
      "- significantChanges: ",
    ] {
      #expect(draft.text.contains(held), "\(held)")
    }
  }

  @Test("an .xcodeproj stands for the folder that holds it")
  func xcodeproj() throws {
    let project = Self.projects.appendingPathComponent("CafeFinder/CafeFinder.xcodeproj/").path
    let draft = try AppDraft.draft(folder: project)
    #expect(draft.text == (try Self.draft("CafeFinder").text))
    #expect(draft.folder == Self.projects.appendingPathComponent("CafeFinder").path)
  }

  @Test("drafting is deterministic: the same text every time")
  func deterministic() throws {
    #expect(try Self.draft("EkiSessions").text == Self.draft("EkiSessions").text)
  }

  @Test("requestAlwaysAuthorization() at launch with no Always string: A1 and A2 at its line")
  func launchAlways() throws {
    let draft = try Self.draft("LaunchAlways")
    let app = try AppFile.parse(Array(draft.text.utf8), path: "draft.yaml").app.get()
    let findings = app.staticFindings()
    let line =
      try #require(
        draft.text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
          $0.hasPrefix("      - always")
        }) + 1
    for check in [StaticCheck.a1, .a2] {
      let finding = try #require(findings.first { $0.check == check })
      #expect(finding.position?.line == line)
    }
    #expect(draft.origins[line] == SourceLine("LaunchAlways/AppDelegate.swift", line: 12))
  }

  @Test("what the drafted lines come from: every line with '# from' has its origin")
  func origins() throws {
    let draft = try Self.draft("RunLog")
    let lines = draft.text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      if let from = draft.origins[index + 1] {
        #expect(line.hasSuffix("# from \(from)"))
      } else {
        #expect(!line.contains("# from "))
      }
    }
  }

  @Test("a call made on another type of the project is not a call of this type's method")
  func callsOnOtherTypes() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "authcheck-draft-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = """
      final class Visits {
        static let shared = Visits()
        let manager = CLLocationManager()
        func start() { manager.startMonitoringVisits() }
      }
      final class Run {
        let manager = CLLocationManager()
        func start() { manager.startUpdatingLocation() }
      }
      final class AppDelegate {
        func application(_ a: A, didFinishLaunchingWithOptions o: O?) -> Bool {
          Visits.shared.start()
        }
      }
      struct RunButton {
        var body: some View { Button("Run") { Run().start() } }
      }
      """
    try source.write(
      to: folder.appendingPathComponent("App.swift"), atomically: false, encoding: .utf8)
    let text = try AppDraft.draft(folder: folder.path).text
    #expect(
      text.contains("  Visits:  # from App.swift:1\n    startedBy: launch  # from App.swift:11\n"))
    #expect(text.contains("  Run:  # from App.swift:6\n    startedBy: user  # from App.swift:16\n"))
  }

  @Test("build configurations that disagree are reported with where")
  func disagreements() throws {
    let draft = try Self.draft("CafeFinder")
    #expect(
      draft.disagreements.map { "\($0.at):\($0.at.column): \($0.message)" } == [
        "CafeFinder.xcodeproj/project.pbxproj:13:5: INFOPLIST_KEY_NSLocationWhenInUseUsageDescription "
          + "is 'Shows the cafés near you' in 'Debug' but 'Release' says 'Shows the \"best\" cafés "
          + "near you' (line 25)",
        "CafeFinder.xcodeproj/project.pbxproj:14:5: INFOPLIST_KEY_NSLocationDefaultAccuracyReduced "
          + "is 'YES' in 'Debug' but 'Release' does not set it",
      ])
  }

  @Test("a folder that is not there, or a file, is an error that says so")
  func unreadable() {
    #expect(throws: DraftError("'/nonexistent/app': no such file or folder")) {
      try AppDraft.draft(folder: "/nonexistent/app")
    }
    let file = Self.projects.appendingPathComponent("RunLog.draft.yaml").path
    #expect(throws: DraftError.self) { try AppDraft.draft(folder: file) }
  }
}

/// The guide shows real output.
@Suite struct DraftDocumentationTests {
  @Test("docs/APPS.md shows RunLog's draft as the fixture has it")
  func guideShowsTheDraft() throws {
    let guide = try String(
      contentsOf: AppDraftTests.repository.appendingPathComponent("docs/APPS.md"), encoding: .utf8)
    let draft = try AppDraftTests.draft("RunLog").text
    #expect(
      guide.contains("```yaml Tests/AuthDraftTests/Projects/RunLog.draft.yaml\n" + draft + "```"))
  }
}
