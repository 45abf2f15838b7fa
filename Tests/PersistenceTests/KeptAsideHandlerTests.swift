import Dependencies
import Foundation
@testable import Persistence
import Testing

/// A handler of ``FileStorage/onFileKeptAside(_:)`` is the user's code: it runs after the write or
/// read that kept the file aside has let go of its locks, so it may use shared values, even the
/// one being written.
struct KeptAsideHandlerTests {
  let url = URL(fileURLWithPath: "/data/todos.json")

  @Test func aHandlerMayChangeTheValueWhoseWriteKeptAFileAside() throws {
    let storage = FileStorage.inMemory
    try withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(url)) var todos: [Todo] = []
      let shared = $todos
      let subscription = storage.onFileKeptAside { _ in
        shared.withLock { $0.append(Todo(id: 2, title: "Noted after the conflict")) }
      }
      defer { subscription.cancel() }
      try storage.memory.write(json([Todo(id: 7, title: "Theirs")]), to: url)
      storage.memory.makeUnreadable(url)

      $todos.withLock { $0 = [Todo(id: 1, title: "Ours")] }

      #expect(todos.map(\.title) == ["Ours", "Noted after the conflict"])
      #expect(decoded([Todo].self, storage.memory.file(url))?.map(\.title) == ["Ours", "Noted after the conflict"])
      #expect(storage.memory.paths.filter { $0.contains("todos.json.unreadable-") }.count == 1)
    }
  }

  @Test func aHandlerMayWriteAnotherFile() throws {
    let storage = FileStorage.inMemory
    try withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(url)) var todos: [Todo] = []
      @Shared(.fileStorage(URL(fileURLWithPath: "/data/log.json"))) var log: [String] = []
      let shared = $log
      let subscription = storage.onFileKeptAside { error in
        shared.withLock { $0.append("kept aside: \(error.fileName)") }
      }
      defer { subscription.cancel() }
      try storage.memory.write(json([Todo(id: 7, title: "Theirs")]), to: url)
      storage.memory.makeUnreadable(url)

      $todos.withLock { $0 = [Todo(id: 1, title: "Ours")] }

      #expect(log == ["kept aside: todos.json"])
      #expect(decoded([String].self, storage.memory.file(URL(fileURLWithPath: "/data/log.json"))) == log)
    }
  }

  @Test func aHandlerMayMakeAnAppStorageKeyWhileTheFileIsRead() throws {
    let storage = FileStorage.inMemory
    let directory = URL(fileURLWithPath: "/data")
    let appStorage = directory.appendingPathComponent("app-storage.json")
    try withDependencies {
      $0.defaultFileStorage = storage
      $0.defaultDataDirectory = directory
    } operation: {
      try storage.memory.write(Data("{ not json".utf8), to: appStorage)
      let subscription = storage.onFileKeptAside { error in
        @Shared(.appStorage("lastProblem")) var lastProblem = ""
        $lastProblem.withLock { $0 = error.fileName }
      }
      defer { subscription.cancel() }

      @Shared(.appStorage("count")) var count = 0
      $count.withLock { $0 += 1 }

      @Shared(.appStorage("lastProblem")) var lastProblem = ""
      #expect(lastProblem == "app-storage.json")
      #expect(count == 1)
      let written = try #require(storage.memory.file(appStorage))
      let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
      #expect(object["count"] as? Int == 1)
      #expect(object["lastProblem"] as? String == "app-storage.json")
    }
  }

  @Test func cancellingAHandlerMayCancelAnotherFromItsDeinit() {
    let storage = FileStorage.inMemory
    final class Owner: Sendable {
      let subscription: SharedSubscription
      init(_ subscription: SharedSubscription) { self.subscription = subscription }
      deinit { subscription.cancel() }
    }
    var owner: Owner? = Owner(storage.onFileKeptAside { _ in })
    let first = storage.onFileKeptAside { [owner] _ in _ = owner }
    owner = nil
    // Releases the handler, the last owner of the other subscription.
    first.cancel()
  }
}

extension FileStorageError {
  /// The name of the file the error is about.
  fileprivate var fileName: String {
    switch self {
    case .corruptFile(let url, _, _), .unreadableFile(let url, _, _), .mismatchedValue(let url, _, _),
      .conflictingWrite(let url, _), .posix(let url, _, _), .writeFailed(let url, _):
      url.lastPathComponent
    }
  }
}
