/// A ``SharedReaderKey`` that can also store values, so `@Shared` can write through it.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Stores `value` and resumes `continuation` once it is stored (or failed to be).
  ///
  /// With ``SaveContext/didSet`` (after each mutation) a key may defer and coalesce the write; an
  /// error it resumes with sets `saveError`. With ``SaveContext/userInitiated`` (`save()`) the
  /// caller waits for the continuation.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a key is asked to save.
public enum SaveContext: Hashable, Sendable {
  /// A mutation through `withLock` just happened; the key may coalesce writes.
  case didSet
  /// `save()` was called explicitly; the value must be stored before returning.
  case userInitiated
}
