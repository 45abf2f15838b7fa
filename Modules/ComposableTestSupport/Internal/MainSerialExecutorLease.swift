import ConcurrencyExtras
import Locking

/// Runs tasks serially on the main executor while any test store is alive, as the Composable
/// Architecture's `TestStore` does, so effects reach their first suspension point (a clock's
/// `sleep`, say) before a test advances a clock; when the last test store goes, the setting is
/// what it was before the first came.
///
/// NB: The switch is process-wide; counting leases keeps one test store's end from turning it
/// off under another test that runs in parallel.
enum MainSerialExecutorLease {
  private static let leases = Lock(MainSerialExecutorLeases())

  static func acquire() {
    leases.withLock { uncheckedUseMainSerialExecutor = $0.acquire(current: uncheckedUseMainSerialExecutor) }
  }

  static func release() {
    leases.withLock { uncheckedUseMainSerialExecutor = $0.release(current: uncheckedUseMainSerialExecutor) }
  }
}
