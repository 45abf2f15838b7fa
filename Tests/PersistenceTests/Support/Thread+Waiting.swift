import Foundation

extension Thread {
  /// Runs `body` on a new thread; its result is awaited without holding a pool thread meanwhile,
  /// so `body` may block (on a semaphore, a lock) for as long as it needs.
  static func waiting<R: Sendable>(_ body: @escaping @Sendable () -> R) -> Task<R, Never> {
    let (stream, continuation) = AsyncStream<R>.makeStream()
    Thread {
      continuation.yield(body())
      continuation.finish()
    }.start()
    return Task {
      for await value in stream { return value }
      fatalError("the thread ended without a result")
    }
  }
}
