import Animations

/// Sends actions back into the store from inside ``Effect/run(priority:name:operation:catch:fileID:filePath:line:column:)``.
///
/// Call it like a function: `await send(.response(value))`. Actions sent after the effect's
/// task was cancelled are dropped, so a cancelled effect can never change state.
///
/// An action may be sent with an animation or a transaction, as in TCA:
///
/// ```swift
/// await send(.tick, animation: .default)
/// await send(.finished, transaction: Transaction(animation: .linear))
/// ```
///
/// Off Apple platforms these are inert: the action is sent exactly as it is without them.
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

  /// Sends an action back into the store with an animation, unless the current task is
  /// cancelled. The animation is inert: the action is sent as ``callAsFunction(_:)`` sends it.
  public func callAsFunction(_ action: Action, animation: Animation?) {
    callAsFunction(action, transaction: Transaction(animation: animation))
  }

  /// Sends an action back into the store in a transaction, unless the current task is
  /// cancelled. The transaction is inert: the action is sent as ``callAsFunction(_:)`` sends it.
  public func callAsFunction(_ action: Action, transaction: Transaction) {
    guard !Task.isCancelled else { return }
    withTransaction(transaction) {
      self(action)
    }
  }
}

/// The sender of a feature's effects: `SendOf<Counter>` is `Send<Counter.Action>`.
public typealias SendOf<R: Reducer> = Send<R.Action>
