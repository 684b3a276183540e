/// The packed states stored so far, each with the id of the state it was first reached from.
///
/// Open addressing with linear probing over raw `UInt64` keys, split into `shardCount` shards by
/// the top 6 bits of a 64-bit hash, so that each shard can be written by one thread without
/// locks. Inside a shard, a key's home slot is its low 32 hash bits scaled to the capacity by a
/// multiplication, so capacities need not be powers of two and a state limit can size the set
/// exactly. Every shard has the same capacity, kept at most 3/4 full.
///
/// Per slot: 8 bytes of key and 4 bytes of parent id, so 16 bytes per state at 3/4 full.
///
/// A state's id is `shard << 26 | slot`. Ids are stable until `grow(toTake:threads:)` moves
/// slots; it returns the mapping from old ids to new ones, and has already applied it to the
/// parent links. `UInt64.max` marks an empty slot, so a state that packs to `UInt64.max` is kept
/// outside the slots, with id `sentinelID`.
///
/// `@unchecked Sendable`: threads read it concurrently only while nobody writes it; they write it
/// concurrently only shard by shard, each shard (and the sentinel state, which belongs to the
/// shard its hash selects) by exactly one thread.
@usableFromInline
final class VisitedSet: @unchecked Sendable {
  @usableFromInline static var shardCount: Int { 64 }
  @usableFromInline static var shardShift: UInt64 { 58 }
  @usableFromInline static var slotBits: UInt32 { 26 }
  @usableFromInline static var slotMask: UInt32 { (1 << 26) - 1 }
  /// The key marking an empty slot.
  @usableFromInline static var empty: UInt64 { .max }
  /// The parent of an initial state, and the id of no state.
  @usableFromInline static var noParent: UInt32 { .max }
  /// The id of the state that packs to `UInt64.max`.
  @usableFromInline static var sentinelID: UInt32 { .max - 1 }
  /// The largest shard capacity whose ids stay clear of `noParent` and `sentinelID`.
  static var maxShardCapacity: Int { (1 << 26) - 2 }

  /// A read-only view for lookups in hot loops, free of class-property access checks.
  @usableFromInline
  struct Reader {
    @usableFromInline let keys: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    @usableFromInline let capacity: UInt64
    @usableFromInline let holdsSentinel: Bool

    @usableFromInline
    init(
      keys: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>, capacity: Int,
      holdsSentinel: Bool
    ) {
      self.keys = keys
      self.capacity = UInt64(capacity)
      self.holdsSentinel = holdsSentinel
    }

    /// Whether `key`, whose hash is `hash`, is in the set.
    @inlinable
    func contains(_ key: UInt64, hash: UInt64) -> Bool {
      if key == VisitedSet.empty { return holdsSentinel }
      let shard = keys[Int(truncatingIfNeeded: hash &>> VisitedSet.shardShift)]
      var slot = VisitedSet.home(hash, capacity: capacity)
      while true {
        let stored = shard[slot]
        if stored == key { return true }
        if stored == VisitedSet.empty { return false }
        slot &+= 1
        if slot == Int(truncatingIfNeeded: capacity) { slot = 0 }
      }
    }

    /// The content of the home slot of `hash`, loaded only to bring it into the cache.
    @inlinable
    func homeSlot(_ hash: UInt64) -> UInt64 {
      keys[Int(truncatingIfNeeded: hash &>> VisitedSet.shardShift)][
        VisitedSet.home(hash, capacity: capacity)]
    }

    /// The packed state with id `id`.
    @inlinable
    func key(of id: UInt32) -> UInt64 {
      if id == VisitedSet.sentinelID { return VisitedSet.empty }
      return keys[Int(id &>> VisitedSet.slotBits)][Int(id & VisitedSet.slotMask)]
    }
  }

  /// Mixes all 64 bits of a packed state (MurmurHash3's finalizer, a bijection).
  @inlinable
  static func hash(_ key: UInt64) -> UInt64 {
    var h = key
    h ^= h &>> 33
    h &*= 0xff51_afd7_ed55_8ccd
    h ^= h &>> 33
    h &*= 0xc4ce_b9fe_1a85_ec53
    h ^= h &>> 33
    return h
  }

  /// The shard a hash selects.
  @inlinable
  static func shard(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash &>> shardShift) }

  /// The home slot of a hash in a shard of `capacity` slots.
  @inlinable
  static func home(_ hash: UInt64, capacity: UInt64) -> Int {
    Int(truncatingIfNeeded: ((hash & 0xffff_ffff) &* capacity) &>> 32)
  }

  /// The slot capacity of each shard.
  private(set) var shardCapacity: Int
  private let keys: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
  private let parents: UnsafeMutablePointer<UnsafeMutablePointer<UInt32>>
  /// Stored states per shard; written only by the shard's thread.
  private let counts: UnsafeMutablePointer<Int>
  private var holdsSentinel = false
  private var sentinelParent = VisitedSet.noParent
  /// The most bytes held at once, including the transient memory of growing.
  private(set) var peakBytes = 0

  /// Creates a set sized for `expectedStates` states without growing.
  init(expectedStates: Int) {
    shardCapacity = Self.capacity(forStates: expectedStates)
    keys = .allocate(capacity: Self.shardCount)
    parents = .allocate(capacity: Self.shardCount)
    counts = .allocate(capacity: Self.shardCount)
    counts.initialize(repeating: 0, count: Self.shardCount)
    for shard in 0..<Self.shardCount {
      keys[shard] = LargeAllocation.allocate(UInt64.self, count: shardCapacity)
      keys[shard].initialize(repeating: Self.empty, count: shardCapacity)
      parents[shard] = LargeAllocation.allocate(UInt32.self, count: shardCapacity)
      parents[shard].initialize(repeating: Self.noParent, count: shardCapacity)
    }
    peakBytes = bytes
  }

  deinit {
    for shard in 0..<Self.shardCount {
      LargeAllocation.deallocate(keys[shard])
      LargeAllocation.deallocate(parents[shard])
    }
    keys.deallocate()
    parents.deallocate()
    counts.deallocate()
  }

  /// The shard capacity that holds `states` states at 3/4 full, with room for the imbalance
  /// of hashing (four standard deviations).
  static func capacity(forStates states: Int) -> Int {
    let share = Double(max(0, states)) / Double(shardCount)
    let needed = share + 4 * share.squareRoot() + 16
    return min(maxShardCapacity, Int((needed * 4 / 3).rounded(.up)))
  }

  @usableFromInline
  var reader: Reader {
    Reader(keys: keys, capacity: shardCapacity, holdsSentinel: holdsSentinel)
  }

  /// Distinct states stored.
  var count: Int {
    (0..<Self.shardCount).reduce(holdsSentinel ? 1 : 0) { $0 + counts[$1] }
  }

  /// Bytes allocated for keys and parent links.
  var bytes: Int { Self.shardCount * shardCapacity * 12 }

  /// The packed state with id `id`.
  func key(of id: UInt32) -> UInt64 { reader.key(of: id) }

  /// The id of the state `id` was first reached from, or `noParent` for an initial state.
  func parent(of id: UInt32) -> UInt32 {
    if id == Self.sentinelID { return sentinelParent }
    return parents[Int(id >> Self.slotBits)][Int(id & Self.slotMask)]
  }

  /// Adds `key` with parent `parent` and returns its new id, or returns `nil` if it was there.
  ///
  /// Only the thread that owns `key`'s shard may call this; the shard must have a free slot.
  func insert(_ key: UInt64, hash: UInt64, parent: UInt32) -> UInt32? {
    if key == Self.empty {
      if holdsSentinel { return nil }
      holdsSentinel = true
      sentinelParent = parent
      return Self.sentinelID
    }
    let shard = Self.shard(hash)
    let shardKeys = keys[shard]
    var slot = Self.home(hash, capacity: UInt64(shardCapacity))
    while true {
      let stored = shardKeys[slot]
      if stored == key { return nil }
      if stored == Self.empty { break }
      slot += 1
      if slot == shardCapacity { slot = 0 }
    }
    shardKeys[slot] = key
    parents[shard][slot] = parent
    counts[shard] += 1
    return UInt32(truncatingIfNeeded: shard) << Self.slotBits | UInt32(truncatingIfNeeded: slot)
  }

  /// Inserts the candidates every worker buffered for `shard`, in worker order, and writes the
  /// id of each new state to `discovered[sequence]`.
  ///
  /// - Parameter batchParents: the ids of the batch's frontier, so that the parent of the
  ///   candidate with sequence number `q` is `batchParents[q / actionCount]`.
  /// - Returns: a value derived from prefetching loads, to keep the optimizer from dropping them.
  @discardableResult
  func insertCandidates(
    shard: Int, from workers: [Worker], batchParents: UnsafePointer<UInt32>, actionCount: Int,
    discovered: UnsafeMutablePointer<UInt32>
  ) -> UInt64 {
    let capacity = UInt64(shardCapacity)
    let shardKeys = keys[shard]
    var prefetched: UInt64 = 0
    for worker in workers {
      let buffer = worker.buffers[shard]
      // Loads the home slots of a chunk back to back, so that their cache misses overlap.
      var chunkStart = 0
      while chunkStart < buffer.count {
        let chunk = chunkStart..<min(buffer.count, chunkStart + 64)
        for index in chunk {
          prefetched ^= shardKeys[Self.home(Self.hash(buffer.keys[index]), capacity: capacity)]
        }
        for index in chunk {
          let key = buffer.keys[index]
          let sequence = Int(buffer.sequences[index])
          let parent = batchParents[sequence / actionCount]
          if let id = insert(key, hash: Self.hash(key), parent: parent) {
            discovered[sequence] = id
          }
        }
        chunkStart = chunk.upperBound
      }
    }
    return prefetched
  }

  /// Whether each shard can take `incoming[shard]` more states without growing.
  ///
  /// A shard stays within 3/4 of its capacity between batches; a batch may take it to 9/10,
  /// since candidates overcount the states that turn out new.
  func canTake(_ incoming: [Int]) -> Bool {
    (0..<Self.shardCount).allSatisfy { shard in
      counts[shard] * 4 <= shardCapacity * 3
        && (counts[shard] + incoming[shard]) * 10 <= shardCapacity * 9
    }
  }

  /// Grows every shard by half (or more) so that each can take `incoming[shard]` more states
  /// and stay within 3/4 full, rehashing shard by shard on up to `threads` threads.
  ///
  /// - Returns: the mapping from old ids to new ones, already applied to the parent links; the
  ///   caller applies it to ids it holds. `nil` if ids would not fit in 32 bits; nothing changes.
  func grow(toTake incoming: [Int], threads: Int) -> IDRemap? {
    var newCapacity = shardCapacity
    func fits(_ capacity: Int) -> Bool {
      (0..<Self.shardCount).allSatisfy { (counts[$0] + incoming[$0]) * 4 <= capacity * 3 }
    }
    while !fits(newCapacity) && newCapacity < Self.maxShardCapacity {
      newCapacity = min(Self.maxShardCapacity, newCapacity + max(16, newCapacity / 2))
    }
    guard fits(newCapacity) else { return nil }
    let oldCapacity = shardCapacity
    let remap = IDRemap(oldCapacity: oldCapacity)
    // New shards, the maps, and one old shard per thread in flight.
    let transient =
      Self.shardCount * (newCapacity * 12 + oldCapacity * 4)
      + min(threads, Self.shardCount) * oldCapacity * 12
    peakBytes = max(peakBytes, transient)
    concurrently(threads) { thread in
      for shard in stride(from: thread, to: Self.shardCount, by: threads) {
        rehash(shard: shard, newCapacity: newCapacity, map: remap.maps[shard])
      }
    }
    shardCapacity = newCapacity
    concurrently(threads) { thread in
      for shard in stride(from: thread, to: Self.shardCount, by: threads) {
        let shardKeys = keys[shard]
        let shardParents = parents[shard]
        for slot in 0..<newCapacity where shardKeys[slot] != Self.empty {
          shardParents[slot] = remap(shardParents[slot])
        }
      }
    }
    sentinelParent = remap(sentinelParent)
    return remap
  }

  /// Moves shard `shard` into `newCapacity` slots, recording each move in `map`.
  private func rehash(shard: Int, newCapacity: Int, map: UnsafeMutablePointer<UInt32>) {
    let oldKeys = keys[shard]
    let oldParents = parents[shard]
    let newKeys = LargeAllocation.allocate(UInt64.self, count: newCapacity)
    newKeys.initialize(repeating: Self.empty, count: newCapacity)
    let newParents = LargeAllocation.allocate(UInt32.self, count: newCapacity)
    newParents.initialize(repeating: Self.noParent, count: newCapacity)
    for oldSlot in 0..<shardCapacity {
      let key = oldKeys[oldSlot]
      guard key != Self.empty else { continue }
      var slot = Self.home(Self.hash(key), capacity: UInt64(newCapacity))
      while newKeys[slot] != Self.empty {
        slot += 1
        if slot == newCapacity { slot = 0 }
      }
      newKeys[slot] = key
      newParents[slot] = oldParents[oldSlot]
      map[oldSlot] =
        UInt32(truncatingIfNeeded: shard) << Self.slotBits
        | UInt32(truncatingIfNeeded: slot)
    }
    LargeAllocation.deallocate(oldKeys)
    LargeAllocation.deallocate(oldParents)
    keys[shard] = newKeys
    parents[shard] = newParents
  }
}
