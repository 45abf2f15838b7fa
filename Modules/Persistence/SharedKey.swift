/// A ``SharedReaderKey`` that can also store values, so `@Shared` can write through it.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Stores `value`.
  ///
  /// With ``SaveContext/didSet`` (after each mutation) a key may defer and coalesce the write and
  /// report its outcome later through ``SharedSubscriber/reportSave(_:)``. With
  /// ``SaveContext/userInitiated`` the value must be stored before the method returns, or throw.
  func save(_ value: Value, context: SaveContext) throws
}
