// NB: The small reducers a `ReducerBuilder` produces. They are public because they appear in
// the types of `body`, but are not meant to be named directly.

/// Two reducers run in order; their effects merged.
public struct _Sequence<R0: Reducer, R1: Reducer<R0.State, R0.Action>>: Reducer {
  @usableFromInline let first: R0
  @usableFromInline let second: R1

  @inlinable
  init(first: R0, second: R1) {
    self.first = first
    self.second = second
  }

  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    first.reduce(into: &state, action: action)
      .merge(with: second.reduce(into: &state, action: action))
  }

  /// Prepares both reducers, run in order.
  @inlinable
  public func _prepare() -> _PreparedReducer<R0.State, R0.Action> {
    let first = self.first._prepare().run
    let second = self.second._prepare().run
    return _PreparedReducer { state, action in
      first(&state, action).merge(with: second(&state, action))
    }
  }
}

/// One of two reducers, from an `if`–`else` or `switch` in a builder.
public enum _Conditional<First: Reducer, Second: Reducer<First.State, First.Action>>: Reducer {
  case first(First)
  case second(Second)

  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let first): first.reduce(into: &state, action: action)
    case .second(let second): second.reduce(into: &state, action: action)
    }
  }

  /// Prepares the reducer the builder chose.
  @inlinable
  public func _prepare() -> _PreparedReducer<First.State, First.Action> {
    switch self {
    case .first(let first): first._prepare()
    case .second(let second): second._prepare()
    }
  }
}

/// Reducers from a `for`–`in` loop in a builder, run in order.
public struct _ReducerArray<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @inlinable
  init(reducers: [Element]) {
    self.reducers = reducers
  }

  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout Element.State, action: Element.Action)
    -> Effect<Element.Action>
  {
    .merge(reducers.map { $0.reduce(into: &state, action: action) })
  }

  /// Prepares every reducer, run in order.
  @inlinable
  public func _prepare() -> _PreparedReducer<Element.State, Element.Action> {
    let reducers = self.reducers.map { $0._prepare().run }
    return _PreparedReducer { state, action in
      .merge(reducers.map { $0(&state, action) })
    }
  }
}

extension Optional: Reducer where Wrapped: Reducer {
  /// Runs the wrapped reducer when there is one; an `if` without `else` in a builder.
  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action)
    -> Effect<Wrapped.Action>
  {
    self?.reduce(into: &state, action: action) ?? .none
  }

  /// Prepares the wrapped reducer, or one that does nothing.
  @inlinable
  public func _prepare() -> _PreparedReducer<Wrapped.State, Wrapped.Action> {
    self?._prepare() ?? _PreparedReducer { _, _ in .none }
  }
}
