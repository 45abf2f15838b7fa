/// A reducer made of the features in an enum's cases: what `@Reducer enum Destination { … }`
/// conforms to. Its ``body`` is static, so `ifLet` and `forEach` can run it from the state's
/// type alone.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, Body: Reducer, Body.State == State, Body.Action == Action {
  /// The enum of the cases' states.
  associatedtype State = State
  /// The enum of the cases' actions.
  associatedtype Action = Action
  /// The type of ``body``.
  associatedtype Body = Body
  /// The enum of the cases' stores, which `store.case` returns.
  associatedtype CaseScope: _CaseScopeProtocol

  /// Runs each case's reducer on its case.
  @ReducerBuilder<State, Action>
  static var body: Body { get }

  /// The store of the case `store`'s state is in.
  @preconcurrency @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// The static ``body``.
  public var body: Body {
    Self.body
  }
}
