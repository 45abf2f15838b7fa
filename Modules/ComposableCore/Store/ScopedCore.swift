import ChangeTracking

/// A view onto part of a parent core: reads derive from the parent's state; its store embeds
/// its sends in the parent's actions. Holds no state of its own.
@MainActor
final class ScopedCore<ParentState, ParentAction, State, Action>: Core {
  private let parent: any Core<ParentState, ParentAction>
  private let toState: KeyPath<ParentState, State>

  init(
    parent: any Core<ParentState, ParentAction>,
    toState: KeyPath<ParentState, State>
  ) {
    self.parent = parent
    self.toState = toState
  }

  var state: State {
    parent.state(at: toState)
  }

  var observedState: State {
    parent.observedState(at: toState)
  }

  func state<Value>(at keyPath: KeyPath<State, Value>) -> Value {
    parent.state(at: toState)[keyPath: keyPath]
  }

  func observedState<Value>(at keyPath: KeyPath<State, Value>) -> Value {
    parent.observedState(at: toState)[keyPath: keyPath]
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
    parent.isInvalid
  }

  func addObserver(_ onChange: @escaping @MainActor () -> Void) -> Int {
    parent.addObserver(onChange)
  }

  func removeObserver(_ token: Int) {
    parent.removeObserver(token)
  }
}
