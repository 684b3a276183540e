/// What one thread produces while expanding its share of a batch.
///
/// Only its own thread writes a worker during expansion (phase A); during insertion (phase B)
/// each shard's buffer is written only by the thread inserting that shard; the coordinating
/// thread reads and resets it between parallel phases. That is why it can be
/// `@unchecked Sendable`.
@usableFromInline
final class Worker: @unchecked Sendable {
  /// Where a property was first hit: the frontier position and the action index, or -1 for
  /// the frontier state itself.
  @usableFromInline
  struct Hit: Comparable, Sendable {
    @usableFromInline let position: Int
    @usableFromInline let action: Int

    @usableFromInline
    init(position: Int, action: Int) {
      self.position = position
      self.action = action
    }

    @usableFromInline
    static func < (a: Hit, b: Hit) -> Bool {
      (a.position, a.action) < (b.position, b.action)
    }
  }

  /// One candidate buffer per shard of the visited set.
  @usableFromInline let buffers: UnsafeMutablePointer<CandidateBuffer>
  /// The successors of the group of states being expanded: packed, hashed and numbered.
  @usableFromInline let successorKeys: UnsafeMutablePointer<UInt64>
  @usableFromInline let successorHashes: UnsafeMutablePointer<UInt64>
  @usableFromInline let successorSequences: UnsafeMutablePointer<UInt32>
  /// Transitions computed since the last reset.
  @usableFromInline var transitions = 0
  /// Per property, the first hit in this worker's range since the last reset.
  @usableFromInline var hits: [Hit?]
  /// Successors per half of the successor arrays: one group's.
  @usableFromInline let successorCapacity: Int
  /// The candidates buffered lately, by their hash: a state found again soon after it was
  /// buffered (as a successor of another state of the same part, which happens for most new
  /// states) is not buffered again. Direct-mapped and lossy: it only spares phase B the lookups
  /// of such repeats, each a cache miss; what it misses, phase B still finds. Emptied with the
  /// buffers, so it holds candidates of the current part only.
  @usableFromInline let recent: UnsafeMutablePointer<UInt64>
  @usableFromInline static var recentCount: Int { 1 << 10 }

  /// Whether `key`, hashed to `hash`, is buffered already as far as ``recent`` remembers, and
  /// if not, remembers it. Never says so of `VisitedSet.empty`, which marks unused entries.
  @inlinable @inline(__always)
  func isRecentCandidate(_ key: UInt64, hash: UInt64) -> Bool {
    let entry = recent + Int(truncatingIfNeeded: hash &>> 32) & (Self.recentCount - 1)
    if entry.pointee == key && key != VisitedSet.empty { return true }
    entry.pointee = key
    return false
  }

  /// The successor arrays' half `half` (0 or 1): the expansion fills one half with a group's
  /// successors while the other's wait to be probed.
  @inlinable
  func successors(half: Int) -> (
    keys: UnsafeMutablePointer<UInt64>, hashes: UnsafeMutablePointer<UInt64>,
    sequences: UnsafeMutablePointer<UInt32>
  ) {
    let offset = half * successorCapacity
    return (successorKeys + offset, successorHashes + offset, successorSequences + offset)
  }
  /// For merging the buffers in sequence order: where each bucket of `1 << bucketShift`
  /// sequence numbers starts in `merged`, and the candidates of every shard, by bucket.
  private let bucketStarts: UnsafeMutablePointer<Int32>
  private let bucketCount: Int
  private static var bucketShift: UInt32 { 7 }
  private var merged = CandidateBuffer(capacity: 16)

  /// - Parameter sequenceLimit: the sequence numbers of a part are below it.
  @usableFromInline
  init(propertyCount: Int, successorCapacity: Int, sequenceLimit: Int) {
    self.successorCapacity = successorCapacity
    successorKeys = .allocate(capacity: 2 * successorCapacity)
    successorHashes = .allocate(capacity: 2 * successorCapacity)
    successorSequences = .allocate(capacity: 2 * successorCapacity)
    recent = .allocate(capacity: Self.recentCount)
    recent.initialize(repeating: VisitedSet.empty, count: Self.recentCount)
    buffers = .allocate(capacity: VisitedSet.shardCount)
    for shard in 0..<VisitedSet.shardCount {
      (buffers + shard).initialize(to: CandidateBuffer(capacity: 16))
    }
    bucketCount = (sequenceLimit >> Self.bucketShift) + 1
    bucketStarts = .allocate(capacity: bucketCount + 1)
    hits = Array(repeating: nil, count: propertyCount)
  }

  deinit {
    successorKeys.deallocate()
    successorHashes.deallocate()
    successorSequences.deallocate()
    recent.deallocate()
    for shard in 0..<VisitedSet.shardCount { buffers[shard].deallocate() }
    buffers.deinitialize(count: VisitedSet.shardCount)
    buffers.deallocate()
    bucketStarts.deallocate()
    merged.deallocate()
  }

  /// Records that property `index` was hit; keeps the first, which has the smallest position.
  ///
  /// Never inlined: inlined, the access check on `hits` was hoisted into the hot loop and paid
  /// on every transition rather than on every hit.
  @usableFromInline @inline(never)
  func record(_ index: Int, position: Int, action: Int) {
    if hits[index] == nil { hits[index] = Hit(position: position, action: action) }
  }

  /// Candidates waiting in every buffer.
  var candidateCount: Int {
    (0..<VisitedSet.shardCount).reduce(0) { $0 + buffers[$1].count }
  }

  /// Bytes allocated: the candidate buffers, the successors of a group, the filter of recent
  /// candidates, the merge's buckets and merged candidates.
  @usableFromInline
  var bytes: Int {
    (0..<VisitedSet.shardCount).reduce(0) { $0 + buffers[$1].bytes } + successorCapacity * 40
      + Self.recentCount * 8 + (bucketCount + 1) * 4 + merged.bytes
  }

  /// Calls `body` with each buffered candidate, across every shard, in sequence order, until it
  /// returns `false`.
  ///
  /// - Returns: `false` if `body` stopped it.
  @usableFromInline
  func forEachCandidateInSequenceOrder(_ body: (UInt64) -> Bool) -> Bool {
    let keys = candidatesInSequenceOrder()
    for key in keys where !body(key) { return false }
    return true
  }

  /// Every buffered candidate, across every shard, in sequence order; valid until the next
  /// call or `reset()`.
  ///
  /// A counting sort by buckets of `1 << bucketShift` sequence numbers, then an insertion sort
  /// for the order inside each bucket, which holds the successors of one or two states: each
  /// shard's buffer is in sequence order, so only candidates from different shards that share a
  /// bucket can be out of order, and they are few. A few instructions per candidate, where a
  /// heap merge of the 64 buffers cost several comparisons per level.
  @usableFromInline
  func candidatesInSequenceOrder() -> UnsafeBufferPointer<UInt64> {
    let total = candidateCount
    guard total > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    while merged.capacity < total { merged.grow() }
    bucketStarts.update(repeating: 0, count: bucketCount + 1)
    for shard in 0..<VisitedSet.shardCount {
      let buffer = buffers[shard]
      for index in 0..<buffer.count {
        let bucket = Int(truncatingIfNeeded: buffer.sequences[index] &>> Self.bucketShift)
        bucketStarts[bucket + 1] &+= 1
      }
    }
    for bucket in 0..<bucketCount { bucketStarts[bucket + 1] &+= bucketStarts[bucket] }
    let keys = merged.keys
    let sequences = merged.sequences
    for shard in 0..<VisitedSet.shardCount {
      let buffer = buffers[shard]
      for index in 0..<buffer.count {
        let sequence = buffer.sequences[index]
        let bucket = Int(truncatingIfNeeded: sequence &>> Self.bucketShift)
        let at = Int(truncatingIfNeeded: bucketStarts[bucket])
        bucketStarts[bucket] &+= 1
        keys[at] = buffer.keys[index]
        sequences[at] = sequence
      }
    }
    for index in 1..<total {
      let sequence = sequences[index]
      guard sequence < sequences[index - 1] else { continue }
      let key = keys[index]
      var at = index
      while at > 0 && sequences[at - 1] > sequence {
        sequences[at] = sequences[at - 1]
        keys[at] = keys[at - 1]
        at -= 1
      }
      sequences[at] = sequence
      keys[at] = key
    }
    return UnsafeBufferPointer(start: keys, count: total)
  }

  /// Empties the buffers (keeping their memory) and forgets hits and transitions.
  @usableFromInline
  func reset() {
    for shard in 0..<VisitedSet.shardCount { buffers[shard].count = 0 }
    recent.update(repeating: VisitedSet.empty, count: Self.recentCount)
    transitions = 0
    for index in hits.indices { hits[index] = nil }
  }
}
