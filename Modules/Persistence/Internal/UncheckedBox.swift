/// Carries a value that is not `Sendable` but is never mutated after it is boxed (an encoder or
/// decoder configured once) into `@Sendable` closures.
struct UncheckedBox<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
