import Locking

extension FileStorage {
  /// Who is told when a file is kept aside; shared by every key of one file storage.
  final class AsideReports: Sendable {
    private let handlers = Lock<(next: Int, all: [Int: @Sendable (FileStorageError) -> Void])>((0, [:]))

    func add(_ handler: @escaping @Sendable (FileStorageError) -> Void) -> SharedSubscription {
      let token = handlers.withLock { handlers in
        defer { handlers.next += 1 }
        handlers.all[handlers.next] = handler
        return handlers.next
      }
      return SharedSubscription { [weak self] in
        self?.handlers.withLock { _ = $0.all.removeValue(forKey: token) }
      }
    }

    func report(_ error: FileStorageError) {
      let all = handlers.withLock { Array($0.all.values) }
      for handler in all { handler(error) }
    }
  }
}
