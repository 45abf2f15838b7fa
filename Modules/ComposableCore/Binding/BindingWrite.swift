/// What a ``BindingAction`` does: set one field to one value. A value, not a closure, so a
/// binding action stays `Sendable` without capturing its state's type.
protocol BindingWrite<Root>: Sendable {
  associatedtype Root
  /// The value written.
  var value: any Sendable { get }
  /// Writes the value into `root`.
  func apply(to root: inout Root)
  /// Whether `other` is a value of the same type equal to the one written.
  func holds(_ other: Any) -> Bool
}
