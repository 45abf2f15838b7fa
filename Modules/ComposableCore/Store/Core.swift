import ChangeTracking

/// The engine behind a ``Store``: the root runs the reducer; a scoped core is a view onto its
/// parent.
@MainActor
protocol Core<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action

  var state: State { get }
  /// The state, recording the read for observation: a change of the root state's identity
  /// (or, for state that is not `ObservableState`, any processed `send`) is announced to it.
  var observedState: State { get }
  /// A part of the state, read in place: the rest of the state is not copied.
  func state<Value>(at keyPath: KeyPath<State, Value>) -> Value
  /// A part of the state, read in place and recorded for observation as ``observedState`` is.
  func observedState<Value>(at keyPath: KeyPath<State, Value>) -> Value
  /// Calls `onChange` after every `send` that was processed; returns a token for
  /// ``removeObserver(_:)``.
  func addObserver(_ onChange: @escaping @MainActor () -> Void) -> Int
  func removeObserver(_ token: Int)
  /// The number of running effect tasks and of cancel ids in use, in the root store.
  var effectCount: (tasks: Int, cancelIDs: Int) { get }
  /// What the root store, which processes every send, notes its sends with.
  var sendProcessing: SendProcessing { get }
  /// Whether the root store is processing a send: an action sent now is queued behind it.
  var isSending: Bool { get }
  /// Whether the state this core views is gone (an optional child's, now `nil`): actions sent
  /// to its store reach no reducer of its own.
  var isInvalid: Bool { get }
}
