import Dispatch
import Testing

@testable import Locking

@Suite struct LockTests {
  @Test func concurrentIncrementsAreExact() {
    final class Counter: Sendable {
      let value = Lock(0)
    }
    let counter = Counter()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      for _ in 0..<10_000 {
        counter.value.withLock { $0 += 1 }
      }
    }
    #expect(counter.value.withLock { $0 } == 40_000)
  }

  @Test func returnsWhatTheBodyReturns() {
    let lock = Lock([1, 2, 3])
    let sum = lock.withLock { values in
      values.append(4)
      return values.reduce(0, +)
    }
    #expect(sum == 10)
    #expect(lock.withLock { $0 } == [1, 2, 3, 4])
  }

  @Test func rethrowsAndReleases() {
    struct Failure: Error, Equatable {}
    let lock = Lock(1)
    #expect(throws: Failure()) {
      try lock.withLock { (value: inout Int) throws(Failure) -> Void in
        value = 2
        throw Failure()
      }
    }
    // The mutation made before the throw stays, and the lock is free again.
    #expect(lock.withLock { $0 } == 2)
  }

  @Test func holdsNoncopyableValues() {
    struct Token: ~Copyable { var uses = 0 }
    let lock = Lock(Token())
    lock.withLock { $0.uses += 1 }
    #expect(lock.withLock { $0.uses } == 1)
  }
}
