import Foundation
import Locking

extension FileStorage {
  /// What one file storage shares between its keys: the writers that have had something to
  /// write (for ``flush()``) and the app-storage files.
  final class Writers: Sendable {
    private let writers = Lock<[ObjectIdentifier: WeakWriter]>([:])
    private let appStorageFiles = Lock<[String: AppStorageFile]>([:])

    func add(_ writer: ThrottledWriter) {
      writers.withLock { writers in
        let id = ObjectIdentifier(writer)
        if writers[id]?.writer == nil { writers[id] = WeakWriter(writer: writer) }
      }
    }

    var all: [ThrottledWriter] {
      writers.withLock { writers in
        writers = writers.filter { $0.value.writer != nil }
        return writers.values.compactMap(\.writer)
      }
    }

    /// The one app-storage file per path for this file storage.
    ///
    /// NB: the file is made (read, watched) outside the lock: reading a file that must be kept
    ///     aside tells ``FileStorage/onFileKeptAside(_:)``'s handlers, which may make app-storage
    ///     keys of their own. If two are made for one path at once, the first registered wins
    ///     and the other stops watching.
    func appStorageFile(at url: URL, make: () -> AppStorageFile) -> AppStorageFile {
      if let file = appStorageFiles.withLock({ $0[url.path] }) { return file }
      let made = make()
      let registered = appStorageFiles.withLock { files in
        if let file = files[url.path] { return file }
        files[url.path] = made
        return made
      }
      if registered !== made { made.stopWatching() }
      return registered
    }
  }

  /// A writer the registry does not keep alive.
  struct WeakWriter: Sendable {
    weak var writer: ThrottledWriter?
  }
}
