/// A reducer's tree as a store runs it, made once by ``Reducer/_prepare()``: a function from
/// state and action to effects, with every `body` in it already evaluated.
public struct _PreparedReducer<State, Action>: Reducer {
  @usableFromInline
  let run: (inout State, Action) -> Effect<Action>

  /// A prepared reducer that runs `run` for every action.
  @inlinable
  public init(_ run: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.run = run
  }

  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }

  /// Itself: it is already prepared.
  @inlinable
  public func _prepare() -> Self {
    self
  }
}
