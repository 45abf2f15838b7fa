import Foundation
import Locking

// MARK: - What a recorded session needs of the file storage: the files a run started from, the
// changes other processes made while it ran, and, to replay it, memory seeded with the same files

extension FileStorage {
  /// This storage, telling `onFirstRead` the contents of each file the first time it is read
  /// (`nil` when there was no file) and `onExternalChange` each change another process made to
  /// a file, as read after its notification. Both run on whichever thread read the file.
  ///
  /// The copy shares this storage's writers, so ``flush()`` of either reaches every pending
  /// write, and keys made through either are the same keys.
  package func tapped(
    onFirstRead: @escaping @Sendable (URL, Data?) -> Void,
    onExternalChange: @escaping @Sendable (URL, Data?) -> Void
  ) -> FileStorage {
    var copy = self
    copy.system = TappedFileSystem(base: system, onFirstRead: onFirstRead, onExternalChange: onExternalChange)
    return copy
  }

  /// A file system in memory holding `files`, whose writes are spaced on `clock` as the disk's
  /// are on the continuous clock: a replayed session touches no file on disk.
  package static func replaying<C: Clock<Duration>>(files: [URL: Data], clock: C) -> FileStorage {
    let system = InMemoryFileSystem()
    for (url, data) in files {
      system.seed(data, at: url.canonicalFileURL)
    }
    return FileStorage(system: system, clock: clock)
  }

  /// Whether any file of this storage was written less than a write interval ago: its writer
  /// then sleeps on the storage's clock (a replay's `write-delay` calls) until the interval ends.
  package var isWritingInIntervals: Bool {
    writers.all.contains(where: \.isCooling)
  }

  /// Writes `contents` to a file of an in-memory storage as another process would (`nil`
  /// removes it): the keys watching it hear of the change before this returns. Does nothing to a
  /// storage on disk.
  package func changeAsAnotherProcess(_ url: URL, contents: Data?) {
    guard let system = system as? InMemoryFileSystem else { return }
    let url = url.canonicalFileURL
    if let contents {
      try? system.write(contents, to: url)
    } else {
      system.remove(url)
    }
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
