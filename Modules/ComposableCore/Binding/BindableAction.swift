@_spi(Reflection) import CasePaths

/// An action with a `binding` case holding a ``BindingAction``, which ``BindingReducer``
/// applies to the state.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveButtonTapped
/// }
/// ```
public protocol BindableAction<State> {
  /// The state whose fields binding actions set.
  associatedtype State

  /// Embeds a binding action in this action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action holds, if it is the `binding` case.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The binding action this action holds, if it is the `binding` case.
  public var binding: BindingAction<State>? {
    // NB: The `binding` case is the one whose payload is a binding action of this state.
    EnumMetadata.project(self) as? BindingAction<State>
  }
}

extension BindableAction where State: ObservableState {
  /// The action that sets the field at `keyPath` to `value`: `.set(\.isOn, true)`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: _SendableWritableKeyPath<State, Value>,
    _ value: Value
  ) -> Self {
    binding(.set(keyPath, value))
  }
}
