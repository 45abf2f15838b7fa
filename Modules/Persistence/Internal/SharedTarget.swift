/// What a `Shared` refers to: its reference, and the same object again when it is a root so
/// `withLock` can skip the existential dispatch.
@usableFromInline
final class SharedTarget<Value: Sendable>: Sendable {
  let reference: any MutableReference<Value>
  @usableFromInline let root: RootReference<Value>?

  init(reference: any MutableReference<Value>) {
    self.reference = reference
    self.root = reference as? RootReference<Value>
  }
}

extension SharedTarget {
  @usableFromInline
  var derivedValue: Value { reference.value }

  @usableFromInline
  func derivedWithLock<R, E: Error>(_ operation: (inout Value) throws(E) -> R) throws(E) -> R {
    try reference.withLock(operation)
  }
}
