/// A throwing getter whose errors a `rethrows` function may pass on: the standard library's
/// `@rethrows` protocol mechanism, which lets `withTaskCancellation` rethrow the error of the
/// operation it ran in another task.
@rethrows
protocol RethrowingGettable {
  associatedtype Value
  func get() throws -> Value
}

extension RethrowingGettable {
  /// The value, or the error, thrown on as the `rethrows` caller's own.
  func rethrowingGet() rethrows -> Value {
    try get()
  }
}

extension Result: RethrowingGettable {}
