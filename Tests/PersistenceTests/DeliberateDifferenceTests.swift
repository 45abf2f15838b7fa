import AsyncWaiting
import Clocks
import Dependencies
import Foundation
@testable import Persistence
import Testing

/// Where file storage differs from swift-sharing's on purpose, so as never to lose data or
/// litter the disk; README's "Where this differs from TCA and swift-sharing" points here.
struct DeliberateDifferenceTests {
  let url = URL(fileURLWithPath: "/data/items.json")

  /// swift-sharing writes a file holding the default value when none exists (its issue #166);
  /// here a default stays in memory until the value is changed.
  @Test func aDefaultValueWritesNoFile() {
    let storage = FileStorage.inMemory
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(url)) var items = ["default"]
      #expect(items == ["default"])
      #expect(storage.memory.file(url) == nil)
      $items.withLock { $0.append("changed") }
      #expect(decoded([String].self, storage.memory.file(url)) == ["default", "changed"])
    }
  }

  /// swift-sharing drops a pending throttled write when the file is deleted meanwhile: the
  /// change is lost. Here it is written when the interval ends.
  @Test func aPendingWriteSurvivesTheFileBeingDeleted() async {
    let clock = TestClock()
    let storage = FileStorage.inMemory(clock: clock)
    await withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(url)) var items = [String]()
      $items.withLock { $0.append("first") }
      #expect(decoded([String].self, storage.memory.file(url)) == ["first"])
      $items.withLock { $0.append("second") }
      storage.memory.remove(url)
      await clock.advance(by: .seconds(1))
      let contents = storage.memory.contents(of: url)
      #expect(await first(contents, where: { decoded([String].self, $0) == ["first", "second"] }) != nil)
    }
  }
}
