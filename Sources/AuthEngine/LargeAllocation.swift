#if canImport(Glibc)
  import Glibc
#endif

/// Allocation of the explorer's large arrays, on memory the kernel may back with huge pages.
///
/// The visited set is read at random, so with 4 KiB pages nearly every lookup also misses the
/// TLB; on Linux, arrays of 2 MiB or more are aligned to 2 MiB and marked `MADV_HUGEPAGE`
/// (which matters when transparent huge pages are set to `madvise`). Elsewhere this is an
/// ordinary allocation. Memory from `allocate` must be freed with `deallocate`.
enum LargeAllocation {
  static let hugePageSize = 2 << 20

  /// Uninitialized memory for `count` values of `type`.
  static func allocate<Element>(_ type: Element.Type, count: Int) -> UnsafeMutablePointer<Element> {
    let bytes = max(1, count) * MemoryLayout<Element>.stride
    #if canImport(Glibc)
      let alignment = bytes >= hugePageSize ? hugePageSize : 64
      var memory: UnsafeMutableRawPointer?
      guard posix_memalign(&memory, alignment, bytes) == 0, let memory else {
        fatalError("out of memory allocating \(bytes) bytes")
      }
      if bytes >= hugePageSize { _ = madvise(memory, bytes, MADV_HUGEPAGE) }
      return memory.bindMemory(to: Element.self, capacity: max(1, count))
    #else
      return UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        .bindMemory(to: Element.self, capacity: max(1, count))
    #endif
  }

  /// Frees memory from `allocate`.
  static func deallocate<Element>(_ pointer: UnsafeMutablePointer<Element>) {
    #if canImport(Glibc)
      free(pointer)
    #else
      UnsafeMutableRawPointer(pointer).deallocate()
    #endif
  }
}
