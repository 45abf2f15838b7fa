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
  if cancelInFlight {
    await cancelWork(id: id, in: scope)
  }
  let task = Task { try await operation() }
  let tracking = await track(task, id: id, in: scope)
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

private func cancelWork(id: AnyHashableSendable, in scope: EffectScope?) async {
  guard let scope else {
    TaskCancellationRegistry.shared.cancel(id: id)
    return
  }
  await MainActor.run { scope.cancel(id) }
}

/// Where a task started by ``withTaskCancellation(id:cancelInFlight:isolation:operation:)`` is
/// registered.
private enum Tracking: Sendable {
  case registry(Int)
  case store(Int)
  case untracked
}

private func track<T>(
  _ task: Task<T, any Error>, id: AnyHashableSendable, in scope: EffectScope?
) async -> Tracking {
  guard let scope else {
    return .registry(TaskCancellationRegistry.shared.insert({ task.cancel() }, id: id))
  }
  // NB: The store registers a task it can cancel; cancelling it cancels the work.
  let watcher = Task<Void, Never> {
    await withTaskCancellationHandler {
      _ = await task.result
    } onCancel: {
      task.cancel()
    }
  }
  return await MainActor.run {
    guard let store = scope.store else { return Tracking.untracked }
    return .store(store.track(watcher, id: id, in: scope.context))
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
