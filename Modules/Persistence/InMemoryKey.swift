/// A key for a value shared across the process but never persisted.
///
/// ```swift
/// @Shared(.inMemory("facts")) var facts: [String] = []
/// ```
///
/// The value lives as long as the process (one store per test under test), even after every
/// reference to it is released.
public struct InMemoryKey<Value: Sendable>: SharedKey, ValueHoldingKey, CustomStringConvertible {
  /// The name the value is stored under.
  public let name: String

  /// The identity of an in-memory value: its name.
  public var id: InMemoryKeyID { InMemoryKeyID(name: name) }

  /// The key as it is written: `.inMemory("facts")`.
  public var description: String { ".inMemory(\(String(reflecting: name)))" }

  /// Nothing is stored outside the reference, so the reference keeps its initial value.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resumeReturningInitialValue()
  }

  /// Nothing changes an in-memory value from outside.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    SharedSubscription {}
  }

  /// The reference itself holds the value, so there is nothing to save.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    continuation.resume()
  }
}

extension SharedReaderKey {
  /// A key for a value shared across the process but never persisted.
  public static func inMemory<Value>(_ name: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(name: name)
  }
}

/// The identity of an ``InMemoryKey``.
public struct InMemoryKeyID: Hashable, Sendable {
  let name: String
}
