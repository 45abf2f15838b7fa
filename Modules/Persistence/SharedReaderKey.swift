/// A strategy for loading a shared value from somewhere outside the reference, and for hearing
/// about changes made there.
///
/// Conform to write your own persistence strategy; `@SharedReader(.myKey)` then works with it.
/// References are created once per ``id`` (per test under test), so equal ids share one value.
/// A key may finish loading later, on any thread: the reference is ``Shared/isLoading`` until then.
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of value the key stores.
  associatedtype Value: Sendable
  /// What identifies the stored value: two keys with equal ids share one reference.
  associatedtype ID: Hashable = Self

  /// The identity of the stored value.
  var id: ID { get }

  /// Loads the stored value and hands it to `continuation`: a value, the initial value when
  /// nothing is stored, or an error when something is stored but cannot be read.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Starts delivering changes made outside the process to `subscriber`, until the returned
  /// subscription is cancelled.
  func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>) -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  /// A key that is its own identity.
  public var id: ID { self }
}

extension SharedReaderKey {
  /// A key paired with the default value a reference starts from: `Self[.fileStorage(url), default: []]`.
  public typealias Default = SharedKeyDefault<Self>
}
