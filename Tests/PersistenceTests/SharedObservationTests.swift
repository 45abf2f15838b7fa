import AsyncWaiting
import ConcurrencyExtras
import Dependencies
import Foundation
import Observation
import Persistence
import Testing

/// A read of a shared value inside `withObservationTracking` is told of its next change, however
/// it is made: `withLock` through any reference, a reader, or a file changed on disk.
struct SharedObservationTests {
  /// Reads with `read` under observation; the stream yields once when a change is announced.
  func observe(_ read: () -> Void) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    withObservationTracking(read) {
      continuation.yield()
      continuation.finish()
    }
    return stream
  }

  func wasAnnounced(_ stream: AsyncStream<Void>) async -> Bool {
    await first(stream, timeout: .seconds(30)) != nil
  }

  @Test func aReadIsToldOfAChangeMadeThroughAnotherReference() async {
    await withDependencies { _ in } operation: {
      @Shared(.inMemory("observed")) var count = 0
      let elsewhere = Shared(wrappedValue: 0, .inMemory("observed"))
      let changes = observe { _ = count }
      elsewhere.withLock { $0 += 1 }
      #expect(await wasAnnounced(changes))
      #expect(count == 1)
    }
  }

  @Test func aChangeToAnotherKeyIsNotAnnounced() {
    withDependencies { _ in } operation: {
      @Shared(.inMemory("read")) var read = 0
      @Shared(.inMemory("unread")) var unread = 0
      let fired = LockIsolated(false)
      withObservationTracking { _ = read } onChange: { fired.setValue(true) }
      $unread.withLock { $0 += 1 }
      #expect(!fired.value)
      $read.withLock { $0 += 1 }
      #expect(fired.value)
    }
  }

  @Test func aReaderAndAPartOfTheValueAreObservedToo() async {
    let settings = Shared(value: Settings())
    let reader = SharedReader(settings)
    let factKind = settings.factKind
    let readerChanges = observe { _ = reader.wrappedValue }
    let partChanges = observe { _ = factKind.wrappedValue }
    settings.withLock { $0.factKind = "math" }
    #expect(await wasAnnounced(readerChanges))
    #expect(await wasAnnounced(partChanges))
  }

  @Test func aFileChangedOnDiskIsAnnounced() async throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("count.json")
    try await withDependencies {
      $0.defaultFileStorage = .live(clock: ContinuousClock())
      $0.defaultDataDirectory = directory.url
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      let changes = observe { _ = count }
      try json(42).write(to: url)
      #expect(await wasAnnounced(changes))
      #expect(count == 42)
    }
  }
}
