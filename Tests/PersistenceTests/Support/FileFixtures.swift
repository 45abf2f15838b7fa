import Foundation
@testable import Persistence

/// A directory of real files for one test, removed when the test ends.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("PersistenceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  deinit { try? FileManager.default.removeItem(at: url) }
}

extension FileStorage {
  /// The in-memory file system behind this storage (only for in-memory storages).
  var memory: InMemoryFileSystem { system as! InMemoryFileSystem }

  /// Another storage over the same files, as a new process would see them.
  func reopened() -> FileStorage {
    FileStorage(system: system, clock: nil as ContinuousClock?)
  }
}

extension FileSystem {
  /// The file's contents now, then after every change.
  func contents(of url: URL) -> AsyncStream<Data?> {
    AsyncStream { continuation in
      let subscription = watch(url) { continuation.yield(try? read(url)) }
      continuation.yield(try? read(url))
      continuation.onTermination = { _ in subscription.cancel() }
    }
  }
}

func json<T: Encodable>(_ value: T) -> Data {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  return try! encoder.encode(value)
}

func decoded<T: Decodable>(_ type: T.Type, _ data: Data?) -> T? {
  data.flatMap { try? JSONDecoder().decode(T.self, from: $0) }
}

extension InMemoryFileSystem {
  /// The file's contents, or `nil` when there is none.
  func file(_ url: URL) -> Data? { try? read(url) }
}
