/// Sends actions back into the store from inside ``Effect/run(priority:name:operation:catch:fileID:filePath:line:column:)``.
///
/// Call it like a function: `await send(.response(value))`. Actions sent after the effect's
/// task was cancelled are dropped, so a cancelled effect can never change state.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// Creates a sender from a closure; useful to test an effect's operation on its own.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the store, unless the current task is cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}
