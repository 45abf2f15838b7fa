import ConcurrencyExtras
import Locking

/// Runs tasks serially on the main executor while any test store is alive, as the Composable
/// Architecture's `TestStore` does, so effects reach their first suspension point (a clock's
/// `sleep`, say) before a test advances a clock.
///
/// NB: The switch is process-wide; counting leases keeps one test store's end from turning it
/// off under another test that runs in parallel.
enum MainSerialExecutorLease {
  private static let leases = Lock(0)

  static func acquire() {
    leases.withLock { leases in
      if leases == 0 { uncheckedUseMainSerialExecutor = true }
      leases += 1
    }
  }

  static func release() {
    leases.withLock { leases in
      leases -= 1
      if leases == 0 { uncheckedUseMainSerialExecutor = false }
    }
  }
}
