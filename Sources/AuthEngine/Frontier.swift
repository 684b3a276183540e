/// The packed states of one breadth-first level, in discovery order.
///
/// Stored in chunks of `chunkSize` keys, so that its memory follows the states still queued:
/// `append(_:)` adds a chunk when the last one is full, and `release(below:)` frees the chunks
/// that a batch has finished expanding. While one level is expanded into the next, the two
/// together hold about as many chunks as the larger of the two levels, not their sum, and never
/// the slack of a doubling array.
@usableFromInline
final class Frontier {
  @usableFromInline static var chunkBits: Int { 10 }
  @usableFromInline static var chunkSize: Int { 1 << chunkBits }

  // `@exclusivity(unchecked)`: only the coordinating thread writes a frontier, between the
  // parallel phases; the checks cost more than an append (two `swift_beginAccess` each).

  /// The chunks, in order; those wholly below the released position are freed (`nil`).
  @exclusivity(unchecked) @usableFromInline
  private(set) var chunks: [UnsafeMutablePointer<UInt64>?] = []
  /// States appended, released ones included: positions run from 0 to `count`.
  @exclusivity(unchecked) @usableFromInline private(set) var count = 0
  /// Chunks freed from the front.
  @exclusivity(unchecked) private var released = 0

  @usableFromInline init() {}

  deinit { removeAll() }

  /// The packed state at `position`, which must not be released.
  @inlinable
  subscript(position: Int) -> UInt64 {
    chunks[position &>> Self.chunkBits].unsafelyUnwrapped[position & (Self.chunkSize - 1)]
  }

  /// Whether no state was appended since the last `removeAll()`.
  @usableFromInline var isEmpty: Bool { count == 0 }

  /// Appends the packed state `key` at position `count`.
  @usableFromInline func append(_ key: UInt64) {
    let offset = count & (Self.chunkSize - 1)
    if offset == 0 { chunks.append(.allocate(capacity: Self.chunkSize)) }
    chunks[chunks.count - 1].unsafelyUnwrapped[offset] = key
    count += 1
  }

  /// Appends `count` positions whose states the caller writes (through `withChunks(_:)`)
  /// before anything reads them.
  @usableFromInline func extend(by count: Int) {
    let newCount = self.count + count
    while chunks.count << Self.chunkBits < newCount {
      chunks.append(.allocate(capacity: Self.chunkSize))
    }
    self.count = newCount
  }

  /// Removes the last `k` positions, and frees the chunks that then hold none.
  @usableFromInline func removeLast(_ k: Int) {
    count -= k
    let kept = max(released, (count + Self.chunkSize - 1) >> Self.chunkBits)
    while chunks.count > kept { chunks.removeLast()?.deallocate() }
  }

  /// Replaces the state at `position`, which must not be released.
  @usableFromInline func replace(at position: Int, with key: UInt64) {
    chunks[position &>> Self.chunkBits].unsafelyUnwrapped[position & (Self.chunkSize - 1)] = key
  }

  /// Frees the chunks wholly below `position`; positions below it may no longer be read.
  @usableFromInline func release(below position: Int) {
    while released < min(position &>> Self.chunkBits, chunks.count) {
      chunks[released]?.deallocate()
      chunks[released] = nil
      released += 1
    }
  }

  /// Frees every chunk and starts again at position 0, keeping the chunk table's capacity.
  @usableFromInline func removeAll() {
    for index in released..<chunks.count { chunks[index]?.deallocate() }
    chunks.removeAll(keepingCapacity: true)
    count = 0
    released = 0
  }

  /// Calls `body` with the chunk table, for reading positions in a hot loop.
  @inlinable
  func withChunks<Result>(
    _ body: (UnsafeBufferPointer<UnsafeMutablePointer<UInt64>?>) -> Result
  ) -> Result {
    chunks.withUnsafeBufferPointer(body)
  }

  /// Bytes allocated: the live chunks and the chunk table.
  @usableFromInline var bytes: Int {
    (chunks.count - released) * Self.chunkSize * 8 + chunks.capacity * 8
  }
}
