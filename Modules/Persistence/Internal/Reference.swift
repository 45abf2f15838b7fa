import Foundation

/// The storage behind a `Shared` or `SharedReader`: a root holding the value, or a view of a
/// root's value through a key path or an optional.
protocol Reference<Value>: AnyObject, Sendable {
  associatedtype Value: Sendable

  /// The object the value lives in: the same for a root and everything derived from it.
  var root: AnyObject { get }
  /// The value as the caller sees it: the tracker's snapshot in assertion mode, else the live value.
  var value: Value { get }
  /// The live value, bypassing any tracker.
  var liveValue: Value { get }
  /// The snapshot the active tracker recorded for the root, if any, projected to this reference.
  func snapshot(in tracker: SharedChangeTracker) -> Value?
  /// How the reference reads inside a `Shared`'s description: its key, or `value: 0`.
  var description: String { get }
  var isLoading: Bool { get }
  var loadError: (any Error)? { get }
  var saveError: (any Error)? { get }
  func load() async throws
  func save() async throws
  func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedSubscription
}

/// A reference that can be mutated under its lock.
protocol MutableReference<Value>: Reference {
  func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R
}
