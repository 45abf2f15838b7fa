import ConcurrencyExtras

/// Runs `operation` so that it can be cancelled by `id`: `Task.cancel(id:)`, or, inside a
/// store's effect, `.cancel(id:)` from a reducer of the same feature, cancels it as it cancels
/// `.cancellable(id:)` effects.
///
/// ```swift
/// return .run { send in
///   try await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     try await clock.sleep(for: .milliseconds(300))
///     await send(.searchResponse(try await api.search(query)))
///   }
/// }
/// ```
///
/// - Parameters:
///   - id: The cancel id.
///   - cancelInFlight: Whether work already running under `id` is cancelled first, which
///     debounces: only the last of several calls runs to its end.
///   - isolation: The caller's actor, which this function runs on; the compiler fills it in.
///   - operation: The work. Cancelling the caller cancels it too.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  operation: @escaping @Sendable () async throws -> T
) async rethrows -> T {
  let id = AnyHashableSendable(id)
  let scope = EffectScope.current
  let (task, tracking) = await start(operation, id: id, cancelInFlight: cancelInFlight, in: scope)
  let result = await withTaskCancellationHandler {
    await task.result
  } onCancel: {
    task.cancel()
  }
  await untrack(tracking, id: id, in: scope)
  return try result.rethrowingGet()
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the work running under `id`: `withTaskCancellation(id:)` work, and, inside a
  /// store's effect, the feature's `.cancellable(id:)` effects, as `.cancel(id:)` does.
  ///
  /// Inside an effect registered under `id` itself, the calling task is cancelled at once, so
  /// `try Task.checkCancellation()` right after throws; the store's other work under `id` is
  /// cancelled on the main actor, where the store runs, a moment later.
  public static func cancel(id: some Hashable & Sendable) {
    let id = AnyHashableSendable(id)
    guard let scope = EffectScope.current else {
      TaskCancellationRegistry.shared.cancel(id: id)
      return
    }
    if scope.context.cancelIDs.contains(CancelID(id, path: scope.context.path)) {
      withUnsafeCurrentTask { $0?.cancel() }
    }
    _Concurrency.Task<Void, Never> { @MainActor in scope.cancel(id) }
  }
}

/// Where a task started by ``withTaskCancellation(id:cancelInFlight:isolation:operation:)`` is
/// registered.
private enum Tracking: Sendable {
  case registry(Int)
  case store(Int)
  case untracked
}

/// Starts `operation` in a task of its own and registers that task under `id`, with nothing
/// between the two: outside a store in the registry's lock, inside one on the main actor,
/// where the store cancels. A cancel of `id` sent as the work begins, by the work itself or
/// by anyone else, reaches it.
private func start<T: Sendable>(
  _ operation: @escaping @Sendable () async throws -> T,
  id: AnyHashableSendable,
  cancelInFlight: Bool,
  in scope: EffectScope?
) async -> (Task<T, any Error>, Tracking) {
  guard let scope else {
    let (task, entry) = TaskCancellationRegistry.shared.start(
      id: id, cancellingInFlight: cancelInFlight
    ) {
      makeTask(running: operation)
    }
    return (task, .registry(entry))
  }
  return await MainActor.run {
    if cancelInFlight { scope.cancel(id) }
    let task = makeTask(running: operation)
    guard let store = scope.store else { return (task, Tracking.untracked) }
    // NB: The store registers a task it can cancel; cancelling it cancels the work.
    return (task, .store(store.track(makeWatcher(of: task), id: id, in: scope.context)))
  }
}

/// A task running `operation`, off any actor: made here, not in the main actor's closure that
/// registers it, so the work does not begin with a hop to the main actor.
private func makeTask<T: Sendable>(
  running operation: @escaping @Sendable () async throws -> T
) -> Task<T, any Error> {
  Task { try await operation() }
}

/// A task that ends when `task` does and, cancelled, cancels it.
private func makeWatcher<T: Sendable>(of task: Task<T, any Error>) -> Task<Void, Never> {
  Task {
    await withTaskCancellationHandler {
      _ = await task.result
    } onCancel: {
      task.cancel()
    }
  }
}

private func untrack(_ tracking: Tracking, id: AnyHashableSendable, in scope: EffectScope?) async {
  switch tracking {
  case .registry(let entry):
    TaskCancellationRegistry.shared.remove(entry, id: id)
  case .store(let handleID):
    await MainActor.run { scope?.store?.untrack(handleID) }
  case .untracked:
    break
  }
}
