/// A growable list of candidate successors bound for one shard of the visited set.
///
/// Each candidate is a packed state and its sequence number in the batch,
/// `(frontier position - batch start) * action count + action index`: its discovery order.
/// Appended in increasing sequence order. Raw memory, so appending in the hot loop costs no
/// reference counting or uniqueness checks; the owning `Worker` frees it.
@usableFromInline
struct CandidateBuffer {
  @usableFromInline var keys: UnsafeMutablePointer<UInt64>
  @usableFromInline var sequences: UnsafeMutablePointer<UInt32>
  @usableFromInline var count = 0
  @usableFromInline var capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    keys = .allocate(capacity: capacity)
    sequences = .allocate(capacity: capacity)
  }

  /// Bytes allocated.
  var bytes: Int { capacity * 12 }

  @inlinable
  mutating func append(_ key: UInt64, sequence: UInt32) {
    if count == capacity { grow() }
    keys[count] = key
    sequences[count] = sequence
    count &+= 1
  }

  @usableFromInline
  mutating func grow() {
    let newCapacity = capacity * 2
    let newKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
    let newSequences = UnsafeMutablePointer<UInt32>.allocate(capacity: newCapacity)
    newKeys.moveInitialize(from: keys, count: count)
    newSequences.moveInitialize(from: sequences, count: count)
    keys.deallocate()
    sequences.deallocate()
    keys = newKeys
    sequences = newSequences
    capacity = newCapacity
  }

  func deallocate() {
    keys.deallocate()
    sequences.deallocate()
  }
}
