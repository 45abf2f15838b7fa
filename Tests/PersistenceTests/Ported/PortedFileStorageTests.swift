import AsyncWaiting
import Clocks
import Dependencies
import Foundation
@testable import Persistence
import Testing

/// swift-sharing's file-storage tests: on the in-memory file system, then on disk. Waits on the
/// value stand in for sleeps; a bad file is kept aside and reported as `FileStorageError`.
struct PortedFileStorageTests {
  struct User: Codable, Equatable, Sendable {
    let id: Int
    var name: String
    static let blob = User(id: 1, name: "Blob")
    static let blobJr = User(id: 2, name: "Blob Jr.")
    static let blobSr = User(id: 3, name: "Blob Sr.")
    static let blobEsq = User(id: 4, name: "Blob Esq.")
  }

  let fileURL = URL(fileURLWithPath: "/data/file.json")
  let anotherFileURL = URL(fileURLWithPath: "/data/another-file.json")

  func users(_ storage: FileStorage, _ url: URL) -> [User]? {
    decoded([User].self, storage.memory.file(url))
  }

  @Test func basics() {
    let storage = FileStorage.inMemory
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(fileURL)) var users = [User]()
      #expect($users.loadError == nil)
      $users.withLock { $0.append(.blob) }
      #expect(self.users(storage, fileURL) == [.blob])
    }
  }

  @Test func customEncodeDecode() {
    let storage = FileStorage.inMemory
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.utf8Text(fileURL)) var string = ""
      #expect($string.loadError == nil)
      $string.withLock { $0 = "hello" }
      #expect(storage.memory.file(fileURL).map { String(decoding: $0, as: UTF8.self) } == "hello")
    }
  }

  @Test func throttle() async {
    let clock = TestClock()
    let storage = FileStorage.inMemory(clock: clock)
    await withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(fileURL)) var users = [User]()
      #expect(self.users(storage, fileURL) == nil)
      $users.withLock { $0.append(.blob) }
      #expect(self.users(storage, fileURL) == [.blob])
      $users.withLock { $0.append(.blobJr) }
      await clock.advance(by: .milliseconds(999))
      #expect(self.users(storage, fileURL) == [.blob])
      $users.withLock { $0.append(.blobSr) }
      await clock.advance(by: .milliseconds(1))
      let everyone: [User] = [.blob, .blobJr, .blobSr]
      let contents = storage.memory.contents(of: fileURL)
      #expect(await first(contents, where: { decoded([User].self, $0) == everyone }) != nil)
      // NB: two intervals on, whether or not the writer's last sleep began before the advance.
      // NB: the writer notices the quiet interval on its own task; without another advance the
      //     next value is written either at once or as soon as it does.
      await clock.advance(by: .seconds(2))
      $users.withLock { $0.append(.blobEsq) }
      #expect(await first(contents, where: { decoded([User].self, $0) == everyone + [.blobEsq] }) != nil)
    }
  }

  @Test func noThrottlingAfterAQuietInterval() async {
    let clock = TestClock()
    let storage = FileStorage.inMemory(clock: clock)
    await withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(fileURL)) var users = [User]()
      $users.withLock { $0.append(.blob) }
      #expect(self.users(storage, fileURL) == [.blob])
      await clock.advance(by: .seconds(2))
      $users.withLock { $0.append(.blobJr) }
      let contents = storage.memory.contents(of: fileURL)
      #expect(await first(contents, where: { decoded([User].self, $0) == [.blob, .blobJr] }) != nil)
    }
  }

  @Test func multipleFiles() {
    let storage = FileStorage.inMemory
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(fileURL)) var users = [User]()
      @Shared(.fileStorage(anotherFileURL)) var otherUsers = [User]()
      $users.withLock { $0.append(.blob) }
      #expect(self.users(storage, fileURL) == [.blob])
      #expect(self.users(storage, anotherFileURL) == nil)
      $otherUsers.withLock { $0.append(.blobJr) }
      #expect(self.users(storage, fileURL) == [.blob])
      #expect(self.users(storage, anotherFileURL) == [.blobJr])
    }
  }

  @Test func aStoredValueIsLoadedAndLeftAsIs() throws {
    let storage = FileStorage.inMemory
    try storage.memory.write(json([User.blob]), to: fileURL)
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(fileURL)) var users = [User]()
      #expect(users == [.blob])
      #expect(self.users(storage, fileURL) == [.blob])
    }
  }

  @Test func aFileThatFailsToDecodeIsReportedUntilAWriteSucceeds() throws {
    let storage = FileStorage.inMemory
    try storage.memory.write(Data("corrupt".utf8), to: fileURL)
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(fileURL)) var users = [User]()
      #expect($users.loadError is DecodingError)
      $users.withLock { $0.append(.blob) }
      #expect($users.loadError == nil)
      #expect(self.users(storage, fileURL) == [.blob])
    }
  }

  @Test func oneFileInTwoInMemoryFileSystems() {
    let first = withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      Shared(wrappedValue: User.blob, .fileStorage(fileURL))
    }
    let second = withDependencies { $0.defaultFileStorage = .inMemory } operation: {
      Shared(wrappedValue: User.blob, .fileStorage(fileURL))
    }
    first.withLock { $0.name = "Blob Jr" }
    #expect(second.wrappedValue.name == "Blob")
    second.withLock { $0.name = "Blob Sr" }
    #expect(first.wrappedValue.name == "Blob Jr")
  }

  @Test func onDisk() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("users.json")
    let moved = directory.file("moved.json")
    try await withDependencies { $0.defaultFileStorage = .live(clock: ContinuousClock()) } operation: {
      try JSONEncoder().encode([User.blob]).write(to: file)
      @Shared(.fileStorage(file)) var users = [User]()
      #expect(users == [.blob])
      let values = $users.values

      try JSONEncoder().encode([User.blobJr]).write(to: file)
      #expect(await first(values, where: { $0 == [.blobJr] }) != nil)

      try FileManager.default.moveItem(at: file, to: moved)
      #expect(await first($users.values, where: { $0 == [] }) != nil)

      try FileManager.default.moveItem(at: moved, to: file)
      #expect(await first($users.values, where: { $0 == [.blobJr] }) != nil)

      try FileManager.default.removeItem(at: file)
      #expect(await first($users.values, where: { $0 == [] }) != nil)

      try JSONEncoder().encode([User.blobEsq]).write(to: file, options: .atomic)
      #expect(await first($users.values, where: { $0 == [.blobEsq] }) != nil)
    }
  }

  @Test func onDiskAnEmptyFileIsTheDefault() throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("count.json")
    try Data().write(to: file)
    withDependencies { $0.defaultFileStorage = .live(clock: ContinuousClock()) } operation: {
      @Shared(.fileStorage(file)) var count = 0
      #expect(count == 0)
      #expect($count.loadError == nil)
    }
  }

  @Test func onDiskTwoSpellingsOfOnePathShareOneValue() throws {
    let directory = try TemporaryDirectory()
    let one = directory.file("file.json")
    let other = URL(fileURLWithPath: directory.url.path + "/./").appendingPathComponent("file.json")
    let storage = FileStorage.live(clock: ContinuousClock())
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @Shared(.fileStorage(one)) var first = 0
      @Shared(.fileStorage(other)) var second = 0
      $first.withLock { $0 = 42 }
      #expect(second == 42)
      $second.withLock { $0 = 1728 }
      #expect(first == 1728)
    }
    // NB: The second change waits out the first's interval; written now, it is one file's, and
    //     nothing is left to write into the directory after the test removes it.
    storage.flush()
    #expect(decoded(Int.self, try Data(contentsOf: one)) == 1728)
  }
}

extension SharedReaderKey where Self == FileStorageKey<String> {
  /// A file holding UTF-8 text as it is.
  fileprivate static func utf8Text(_ url: URL) -> Self {
    .fileStorage(url, decode: { String(decoding: $0, as: UTF8.self) }, encode: { Data($0.utf8) })
  }
}
