// What one random read of memory costs on this machine: the floor under the visited set's
// lookups (Benchmarks/NOTES.md, "Where its time goes"). Built with `swiftc -O` and run by
// Benchmarks/memory.sh; not part of the package.
//
//   memory-reads MIB HUGE MODE
//
// MIB: the size of the array read. HUGE: 1 to ask for huge pages (MADV_HUGEPAGE), 0 to forbid
// them. MODE: "chain", each read's address taken from the last read (the latency of one miss);
// "independent", reads at random lines with a prefetch 16 reads ahead, as the visited set's
// lookups are (the throughput); "sorted", the same reads in batches of 875 (about a shard's share
// of one part), each batch sorted by address before it is read. One 8-byte word per 64-byte line.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// LLVM's prefetch intrinsic, as `Sources/AuthEngine/Prefetch.swift` declares it.
@_silgen_name("llvm.prefetch.p0")
func llvmPrefetch(_ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ cache: Int32)

func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// A linear congruential generator: cheap, and the same sequence on every run.
struct Random {
  var state: UInt64 = 1

  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 20
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let mebibytes = Int(arguments[1]), let huge = Int(arguments[2]),
  ["chain", "independent", "sorted"].contains(arguments[3])
else {
  fputs("usage: memory-reads MIB HUGE chain|independent|sorted\n", stderr)
  exit(2)
}
let mode = arguments[3]
let bytes = mebibytes << 20
let lines = bytes / 64
var memory: UnsafeMutableRawPointer?
guard lines >= 2, posix_memalign(&memory, 2 << 20, bytes) == 0, let memory else { exit(1) }
#if canImport(Glibc)
  _ = madvise(memory, bytes, huge == 1 ? MADV_HUGEPAGE : MADV_NOHUGEPAGE)
#endif
let words = memory.bindMemory(to: UInt64.self, capacity: bytes / 8)
// Every line written first, so that every page is in place before the reads are timed.
for line in 0..<lines { words[line * 8] = UInt64(line) }

let reads = 20_000_000
var random = Random()
var sum: UInt64 = 0
var seconds = 0.0
// Reads timed: `reads` for a chain, whole batches otherwise.
var timed = reads
if mode == "chain" {
  // One cycle through every line in random order.
  var order = Array(0..<lines)
  for i in stride(from: lines - 1, to: 0, by: -1) {
    order.swapAt(i, Int(random.next() % UInt64(i + 1)))
  }
  for i in 0..<lines { words[order[i] * 8] = UInt64(order[(i + 1) % lines] * 8) }
  let start = now()
  var at = 0
  for _ in 0..<reads { at = Int(truncatingIfNeeded: words[at]) }
  seconds = now() - start
  sum = UInt64(at)
} else {
  let batch = 875
  var at = [Int](repeating: 0, count: batch)
  var done = 0
  while done < reads {
    for i in 0..<batch { at[i] = Int(random.next() % UInt64(lines)) * 8 }
    if mode == "sorted" { at.sort() }
    at.withUnsafeBufferPointer { at in
      let start = now()
      for i in 0..<batch {
        if i + 16 < batch { llvmPrefetch(words + at[i + 16], 0, 3, 1) }
        sum &+= words[at[i]]
      }
      seconds += now() - start
    }
    done += batch
  }
  timed = done
}
let nanoseconds = (seconds / Double(timed) * 1e10).rounded() / 10
print(
  "\(mebibytes) MiB, huge pages \(huge == 1 ? "asked" : "off"), \(mode): \(nanoseconds) ns a read"
    + " (\(sum))")
