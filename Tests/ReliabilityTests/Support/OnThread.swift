import Foundation

/// Runs blocking work on a thread of its own and returns its result, leaving the cooperative
/// pool free: a wait for a child's output, or a timed exchange with two children, is then
/// scheduled by the system like any thread, and not held up while other suites' synchronous
/// work keeps every thread of the pool.
func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread { continuation.resume(returning: work()) }
  }
}
