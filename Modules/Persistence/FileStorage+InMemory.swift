import Foundation

// MARK: - Storage in memory seeded with files, and changed as another process would change it:
// for tests, previews and replays that must touch no file on disk

extension FileStorage {
  /// A file system in memory holding `files`, whose writes are spaced on `clock` as the disk's
  /// are on the continuous clock: a test, a preview or a replayed session that starts from
  /// these files and touches none on disk.
  ///
  /// ```swift
  /// $0.defaultFileStorage = .inMemory(files: [todosURL: Data(#"[]"#.utf8)], clock: clock)
  /// ```
  public static func inMemory<C: Clock<Duration>>(files: [URL: Data], clock: C) -> FileStorage {
    let system = InMemoryFileSystem()
    for (url, data) in files {
      system.seed(data, at: url.canonicalFileURL)
    }
    return FileStorage(system: system, clock: clock)
  }

  /// Whether any file of this storage was written less than a write interval ago: its writer
  /// then sleeps on the storage's clock until the interval ends, and writes again if changed
  /// meanwhile. A test that advances the clock learns whether a sleep is still to come.
  public var isWritingInIntervals: Bool {
    writers.all.contains(where: \.isCooling)
  }

  /// Writes `contents` to a file of an in-memory storage as another process would (`nil`
  /// removes it): the keys watching it hear of the change before this returns, as they hear of
  /// a change on disk. Does nothing to a storage on disk.
  public func changeAsAnotherProcess(_ url: URL, contents: Data?) {
    guard let system = system as? InMemoryFileSystem else { return }
    let url = url.canonicalFileURL
    if let contents {
      try? system.write(contents, to: url)
    } else {
      system.remove(url)
    }
  }
}
