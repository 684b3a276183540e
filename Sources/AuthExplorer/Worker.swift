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
  /// For merging the buffers in sequence order: a min-heap of `sequence << 6 | shard`, and the
  /// next index to read in each shard's buffer.
  private let heap: UnsafeMutablePointer<UInt64>
  private let cursors: UnsafeMutablePointer<Int>

  init(propertyCount: Int, successorCapacity: Int) {
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
    heap = .allocate(capacity: VisitedSet.shardCount)
    cursors = .allocate(capacity: VisitedSet.shardCount)
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
    heap.deallocate()
    cursors.deallocate()
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

  /// Bytes allocated: the candidate buffers, the successors of a group, the merge's heap.
  var bytes: Int {
    (0..<VisitedSet.shardCount).reduce(0) { $0 + buffers[$1].bytes } + successorCapacity * 40
      + VisitedSet.shardCount * 16 + Self.recentCount * 8
  }

  /// Calls `body` with each buffered candidate, across every shard, in sequence order, until it
  /// returns `false`.
  ///
  /// Each shard's buffer is in sequence order already; this merges them with a heap.
  ///
  /// - Returns: `false` if `body` stopped it.
  func forEachCandidateInSequenceOrder(_ body: (UInt64) -> Bool) -> Bool {
    func entry(_ shard: Int) -> UInt64 {
      UInt64(buffers[shard].sequences[cursors[shard]]) << 6 | UInt64(shard)
    }
    var count = 0
    for shard in 0..<VisitedSet.shardCount where buffers[shard].count > 0 {
      cursors[shard] = 0
      heap[count] = entry(shard)
      count += 1
    }
    for index in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(index, count: count) }
    while count > 0 {
      let shard = Int(truncatingIfNeeded: heap[0] & 63)
      if !body(buffers[shard].keys[cursors[shard]]) { return false }
      cursors[shard] += 1
      if cursors[shard] < buffers[shard].count {
        heap[0] = entry(shard)
      } else {
        count -= 1
        heap[0] = heap[count]
      }
      siftDown(0, count: count)
    }
    return true
  }

  /// Restores the heap order below `index` in the first `count` heap entries.
  private func siftDown(_ index: Int, count: Int) {
    var parent = index
    while true {
      var smallest = parent
      let left = 2 * parent + 1
      let right = left + 1
      if left < count && heap[left] < heap[smallest] { smallest = left }
      if right < count && heap[right] < heap[smallest] { smallest = right }
      if smallest == parent { return }
      (heap[parent], heap[smallest]) = (heap[smallest], heap[parent])
      parent = smallest
    }
  }

  /// Empties the buffers (keeping their memory) and forgets hits and transitions.
  func reset() {
    for shard in 0..<VisitedSet.shardCount { buffers[shard].count = 0 }
    recent.update(repeating: VisitedSet.empty, count: Self.recentCount)
    transitions = 0
    for index in hits.indices { hits[index] = nil }
  }
}
