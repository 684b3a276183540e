/// The mapping from state ids before a growth of the visited set to ids after it.
///
/// `@unchecked Sendable`: during a growth each thread writes only the maps of its own shards;
/// afterwards the maps are only read.
final class IDRemap: @unchecked Sendable {
  /// Per shard, the new id of the state in each old slot.
  let maps: [UnsafeMutablePointer<UInt32>]

  init(oldCapacity: Int) {
    maps = (0..<VisitedSet.shardCount).map { _ in
      LargeAllocation.allocate(UInt32.self, count: oldCapacity)
    }
  }

  deinit {
    for map in maps { LargeAllocation.deallocate(map) }
  }

  /// The new id of the state whose old id was `id`; `noParent` and `sentinelID` map to
  /// themselves.
  func callAsFunction(_ id: UInt32) -> UInt32 {
    if id == VisitedSet.noParent || id == VisitedSet.sentinelID { return id }
    return maps[Int(id >> VisitedSet.slotBits)][Int(id & VisitedSet.slotMask)]
  }
}
