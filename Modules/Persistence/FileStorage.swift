import Dependencies
import Foundation
import Synchronization

/// Where file-backed shared values (`.fileStorage` and `.appStorage`) are read and written: the
/// real disk when live, a fresh in-memory file system per test under test.
///
/// Override it for a test that needs real files or a controlled clock:
///
/// ```swift
/// withDependencies { $0.defaultFileStorage = .live(clock: testClock) } operation: { … }
/// ```
public struct FileStorage: Sendable {
  var system: any FileSystem
  let writerFactory: @Sendable (FileStorage.Writers) -> ThrottledWriter
  let writers = Writers()
  let asideReports = AsideReports()

  init<C: Clock<Duration>>(system: any FileSystem, clock: C?) {
    self.system = system
    self.writerFactory = { writers in
      ThrottledWriter(clock: clock) { writers.add($0) }
    }
  }

  /// The disk, with writes coalesced on the continuous clock: the first made at once, before the
  /// change returns, then at most one per second. One instance for the whole process, so
  /// ``flush()`` reaches every pending write.
  public static let live = FileStorage(system: LiveFileSystem(), clock: ContinuousClock())

  /// The disk, as swift-sharing names it: ``live``.
  public static var fileSystem: FileStorage { live }

  /// The disk, with writes coalesced on `clock` (e.g. a `TestClock`).
  public static func live<C: Clock<Duration>>(clock: C) -> FileStorage {
    FileStorage(system: LiveFileSystem(), clock: clock)
  }

  /// A new, empty file system in memory, each time it is read; writes happen at once. As
  /// swift-sharing's: `$0.defaultFileStorage = .inMemory`.
  public static var inMemory: FileStorage {
    FileStorage(system: InMemoryFileSystem(), clock: nil as ContinuousClock?)
  }

  /// A new, empty file system in memory, with writes coalesced on `clock`.
  public static func inMemory<C: Clock<Duration>>(clock: C) -> FileStorage {
    FileStorage(system: InMemoryFileSystem(), clock: clock)
  }

  /// Writes everything pending and returns when it is stored. Call it before the process exits.
  ///
  /// Failures are reported through each reference's `saveError`.
  public func flush() {
    for writer in writers.all { try? writer.flush() }
  }

  /// Calls `handler` each time a file is kept aside, as it happens: a file found corrupt or
  /// unreadable, or another writer's file moved aside in a conflict. The same errors reach the
  /// reference's `loadError`, which holds only the latest; this sees every one, e.g. to tell the
  /// user at once. Runs on whichever thread found the problem; cancel the subscription to stop.
  public func onFileKeptAside(_ handler: @escaping @Sendable (FileStorageError) -> Void) -> SharedSubscription {
    asideReports.add(handler)
  }

  func makeWriter() -> ThrottledWriter { writerFactory(writers) }
}

extension FileStorage: DependencyKey {
  /// The disk.
  public static var liveValue: FileStorage { .live }
  /// A fresh in-memory file system for each test.
  public static var testValue: FileStorage { .inMemory }
}

extension DependencyValues {
  /// Where `.fileStorage` and `.appStorage` keys read and write.
  public var defaultFileStorage: FileStorage {
    get { self[FileStorage.self] }
    set { self[FileStorage.self] = newValue }
  }
}
