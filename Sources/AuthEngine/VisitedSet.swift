import Foundation

/// The packed states stored so far: keys only, 8 bytes per slot.
///
/// Open addressing with linear probing over raw `UInt64` keys, split into `shardCount` shards by
/// the top 6 bits of a 64-bit hash, so that each shard can be written by one thread without
/// locks. Inside a shard, a key's home slot is its low 32 hash bits scaled to the shard's
/// capacity by a multiplication, so capacities need not be powers of two and a state limit can
/// size the set exactly. `UInt64.max` marks an empty slot, so a state that packs to
/// `UInt64.max` is kept outside the slots, as a flag.
///
/// The set stores no parent links and no ids: the explorer rebuilds paths by searching again
/// (`PathSearch`). Each shard grows on its own when it would be more than 4/5 full: by half
/// while it is small (its load stays between about 0.53 and 0.8), and twice as large once it
/// holds 1 MiB of slots (between 0.4 and 0.8; see `grown(_:)`). A set sized up front
/// (`init(expectedStates:)` with a count) gives every shard the same capacity, for about 10
/// bytes per state. A set that grows from nothing staggers its shards' capacities over one
/// growth step (shard `s` starts `1.5^(s/64)` times larger than shard 0), so that the shards
/// grow one after another rather than all at once: the average load then stays near 0.66
/// (about 12 bytes per state) while the shards are small, and between 0.58 and 0.66 (12 to 14
/// bytes per state) once they double; each growth holds only the old copy of the few shards it
/// rehashes.
///
/// `@unchecked Sendable`: threads read it concurrently only while nobody writes it; they write it
/// concurrently only shard by shard, each shard (and the sentinel state, which belongs to the
/// shard its hash selects) by exactly one thread.
@usableFromInline
final class VisitedSet: @unchecked Sendable {
  @usableFromInline static var shardCount: Int { 64 }
  @usableFromInline static var shardShift: UInt64 { 58 }
  /// The key marking an empty slot.
  @usableFromInline static var empty: UInt64 { .max }
  /// The largest shard capacity the 32-bit home-slot scaling can address.
  static var maxShardCapacity: Int { 1 << 32 }

  /// One shard's slots.
  @usableFromInline
  struct Shard {
    @usableFromInline var keys: UnsafeMutablePointer<UInt64>
    @usableFromInline var capacity: Int
  }

  /// A read-only view for lookups in hot loops, free of class-property access checks.
  @usableFromInline
  struct Reader {
    @usableFromInline let shards: UnsafePointer<Shard>
    @usableFromInline let holdsSentinel: Bool

    @usableFromInline
    init(shards: UnsafePointer<Shard>, holdsSentinel: Bool) {
      self.shards = shards
      self.holdsSentinel = holdsSentinel
    }

    /// Whether `key`, whose hash is `hash`, is in the set.
    @inlinable
    func contains(_ key: UInt64, hash: UInt64) -> Bool {
      if key == VisitedSet.empty { return holdsSentinel }
      let shard = shards[VisitedSet.shard(hash)]
      var slot = VisitedSet.home(hash, capacity: UInt64(truncatingIfNeeded: shard.capacity))
      // The first four slots at once, when they do not wrap: one branch that is nearly always
      // taken the same way (most lookups find their key), where the slot-by-slot loop took one
      // per slot, each hard to predict. A key is never stored past an empty slot of its run
      // (nothing is removed), so any of the four holding it finds it.
      if slot &+ 4 <= shard.capacity {
        let window = shard.keys + slot
        let (s0, s1, s2, s3) = (window[0], window[1], window[2], window[3])
        let hits =
          (s0 == key ? 1 : 0) | (s1 == key ? 1 : 0) | (s2 == key ? 1 : 0) | (s3 == key ? 1 : 0)
        if hits != 0 { return true }
        let empty = VisitedSet.empty
        let empties =
          (s0 == empty ? 1 : 0) | (s1 == empty ? 1 : 0) | (s2 == empty ? 1 : 0)
          | (s3 == empty ? 1 : 0)
        if empties != 0 { return false }
        slot &+= 4
        if slot == shard.capacity { slot = 0 }
      }
      while true {
        let stored = shard.keys[slot]
        if stored == key { return true }
        if stored == VisitedSet.empty { return false }
        slot &+= 1
        if slot == shard.capacity { slot = 0 }
      }
    }

    /// Starts bringing the slots a lookup of `hash` reads first into the cache, without
    /// waiting for them.
    @inlinable
    func prefetchHomeSlot(_ hash: UInt64) {
      let shard = shards[VisitedSet.shard(hash)]
      let capacity = UInt64(truncatingIfNeeded: shard.capacity)
      VisitedSet.prefetchProbe(at: shard.keys + VisitedSet.home(hash, capacity: capacity))
    }
  }

  /// Starts bringing the slots a lookup from `home` is likely to read into the cache: its cache
  /// line, and the next one when `home` lies in the second half of its line. A lookup reads on
  /// from its home slot to the key or an empty slot, and at 53–80 % load that often crosses
  /// into the next line: prefetching only the home slot's line left those lookups waiting for
  /// memory (Benchmarks/NOTES.md has what the second prefetch saves).
  @inlinable @inline(__always)
  static func prefetchProbe(at home: UnsafeMutablePointer<UInt64>) {
    prefetch(home)
    prefetch(UnsafeRawPointer(home) + 32)
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

  private let shards: UnsafeMutablePointer<Shard>
  /// Stored states per shard; written only by the shard's thread.
  private let counts: UnsafeMutablePointer<Int>
  private var holdsSentinel = false

  /// Creates a set sized for `expectedStates` states without growing, or, for 0, a small set
  /// whose shards' capacities are staggered for growing.
  @usableFromInline
  init(expectedStates: Int) {
    let reserved = Self.capacity(forStates: expectedStates)
    shards = .allocate(capacity: Self.shardCount)
    counts = .allocate(capacity: Self.shardCount)
    counts.initialize(repeating: 0, count: Self.shardCount)
    for shard in 0..<Self.shardCount {
      let stagger = expectedStates > 0 ? 1 : pow(1.5, Double(shard) / Double(Self.shardCount))
      let capacity = Int((Double(reserved) * stagger).rounded(.up))
      let keys = LargeAllocation.allocate(UInt64.self, count: capacity)
      keys.initialize(repeating: Self.empty, count: capacity)
      (shards + shard).initialize(to: Shard(keys: keys, capacity: capacity))
    }
  }

  deinit {
    for shard in 0..<Self.shardCount { LargeAllocation.deallocate(shards[shard].keys) }
    shards.deinitialize(count: Self.shardCount)
    shards.deallocate()
    counts.deallocate()
  }

  /// The shard capacity that holds `states` states at 4/5 full, with room for the imbalance
  /// of hashing (four standard deviations).
  static func capacity(forStates states: Int) -> Int {
    let share = Double(max(0, states)) / Double(shardCount)
    let needed = share + 4 * share.squareRoot() + 16
    return min(maxShardCapacity, Int((needed * 5 / 4).rounded(.up)))
  }

  /// The capacity a shard of `capacity` slots grows to: by half while it is small enough to
  /// stay in the cache (below `largeShardCapacity`), and twice as large beyond. A large shard's
  /// lookups miss the cache, and the lower load that doubling leaves shortens them, as
  /// rehashing it half as often does (Benchmarks/NOTES.md); small shards keep the tighter memory
  /// of growing by half.
  static func grown(_ capacity: Int) -> Int {
    min(
      maxShardCapacity,
      capacity >= largeShardCapacity ? capacity * 2 : capacity + (capacity + 1) / 2)
  }

  /// The capacity from which a shard doubles: 1 MiB of slots.
  static var largeShardCapacity: Int { 1 << 17 }

  /// Whether a shard of `capacity` slots can hold `states` states: at most 4/5 full.
  static func fits(_ states: Int, capacity: Int) -> Bool { states * 5 <= capacity * 4 }

  @usableFromInline
  var reader: Reader {
    Reader(shards: shards, holdsSentinel: holdsSentinel)
  }

  /// Distinct states stored.
  @usableFromInline
  var count: Int {
    (0..<Self.shardCount).reduce(holdsSentinel ? 1 : 0) { $0 + counts[$1] }
  }

  /// Bytes allocated: the slots, and the shard table and counts.
  @usableFromInline
  var bytes: Int {
    (0..<Self.shardCount).reduce(0) { $0 + shards[$1].capacity * 8 }
      + Self.shardCount * (MemoryLayout<Shard>.stride + MemoryLayout<Int>.stride)
  }

  /// Adds `key`, whose hash is `hash`, and returns whether it is new, first growing its shard
  /// (by `grown(_:)`) when one more state would fill it beyond 4/5: for a search on one thread,
  /// which stores states one at a time rather than a part's candidates at once.
  ///
  /// - Precondition: the shard can grow to hold it (at most `maxShardCapacity` slots).
  @usableFromInline
  func insertGrowing(_ key: UInt64, hash: UInt64) -> Bool {
    if key != Self.empty {
      let shard = Self.shard(hash)
      var capacity = shards[shard].capacity
      if !Self.fits(counts[shard] + 1, capacity: capacity) {
        while !Self.fits(counts[shard] + 1, capacity: capacity) {
          precondition(capacity < Self.maxShardCapacity, "a shard of the visited set is full")
          capacity = Self.grown(capacity)
        }
        rehash(shard: shard, newCapacity: capacity)
      }
    }
    return insert(key, hash: hash)
  }

  /// Adds `key` and returns whether it is new.
  ///
  /// Only the thread that owns `key`'s shard may call this; the shard must have a free slot.
  @usableFromInline
  func insert(_ key: UInt64, hash: UInt64) -> Bool {
    if key == Self.empty {
      if holdsSentinel { return false }
      holdsSentinel = true
      return true
    }
    let shard = Self.shard(hash)
    let keys = shards[shard].keys
    let capacity = shards[shard].capacity
    var slot = Self.home(hash, capacity: UInt64(capacity))
    while true {
      let stored = keys[slot]
      if stored == key { return false }
      if stored == Self.empty { break }
      slot += 1
      if slot == capacity { slot = 0 }
    }
    keys[slot] = key
    counts[shard] += 1
    return true
  }

  /// Inserts the candidates every worker buffered for `shard`, in worker order, and leaves in
  /// each worker's buffer only the candidates that were new, in their order.
  ///
  /// Lookups here miss the cache too: the home slots of the candidates some way ahead are
  /// prefetched while earlier ones are inserted.
  @usableFromInline
  func insertCandidates(shard: Int, from workers: [Worker]) {
    let keys = shards[shard].keys
    let capacity = UInt64(shards[shard].capacity)
    let distance = 16
    for worker in workers {
      let buffer = worker.buffers[shard]
      for index in 0..<min(distance, buffer.count) {
        Self.prefetchProbe(at: keys + Self.home(Self.hash(buffer.keys[index]), capacity: capacity))
      }
      var kept = 0
      for index in 0..<buffer.count {
        if index + distance < buffer.count {
          let ahead = buffer.keys[index + distance]
          Self.prefetchProbe(at: keys + Self.home(Self.hash(ahead), capacity: capacity))
        }
        let key = buffer.keys[index]
        if insert(key, hash: Self.hash(key)) {
          buffer.keys[kept] = key
          buffer.sequences[kept] = buffer.sequences[index]
          kept += 1
        }
      }
      worker.buffers[shard].count = kept
    }
  }

  /// Grows each shard that could not take `incoming[shard]` more states and stay within 4/5
  /// full, by `grown(_:)` as many times as it takes, rehashing one shard per thread at a time
  /// on up to `threads` threads.
  ///
  /// - Returns: the most bytes the set held meanwhile (its bytes now, if nothing grew), or
  ///   `nil`, changing nothing, if a shard would need more than `maxShardCapacity` slots.
  @usableFromInline
  func makeRoom(for incoming: [Int], threads: Int) -> Int? {
    var growing: [Int] = []
    var newCapacities: [Int] = []
    for shard in 0..<Self.shardCount {
      let states = counts[shard] + incoming[shard]
      var capacity = shards[shard].capacity
      guard !Self.fits(states, capacity: capacity) else { continue }
      while !Self.fits(states, capacity: capacity) && capacity < Self.maxShardCapacity {
        capacity = Self.grown(capacity)
      }
      guard Self.fits(states, capacity: capacity) else { return nil }
      growing.append(shard)
      newCapacities.append(capacity)
    }
    guard !growing.isEmpty else { return bytes }
    let threads = min(threads, growing.count)
    // Each thread frees a shard's old slots before it rehashes its next shard.
    let oldSlots = growing.map { shards[$0].capacity }.sorted(by: >).prefix(threads)
    concurrently(threads) { thread in
      for index in stride(from: thread, to: growing.count, by: threads) {
        rehash(shard: growing[index], newCapacity: newCapacities[index])
      }
    }
    return bytes + oldSlots.reduce(0, +) * 8
  }

  /// Moves shard `shard` into `newCapacity` slots.
  private func rehash(shard: Int, newCapacity: Int) {
    let oldKeys = shards[shard].keys
    let newKeys = LargeAllocation.allocate(UInt64.self, count: newCapacity)
    newKeys.initialize(repeating: Self.empty, count: newCapacity)
    for oldSlot in 0..<shards[shard].capacity {
      let key = oldKeys[oldSlot]
      guard key != Self.empty else { continue }
      var slot = Self.home(Self.hash(key), capacity: UInt64(newCapacity))
      while newKeys[slot] != Self.empty {
        slot += 1
        if slot == newCapacity { slot = 0 }
      }
      newKeys[slot] = key
    }
    LargeAllocation.deallocate(oldKeys)
    shards[shard] = Shard(keys: newKeys, capacity: newCapacity)
  }
}
