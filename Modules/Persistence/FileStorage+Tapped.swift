import Foundation
import Locking

// MARK: - A storage whose reads are watched: the files a run started from, and the changes other
// processes made while it ran (what a session records)

extension FileStorage {
  /// This storage, telling `onFirstRead` the contents of each file the first time it is read
  /// (`nil` when there was no file) and `onExternalChange` each change another process made to
  /// a file, as read after its notification. Both run on whichever thread read the file.
  ///
  /// The copy shares this storage's writers, so ``flush()`` of either reaches every pending
  /// write, and keys made through either are the same keys.
  public func tapped(
    onFirstRead: @escaping @Sendable (URL, Data?) -> Void,
    onExternalChange: @escaping @Sendable (URL, Data?) -> Void
  ) -> FileStorage {
    var copy = self
    copy.system = TappedFileSystem(base: system, onFirstRead: onFirstRead, onExternalChange: onExternalChange)
    return copy
  }
}

/// A file system that tells a recorder what a run read first and what other processes changed.
private final class TappedFileSystem: FileSystem {
  let base: any FileSystem
  let onFirstRead: @Sendable (URL, Data?) -> Void
  let onExternalChange: @Sendable (URL, Data?) -> Void
  let read = Lock<Set<String>>([])

  init(
    base: any FileSystem,
    onFirstRead: @escaping @Sendable (URL, Data?) -> Void,
    onExternalChange: @escaping @Sendable (URL, Data?) -> Void
  ) {
    self.base = base
    self.onFirstRead = onFirstRead
    self.onExternalChange = onExternalChange
  }

  func read(_ url: URL) throws -> Data? {
    let data = try base.read(url)
    if read.withLock({ $0.insert(url.path).inserted }) { onFirstRead(url, data) }
    return data
  }

  func write(_ data: Data, to url: URL) throws {
    // NB: A file written before it was ever read starts from our contents: nothing to record.
    _ = read.withLock { $0.insert(url.path) }
    try base.write(data, to: url)
  }

  func move(_ url: URL, to destination: URL) throws { try base.move(url, to: destination) }

  func withExclusiveAccess<R>(to url: URL, _ body: () throws -> R) throws -> R {
    try base.withExclusiveAccess(to: url, body)
  }

  func removeLeftovers(of url: URL) { base.removeLeftovers(of: url) }

  func watch(_ url: URL, _ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    base.watch(url, onChange)
  }

  func noteExternalChange(_ url: URL, contents: Data?) {
    onExternalChange(url, contents)
    base.noteExternalChange(url, contents: contents)
  }
}
