import CasePaths

/// Applies the ``BindingAction``s of a ``BindableAction`` to the state. Put it first in the
/// body, so the other reducers see the field already set:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.query):
///       return .send(.search)
///     …
/// ```
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where State == ViewAction.State {
  @usableFromInline
  let toViewAction: (Action) -> ViewAction?

  /// A reducer that applies the binding actions of the feature's own action.
  @inlinable
  public init() where Action == ViewAction {
    self.init(internal: { $0 })
  }

  /// A reducer that applies the binding actions of a view action nested in the feature's
  /// action, named by its case key path: `BindingReducer(action: \.view)`.
  @inlinable
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    self.init(internal: { $0[case: toViewAction] })
  }

  @usableFromInline
  init(internal toViewAction: @escaping (_ action: Action) -> ViewAction?) {
    self.toViewAction = toViewAction
  }

  /// Sets the field a binding action names; returns no effect.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let bindingAction = toViewAction(action).flatMap(\.binding) else { return .none }
    bindingAction.set(&state)
    return .none
  }
}
