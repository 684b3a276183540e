import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// One memory budget bounds every search: `explore`, app files and `diagram`.
@Suite struct MemoryBudgetTests {
  static let ekiBright = DiagramCommandTests.apps.appendingPathComponent("eki-bright.yaml").path

  /// Memory for `states` states of the budget, one search at a time.
  static func memory(states: Int) -> Int { states * MemoryBudget.bytesPerState * 4 / 3 }

  @Test("a cgroup memory file gives a number of bytes, or no limit")
  func cgroupLimit() {
    #expect(MemoryBudget.limit("max\n") == nil)
    #expect(MemoryBudget.limit("4294967296\n") == 4_294_967_296)
    #expect(MemoryBudget.limit("9223372036854771712\n") == 9_223_372_036_854_771_712)
    #expect(MemoryBudget.limit("") == nil)
    #expect(MemoryBudget.limit("0\n") == nil)
    #expect(MemoryBudget.limit("-1\n") == nil)
    #expect(MemoryBudget.limit("１２\n") == nil)
  }

  @Test("the memory is the smallest of the machine's, the control group's and the address space's")
  func smallest() {
    let physical = 16 << 30
    #expect(MemoryBudget.smallest(physical: physical, cgroup: [], addressSpace: nil) == physical)
    #expect(
      MemoryBudget.smallest(physical: physical, cgroup: ["max\n"], addressSpace: .max)
        == physical)
    #expect(
      MemoryBudget.smallest(physical: physical, cgroup: ["2147483648\n"], addressSpace: nil)
        == 2 << 30)
    #expect(
      MemoryBudget.smallest(
        physical: physical, cgroup: ["max\n", "9223372036854771712\n"], addressSpace: nil)
        == physical)
    #expect(
      MemoryBudget.smallest(physical: physical, cgroup: ["4294967296"], addressSpace: 1 << 30)
        == 1 << 30)
  }

  @Test("the memory available is the machine's at most, the smaller limit of a control group")
  func available() {
    let available = MemoryBudget.available()
    #expect(available > 0)
    #expect(available <= Int(clamping: ProcessInfo.processInfo.physicalMemory))
  }

  @Test("the budget is 32 bytes a state in three quarters of the memory, shared by the workers")
  func states() {
    #expect(MemoryBudget.states(workers: 1, memory: 4 << 30) == 100_663_296)
    #expect(MemoryBudget.states(workers: 2, memory: 4 << 30) == 50_331_648)
    #expect(MemoryBudget.states(workers: 1, memory: Self.memory(states: 150)) == 150)
  }

  @Test("an app file's limit reserves at most the largest reservation; the budget reserves none")
  func appReservation() {
    let memory = 64 << 30
    let budget = MemoryBudget.states(workers: 1, memory: memory)
    let chosen = AppLimits.of(maxStates: budget, workers: 1, memory: memory)
    #expect(chosen.maxStates == budget)
    #expect(chosen.reserved == MemoryBudget.largestReservation)
    #expect(chosen.limit == "--max-states")
    let small = AppLimits.of(maxStates: 1000, workers: 1, memory: memory)
    #expect(small.reserved == 1000)
    let unset = AppLimits.of(maxStates: nil, workers: 1, memory: memory)
    #expect(unset.maxStates == budget)
    #expect(unset.reserved == 0)
  }

  @Test("an app file beyond the budget fails INCOMPLETE, saying how far it got and what to split")
  func appBeyondBudget() throws {
    let options = try RunOptions.parse([Self.ekiBright]).get()
    var stdout = ""
    var stderr = ""
    let status = ScenarioCommand.run(
      options, color: false, workers: 1, memory: Self.memory(states: 150), stdout: &stdout,
      stderr: &stderr)
    #expect(status == 1)
    #expect(stdout.hasPrefix("FAIL Eki Bright"))
    #expect(
      stdout.contains(
        "error: INCOMPLETE: the exploration of every user's stories stopped after 150 "
          + "states stored, its limit (what memory holds: 32 bytes a state in three quarters of "
          + "0 MiB), and the states of the app's 3 features were still growing; nothing is "
          + "proved: split the app into smaller app files, e.g. 'arrivalAlert' (the feature "
          + "that holds the most) in a file of its own\n"))
    #expect(!stdout.contains("PASS"))
  }

  @Test("an app file beyond --max-states fails INCOMPLETE, naming the option")
  func appBeyondMaxStates() throws {
    let run = CLITests.run([Self.ekiBright, "--max-states", "40"])
    #expect(run.status == 1)
    #expect(
      run.stdout.contains(
        "error: INCOMPLETE: the exploration of the cooperative user's stories stopped after 40 "
          + "states stored, its limit (--max-states), and the states of the app's 3 features"))
  }

  @Test("--max-states beyond what memory holds is a usage error before any app is checked")
  func maxStatesBeyondMemory() {
    let run = CLITests.run([Self.ekiBright, "--max-states", "99999999999999"])
    #expect(run.status == 2)
    #expect(run.stdout == "")
    #expect(
      run.stderr.hasPrefix(
        "authcheck: error: '--max-states' 99999999999999 is more than this machine can hold: "
          + "at most "))
    #expect(run.stderr.contains(" states an app file (32 bytes each in three quarters of "))
    #expect(run.stderr.split(separator: "\n").count == 1)
  }

  @Test(
    "a diagram beyond the budget is INCOMPLETE with exit status 3, and nothing is drawn",
    arguments: [
      ([], "journey's walk over every user's"), (["--all"], "diagram's walk over every user's"),
    ])
  func diagramBeyondBudget(_ all: [String], _ walk: String) {
    var stdout = ""
    var stderr = ""
    let status = DiagramCommand.run(
      arguments: [Self.ekiBright] + all, color: false, memory: Self.memory(states: 150),
      stdout: &stdout, stderr: &stderr)
    #expect(status == 3)
    #expect(stdout == "")
    #expect(
      stderr
        == "authcheck diagram: error: INCOMPLETE: the \(walk) "
        + "stories stopped after 150 states stored, its limit (what memory holds: 32 "
        + "bytes a state in three quarters of 0 MiB), and the states of the app's 3 features "
        + "were still growing; nothing is drawn: split the app into smaller app files, e.g. "
        + "'arrivalAlert' (the feature that holds the most) in a file of its own\n")
  }

  @Test(
    "the model alone beyond the budget is INCOMPLETE with exit status 3",
    arguments: [([], "journey's"), (["--all"], "diagram's")])
  func modelDiagramBeyondBudget(_ all: [String], _ walk: String) throws {
    let folder = try TemporaryDirectory()
    let info = try folder.write(ExploreCommandTests.info, to: "info.yaml")
    var stdout = ""
    var stderr = ""
    let status = DiagramCommand.run(
      arguments: ["--ios", "18", "--info", info, "--sessions", "whenInUse"] + all, color: false,
      memory: Self.memory(states: 150), stdout: &stdout, stderr: &stderr)
    #expect(status == 3)
    #expect(stdout == "")
    #expect(
      stderr.hasPrefix(
        "authcheck diagram: error: INCOMPLETE: the \(walk) walk stopped after 150 states "
          + "stored, its limit (what memory holds"))
  }

  @Test("a search's progress: a line every interval elsewhere, one line rewritten on a terminal")
  func progress() {
    let lines = Lines()
    let log = SearchProgress(
      terminal: false, command: "authcheck", interval: .zero, write: lines.append)
    log.report("app 'A' (a.yaml)", "exploration of every user's stories", states: 1_234_567)
    log.clear()
    #expect(
      lines.all
        == ["authcheck: app 'A' (a.yaml): exploration of every user's stories · 1,234,567 states\n"]
    )
    let seen = Lines()
    let terminal = SearchProgress(
      terminal: true, command: "authcheck diagram", interval: .zero, write: seen.append)
    terminal.clear()
    terminal.report("app 'A' (a.yaml)", "walk for the diagram", states: 65_536)
    terminal.clear()
    #expect(
      seen.all == [
        "\r\u{1B}[2Kauthcheck diagram: app 'A' (a.yaml): walk for the diagram · 65,536 states",
        "\r\u{1B}[2K",
      ])
    #expect(SearchProgress(terminal: true, command: "authcheck").interval == .seconds(1))
    #expect(SearchProgress(terminal: false, command: "authcheck").interval == .seconds(10))
  }
}

/// Lines written, from any thread.
private final class Lines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  var all: [String] { lock.withLock { lines } }

  @Sendable func append(_ line: String) { lock.withLock { lines.append(line) } }
}
