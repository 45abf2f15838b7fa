/// Builds a reducer from the reducers listed in a closure, run top to bottom for every action,
/// their effects merged.
///
/// Supports `if`, `if`–`else`, `switch`, `for`–`in` and availability checks, like SwiftUI's
/// view builder.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// Runs the reducers of a `for`–`in` loop in order.
  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _ReducerArray<R> {
    _ReducerArray(reducers: reducers)
  }

  /// An empty body: a reducer that does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// A body of one reducer.
  @inlinable
  public static func buildBlock<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  /// The first branch of an `if`–`else` or `switch`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first reducer: R0
  ) -> _Conditional<R0, R1> {
    .first(reducer)
  }

  /// The second branch of an `if`–`else` or `switch`.
  @inlinable
  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second reducer: R1
  ) -> _Conditional<R0, R1> {
    .second(reducer)
  }

  /// A reducer listed in the body.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ expression: R) -> R {
    expression
  }

  /// The finished body.
  @inlinable
  /// Accepts a reducer whose type is erased, `any Reducer<State, Action>`, wrapping it in
  /// ``Reduce``.
  @_disfavoredOverload
  public static func buildExpression(_ expression: any Reducer<State, Action>) -> Reduce<State, Action> {
    Reduce(expression)
  }

  public static func buildFinalResult<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  /// A reducer inside `if #available`, type-erased.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(
    _ wrapped: R
  ) -> Reduce<State, Action> {
    Reduce(wrapped)
  }

  /// An `if` without `else`: the reducer runs when the condition held.
  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ wrapped: R?) -> R? {
    wrapped
  }

  /// The first reducer of a body.
  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  /// The reducers so far followed by the next one, run in order.
  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _Sequence<R0, R1> {
    _Sequence(first: accumulated, second: next)
  }
}
