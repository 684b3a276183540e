import AuthScenario
import Foundation

/// The memory a search may take, and the states that fits: one budget for `authcheck explore`,
/// app files and `authcheck diagram`.
///
/// The memory is the machine's, or less where a control group limits the process (a container,
/// a CI runner: cgroup v2's `memory.max`, v1's `memory.limit_in_bytes`) or its address space is
/// limited (`ulimit -v`). A search may store the
/// states that fit in three quarters of it, 32 bytes each: a search peaks below 16 bytes a
/// state, but rebuilding a counterexample's path takes 22 to 43 bytes for each state before it.
enum MemoryBudget {
  /// The bytes counted for each state.
  static let bytesPerState = 32

  /// The most room reserved up front for one search's states, about 10 bytes each (320 MiB): a
  /// larger `--max-states` grows the visited set as states arrive, as without the option, so a
  /// generous limit takes no more memory than the states found.
  static let largestReservation = 1 << 25

  /// The files that give the control group's memory limit: cgroup v2, then v1.
  static let cgroupFiles = [
    "/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes",
  ]

  #if os(Linux)
    private static let addressSpace = __rlimit_resource_t(RLIMIT_AS.rawValue)
  #else
    private static let addressSpace = RLIMIT_AS
  #endif

  /// The memory this process may use: the machine's, or the control group's limit or the
  /// address space's if smaller.
  static func available() -> Int {
    let contents = cgroupFiles.compactMap { path -> String? in
      guard case .success(let bytes) = RegularFile.read(path: path, maximumBytes: 256) else {
        return nil
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    var space = rlimit()
    // No limit (`RLIM_INFINITY`, the largest value) clamps to `Int.max`.
    let spaceLimit =
      getrlimit(addressSpace, &space) == 0 ? Int(clamping: space.rlim_cur) : nil
    return smallest(
      physical: Int(clamping: ProcessInfo.processInfo.physicalMemory), cgroup: contents,
      addressSpace: spaceLimit)
  }

  /// The smallest of the physical memory, the limits the cgroup files' `contents` give and the
  /// address space's limit.
  static func smallest(physical: Int, cgroup contents: [String], addressSpace: Int?) -> Int {
    ([physical] + contents.compactMap(limit) + (addressSpace.map { [$0] } ?? [])).min()!
  }

  /// The limit a cgroup memory file gives: a number of bytes, or `nil` for none (`max`, or
  /// anything that is not a number).
  static func limit(_ contents: String) -> Int? {
    let text = contents.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty, text.allSatisfy(\.isASCII), let bytes = Int(text), bytes > 0 else {
      return nil
    }
    return bytes
  }

  /// The states one search may store when `workers` searches share `memory` bytes.
  static func states(workers: Int, memory: Int = available()) -> Int {
    max(1, Int(Double(memory) * 0.75) / bytesPerState / max(1, workers))
  }

  /// The states to make room for up front: for a limit the user chose, up to
  /// ``largestReservation`` and `budget`; none otherwise (the visited set grows).
  static func reservation(maxStates: Int?, budget: Int) -> Int {
    maxStates.map { min($0, budget, largestReservation) } ?? 0
  }

  /// Why `--max-states` can't be honoured, or `nil`: a limit beyond the budget would run out of
  /// memory before reaching it, so it is refused before any work.
  ///
  /// - Parameter unit: what one search explores, as one and as several: `("a configuration",
  ///   "configurations")`.
  static func problem(
    maxStates limit: Int?, workers: Int, memory: Int = available(),
    unit: (one: String, many: String)
  ) -> String? {
    let budget = states(workers: workers, memory: memory)
    guard let limit, limit > budget else { return nil }
    let sharing = workers > 1 ? ", \(workers) \(unit.many) at once" : ""
    return "'--max-states' \(limit) is more than this machine can hold: at most "
      + "\(Format.count(budget)) states \(unit.one) (\(bytesPerState) bytes each in three "
      + "quarters of \(Format.bytes(memory))\(sharing))"
  }

  /// What sets the limit when no `--max-states` does, for an INCOMPLETE message: `what memory
  /// holds: 32 bytes a state in three quarters of 23.5 GiB, 2 files at once`.
  ///
  /// - Parameter many: what the searches that share `memory` explore, as several (`files`).
  static func limit(memory: Int, workers: Int = 1, many: String = "") -> String {
    "what memory holds: \(bytesPerState) bytes a state in three quarters of "
      + "\(Format.bytes(memory))" + (workers > 1 ? ", \(workers) \(many) at once" : "")
  }
}
