/// A ``SharedReaderKey`` that can also store values, so `@Shared` can write through it.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Stores `value` and resumes `continuation` once it is stored (or failed to be).
  ///
  /// With ``SaveContext/didSet`` (after each mutation) a key may defer and coalesce the write; an
  /// error it resumes with sets `saveError`. With ``SaveContext/userInitiated`` (`save()`) the
  /// caller waits for the continuation.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}
