extension Effect where Action: Sendable {
  /// The actions this effect sends, run on its own, outside any store.
  ///
  /// The stream starts the effect's work when it is created and finishes when all of it has
  /// ended; cancelling the task that iterates it cancels the work. Cancel ids are not scoped
  /// to a store here: `Task.cancel(id:)` outside a store reaches `.cancellable(id:)` work, and
  /// `.cancel(id:)` cancels it too. Used to test an effect without a store.
  ///
  /// ```swift
  /// for await action in effect.actions {
  ///   received.append(action)
  /// }
  /// ```
  @_spi(Internals) public var actions: AsyncStream<Action> {
    AsyncStream { continuation in
      // NB: Outside any store's effect, so cancel ids go to the registry `Task.cancel(id:)`
      //     uses there.
      let task = EffectScope.$current.withValue(nil) {
        Task {
          await self.runDetached { continuation.yield($0) }
          continuation.finish()
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }

  /// Runs the effect's work in the current task, handing each action to `yield`.
  private func runDetached(_ yield: @escaping @Sendable (Action) -> Void) async {
    switch operation {
    case .none, .cancelNavigation, .cancelRemovedElements:
      return
    case .send(let action):
      yield(action)
    case .run(_, _, let body):
      await body(Send { yield($0) })
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await effect.runDetached(yield) }
        }
      }
    case .concatenate(let effects):
      for effect in effects {
        await effect.runDetached(yield)
      }
    case .cancellable(let effect, let id, let cancelInFlight):
      await withTaskCancellation(id: id, cancelInFlight: cancelInFlight) {
        await effect.runDetached(yield)
      }
    case .cancel(let id):
      Task.cancel(id: id)
    case .navigation(let effect, _), .observed(let effect, _), .dismissal(let effect, _):
      await effect.runDetached(yield)
    }
  }
}
