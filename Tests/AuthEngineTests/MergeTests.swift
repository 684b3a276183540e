import TestSupport
import Testing

@testable import AuthEngine

/// A part's new states reach the next frontier in the order they were found: each shard's
/// candidates are merged by sequence number straight into the frontier's chunks.
@Suite struct MergeTests {
  @Test("merges every shard's candidates into the frontier in sequence order, across chunks")
  func mergesInSequenceOrder() {
    var generator = SplitMix64(seed: 11)
    let sequenceCount = 100_000
    let worker = Worker(propertyCount: 0, successorCapacity: 16, sequenceLimit: sequenceCount)
    // About one sequence number in five is a candidate, as in a part of a large search; each
    // goes to a shard at random, so neighbours in order sit in different shards.
    var expected: [UInt64] = []
    for sequence in 0..<sequenceCount where generator.next() % 5 == 0 {
      let key = UInt64(sequence) &* 0x9e37_79b9_7f4a_7c15
      let shard = Int(generator.next() % UInt64(VisitedSet.shardCount))
      worker.buffers[shard].append(key, sequence: UInt32(sequence))
      expected.append(key)
    }
    // States already queued: the merge starts in the middle of a chunk.
    let frontier = Frontier()
    for key in 0..<UInt64(1_000) { frontier.append(key) }
    worker.appendCandidatesInSequenceOrder(to: frontier, sequenceCount: sequenceCount)
    #expect(frontier.count == 1_000 + expected.count)
    #expect((0..<1_000).allSatisfy { frontier[$0] == UInt64($0) })
    #expect((0..<expected.count).allSatisfy { frontier[1_000 + $0] == expected[$0] })
  }

  @Test("grows, rewrites and shrinks from its end, freeing the chunks it no longer needs")
  func frontierEnd() {
    let frontier = Frontier()
    for key in 0..<UInt64(3_000) { frontier.append(key) }
    frontier.release(below: 1_500)
    frontier.extend(by: 500)
    for position in 3_000..<3_500 { frontier.replace(at: position, with: UInt64(position)) }
    #expect(frontier.count == 3_500)
    #expect(frontier.bytes >= 3 * Frontier.chunkSize * 8)
    frontier.removeLast(2_000)
    #expect(frontier.count == 1_500)
    // Chunk 0 is released and chunk 1 holds positions 1,024 to 1,499: one live chunk.
    #expect(frontier.bytes - frontier.chunks.capacity * 8 == Frontier.chunkSize * 8)
    frontier.append(7)
    #expect(frontier[1_499] == 1_499)
    #expect(frontier[1_500] == 7)
  }
}
