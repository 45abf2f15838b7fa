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
        // NB: the handler is released after the lock: what it holds may cancel another.
        let removed = self?.handlers.withLock { $0.all.removeValue(forKey: token) }
        _ = removed
      }
    }

    /// Tells every handler, once no write holds its locks (see ``OutsideLocks``).
    func report(_ error: FileStorageError) {
      OutsideLocks.run { [self] in
        let all = handlers.withLock { Array($0.all.values) }
        for handler in all { handler(error) }
      }
    }
  }
}
