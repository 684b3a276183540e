import AuthModel
import Foundation
import TestSupport
import Testing

@testable import AuthScenario

@Suite struct InfoPlistFileTests {
  /// Every key Core Location reads, and keys it doesn't, of several types.
  static var fullPlist: [String: Any] {
    [
      "CFBundleName": "Stations",
      "CFBundleVersion": 42,
      "UIRequiredDeviceCapabilities": ["gps"],
      "NSLocationWhenInUseUsageDescription": "Shows stations near you",
      "NSLocationAlwaysAndWhenInUseUsageDescription": "Reminds you when you arrive",
      "NSLocationDefaultAccuracyReduced": true,
      "NSLocationRequireExplicitServiceSession": false,
      "NSLocationTemporaryUsageDescriptionDictionary": [
        "Navigation": "Turn-by-turn directions", "Parking": "Finds your car",
      ],
      "UIBackgroundModes": ["audio", "location"],
    ]
  }

  static let fullInfo = InfoPlist(
    whenInUseUsageDescription: "Shows stations near you",
    alwaysAndWhenInUseUsageDescription: "Reminds you when you arrive",
    defaultAccuracyReduced: true,
    temporaryUsageDescriptions: [
      "Navigation": "Turn-by-turn directions", "Parking": "Finds your car",
    ],
    requireExplicitServiceSession: false, backgroundModes: ["audio", "location"])

  struct FormatCase: CustomTestStringConvertible, Sendable {
    var name: String
    var format: PropertyListSerialization.PropertyListFormat
    var testDescription: String { name }
  }

  @Test(
    "reads the Core Location keys and ignores the others",
    arguments: [FormatCase(name: "XML", format: .xml), FormatCase(name: "binary", format: .binary)])
  func readsPlist(_ testCase: FormatCase) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.writePlist(Self.fullPlist, format: testCase.format, to: "Info.plist")
    #expect(InfoPlistFile.read(path: path) == .success(Self.fullInfo))
  }

  @Test(
    "an empty usage or purpose description is an error, as in a scenario's info",
    arguments: [
      ("NSLocationWhenInUseUsageDescription", ""),
      ("NSLocationAlwaysAndWhenInUseUsageDescription", ""),
      ("NSLocationTemporaryUsageDescriptionDictionary", "Nav"),
    ])
  func rejectsEmptyDescription(_ key: String, _ purposeKey: String) throws {
    let folder = try TemporaryDirectory()
    let value: Any = purposeKey.isEmpty ? "" : [purposeKey: ""]
    let path = try folder.writePlist([key: value], format: .xml, to: "Info.plist")
    let name = purposeKey.isEmpty ? key : "\(key) '\(purposeKey)'"
    #expect(
      InfoPlistFile.read(path: path)
        == .failure(
          InfoPlistError(
            "\(name) in '\(path)' is empty; iOS shows this text in the prompt: write it, or "
              + "remove the key to model an app without it (R7)")))
  }

  @Test("a plist without Core Location keys is an empty Info.plist")
  func readsPlistWithoutLocationKeys() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.writePlist(["CFBundleName": "Stations"], format: .xml, to: "Info.plist")
    #expect(InfoPlistFile.read(path: path) == .success(InfoPlist()))
  }

  @Test("the other boolean value of each flag")
  func readsOtherBooleans() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.writePlist(
      [
        "NSLocationDefaultAccuracyReduced": false,
        "NSLocationRequireExplicitServiceSession": true,
      ], format: .binary, to: "Info.plist")
    #expect(
      InfoPlistFile.read(path: path)
        == .success(InfoPlist(defaultAccuracyReduced: false, requireExplicitServiceSession: true)))
  }

  struct WrongTypeCase: CustomTestStringConvertible, Sendable {
    var key: String
    var value: any Sendable
    var type: String
    var testDescription: String { "\(key) as \(Swift.type(of: value))" }
  }

  static let wrongTypeCases: [WrongTypeCase] = [
    WrongTypeCase(key: "NSLocationWhenInUseUsageDescription", value: 1, type: "a string"),
    WrongTypeCase(
      key: "NSLocationAlwaysAndWhenInUseUsageDescription", value: true, type: "a string"),
    WrongTypeCase(key: "NSLocationDefaultAccuracyReduced", value: 1, type: "a boolean"),
    WrongTypeCase(key: "NSLocationDefaultAccuracyReduced", value: "YES", type: "a boolean"),
    WrongTypeCase(key: "NSLocationRequireExplicitServiceSession", value: 0, type: "a boolean"),
    WrongTypeCase(
      key: "NSLocationTemporaryUsageDescriptionDictionary", value: ["Navigation"],
      type: "a dictionary of strings"),
    WrongTypeCase(
      key: "NSLocationTemporaryUsageDescriptionDictionary", value: ["Navigation": 3],
      type: "a dictionary of strings"),
    WrongTypeCase(key: "UIBackgroundModes", value: "location", type: "an array of strings"),
    WrongTypeCase(
      key: "UIBackgroundModes", value: ["location", 7] as [any Sendable],
      type: "an array of strings"),
  ]

  @Test("a Core Location key of the wrong type is an error", arguments: wrongTypeCases)
  func rejectsWrongType(_ testCase: WrongTypeCase) throws {
    let folder = try TemporaryDirectory()
    let path = try folder.writePlist(
      [testCase.key: testCase.value, "CFBundleName": "Stations"], format: .xml, to: "Info.plist")
    #expect(
      InfoPlistFile.read(path: path)
        == .failure(InfoPlistError("\(testCase.key) in '\(path)' must be \(testCase.type)")))
  }

  @Test("with several wrong keys, the first by name is reported, every time")
  func reportsFirstWrongKeyByName() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.writePlist(
      [
        "UIBackgroundModes": "location", "NSLocationWhenInUseUsageDescription": 1,
        "NSLocationDefaultAccuracyReduced": "YES",
      ], format: .xml, to: "Info.plist")
    #expect(
      InfoPlistFile.read(path: path)
        == .failure(
          InfoPlistError("NSLocationDefaultAccuracyReduced in '\(path)' must be a boolean")))
  }

  @Test("a missing file is an error")
  func rejectsMissingFile() throws {
    let folder = try TemporaryDirectory()
    let path = folder.path("Missing.plist")
    #expect(
      InfoPlistFile.read(path: path)
        == .failure(
          InfoPlistError("cannot read Info.plist file '\(path)': no such file or folder")))
  }

  @Test("a folder is an error")
  func rejectsFolder() throws {
    let folder = try TemporaryDirectory()
    #expect(
      InfoPlistFile.read(path: folder.url.path)
        == .failure(
          InfoPlistError(
            "cannot read Info.plist file '\(folder.url.path)': it is a folder, not a file")))
  }

  @Test("a file that is not a property list is an error")
  func rejectsNonPlist() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.write("scenario: not a plist\n", to: "Info.plist")
    #expect(
      InfoPlistFile.read(path: path) == .failure(InfoPlistError("'\(path)' is not a property list"))
    )
  }

  @Test("a property list that is not a dictionary is an error")
  func rejectsNonDictionary() throws {
    let folder = try TemporaryDirectory()
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["a", "b"], format: .xml, options: 0)
    let path = try folder.write(data, to: "Info.plist")
    #expect(
      InfoPlistFile.read(path: path)
        == .failure(InfoPlistError("'\(path)' is not a dictionary at its top level")))
  }

  // MARK: From a scenario

  static let scenarioText = """
    scenario: plist next to the scenario
    info: 1️⃣PLIST
    steps:
      - launch
      - request: whenInUse
      - expect:
          prompt: whenInUse

    """

  @Test(
    "a scenario's relative info path is read next to the scenario file",
    arguments: ["Info.plist", "app/Info.plist", "./Info.plist"])
  func readsPlistNextToScenario(_ infoPath: String) throws {
    let folder = try TemporaryDirectory()
    try folder.writePlist(Self.fullPlist, format: .binary, to: infoPath)
    let marked = MarkedSource(Self.scenarioText.replacingOccurrences(of: "PLIST", with: infoPath))
    let path = try folder.write(marked.text, to: "story.yaml")
    let scenario = try ScenarioFile.load(path: path).scenario.get()
    #expect(scenario.configuration.infoPlist == Self.fullInfo)
    #expect(ScenarioRunner.run(scenario).failure == nil)
  }

  @Test("a scenario's absolute info path is read as it is")
  func readsAbsolutePlistPath() throws {
    let plists = try TemporaryDirectory()
    let plistPath = try plists.writePlist(Self.fullPlist, format: .xml, to: "Info.plist")
    let folder = try TemporaryDirectory()
    let marked = MarkedSource(Self.scenarioText.replacingOccurrences(of: "PLIST", with: plistPath))
    let path = try folder.write(marked.text, to: "story.yaml")
    let scenario = try ScenarioFile.load(path: path).scenario.get()
    #expect(scenario.configuration.infoPlist == Self.fullInfo)
  }

  @Test("a scenario in a subfolder reads its plist from that subfolder, not the working folder")
  func readsPlistRelativeToScenarioFolder() throws {
    let folder = try TemporaryDirectory()
    try folder.writePlist(Self.fullPlist, format: .xml, to: "stories/Info.plist")
    let marked = MarkedSource(
      Self.scenarioText.replacingOccurrences(of: "PLIST", with: "Info.plist"))
    let path = try folder.write(marked.text, to: "stories/story.yaml")
    let scenario = try ScenarioFile.load(path: path).scenario.get()
    #expect(scenario.configuration.infoPlist == Self.fullInfo)
  }

  @Test("a scenario naming a missing plist is invalid, the error at the path")
  func reportsMissingPlistOfScenario() throws {
    let folder = try TemporaryDirectory()
    let marked = MarkedSource(Self.scenarioText.replacingOccurrences(of: "PLIST", with: "No.plist"))
    let path = try folder.write(marked.text, to: "story.yaml")
    let file = ScenarioFile.load(path: path)
    #expect(
      file.scenario
        == .failure(
          DiagnosticError([
            .error(
              "cannot read Info.plist file '\(folder.path("No.plist"))': no such file or folder",
              at: marked[0])
          ])))
  }

  @Test("a scenario's plist with a wrong type is invalid, the error at the path")
  func reportsWrongTypeInScenarioPlist() throws {
    let folder = try TemporaryDirectory()
    try folder.writePlist(["UIBackgroundModes": "location"], format: .xml, to: "Info.plist")
    let marked = MarkedSource(
      Self.scenarioText.replacingOccurrences(of: "PLIST", with: "'Info.plist'"))
    let path = try folder.write(marked.text, to: "story.yaml")
    #expect(
      ScenarioFile.load(path: path).scenario
        == .failure(
          DiagnosticError([
            .error(
              "UIBackgroundModes in '\(folder.path("Info.plist"))' must be an array of strings",
              at: marked[0])
          ])))
  }

  @Test("a plist with more purpose keys than the model supports is an error at the path")
  func rejectsTooManyPurposeKeys() throws {
    let folder = try TemporaryDirectory()
    let keys = Dictionary(uniqueKeysWithValues: (0...32).map { ("Purpose\($0)", "why \($0)") })
    try folder.writePlist(
      ["NSLocationTemporaryUsageDescriptionDictionary": keys], format: .xml, to: "Info.plist")
    let marked = MarkedSource(
      Self.scenarioText.replacingOccurrences(of: "PLIST", with: "Info.plist"))
    let path = try folder.write(marked.text, to: "story.yaml")
    #expect(
      ScenarioFile.load(path: path).scenario
        == .failure(
          DiagnosticError([
            .error(
              "NSLocationTemporaryUsageDescriptionDictionary has 33 keys; at most 32 are supported",
              at: marked[0])
          ])))
  }
}
