import TestSupport
import Testing

@testable import AuthEngine

/// The visited set's lookups read the first slots from a key's home at once, and fall back to
/// one slot at a time where those would wrap past the end of a shard. This fills sets to their
/// 4/5 limit, where runs are long and many reach the end of a shard and wrap, and checks every
/// lookup against a `Set`.
@Suite struct VisitedSetTests {
  @Test("finds every key it holds and no other, up to 4/5 full, across the wrap of each shard")
  func lookupsAgreeWithASet() {
    var generator = SplitMix64(seed: 7)
    for states in [1_000, 20_000] {
      let visited = VisitedSet(expectedStates: states)
      var stored: Set<UInt64> = []
      // Keys whose hashes land near the end of their shard are the ones whose runs wrap: let
      // them through more often than chance would.
      while stored.count < states {
        let key = generator.next()
        let hash = VisitedSet.hash(key)
        let nearEnd = hash & 0xffff_ffff > 0xf000_0000
        guard nearEnd || stored.count % 4 != 0 else { continue }
        #expect(visited.insert(key, hash: hash) == stored.insert(key).inserted)
      }
      // Again: nothing new.
      for key in stored { #expect(!visited.insert(key, hash: VisitedSet.hash(key))) }
      let reader = visited.reader
      var wrong = 0
      for key in stored where !reader.contains(key, hash: VisitedSet.hash(key)) { wrong += 1 }
      for _ in 0..<(4 * states) {
        let key = generator.next()
        if reader.contains(key, hash: VisitedSet.hash(key)) != stored.contains(key) { wrong += 1 }
      }
      #expect(wrong == 0)
      #expect(visited.count == states)
    }
  }

  @Test("holds the key that marks an empty slot, and 0, like any other")
  func holdsTheMarkerKeys() {
    let visited = VisitedSet(expectedStates: 10)
    #expect(!visited.reader.contains(.max, hash: VisitedSet.hash(.max)))
    #expect(visited.insert(.max, hash: VisitedSet.hash(.max)))
    #expect(visited.insert(0, hash: VisitedSet.hash(0)))
    #expect(!visited.insert(.max, hash: VisitedSet.hash(.max)))
    #expect(visited.reader.contains(.max, hash: VisitedSet.hash(.max)))
    #expect(visited.reader.contains(0, hash: VisitedSet.hash(0)))
    #expect(visited.count == 2)
  }
}
