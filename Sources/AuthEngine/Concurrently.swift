import Dispatch

/// Runs `body(0)`, …, `body(threads - 1)` on up to `threads` threads and returns when all end.
///
/// With one thread it runs `body(0)` on the calling thread, so single-threaded runs spawn
/// nothing. `body` must be safe to call concurrently with distinct arguments: the explorer's
/// callers give each argument its own range, shards and worker, and share only what no call
/// writes (see `ExplorationRun`). That contract, which the compiler cannot see through the raw
/// pointers, is why `body` is passed on as unchecked `Sendable`.
@usableFromInline
func concurrently(_ threads: Int, _ body: (Int) -> Void) {
  if threads <= 1 {
    body(0)
    return
  }
  withoutActuallyEscaping(body) { body in
    let body = UncheckedSendable(body)
    DispatchQueue.concurrentPerform(iterations: threads) { body.value($0) }
  }
}

/// A value handed to other threads under a contract the compiler cannot check.
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
  @usableFromInline let value: Value

  @usableFromInline
  init(_ value: Value) { self.value = value }
}
