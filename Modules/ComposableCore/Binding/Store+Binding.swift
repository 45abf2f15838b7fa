extension Store where State: ObservableState, Action: BindableAction, Action.State == State {
  /// Reads a field of the state, observed; writing it sends `.binding(.set(keyPath, newValue))`:
  /// `store.query = "milk"`. Writing one that no ``BindingReducer`` applies is reported.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { core.observedState(at: keyPath) }
    set { sendBinding(keyPath, newValue, as: Action.self) { $0 } }
  }
}

extension Store
where State: Equatable & Sendable & ObservableState, Action: BindableAction, Action.State == State {
  /// The current state, observed; setting it sends `.binding(.set(\.self, newValue))`.
  public var state: State {
    get { core.observedState }
    set { sendBinding(\.self, newValue, as: Action.self) { $0 } }
  }
}

extension Store
where
  State: ObservableState, Action: ViewAction, Action.ViewAction: BindableAction,
  Action.ViewAction.State == State
{
  /// Reads a field of the state, observed; writing it sends
  /// `.view(.binding(.set(keyPath, newValue)))`. Writing one that no ``BindingReducer`` applies
  /// is reported.
  @_disfavoredOverload
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Value>
  ) -> Value {
    get { core.observedState(at: keyPath) }
    set { sendBinding(keyPath, newValue, as: Action.ViewAction.self) { .view($0) } }
  }
}

extension Store
where
  State: Equatable & Sendable & ObservableState, Action: ViewAction,
  Action.ViewAction: BindableAction, Action.ViewAction.State == State
{
  /// The current state, observed; setting it sends `.view(.binding(.set(\.self, newValue)))`.
  public var state: State {
    get { core.observedState }
    set { sendBinding(\.self, newValue, as: Action.ViewAction.self) { .view($0) } }
  }
}
