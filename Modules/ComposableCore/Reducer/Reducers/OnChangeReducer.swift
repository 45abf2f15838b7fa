extension Reducer {
  /// Runs `perform` after this reducer whenever it changes a value derived from state: the
  /// streamlined form of TCA 1.25, which hands over the old value and the state to change, and
  /// takes the effect to run.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.count) { oldValue, state in
  ///     state.fact = nil
  ///     return .send(.countChanged)
  ///   }
  /// ```
  ///
  /// Only changes made by the reducer it is attached to are seen, as with every form of
  /// `onChange`.
  @inlinable
  public func onChange<Value: Equatable>(
    of toValue: @escaping (State) -> Value,
    _ perform: @escaping (_ oldValue: Value, _ state: inout State) -> Effect<Action>
  ) -> some Reducer<State, Action> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==) { oldValue, _ in
      Reduce { state, _ in perform(oldValue, &state) }
    }
  }

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
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs another reducer after this one whenever a value derived from state changes, as
  /// `isDuplicate` tells: for values that are not `Equatable`, or compared otherwise.
  ///
  /// ```swift
  /// .onChange(of: \.results, removeDuplicates: { $0.map(\.id) == $1.map(\.id) }) { _, results in
  ///   Reduce { state, _ in … }
  /// }
  /// ```
  @inlinable
  public func onChange<Value, Other: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: Value, _ newValue: Value) -> Other
  ) -> _OnChangeReducer<Self, Value, Other> {
    _OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// The reducer ``Reducer/onChange(of:_:)`` returns.
public struct _OnChangeReducer<Base: Reducer, Value, Other: Reducer<Base.State, Base.Action>>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reducer: (Value, Value) -> Other

  @usableFromInline
  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    reducer: @escaping (Value, Value) -> Other
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.reducer = reducer
  }

  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    _prepare().reduce(into: &state, action: action)
  }

  /// Prepares the base reducer; the reducer for a change is made when the change happens.
  @inlinable
  public func _prepare() -> _PreparedReducer<Base.State, Base.Action> {
    let base = self.base._prepare().run
    let (toValue, isDuplicate, reducer) = (self.toValue, self.isDuplicate, self.reducer)
    return _PreparedReducer { state, action in
      let oldValue = toValue(state)
      let baseEffects = base(&state, action)
      let newValue = toValue(state)
      guard !isDuplicate(oldValue, newValue) else { return baseEffects }
      return baseEffects.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
    }
  }
}
