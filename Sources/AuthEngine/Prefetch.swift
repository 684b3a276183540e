/// LLVM's prefetch intrinsic: a hint that the cache line at `address` will be read or written
/// soon. The processor starts loading it and goes on at once; nothing waits for it, and it never
/// faults.
///
/// Swift has no prefetch of its own. Declaring the intrinsic under its LLVM name is the one way
/// to reach it without a C module, and it compiles to one instruction (`prefetcht0` on x86-64,
/// `prfm` on arm64). Its last three arguments must be constants: call it only through
/// `prefetch(_:)`.
@usableFromInline @_silgen_name("llvm.prefetch.p0")
func llvmPrefetch(_ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ cache: Int32)

/// Starts bringing the cache line holding `address` into every cache level, for reading, and
/// returns at once.
@inlinable @inline(__always)
func prefetch(_ address: UnsafeRawPointer) {
  llvmPrefetch(address, 0, 3, 1)
}
