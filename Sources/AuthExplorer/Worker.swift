/// What one thread produces while expanding its share of a batch.
///
/// Only its own thread writes a worker during expansion; the coordinating thread reads and
/// resets it between parallel phases, which is why it can be `@unchecked Sendable`.
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
  /// Where prefetching loads leave their values, so that the optimizer keeps them.
  @usableFromInline var prefetched: UInt64 = 0
  /// Transitions computed since the last reset.
  @usableFromInline var transitions = 0
  /// Per property, the first hit in this worker's range since the last reset.
  @usableFromInline var hits: [Hit?]

  init(propertyCount: Int, successorCapacity: Int) {
    successorKeys = .allocate(capacity: successorCapacity)
    successorHashes = .allocate(capacity: successorCapacity)
    successorSequences = .allocate(capacity: successorCapacity)
    buffers = .allocate(capacity: VisitedSet.shardCount)
    for shard in 0..<VisitedSet.shardCount {
      (buffers + shard).initialize(to: CandidateBuffer(capacity: 64))
    }
    hits = Array(repeating: nil, count: propertyCount)
  }

  deinit {
    successorKeys.deallocate()
    successorHashes.deallocate()
    successorSequences.deallocate()
    for shard in 0..<VisitedSet.shardCount { buffers[shard].deallocate() }
    buffers.deinitialize(count: VisitedSet.shardCount)
    buffers.deallocate()
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

  /// Bytes allocated by the buffers.
  var bytes: Int {
    (0..<VisitedSet.shardCount).reduce(0) { $0 + buffers[$1].bytes }
  }

  /// Empties the buffers (keeping their memory) and forgets hits and transitions.
  func reset() {
    for shard in 0..<VisitedSet.shardCount { buffers[shard].count = 0 }
    transitions = 0
    for index in hits.indices { hits[index] = nil }
  }
}
