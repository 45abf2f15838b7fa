import Clocks
import ConcurrencyExtras

/// swift-clocks' `TestClock`, counting the sleeps that have begun, so a test can wait until an
/// effect is asleep before it advances time.
///
/// NB: An effect runs on the global executor; advancing the clock before its sleep has begun
/// would leave it asleep forever. Waiting for the count closes that race.
public final class SleepCountingClock: Clock, Sendable {
  public typealias Instant = TestClock<Duration>.Instant

  private let base = TestClock()

  /// Creates a clock at time zero.
  public init() {}
  private let sleeps = LockIsolated(0)

  /// The clock's current time.
  public var now: Instant { base.now }
  /// The clock's resolution.
  public var minimumResolution: Duration { base.minimumResolution }

  /// Counts the sleep, then sleeps on the test clock.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    sleeps.withValue { $0 += 1 }
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// Advances time, resuming the sleeps that are due.
  public func advance(by duration: Duration) async {
    await base.advance(by: duration)
  }

  /// Waits until `count` sleeps have begun since the clock was made.
  ///
  /// Gives up after 30 seconds of real time, a guard only: a sleep that never begins, or is
  /// cancelled as it begins, then fails the test's next expectation instead of hanging the run.
  public func waitForSleeps(_ count: Int) async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    while sleeps.value < count, ContinuousClock.now < deadline {
      await Task.yield()
    }
    // NB: The sleep registers with the test clock synchronously right after counting.
    while (try? await base.checkSuspension()) != nil, sleeps.value == count,
      ContinuousClock.now < deadline
    {
      await Task.yield()
    }
  }
}
