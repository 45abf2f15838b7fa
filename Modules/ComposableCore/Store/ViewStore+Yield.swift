import Animations

@available(*, deprecated)
extension ViewStore {
  /// Sends an action, then suspends while `predicate` holds of the view state: for an action
  /// whose effect sets a flag back when its work is done (`isLoading`). Cancelling the waiting
  /// task cancels the action's effects.
  public func send(
    _ action: ViewAction,
    while predicate: @escaping (_ state: ViewState) -> Bool
  ) async {
    let task = send(action)
    await withTaskCancellationHandler {
      await self.yield(while: predicate)
    } onCancel: {
      task.cancel()
    }
  }

  /// Sends an action with an animation (inert off Apple platforms), then suspends while
  /// `predicate` holds of the view state, as ``send(_:while:)`` does.
  public func send(
    _ action: ViewAction,
    animation: Animation?,
    while predicate: @escaping (_ state: ViewState) -> Bool
  ) async {
    let task = withAnimation(animation) { send(action) }
    await withTaskCancellationHandler {
      await self.yield(while: predicate)
    } onCancel: {
      task.cancel()
    }
  }

  /// Suspends while `predicate` holds of the view state: returns at once when it does not, or
  /// at the first change of state for which it does not, or when the task is cancelled.
  public func yield(while predicate: @escaping (_ state: ViewState) -> Bool) async {
    guard predicate(state), !Task.isCancelled else { return }
    let wait = ViewStoreWait()
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        wait.continuation = continuation
        wait.subscription = onChange { newState in
          if !predicate(newState) { wait.finish() }
        }
        if Task.isCancelled { wait.finish() }
      }
    } onCancel: {
      Task { @MainActor in wait.finish() }
    }
  }
}

/// A ``ViewStore/yield(while:)`` in progress: the suspended task, and the callback that resumes
/// it. Finishing it more than once does nothing.
@MainActor
final class ViewStoreWait {
  var continuation: CheckedContinuation<Void, Never>?
  var subscription: ViewStoreSubscription?

  func finish() {
    subscription?.cancel()
    subscription = nil
    continuation?.resume()
    continuation = nil
  }
}
