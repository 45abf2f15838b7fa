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

    func report(_ error: FileStorageError) {
      if let deferred = Self.deferred, deferred.keep(error, for: self) { return }
      let all = handlers.withLock { Array($0.all.values) }
      for handler in all { handler(error) }
    }

    /// Where ``report(_:)`` keeps what it is told while ``deferringReports(_:)`` runs.
    @TaskLocal private static var deferred: Deferred?

    /// Runs `body`, then tells the handlers of every file it kept aside, in order.
    ///
    /// NB: a write keeps files aside while it holds the writer's and the file system's locks;
    ///     a handler is the user's code, which may change a shared value and so write again.
    static func deferringReports<R>(_ body: () throws -> R) rethrows -> R {
      let deferred = Deferred()
      defer {
        for (reports, error) in deferred.close() { reports.report(error) }
      }
      return try $deferred.withValue(deferred, operation: body)
    }

    /// The reports kept while a write runs.
    ///
    /// NB: a task started inside inherits the task-local; once the write is over, what it reports
    ///     is told at once.
    final class Deferred: Sendable {
      private let state = Lock<(isClosed: Bool, reports: [(AsideReports, FileStorageError)])>((false, []))

      /// Keeps `error` for later, unless the write is over; returns whether it was kept.
      func keep(_ error: FileStorageError, for reports: AsideReports) -> Bool {
        state.withLock { state in
          guard !state.isClosed else { return false }
          state.reports.append((reports, error))
          return true
        }
      }

      /// Ends the keeping and returns what was kept.
      func close() -> [(AsideReports, FileStorageError)] {
        state.withLock { state in
          state.isClosed = true
          return state.reports
        }
      }
    }
  }
}
