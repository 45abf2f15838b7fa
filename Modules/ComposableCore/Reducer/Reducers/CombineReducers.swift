/// Groups reducers into one, so a modifier such as ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``
/// or ``Reducer/dependency(_:_:)`` applies to all of them.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.counter, action: \.counter) { Counter() }
///   Reduce { state, action in … }
/// }
/// .dependency(\.continuousClock, ImmediateClock())
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline
  let reducers: Reducers

  /// Combines the reducers in `build`, run top to bottom.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }

  /// Prepares the combined reducers.
  @inlinable
  public func _prepare() -> _PreparedReducer<State, Action> {
    reducers._prepare()
  }
}
