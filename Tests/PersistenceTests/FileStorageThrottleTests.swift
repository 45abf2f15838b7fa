import AsyncWaiting
import Clocks
import Dependencies
import Foundation
@testable import Persistence
import Testing

struct FileStorageThrottleTests {
  let url = URL(fileURLWithPath: "/data/count.json")
  let clock = TestClock()

  @Test func burstIsOnDiskByTheEndOfTheWindowAndQuietMutationIsWrittenAtOnce() async throws {
    let storage = FileStorage.inMemory(clock: clock)
    await withDependencies { $0.defaultFileStorage = storage } operation: {
      let writes = storage.memory.contents(of: url)
      @Shared(.fileStorage(url)) var count = 0

      $count.withLock { $0 = 1 }
      #expect(await first(writes, where: { decoded(Int.self, $0) == 1 }) != nil)

      for value in 2...10 { $count.withLock { $0 = value } }
      await clock.advance(by: .milliseconds(999))
      #expect(decoded(Int.self, storage.memory.file(url)) == 1)
      await clock.advance(by: .milliseconds(1))
      #expect(await first(writes, where: { decoded(Int.self, $0) == 10 }) != nil)

      await clock.advance(by: .seconds(1))
      $count.withLock { $0 = 11 }
      #expect(await first(writes, where: { decoded(Int.self, $0) == 11 }) != nil)
    }
  }

  @Test func burstIsWrittenAtMostTwiceAndEncodedOnlyWhenWritten() async throws {
    let storage = FileStorage.inMemory(clock: clock)
    let encodings = LockIsolated(0)
    await withDependencies { $0.defaultFileStorage = storage } operation: {
      let writes = storage.memory.contents(of: url)
      let key = FileStorageKey<Int>.fileStorage(
        url,
        decode: { try JSONDecoder().decode(Int.self, from: $0) },
        encode: { encodings.withValue { $0 += 1 }; return try JSONEncoder().encode($0) }
      )
      @Shared(key) var count = 0
      for _ in 1...1_000 { $count.withLock { $0 += 1 } }
      await clock.advance(by: .seconds(1))
      #expect(await first(writes, where: { decoded(Int.self, $0) == 1_000 }) != nil)
      #expect(encodings.value <= 2)
    }
  }

  /// App storage: a write waiting for its window takes every change made meanwhile, so a burst
  /// schedules the first write and one more, not one per change.
  @Test func anAppStorageBurstSchedulesTwoWrites() async throws {
    let storage = FileStorage.inMemory(clock: clock)
    await withDependencies {
      $0.defaultFileStorage = storage
      $0.defaultDataDirectory = URL(fileURLWithPath: "/data")
    } operation: {
      let file = URL(fileURLWithPath: "/data/app-storage.json")
      let writes = storage.memory.contents(of: file)
      @Shared(.appStorage("count")) var count = 0
      for _ in 1...1_000 { $count.withLock { $0 += 1 } }
      await clock.advance(by: .seconds(1))
      #expect(await first(writes, where: { $0.map { String(decoding: $0, as: UTF8.self).contains("1000") } ?? false }) != nil)
      let activity = storage.writers.all.compactMap { $0.idleActivity(allowingPending: false) }
      #expect(activity.map(\.schedules) == [2])
    }
  }

  @Test func flushWritesWhatIsPending() async throws {
    let storage = FileStorage.inMemory(clock: clock)
    await withDependencies { $0.defaultFileStorage = storage } operation: {
      let writes = storage.memory.contents(of: url)
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }
      #expect(await first(writes, where: { decoded(Int.self, $0) == 1 }) != nil)
      $count.withLock { $0 = 2 }
      storage.flush()
      #expect(decoded(Int.self, storage.memory.file(url)) == 2)
    }
  }

  @Test func otherWriterDuringPendingWriteIsKeptAside() async throws {
    let storage = FileStorage.inMemory(clock: clock)
    try await withDependencies { $0.defaultFileStorage = storage } operation: {
      let writes = storage.memory.contents(of: url)
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }
      #expect(await first(writes, where: { decoded(Int.self, $0) == 1 }) != nil)

      $count.withLock { $0 = 2 }
      try storage.memory.write(json(99), to: url)
      #expect(count == 2)
      await clock.advance(by: .seconds(1))
      #expect(await first(writes, where: { decoded(Int.self, $0) == 2 }) != nil)

      let error = try #require($count.loadError as? FileStorageError)
      guard case let .conflictingWrite(_, aside) = error else {
        Issue.record("Expected a conflict, got \(error)")
        return
      }
      #expect(aside.lastPathComponent.hasPrefix("count.json.conflict-"))
      #expect(decoded(Int.self, storage.memory.file(aside)) == 99)
    }
  }
}
