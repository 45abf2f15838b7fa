extension Reducer {
  /// Runs another reducer after this one whenever a value derived from state changes.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.count) { oldValue, newValue in
  ///     Reduce { state, _ in
  ///       state.fact = nil
  ///       return .none
  ///     }
  ///   }
  /// ```
  @inlinable
  public func onChange<Value: Equatable, Other: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value) -> Other
  ) -> _OnChangeReducer<Self, Value, Other> {
    _OnChangeReducer(base: self, toValue: toValue, reducer: reducer)
  }
}

/// The reducer ``Reducer/onChange(of:_:)`` returns.
public struct _OnChangeReducer<Base: Reducer, Value: Equatable, Other: Reducer<Base.State, Base.Action>>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let reducer: (Value, Value) -> Other

  @usableFromInline
  init(base: Base, toValue: @escaping (Base.State) -> Value, reducer: @escaping (Value, Value) -> Other) {
    self.base = base
    self.toValue = toValue
    self.reducer = reducer
  }

  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffects = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return baseEffects }
    return baseEffects.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
