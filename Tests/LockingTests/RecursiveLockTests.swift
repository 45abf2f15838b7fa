import Dispatch
import Foundation
import Testing

@testable import Locking

@Suite struct RecursiveLockTests {
  final class Counter: @unchecked Sendable {
    let lock = RecursiveLock()
    var value = 0
  }

  @Test func theHoldingThreadTakesItAgain() {
    let counter = Counter()
    let depth = counter.lock.withLock {
      counter.value += 1
      return counter.lock.withLock {
        counter.value += 1
        return counter.lock.withLock { counter.lock.isHeldByCurrentThread ? 3 : 0 }
      }
    }
    #expect(depth == 3)
    #expect(counter.value == 2)
    let held = counter.lock.isHeldByCurrentThread
    #expect(!held)
  }

  @Test func otherThreadsWaitTheirTurn() {
    let counter = Counter()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<10_000 {
        counter.lock.withLock {
          let read = counter.lock.withLock { counter.value }
          counter.value = read + 1
        }
      }
    }
    #expect(counter.lock.withLock { counter.value } == 40_000)
  }

  @Test func anotherThreadDoesNotHoldIt() {
    let counter = Counter()
    let heldElsewhere = counter.lock.withLock { onAnotherThread { counter.lock.isHeldByCurrentThread } }
    #expect(!heldElsewhere)
  }

  @Test func rethrowsAndReleases() {
    struct Failure: Error, Equatable {}
    let counter = Counter()
    #expect(throws: Failure()) {
      try counter.lock.withLock { () throws(Failure) in
        try counter.lock.withLock { () throws(Failure) in throw Failure() }
      }
    }
    let held = counter.lock.isHeldByCurrentThread
    #expect(!held)
    // Free again for another thread.
    onAnotherThread { counter.lock.withLock { counter.value = 1 } }
    #expect(counter.value == 1)
  }
}

/// Runs `work` on a new thread and waits for what it returns.
private func onAnotherThread<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T {
  let outcome = Outcome<T>()
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    outcome.value = work()
    done.signal()
  }
  done.wait()
  return outcome.value!
}

private final class Outcome<T>: @unchecked Sendable {
  var value: T?
}
