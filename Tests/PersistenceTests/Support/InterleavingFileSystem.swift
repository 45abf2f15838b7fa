import Foundation
import Locking
@testable import Persistence

/// An in-memory file system that lets a test put another process's write at an exact point of
/// ours: right after the next read of a file, or right after the next write under exclusive
/// access, while our writer still counts as busy.
final class InterleavingFileSystem: FileSystem {
  let memory = InMemoryFileSystem()
  private let hooks = Lock<(afterRead: [String: @Sendable () -> Void], afterExclusive: (@Sendable () -> Void)?)>(([:], nil))

  /// Runs `body` once, right after the next read of `url` returns its data to the reader.
  func afterNextRead(of url: URL, _ body: @escaping @Sendable () -> Void) {
    hooks.withLock { $0.afterRead[url.path] = body }
  }

  /// Runs `body` once, right after the next `withExclusiveAccess` ends.
  func afterNextExclusiveAccess(_ body: @escaping @Sendable () -> Void) {
    hooks.withLock { $0.afterExclusive = body }
  }

  func read(_ url: URL) throws -> Data? {
    let data = try memory.read(url)
    hooks.withLock { $0.afterRead.removeValue(forKey: url.path) }?()
    return data
  }

  func write(_ data: Data, to url: URL) throws { try memory.write(data, to: url) }
  func move(_ url: URL, to destination: URL) throws { try memory.move(url, to: destination) }
  func removeLeftovers(of url: URL) { memory.removeLeftovers(of: url) }

  func withExclusiveAccess<R>(to url: URL, _ body: () throws -> R) throws -> R {
    let result = try memory.withExclusiveAccess(to: url, body)
    hooks.withLock { $0.afterExclusive.take() }?()
    return result
  }

  func watch(_ url: URL, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    memory.watch(url, onChange)
  }
}
