import Foundation
import Locking
@testable import Persistence

/// An in-memory file system that lets a test put another process's write at an exact point of
/// ours: right after the next read of a file, right after the next write under exclusive
/// access (while our writer still counts as busy), or before the watcher has heard of it.
final class InterleavingFileSystem: FileSystem {
  let memory = InMemoryFileSystem()
  private let hooks = Lock<(afterRead: [String: @Sendable () -> Void], afterExclusive: (@Sendable () -> Void)?)>(([:], nil))
  /// Notifications held back while ``holdNotifications()`` is in force: a watcher that has not
  /// yet been told of a change.
  private let held = Lock<(isHolding: Bool, calls: [@Sendable () -> Void])>((false, []))

  /// Holds back every notification until ``releaseNotifications()``.
  func holdNotifications() {
    held.withLock { $0.isHolding = true }
  }

  /// Delivers the notifications held back, in order, and stops holding them.
  func releaseNotifications() {
    let calls = held.withLock { held in
      held.isHolding = false
      defer { held.calls = [] }
      return held.calls
    }
    for call in calls { call() }
  }

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
    memory.watch(url) { [self] in
      let isHeld = held.withLock { held in
        guard held.isHolding else { return false }
        held.calls.append(onChange)
        return true
      }
      if !isHeld { onChange() }
    }
  }
}
