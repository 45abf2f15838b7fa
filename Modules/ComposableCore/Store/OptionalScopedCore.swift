import ChangeTracking

/// A view onto optional child state that was present when the child store was made: reads
/// give the child's state, or its last value once the parent sets it to `nil` (a view being
/// dismissed still renders), its store's sends are embedded in the parent's actions.
@MainActor
final class OptionalScopedCore<ParentState, ParentAction, State, Action>: Core {
  private let parent: any Core<ParentState, ParentAction>
  private let toState: KeyPath<ParentState, State?>
  private var lastState: State

  init(
    parent: any Core<ParentState, ParentAction>,
    initialState: State,
    toState: KeyPath<ParentState, State?>
  ) {
    self.parent = parent
    self.lastState = initialState
    self.toState = toState
  }

  var state: State {
    if let state = parent.state(at: toState) {
      lastState = state
    }
    return lastState
  }

  var observedState: State {
    if let state = parent.observedState(at: toState) {
      lastState = state
    }
    return lastState
  }

  func state<Value>(at keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  func observedState<Value>(at keyPath: KeyPath<State, Value>) -> Value {
    observedState[keyPath: keyPath]
  }

  var effectCount: (tasks: Int, cancelIDs: Int) {
    parent.effectCount
  }

  var sendProcessing: SendProcessing {
    parent.sendProcessing
  }

  var isSending: Bool {
    parent.isSending
  }

  var isInvalid: Bool {
    parent.isInvalid || parent.state(at: toState) == nil
  }

  func addObserver(_ onChange: @escaping @MainActor () -> Void) -> Int {
    parent.addObserver(onChange)
  }

  func removeObserver(_ token: Int) {
    parent.removeObserver(token)
  }
}
