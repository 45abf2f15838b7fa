import ComposableCore

extension Reducer {
  /// This reducer, with every action it receives recorded by `recorder` before it runs (so an
  /// action that crashes the run is in the file).
  public func recorded(by recorder: SessionRecorder) -> _SessionReducer<Self> {
    _SessionReducer(base: self) { action, state, run in
      recorder.recordAction(action)
      return run(&state)
    }
  }

  /// This reducer, with every action it receives checked by `replay` against its recording.
  public func replayed(by replay: SessionReplay<State, Action>) -> _SessionReducer<Self> {
    _SessionReducer(base: self) { action, state, run in
      replay.reduce(action, state: &state, run: run)
    }
  }
}

/// The reducer ``Reducer/recorded(by:)`` and ``Reducer/replayed(by:)`` return: the base reducer,
/// run through a closure that sees each action and the state before and after it.
public struct _SessionReducer<Base: Reducer>: Reducer {
  /// Given the action, the state, and a function that runs the base reducer on it.
  public typealias Around = (
    _ action: Base.Action,
    _ state: inout Base.State,
    _ run: (inout Base.State) -> Effect<Base.Action>
  ) -> Effect<Base.Action>

  @usableFromInline let base: Base
  @usableFromInline let around: Around

  /// Creates the reducer.
  @inlinable
  public init(base: Base, around: @escaping Around) {
    self.base = base
    self.around = around
  }

  /// Runs the reducer for one action.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    _prepare().reduce(into: &state, action: action)
  }

  /// Prepares the base reducer once, and runs it through the closure.
  @inlinable
  public func _prepare() -> _PreparedReducer<Base.State, Base.Action> {
    let base = self.base._prepare()
    let around = self.around
    return _PreparedReducer { state, action in
      around(action, &state) { base.reduce(into: &$0, action: action) }
    }
  }
}
