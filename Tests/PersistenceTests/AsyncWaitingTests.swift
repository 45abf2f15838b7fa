import AsyncWaiting
import Dispatch
import Foundation
import Testing

/// The waits the tests use, where the suite's tests meet them: a cooperative pool kept busy by
/// everything else that is ready to run.
struct AsyncWaitingTests {
  /// A stream's reader, woken by an element that came while the pool kept every task waiting,
  /// gets its turn after the wait's timer, whose step ended meanwhile: the element is still
  /// found, since the stalled step counts for little of the wait.
  @Test func anElementThatComesWhileThePoolIsStalledIsFound() async {
    let executor = StallableExecutor()
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let found = Task(executorPreference: executor) {
      await first(stream, timeout: .milliseconds(300)) { value in
        // NB: The reader runs, after the timer began its first sleep (it was queued after the
        //     reader, and the reader went behind it to take this element): the queue stalls
        //     until the timer wakes behind the stall, and the next element comes then.
        if value == 0 {
          executor.stallUntilAJobWaits { continuation.yield(42) }
        }
        return value == 42
      }
    }
    continuation.yield(0)
    #expect(await found.value == 42)
  }

  /// A wait for nothing still ends once its time has passed.
  @Test func aWaitForNothingEnds() async {
    let (stream, _) = AsyncStream.makeStream(of: Int.self)
    #expect(await first(stream, timeout: .milliseconds(50)) == nil)
    #expect(await !waitUntil(timeout: .milliseconds(5)) { false })
  }
}

/// A task executor on a serial queue of its own, which a test stalls as a busy cooperative pool
/// stalls: whatever wakes meanwhile waits behind the stall.
private final class StallableExecutor: TaskExecutor, @unchecked Sendable {
  private let queue = DispatchQueue(label: "AsyncWaitingTests.StallableExecutor")
  private let condition = NSCondition()
  private var jobsQueued = 0

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    // NB: Counted and queued under one lock, so the count says what is queued behind a stall.
    condition.lock()
    jobsQueued += 1
    queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    condition.broadcast()
    condition.unlock()
  }

  /// Stalls the queue, once the job running now returns, until a job is queued behind the
  /// stall; then runs `body`, and the queue goes on.
  func stallUntilAJobWaits(then body: @escaping @Sendable () -> Void) {
    condition.lock()
    let queued = jobsQueued
    queue.async { [self] in
      condition.lock()
      while jobsQueued == queued { condition.wait() }
      condition.unlock()
      body()
    }
    condition.unlock()
  }
}
