import Testing
@testable import ComposableTestSupport

/// A test store restores `useMainSerialExecutor` to what it was before the store was created,
/// even when test stores of parallel tests overlap.
struct MainSerialExecutorLeasesTests {
  @Test(arguments: [false, true])
  func theLastStoreRestoresWhatTheFirstFound(_ before: Bool) {
    var leases = MainSerialExecutorLeases()
    var setting = before
    setting = leases.acquire(current: setting)
    #expect(setting)
    setting = leases.acquire(current: setting)
    setting = leases.release(current: setting)
    #expect(setting, "another store is still alive")
    setting = leases.release(current: setting)
    #expect(setting == before)
  }
}
