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
  /// of such repeats, each a cache miss; what it misses, phase B still finds. It is not emptied
  /// between parts: a candidate of an earlier part was stored by that part's phase B, so the
  /// visited set, which is asked first, finds it (or, once the state limit stopped the search,
  /// nothing more is stored).
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
  /// sequence numbers starts among the candidates, and the candidates' sequence numbers.
  private let bucketStarts: UnsafeMutablePointer<Int32>
  private let bucketCount: Int
  private static var bucketShift: UInt32 { 7 }
  private var sequences: UnsafeMutablePointer<UInt32>
  private var sequenceCapacity = 0

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
    sequences = .allocate(capacity: 0)
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
    sequences.deallocate()
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
  /// candidates, and the merge's buckets and sequence numbers.
  @usableFromInline
  var bytes: Int {
    (0..<VisitedSet.shardCount).reduce(0) { $0 + buffers[$1].bytes } + successorCapacity * 40
      + Self.recentCount * 8 + (bucketCount + 1) * 4 + sequenceCapacity * 4
  }

  /// Appends every buffered candidate, across every shard, to `frontier` in sequence order.
  ///
  /// A counting sort by buckets of `1 << bucketShift` sequence numbers, written straight into
  /// the frontier, then an insertion sort for the order inside each bucket, which holds the
  /// successors of one or two states: each shard's buffer is in sequence order, so only
  /// candidates from different shards that share a bucket can be out of order, and they are
  /// few. A few instructions per candidate, where a heap merge of the 64 buffers cost several
  /// comparisons per level. Beside the keys, the sort keeps only their sequence numbers, so
  /// that merging takes no second copy of the candidates.
  ///
  /// - Parameter sequenceCount: the part's sequence numbers are below it.
  @usableFromInline
  func appendCandidatesInSequenceOrder(to frontier: Frontier, sequenceCount: Int) {
    let total = candidateCount
    guard total > 0 else { return }
    if sequenceCapacity < total {
      sequences.deallocate()
      sequenceCapacity = max(total, 2 * sequenceCapacity)
      sequences = .allocate(capacity: sequenceCapacity)
    }
    let buckets = min(bucketCount, ((sequenceCount - 1) >> Self.bucketShift) + 1)
    bucketStarts.update(repeating: 0, count: buckets + 1)
    for shard in 0..<VisitedSet.shardCount {
      let buffer = buffers[shard]
      for index in 0..<buffer.count {
        let bucket = Int(truncatingIfNeeded: buffer.sequences[index] &>> Self.bucketShift)
        bucketStarts[bucket + 1] &+= 1
      }
    }
    for bucket in 0..<buckets { bucketStarts[bucket + 1] &+= bucketStarts[bucket] }
    let base = frontier.count
    frontier.extend(by: total)
    let sequences = sequences
    frontier.withChunks { chunks in
      /// Where the candidate at `at` in sequence order goes in the frontier.
      func slot(_ at: Int) -> UnsafeMutablePointer<UInt64> {
        let position = base &+ at
        return chunks[position &>> Frontier.chunkBits].unsafelyUnwrapped
          + (position & (Frontier.chunkSize - 1))
      }
      for shard in 0..<VisitedSet.shardCount {
        let buffer = buffers[shard]
        for index in 0..<buffer.count {
          let sequence = buffer.sequences[index]
          let bucket = Int(truncatingIfNeeded: sequence &>> Self.bucketShift)
          let at = Int(truncatingIfNeeded: bucketStarts[bucket])
          bucketStarts[bucket] &+= 1
          slot(at).pointee = buffer.keys[index]
          sequences[at] = sequence
        }
      }
      for index in 1..<total {
        let sequence = sequences[index]
        guard sequence < sequences[index - 1] else { continue }
        let key = slot(index).pointee
        var at = index
        while at > 0 && sequences[at - 1] > sequence {
          sequences[at] = sequences[at - 1]
          slot(at).pointee = slot(at - 1).pointee
          at -= 1
        }
        sequences[at] = sequence
        slot(at).pointee = key
      }
    }
  }

  /// Empties the buffers (keeping their memory) and forgets hits and transitions; the filter of
  /// recent candidates stays.
  @usableFromInline
  func reset() {
    for shard in 0..<VisitedSet.shardCount { buffers[shard].count = 0 }
    transitions = 0
    for index in hits.indices { hits[index] = nil }
  }
}
