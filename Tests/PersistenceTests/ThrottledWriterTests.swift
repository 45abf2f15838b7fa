import Clocks
import Dispatch
import Foundation
import Locking
@testable import Persistence
import Testing

@Suite(.timeLimit(.minutes(5)))
struct ThrottledWriterTests {
  /// A write at the end of an interval blocks for as long as the disk takes. Made on the
  /// cooperative pool (one thread per core), two such writes stalled every task of the app: its
  /// input, its effects, its next write. Here more writers than the pool has threads each block
  /// in their cooled write at once; every one of them must get there.
  @Test func writesAtTheEndOfAnIntervalDoNotHoldTheCooperativePool() async throws {
    let count = ProcessInfo.processInfo.activeProcessorCount + 2
    let clock = TestClock()
    let blocked = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let writers = (0..<count).map { _ in ThrottledWriter(clock: clock, onSchedule: { _ in }) }
    for writer in writers {
      writer.schedule {}
      writer.schedule {
        blocked.signal()
        release.wait()
      }
    }

    // NB: waits on a thread of its own: if the writes held the pool, a task waiting for them
    //     could never run, and the writes would never be released. Held on the pool, the writes
    //     past the pool's width could never start: the wait would never end, which the suite's
    //     time limit reports. No shorter bound: the writers' loops run on the pool, which the
    //     rest of the suite keeps busy for seconds at a time.
    let arrived = Thread.waiting { () -> Int in
      var arrived = 0
      while arrived < count {
        blocked.wait()
        arrived += 1
      }
      for _ in 0..<count { release.signal() }
      return arrived
    }
    await clock.advance(by: .seconds(1))
    let blockedAtOnce = await arrived.value
    #expect(blockedAtOnce == count)

    for writer in writers { await writer.idle() }
  }

  /// What a write at the end of an interval tells the user's code still runs once the write's
  /// locks are released, now that the write runs on the writer's queue.
  @Test func aCooledWriteStillRunsWhatItKeptForAfterItsLocks() async throws {
    let clock = TestClock()
    let writer = ThrottledWriter(clock: clock, onSchedule: { _ in })
    let order = Log()
    writer.schedule {}
    writer.schedule {
      OutsideLocks.run { order.append("told") }
      order.append("written")
    }
    await clock.advance(by: .seconds(1))
    await writer.idle()
    #expect(order.entries == ["written", "told"])
  }
}

extension ThrottledWriter {
  /// Returns once nothing is pending or being written.
  fileprivate func idle() async {
    while idleActivity(allowingPending: false) == nil { await Task.yield() }
  }
}

/// A log appended to from any thread.
private final class Log: Sendable {
  private let storage = Lock<[String]>([])
  func append(_ entry: String) { storage.withLock { $0.append(entry) } }
  var entries: [String] { storage.withLock { $0 } }
}
