import AuthScenario
import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// Reports never replace a scenario and are never left half written.
@Suite struct ReportFileTests {
  @Test("--junit before a glob of scenarios (--junit a.yaml b.yaml) is refused; a.yaml is kept")
  func junitBeforeGlob() throws {
    let folder = try TemporaryDirectory()
    let a = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let b = try folder.write(CLITests.passing("b"), to: "b.yaml")
    let run = CLITests.run(["--junit", a, b])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck: error: '--junit' '\(a)' is an existing scenario file; a report never "
        + "replaces a .yaml or .yml file\n")
    #expect(try String(contentsOfFile: a, encoding: .utf8) == CLITests.passing("a"))
  }

  @Test("--junit naming an input is a usage error and the input is left as it was")
  func junitOverInput() throws {
    let folder = try TemporaryDirectory()
    let a = try folder.write(CLITests.passing("a"), to: "a.scenario")
    let run = CLITests.run([a, "--junit", a])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck: error: '--junit' '\(a)' is one of the inputs; a report never replaces "
        + "what the run reads\n")
    #expect(try String(contentsOfFile: a, encoding: .utf8) == CLITests.passing("a"))
  }

  @Test("--junit naming an input under another path (a folder's file, a link) is refused")
  func junitOverInputByAnotherPath() throws {
    let folder = try TemporaryDirectory()
    try folder.write(CLITests.passing("a"), to: "in/a.txt")
    let link = folder.path("link.xml")
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: folder.path("in/a.txt"))
    let run = CLITests.run([folder.path("in/a.txt"), "--junit", link])
    #expect(run.status == 2)
    #expect(run.stderr.contains("is one of the inputs"))
    #expect(try String(contentsOfFile: link, encoding: .utf8) == CLITests.passing("a"))
  }

  @Test("--junit naming an existing .yaml or .yml file that is not an input is refused")
  func junitOverScenario() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(CLITests.passing("a"), to: "a.yaml")
    for name in ["other.yaml", "other.YML"] {
      let other = try folder.write("scenario: keep me\n", to: name)
      let run = CLITests.run([input, "--junit", other])
      #expect(run.status == 2)
      #expect(
        run.stderr
          == "authcheck: error: '--junit' '\(other)' is an existing scenario file; a report "
          + "never replaces a .yaml or .yml file\n")
      #expect(try String(contentsOfFile: other, encoding: .utf8) == "scenario: keep me\n")
    }
  }

  @Test("--junit naming a folder is one line, before anything runs")
  func junitFolder() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let run = CLITests.run([input, "--junit", folder.url.path])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck: error: '--junit' '\(folder.url.path)' is a folder; '--junit' takes the "
        + "path of a file\n")
  }

  @Test("an unwritable --junit path is one line with the reason, before anything runs")
  func junitUnwritable() throws {
    let folder = try TemporaryDirectory()
    let input = try folder.write(CLITests.passing("a"), to: "a.yaml")
    let target = folder.path("missing/report.xml")
    let run = CLITests.run([input, "--junit", target])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "authcheck: error: cannot write the JUnit report '\(target)': no such file or folder; "
        + "give '--junit' a path authcheck can write\n")
  }

  @Test("a report replaces an old one whole, keeps its permissions, and leaves no other file")
  func replacesWhole() throws {
    let folder = try TemporaryDirectory()
    let target = try folder.write(String(repeating: "old report\n", count: 1000), to: "r.xml")
    #expect(chmod(target, 0o640) == 0)
    #expect(ReportFile.write("new\n", to: target) == nil)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: target)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["r.xml"])
  }

  @Test("--counterexamples over a file names the reason; over the --info file it is refused")
  func counterexampleFailures() throws {
    let folder = try TemporaryDirectory()
    let info = try folder.write(ExploreCommandTests.info, to: "out/P1.yaml")
    let mutated = ["--mutation", "prompts-from-background"]
    let overInfo = CLITests.run(
      ExploreCommandTests.small(info, mutated + ["--counterexamples", folder.path("out")]))
    #expect(overInfo.status == 2)
    #expect(
      overInfo.stderr
        == "authcheck explore: error: cannot write '\(folder.path("out/P1.yaml"))': it is one "
        + "of the inputs; give '--counterexamples' another folder\n")
    #expect(try String(contentsOfFile: info, encoding: .utf8) == ExploreCommandTests.info)

    let file = try folder.write("not a folder\n", to: "file")
    let overFile = CLITests.run(
      ExploreCommandTests.small(info, mutated + ["--counterexamples", file]))
    #expect(overFile.status == 2)
    #expect(
      overFile.stderr
        == "authcheck explore: error: cannot use '\(file)' as the '--counterexamples' folder: "
        + "it is a file; give '--counterexamples' a folder authcheck can create or write in\n")
  }
}
