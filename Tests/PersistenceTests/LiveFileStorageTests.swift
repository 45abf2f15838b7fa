import AsyncWaiting
import Clocks
import ConcurrencyExtras
import Dependencies
import Foundation
@testable import Persistence
import Testing

/// Real files in a temporary directory, watched through inotify.
struct LiveFileStorageTests {
  let directory: TemporaryDirectory
  let storage = FileStorage.live(clock: ContinuousClock())

  init() throws { directory = try TemporaryDirectory() }

  func withLiveStorage<R>(_ operation: () async throws -> R) async rethrows -> R {
    try await withDependencies {
      $0.defaultFileStorage = storage
      $0.defaultDataDirectory = directory.url
    } operation: {
      try await operation()
    }
  }

  @Test func writesAreAtomicJSONInACreatedDirectory() async throws {
    let url = directory.url.appendingPathComponent("nested/deeper/todos.json")
    try await withLiveStorage {
      @Shared(.fileStorage(url)) var todos: [Todo] = []
      $todos.withLock { $0.append(Todo(id: 1, title: "Milk")) }
      storage.flush()
      #expect(decoded([Todo].self, try? Data(contentsOf: url)) == [Todo(id: 1, title: "Milk")])
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
      // NB: the lock file writers take turns on stays, empty (see `withExclusiveAccess`).
      #expect(leftovers.sorted() == [".todos.json.lock", "todos.json"])
    }
  }

  @Test func externalWriteReachesTheValueWithin100Milliseconds() async throws {
    let url = directory.file("count.json")
    try await withLiveStorage {
      @Shared(.fileStorage(url)) var count = 0
      let values = $count.values
      let arrival = LockIsolated<ContinuousClock.Instant?>(nil)
      let subscription = $count.onChange { _ in arrival.withValue { $0 = $0 ?? .now } }
      try json(7).write(to: url)
      let written = ContinuousClock.now
      #expect(await first(values, where: { $0 == 7 }) == 7)
      let latency = try #require(arrival.value) - written
      #expect(latency < .milliseconds(100))
      subscription.cancel()
    }
  }

  @Test func writeFromAnotherProcessIsPickedUp() async throws {
    let url = directory.file("count.json")
    try await withLiveStorage {
      @Shared(.fileStorage(url)) var count = 0
      let values = $count.values
      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/bin/sh")
      shell.arguments = ["-c", "printf 21 > '\(url.path)'"]
      try shell.run()
      shell.waitUntilExit()
      #expect(await first(values, where: { $0 == 21 }) == 21)
    }
  }

  @Test func atomicRenameIntoPlaceIsPickedUp() async throws {
    let url = directory.file("count.json")
    try await withLiveStorage {
      @Shared(.fileStorage(url)) var count = 0
      let values = $count.values
      let staged = directory.file("staged.tmp")
      try json(5).write(to: staged)
      #expect(rename(staged.path, url.path) == 0)
      #expect(await first(values, where: { $0 == 5 }) == 5)
    }
  }

  @Test func deleteResetsToTheDefault() async throws {
    let url = directory.file("count.json")
    try json(3).write(to: url)
    try await withLiveStorage {
      @Shared(.fileStorage(url)) var count = 0
      #expect(count == 3)
      let values = $count.values
      try FileManager.default.removeItem(at: url)
      #expect(await first(values, where: { $0 == 0 }) == 0)
    }
  }

  @Test func corruptFileIsMovedAsideOnDisk() async throws {
    let url = directory.file("todos.json")
    try Data("[{".utf8).write(to: url)
    try await withLiveStorage {
      @Shared(.fileStorage(url)) var todos: [Todo] = []
      #expect($todos.loadError is DecodingError)
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      #expect(names.count == 1)
      #expect(names.first?.hasPrefix("todos.json.corrupt-") == true)
    }
  }

  @Test func directoryWhereTheFileGoesIsMovedAsideNotWrittenInto() async throws {
    let url = directory.file("todos.json")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    try Data("notes".utf8).write(to: url.appendingPathComponent("notes.txt"))
    try await withLiveStorage {
      @Shared(.fileStorage(url)) var todos: [Todo] = []
      let message = "\(try #require($todos.loadError))"
      #expect(message.contains("(Is a directory)"))
      $todos.withLock { $0.append(Todo(id: 1, title: "Milk")) }
      storage.flush()
      #expect($todos.saveError == nil)
      #expect(decoded([Todo].self, try? Data(contentsOf: url)) == [Todo(id: 1, title: "Milk")])
      let aside = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).first { $0.hasPrefix("todos.json.unreadable-") })
      #expect(message.contains(aside))
      #expect(try String(contentsOf: directory.file(aside).appendingPathComponent("notes.txt"), encoding: .utf8) == "notes")
    }
  }

  @Test func temporaryFilesOfKilledWritersAreRemovedOnLoad() async throws {
    let url = directory.file("todos.json")
    let finished = Process()
    finished.executableURL = URL(fileURLWithPath: "/bin/true")
    try finished.run()
    finished.waitUntilExit()
    let dead = directory.file(".todos.json.\(finished.processIdentifier)-42.tmp")
    let ours = directory.file(".todos.json.\(getpid())-42.tmp")
    let other = directory.file(".notes.json.\(finished.processIdentifier)-42.tmp")
    for file in [dead, ours, other] { try Data("[".utf8).write(to: file) }
    try await withLiveStorage {
      @Shared(.fileStorage(url)) var todos: [Todo] = []
      let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.url.path))
      #expect(names == [ours.lastPathComponent, other.lastPathComponent])
    }
  }

  @Test func unwritableLocationGivesSaveErrorNotACrash() async throws {
    let blocker = directory.file("not-a-directory")
    try Data("x".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("todos.json")
    await withLiveStorage {
      @Shared(.fileStorage(url)) var todos: [Todo] = []
      $todos.withLock { $0.append(Todo(id: 1, title: "Milk")) }
      storage.flush()
      #expect($todos.saveError != nil)
      #expect(todos.count == 1)
    }
  }

  @Test func appStorageLivesInOneFileInTheDataDirectory() async throws {
    try await withLiveStorage {
      @Shared(.appStorage("count")) var count = 0
      @Shared(.appStorage("name")) var name = ""
      $count.withLock { $0 = 2 }
      $name.withLock { $0 = "Blob" }
      storage.flush()
      let data = try Data(contentsOf: directory.file("app-storage.json"))
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      #expect(object?["count"] as? Int == 2)
      #expect(object?["name"] as? String == "Blob")
    }
  }

  @Test func anotherProcessWritingWhileOursIsPendingIsKeptAside() async throws {
    let url = directory.file("count.json")
    let clock = TestClock()
    let storage = FileStorage.live(clock: clock)
    try await withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 1 }
      // NB: Wait until the first write is done and the writer cools down on the clock, so the
      // next change is still pending when the other process writes.
      while (try? await clock.checkSuspension()) != nil {
        await Task.yield()
      }
      storage.flush()
      $count.withLock { $0 = 2 }
      try json(99).write(to: url)
      storage.flush()

      #expect(decoded(Int.self, try? Data(contentsOf: url)) == 2)
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      let aside = try #require(names.first { $0.hasPrefix("count.json.conflict-") })
      #expect(decoded(Int.self, try? Data(contentsOf: directory.file(aside))) == 99)
      #expect($count.loadError is FileStorageError)
      #expect(count == 2)
    }
  }

  @Test func appStorageChangedByAnotherProcessIsPickedUp() async throws {
    try await withLiveStorage {
      @Shared(.appStorage("theme")) var theme = "light"
      let values = $theme.values
      let staged = directory.file("staged.json")
      try Data(#"{"theme": "dark"}"#.utf8).write(to: staged)
      #expect(rename(staged.path, directory.file("app-storage.json").path) == 0)
      #expect(await first(values, where: { $0 == "dark" }) == "dark")
    }
  }
}

/// A change to a file-storage value on disk is encoded and written on the caller's thread before
/// `withLock` returns, as swift-sharing writes it: read right after, the file holds it, and a
/// `kill -9` then loses nothing.
struct FileStorageWriteOnTheCallerTests {
  enum Caller {
    @TaskLocal static var isCaller = false
  }

  @Test func aChangeIsOnDiskWhenWithLockReturns() throws {
    let directory = try TemporaryDirectory()
    let url = directory.file("count.json")
    let encodedByCaller = LockIsolated<[Bool]>([])
    withDependencies { $0.defaultFileStorage = .live(clock: ContinuousClock()) } operation: {
      let decode: @Sendable (Data) throws -> Int = { try JSONDecoder().decode(Int.self, from: $0) }
      // NB: The task-local is bound on the caller's thread only: an encoding made on another
      //     thread reads `false`.
      let encode: @Sendable (Int) throws -> Data = { value in
        encodedByCaller.withValue { $0.append(Caller.isCaller) }
        return try JSONEncoder().encode(value)
      }
      @Shared(.fileStorage(url, decode: decode, encode: encode)) var count = 0
      Caller.$isCaller.withValue(true) {
        $count.withLock { $0 = 1 }
      }
      #expect(encodedByCaller.value == [true])
      #expect(decoded(Int.self, try? Data(contentsOf: url)) == 1)
    }
  }
}

/// swift-sharing's live file-storage tests that read the file right after a change (`LiveTests`'
/// `basics` and the first part of `writeFileWhileThrottling`): the first change of a burst is on
/// disk when `withLock` returns; a second within the interval waits for it to end.
struct PortedLiveFileStorageTests {
  struct User: Codable, Equatable {
    var id: Int
    var name: String
    static let blob = User(id: 1, name: "Blob")
    static let blobJr = User(id: 2, name: "Blob Jr.")
  }

  @Test func basics() throws {
    let directory = try TemporaryDirectory()
    let fileURL = directory.file("file.json")
    try withDependencies { $0.defaultFileStorage = .live(clock: ContinuousClock()) } operation: { () throws in
      @Shared(.fileStorage(fileURL)) var users = [User]()
      #expect($users.loadError == nil)

      $users.withLock { $0.append(.blob) }
      #expect(try JSONDecoder().decode([User].self, from: Data(contentsOf: fileURL)) == [.blob])
    }
  }

  @Test func writeFileWhileThrottling() async throws {
    let directory = try TemporaryDirectory()
    let fileURL = directory.file("file.json")
    let clock = TestClock()
    let storage = FileStorage.live(clock: clock)
    try await withDependencies { $0.defaultFileStorage = storage } operation: { () async throws in
      @Shared(.fileStorage(fileURL)) var users = [User]()

      $users.withLock { $0.append(.blob) }
      #expect(try JSONDecoder().decode([User].self, from: Data(contentsOf: fileURL)) == [.blob])
      $users.withLock { $0.append(.blobJr) }
      #expect(try JSONDecoder().decode([User].self, from: Data(contentsOf: fileURL)) == [.blob])

      await clock.advance(by: .seconds(1))
      storage.flush()
      #expect(try JSONDecoder().decode([User].self, from: Data(contentsOf: fileURL)) == [.blob, .blobJr])
    }
  }
}

/// `URL.documentsDirectory`, which swift-sharing's examples name a file-storage key's file with,
/// and which the Foundation of Linux lacks.
struct DocumentsDirectoryTests {
  @Test func theDocumentsDirectoryIsTheOneFileManagerGives() {
    #expect(URL.documentsDirectory == FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0])
    #expect(URL.documentsDirectory.appending(component: "users.json").lastPathComponent == "users.json")
  }
}
