import Dependencies
import Foundation
@testable import Persistence
import Testing

/// Another process's write landing at the moments where a change could be set aside and never
/// looked at again: while a write of ours is still in flight, and between a file's load and
/// its watch. Each must reach the value.
struct OtherWriterInterleavingTests {
  let url = URL(fileURLWithPath: "/data/todos.json")
  let directory = URL(fileURLWithPath: "/data")
  var appStorageURL: URL { directory.appendingPathComponent("app-storage.json") }

  func withStorage(_ system: InterleavingFileSystem, _ body: () throws -> Void) rethrows {
    try withDependencies {
      $0.defaultFileStorage = FileStorage(system: system, clock: nil as ContinuousClock?)
      $0.defaultDataDirectory = directory
    } operation: {
      try body()
    }
  }

  @Test func aFileWrittenRightAfterOursIsTakenIn() {
    let system = InterleavingFileSystem()
    withStorage(system) {
      @Shared(.fileStorage(url)) var todos: [Todo] = []
      let theirs = [Todo(id: 2, title: "Theirs"), Todo(id: 1, title: "Ours")]
      // NB: their write follows ours under the lock, having read it; its notification reaches
      //     us before our writer is done.
      system.afterNextExclusiveAccess { [memory = system.memory, url] in try! memory.write(json(theirs), to: url) }
      $todos.withLock { $0.append(Todo(id: 1, title: "Ours")) }
      #expect(todos == theirs)
      #expect(!system.memory.paths.contains { $0.contains(".conflict-") })
    }
  }

  @Test func anAppStorageFileWrittenRightAfterOursIsTakenIn() {
    let system = InterleavingFileSystem()
    withStorage(system) {
      @Shared(.appStorage("count")) var count = 0
      system.afterNextExclusiveAccess { [memory = system.memory, appStorageURL] in
        try! memory.write(Data(#"{"count": 3}"#.utf8), to: appStorageURL)
      }
      $count.withLock { $0 = 1 }
      #expect(count == 3)
    }
  }

  @Test func aFileWrittenBetweenItsLoadAndItsWatchIsTakenIn() {
    let system = InterleavingFileSystem()
    withStorage(system) {
      try! system.memory.write(json([Todo(id: 1, title: "First")]), to: url)
      let theirs = [Todo(id: 2, title: "Theirs"), Todo(id: 1, title: "First")]
      system.afterNextRead(of: url) { [memory = system.memory, url] in try! memory.write(json(theirs), to: url) }
      @Shared(.fileStorage(url)) var todos: [Todo] = []
      #expect(todos == theirs)
    }
  }

  @Test func anAppStorageFileWrittenBetweenItsLoadAndItsWatchIsTakenIn() {
    let system = InterleavingFileSystem()
    withStorage(system) {
      try! system.memory.write(Data(#"{"count": 1}"#.utf8), to: appStorageURL)
      system.afterNextRead(of: appStorageURL) { [memory = system.memory, appStorageURL] in
        try! memory.write(Data(#"{"count": 3}"#.utf8), to: appStorageURL)
      }
      @Shared(.appStorage("count")) var count = 0
      #expect(count == 3)
    }
  }

  @Test func anAppStorageFileNotYetTakenInIsMergedByOurWrite() throws {
    let system = InterleavingFileSystem()
    try withStorage(system) {
      @Shared(.appStorage("count")) var count = 0
      @Shared(.appStorage("name")) var name = "first"
      // NB: their write lands; our watcher has not heard of it when our next write reads the file.
      system.holdNotifications()
      try system.memory.write(Data(#"{"count": 3, "name": "first"}"#.utf8), to: appStorageURL)
      $name.withLock { $0 = "ours" }

      #expect(count == 3)
      #expect(name == "ours")
      let written = try #require(system.memory.file(appStorageURL))
      let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
      #expect(object["count"] as? Int == 3)
      #expect(object["name"] as? String == "ours")
      #expect(!system.memory.paths.contains { $0.contains(".conflict-") })
      system.releaseNotifications()
      #expect(count == 3)
    }
  }

  @Test func aCancelledWatchLetsGoOfItsHandler() {
    final class Probe: Sendable {}
    let file = StoredFile(url: url, storage: .inMemory)
    weak var released: Probe?
    do {
      let probe = Probe()
      released = probe
      // NB: the writer keeps the handler to look again after a busy write; cancelling the
      //     watch must let go of it there too, or whatever it holds lives on.
      let subscription = file.watch { _ = probe }
      subscription.cancel()
    }
    #expect(released == nil)
  }
}

/// A file-storage key reports load and save outcomes to its subscriber through the file it
/// shares with the reference; a cancelled subscription must let go of that subscriber, or the
/// reference it holds lives as long as the file does.
struct FileSubscriptionReleaseTests {
  @Test func aCancelledSubscriptionLetsGoOfItsSubscriber() {
    final class Probe: Sendable {}
    weak var released: Probe?
    withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      let key: FileStorageKey<Int> = .fileStorage(URL(fileURLWithPath: "/data/count.json"))
      do {
        let probe = Probe()
        released = probe
        let subscription = key.subscribe(
          context: .initialValue(0),
          subscriber: SharedSubscriber { _ in _ = probe }
        )
        subscription.cancel()
      }
      // NB: The key, and its file, are still here, as a reference keeps them.
      #expect(released == nil)
      _ = key
    }
  }
}
