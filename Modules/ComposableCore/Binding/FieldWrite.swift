/// Writes `value` at `keyPath`.
struct FieldWrite<Root, Value: Equatable & Sendable>: BindingWrite {
  let keyPath: _SendableWritableKeyPath<Root, Value>
  let fieldValue: Value

  init(keyPath: _SendableWritableKeyPath<Root, Value>, value: Value) {
    self.keyPath = keyPath
    self.fieldValue = value
  }

  var value: any Sendable { fieldValue }

  func apply(to root: inout Root) {
    root[keyPath: keyPath] = fieldValue
  }

  func holds(_ other: Any) -> Bool {
    (other as? Value) == fieldValue
  }
}
