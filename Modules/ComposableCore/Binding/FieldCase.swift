/// The case path of the binding action that sets the field at `keyPath`.
struct FieldCase<Root: ObservableState, Value: Equatable & Sendable>: Sendable {
  let keyPath: _SendableWritableKeyPath<Root, Value>

  func embed(_ value: Value) -> BindingAction<Root> {
    .set(keyPath, value)
  }

  func extract(_ action: BindingAction<Root>) -> Value? {
    action.keyPath == keyPath ? action.value as? Value : nil
  }
}
