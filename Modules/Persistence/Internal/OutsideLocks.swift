import Locking

/// What a write must not do while it holds the writer's and the file system's locks — tell the
/// user's code, or a shared value, of what it found — kept until they are released.
///
/// A handler of ``FileStorage/onFileKeptAside(_:)`` may change a shared value and so write
/// again; a shared value told of a merged file takes its own lock, which a thread that is
/// saving holds while it waits for the writer's.
enum OutsideLocks {
  /// Runs `action` now, or, inside ``deferring(_:)``, once its body has returned.
  static func run(_ action: @escaping @Sendable () -> Void) {
    if let pending, pending.keep(action) { return }
    action()
  }

  /// Runs `body`, then every action ``run(_:)`` was given meanwhile, in order.
  static func deferring<R>(_ body: () throws -> R) rethrows -> R {
    let pending = Pending()
    defer {
      for action in pending.close() { action() }
    }
    return try $pending.withValue(pending, operation: body)
  }

  @TaskLocal private static var pending: Pending?

  /// The actions kept while a body runs.
  ///
  /// NB: a task started inside inherits the task-local; once the body has returned, what it
  ///     is given runs at once.
  private final class Pending: Sendable {
    private let state = Lock<(isClosed: Bool, actions: [@Sendable () -> Void])>((false, []))

    /// Keeps `action` for later, unless the body has returned; returns whether it was kept.
    func keep(_ action: @escaping @Sendable () -> Void) -> Bool {
      state.withLock { state in
        guard !state.isClosed else { return false }
        state.actions.append(action)
        return true
      }
    }

    /// Ends the keeping and returns what was kept.
    func close() -> [@Sendable () -> Void] {
      state.withLock { state in
        state.isClosed = true
        return state.actions
      }
    }
  }
}
