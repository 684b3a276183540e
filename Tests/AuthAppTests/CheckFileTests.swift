import AuthApp
import AuthScenario
import Foundation
import TestSupport
import Testing

@Suite struct CheckFileTests {
  @Test("a file with an 'app' key is an app file; any other is a scenario")
  func dispatch() {
    let app = CheckFile.parse(
      Array("app: A\nfeatures:\n  f:\n    holds: [monitor]\n".utf8), path: "a.yaml")
    guard case .app(let file) = app, case .success(let description) = file.app else {
      Issue.record("expected a valid app file")
      return
    }
    #expect(description.name == "A")
    let scenario = CheckFile.parse(Array("scenario: S\nsteps:\n  - launch\n".utf8), path: "s.yaml")
    guard case .scenario(let file) = scenario, case .success = file.scenario else {
      Issue.record("expected a valid scenario")
      return
    }
    // Neither: the scenario schema says what is missing.
    guard case .scenario(let neither) = CheckFile.parse(Array("x: 1\n".utf8), path: "x.yaml"),
      case .failure(let error) = neither.scenario
    else {
      Issue.record("expected an invalid scenario")
      return
    }
    #expect(
      error.diagnostics.first?.message
        == "unknown key 'x' in a scenario; 'authcheck rules' lists what is modelled and what is not (docs/RULES.md, \"What the model leaves out\")"
    )
  }

  @Test("a file the YAML reader rejects is still an app file when a line starts with 'app:'")
  func unreadableYAML() {
    guard
      case .app(let file) = CheckFile.parse(Array("app: A\nfeatures: {}\n".utf8), path: "a.yaml"),
      case .failure(let error) = file.app
    else {
      Issue.record("expected an invalid app file")
      return
    }
    #expect(error.diagnostics.map(\.position.line) == [2])
    guard case .scenario = CheckFile.parse(Array("  app: A\nx: {}\n".utf8), path: "b.yaml") else {
      Issue.record("an indented 'app:' made an app file")
      return
    }
  }

  @Test("an app file names its Info.plist beside it, as a scenario does")
  func infoPlistBesideTheFile() throws {
    let folder = try TemporaryDirectory()
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict>
      <key>NSLocationWhenInUseUsageDescription</key><string>Stations near you</string>
      <key>UIBackgroundModes</key><array><string>location</string></array>
      </dict></plist>
      """
    try folder.write(plist, to: "Info.plist")
    let path = try folder.write(
      "app: A\ninfo: Info.plist\nfeatures:\n  f:\n    holds: [monitor]\n", to: "app.yaml")
    let description = try AppFile.load(path: path).app.get()
    #expect(description.configuration.infoPlist.whenInUseUsageDescription == "Stations near you")
    #expect(description.configuration.infoPlist.hasLocationBackgroundMode)
  }

  @Test("an unreadable or non-app file loads as an app file with its error")
  func loadErrors() throws {
    let missing = AppFile.load(path: "/nonexistent-folder/app.yaml")
    guard case .failure(let error) = missing.app else {
      Issue.record("a missing file was read")
      return
    }
    #expect(error.diagnostics.count == 1 && error.diagnostics[0].message.hasPrefix("cannot read"))
    let folder = try TemporaryDirectory()
    let path = try folder.write("scenario: S\nsteps:\n  - launch\n", to: "s.yaml")
    guard case .failure(let notApp) = AppFile.load(path: path).app else {
      Issue.record("a scenario loaded as an app")
      return
    }
    #expect(notApp.diagnostics.map(\.message) == ["missing required key 'app'"])
  }
}
