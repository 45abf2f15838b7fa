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
    func appStorageFile(at url: URL, make: () -> AppStorageFile) -> AppStorageFile {
      appStorageFiles.withLock { files in
        if let file = files[url.path] { return file }
        let file = make()
        files[url.path] = file
        return file
      }
    }
  }

  /// A writer the registry does not keep alive.
  struct WeakWriter: Sendable {
    weak var writer: ThrottledWriter?
  }
}
