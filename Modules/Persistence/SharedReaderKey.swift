/// A strategy for loading a shared value from somewhere outside the reference, and for hearing
/// about changes made there.
///
/// Conform to write your own persistence strategy; `@SharedReader(.myKey)` then works with it.
/// References are created once per ``id`` (per test under test), so equal ids share one value.
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of value the key stores.
  associatedtype Value: Sendable
  /// What identifies the stored value: two keys with equal ids share one reference.
  associatedtype ID: Hashable & Sendable

  /// The identity of the stored value.
  var id: ID { get }

  /// Reads the stored value, or returns `nil` when nothing is stored so the reference keeps
  /// `initialValue`. Throws when something is stored but cannot be read.
  func load(initialValue: Value) throws -> Value?

  /// Starts delivering changes made outside the process to `subscriber`, until the returned
  /// subscription is cancelled.
  func subscribe(initialValue: Value, subscriber: SharedSubscriber<Value>) -> SharedSubscription
}

extension SharedReaderKey {
  /// A key paired with the default value a reference starts from: `Self[.fileStorage(url), default: []]`.
  public typealias Default = SharedKeyDefault<Self>

  /// Keys that never change from outside subscribe to nothing.
  public func subscribe(initialValue: Value, subscriber: SharedSubscriber<Value>) -> SharedSubscription {
    SharedSubscription {}
  }
}
