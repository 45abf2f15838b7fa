import Foundation
import Locking

/// A file system in memory, one per test under test, so tests never touch the user's files.
final class InMemoryFileSystem: FileSystem {
  private struct State {
    var files: [String: Data] = [:]
    /// Files that exist but cannot be read (as without permission).
    var unreadable: Set<String> = []
    var nextToken = 0
    var watchers: [String: [Int: @Sendable () -> Void]] = [:]
  }

  private let state = Lock(State())
  private let access = Lock<Void>(())

  func read(_ url: URL) throws -> Data? {
    try state.withLock { state in
      if state.unreadable.contains(url.path) {
        throw FileStorageError.posix(url: url, operation: "open", errno: EACCES)
      }
      return state.files[url.path]
    }
  }

  func write(_ data: Data, to url: URL) throws {
    state.withLock {
      $0.files[url.path] = data
      $0.unreadable.remove(url.path)
    }
    notify(url)
  }

  func move(_ url: URL, to destination: URL) throws {
    try state.withLock { state in
      guard let data = state.files.removeValue(forKey: url.path) else {
        throw FileStorageError.posix(url: url, operation: "rename", errno: ENOENT)
      }
      state.files[destination.path] = data
      if state.unreadable.remove(url.path) != nil { state.unreadable.insert(destination.path) }
    }
    notify(url)
    notify(destination)
  }

  func removeLeftovers(of url: URL) {}

  func withExclusiveAccess<R>(to url: URL, _ body: () throws -> R) throws -> R {
    try access.withLock { _ in try body() }
  }

  /// Puts a file in place without telling anyone, as if it had been there all along.
  func seed(_ data: Data, at url: URL) {
    state.withLock { $0.files[url.path] = data }
  }

  /// Makes a file unreadable, as a file without read permission is.
  func makeUnreadable(_ url: URL) {
    state.withLock { _ = $0.unreadable.insert(url.path) }
  }

  /// Whether the file exists and cannot be read.
  func isUnreadable(_ url: URL) -> Bool {
    state.withLock { $0.unreadable.contains(url.path) }
  }

  /// Removes a file, as another process might.
  func remove(_ url: URL) {
    state.withLock { _ = $0.files.removeValue(forKey: url.path) }
    notify(url)
  }

  /// The paths of every file, for tests.
  var paths: [String] {
    state.withLock { Array($0.files.keys) }
  }

  func watch(_ url: URL, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    let token = state.withLock { state in
      defer { state.nextToken += 1 }
      state.watchers[url.path, default: [:]][state.nextToken] = onChange
      return state.nextToken
    }
    return SharedSubscription { [weak self] in
      self?.state.withLock { _ = $0.watchers[url.path]?.removeValue(forKey: token) }
    }
  }

  private func notify(_ url: URL) {
    let watchers = state.withLock { $0.watchers[url.path].map { Array($0.values) } ?? [] }
    for onChange in watchers { onChange() }
  }
}
