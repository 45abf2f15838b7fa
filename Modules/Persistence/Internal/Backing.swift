/// How a root reference persists its value: chosen once, from its key, when the reference is made.
///
/// NB: `withLock` is inlinable and switches on the backing under the lock. `indirect` boxes each
///     key, so that switch copies one pointer; with the keys' existentials stored inline, copying
///     them made every `withLock` about 100 ns slower (`Tools/bench --filter Shared`).
@usableFromInline
indirect enum Backing<Value: Sendable>: Sendable {
  /// `Shared(value:)`: no key; the value lives only in the reference.
  case value
  /// A key whose value lives in its reference (`.inMemory`): loaded, never saved.
  case inMemory(any SharedReaderKey<Value>)
  /// A key that can only read: loaded and subscribed to, never saved.
  case reader(any SharedReaderKey<Value>)
  /// A key handed every mutation, under the reference's lock, to save (``SaveContext/didSet``).
  case saving(any SharedKey<Value>)
  /// A key told of each change and reading the value only when it writes (``LazilySavingKey``).
  case lazilySaving(any LazilySavingKey<Value>)

  /// The backing for `key`: the one place a key's kind is told from its type.
  init<Key: SharedReaderKey<Value>>(for key: Key) {
    if key is any ValueHoldingKey {
      self = .inMemory(key)
    } else if let key = key as? any LazilySavingKey<Value> {
      self = .lazilySaving(key)
    } else if let key = key as? any SharedKey<Value> {
      self = .saving(key)
    } else {
      self = .reader(key)
    }
  }

  /// The key the value is loaded from, or `nil` for `Shared(value:)`.
  var key: (any SharedReaderKey<Value>)? {
    switch self {
    case .value: nil
    case .inMemory(let key), .reader(let key): key
    case .saving(let key): key
    case .lazilySaving(let key): key
    }
  }

  /// The key `save()` writes through, or `nil` when the value is never saved.
  var savingKey: (any SharedKey<Value>)? {
    switch self {
    case .value, .inMemory, .reader: nil
    case .saving(let key): key
    case .lazilySaving(let key): key
    }
  }
}

/// A key whose value lives only in its reference (an in-memory key): mutations need not reach it.
protocol ValueHoldingKey {}
