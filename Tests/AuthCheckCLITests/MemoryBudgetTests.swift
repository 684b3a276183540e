import Foundation
import TestSupport
import Testing

@testable import AuthCheckCLI

/// One memory budget bounds every search.
@Suite struct MemoryBudgetTests {
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
}
