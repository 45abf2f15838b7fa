/// Describes how a feature's state evolves when an action arrives, and what effects follow.
///
/// Conform either by implementing ``reduce(into:action:)`` or by composing other reducers in
/// ``body``:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   @CasePathable enum Action { case decrementButtonTapped, incrementButtonTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .decrementButtonTapped: state.count -= 1; return .none
///       case .incrementButtonTapped: state.count += 1; return .none
///       }
///     }
///   }
/// }
/// ```
///
/// A store builds a reducer's tree once rather than for every action: it evaluates ``body``
/// when it is created, and the body of each child (in a `Scope`, `ifLet`, `forEach`…) when the
/// child's first action arrives. What the reducers read when they run — state, actions,
/// `@Dependency` values — is read for every action as before; only code written in `body`
/// itself, outside the reducers it returns, runs once per store. A reducer implements either
/// ``reduce(into:action:)`` or ``body``: a store runs the body of a reducer that has one.
public protocol Reducer<State, Action> {
  /// The state the reducer works on.
  associatedtype State

  /// The actions the reducer handles.
  associatedtype Action

  /// The type of ``body``; `Never` when the reducer implements ``reduce(into:action:)`` itself.
  associatedtype Body

  /// Evolves `state` for `action` and returns the effects to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is made of, run in order for every action.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// The reducer as a store runs it: its tree built once, for every action to come.
  ///
  /// NB: Not meant to be called or implemented outside the library: the default for a reducer
  /// with a ``body`` prepares the body, and the default for one that implements
  /// ``reduce(into:action:)`` calls it. The library's composite reducers (``Scope``, `ifLet`,
  /// `forEach`, the builder's sequences…) prepare their children once and keep what they
  /// resolve from key paths.
  func _prepare() -> _PreparedReducer<State, Action>
}

extension Reducer {
  /// Calls ``reduce(into:action:)``.
  @inlinable
  public func _prepare() -> _PreparedReducer<State, Action> {
    _PreparedReducer { self.reduce(into: &$0, action: $1) }
  }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError("'\(Self.self)' has no body: it implements 'reduce(into:action:)' instead.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body`` for one action.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  /// Prepares ``body``, evaluated once.
  @inlinable
  public func _prepare() -> _PreparedReducer<State, Action> {
    body._prepare()
  }
}

/// A reducer with the same state and action as `R`: `var body: some ReducerOf<Self>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
