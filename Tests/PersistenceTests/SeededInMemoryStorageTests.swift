import Clocks
import Dependencies
import Foundation
import Persistence
import Testing

/// `FileStorage.inMemory(files:clock:)` and `changeAsAnotherProcess(_:contents:)`: a storage that
/// starts from given files and touches none on disk, changed as another process would change
/// it — what a test, a preview or a replayed session runs on.
struct SeededInMemoryStorageTests {
  let url = URL(fileURLWithPath: "/data/count.json")

  @Test func aKeyLoadsTheSeededFile() {
    let storage = FileStorage.inMemory(files: [url: Data("7".utf8)], clock: TestClock())
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @SharedReader(.fileStorage(url)) var count = 0
      #expect(count == 7)
      #expect(!FileManager.default.fileExists(atPath: url.path))
    }
  }

  @Test func aChangeAsAnotherProcessReachesTheKeysBeforeItReturns() {
    let storage = FileStorage.inMemory(files: [url: Data("7".utf8)], clock: TestClock())
    withDependencies { $0.defaultFileStorage = storage } operation: {
      @SharedReader(.fileStorage(url)) var count = 0
      storage.changeAsAnotherProcess(url, contents: Data("8".utf8))
      #expect(count == 8)
      storage.changeAsAnotherProcess(url, contents: nil)
      #expect(count == 0)
    }
  }

  @Test func aStorageOnDiskIsNotChanged() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("count.json")
    FileStorage.live.changeAsAnotherProcess(file, contents: Data("8".utf8))
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }
}
