extension Shared {
  /// The value now, then again after every change, including changes loaded from outside.
  ///
  /// ```swift
  /// for await count in $count.values { print(count) }
  /// ```
  public var values: AsyncStream<Value> { makeValues(reference) }

  /// Calls `action` with the new value after every change, including changes loaded from outside,
  /// until the returned subscription is cancelled or released. Do not mutate the reference inside.
  public func onChange(_ action: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    reference.subscribe(action)
  }
}

extension SharedReader {
  /// The value now, then again after every change, including changes loaded from outside.
  public var values: AsyncStream<Value> { makeValues(reference) }

  /// Calls `action` with the new value after every change, until the returned subscription is
  /// cancelled or released.
  public func onChange(_ action: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    reference.subscribe(action)
  }
}

private func makeValues<Value: Sendable>(_ reference: any Reference<Value>) -> AsyncStream<Value> {
  AsyncStream { continuation in
    let subscription = reference.subscribe { continuation.yield($0) }
    continuation.yield(reference.value)
    continuation.onTermination = { _ in subscription.cancel() }
  }
}
