/// Why a key is asked to save.
public enum SaveContext: Hashable, Sendable {
  /// A mutation through `withLock` just happened; the key may coalesce writes.
  case didSet
  /// `save()` was called explicitly; the value must be stored before returning.
  case userInitiated
}
