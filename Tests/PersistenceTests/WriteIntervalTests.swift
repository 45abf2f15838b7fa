import Clocks
import Dependencies
import Foundation
@testable import Persistence
import Testing

/// `FileStorage.isWritingInIntervals`: whether a file was written less than an interval ago, so
/// its writer sleeps on the storage's clock. A replay asks it before deciding that nothing more
/// will call a dependency: the writer's sleep is such a call, made from a task of its own.
struct WriteIntervalTests {
  @Test func aWriteStartsAnIntervalThatItsClockEnds() async {
    let clock = TestClock()
    let storage = FileStorage.inMemory(clock: clock)
    await withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(URL(fileURLWithPath: "/data/count.json"))) var count = 0
      #expect(!storage.isWritingInIntervals)
      $count.withLock { $0 = 1 }
      #expect(storage.isWritingInIntervals)
      await clock.advance(by: .seconds(1))
      for writer in storage.writers.all {
        while writer.isCooling { await Task.yield() }
      }
      #expect(!storage.isWritingInIntervals)
    }
  }
}
