import ChangeTracking
import Foundation
import Locking
import Observation
import Synchronization

/// The one object holding a shared value: created once per key (or per `Shared(value:)`).
///
/// NB: `withLock` is inlinable so a caller's mutation is specialized for its value and result
///     types: the uncontended path is an atomic load, a lock, the closure and an unlock.
@usableFromInline
final class RootReference<Value: Sendable>: MutableReference, Observable, @unchecked Sendable {
  // NB: `storage` is only touched while `lock` is held; the attribute skips the dynamic
  //     exclusivity check that would otherwise cost a few nanoseconds per access.
  @exclusivity(unchecked) @usableFromInline var storage: Value
  /// Guards `storage`. The thread holding it may take it again, as swift-sharing's
  /// `NSRecursiveLock` allows: a `withLock` closure, a key's `save` or an observer may read the
  /// value, or lock it again, from inside.
  @usableFromInline let lock = RecursiveLock()
  /// How many times `storage` has been replaced: under `lock`, so a `withLock` can tell that a
  /// nested one on its own thread changed the value while its closure ran.
  @exclusivity(unchecked) @usableFromInline var generation: UInt = 0
  private let initialValue: Value
  // NB: Of a type not nested in this generic class: code reading it that runs unspecialized (a
  //     save's outcome, told through an existential) then knows the lock's type statically,
  //     where a nested type's lock had its metadata looked up at every call.
  private let status: Lock<ReferenceStatus>
  /// How the value is persisted: by no key, or by a key that loads, saves or saves lazily.
  @usableFromInline let backing: Backing<Value>
  private let subscription = Lock<SharedSubscription?>(nil)
  /// What a read of the value (or of `isLoading`) is noted with, and every change to it
  /// announced to, once: a `withLock`, a load, a change read from outside (see
  /// `ChangeAnnouncer`). Its registrar, which `withObservationTracking` reads through, is made
  /// by the first read: until then no change is announced to observation.
  @usableFromInline let announcer = ChangeAnnouncer(tellsSharedChangeListeners: true)
  // NB: Made once: a key path into a generic class is instantiated anew at each use, which
  // costs about a microsecond.
  @usableFromInline let valueKeyPath: KeyPath<RootReference, Value> = \.value
  let isLoadingKeyPath: KeyPath<RootReference, Bool> = \.isLoading

  init(value: Value) {
    self.storage = value
    self.initialValue = value
    self.status = Lock(ReferenceStatus())
    self.backing = .value
  }

  init<Key: SharedReaderKey<Value>>(initialValue: Value, key: Key, skipInitialLoad: Bool = false) {
    self.storage = initialValue
    self.initialValue = initialValue
    self.status = Lock(ReferenceStatus())
    self.backing = Backing(for: key)
    if !skipInitialLoad {
      // NB: a key may resume at once (the value is loaded before the reference is handed out) or
      //     later, from any thread; until then the reference is loading.
      setLoading(true)
      key.load(
        context: .initialValue(initialValue),
        continuation: LoadContinuation(self.keyName) { [self] in finishLoad($0, resetsToInitialValue: false) }
      )
    }
    // NB: the subscriber holds the reference strongly: a weak reference would move the object's
    //     reference count to a side table and slow every retain on the `withLock` path. The cycle
    //     is broken by `disconnect()`, which the registry calls when it goes away.
    // NB: as swift-sharing does, a reference whose value was loaded on request (`load(_:)`,
    //     `init(require:)`) subscribes with the context of that request.
    let context: LoadContext<Value> = skipInitialLoad ? .userInitiated : .initialValue(initialValue)
    let subscription = key.subscribe(context: context, subscriber: SharedSubscriber(
      callback: { [self] in finishLoad($0, resetsToInitialValue: true) },
      onLoading: { [self] in setLoading($0) },
      onSave: { [self] error in status.withLock { $0.saveError = error } },
      conditionalYield: { [self] value, condition in replace(with: value ?? self.initialValue, if: condition) },
      onLoadErrorCleared: { [self] in status.withLock { $0.loadError = nil } }
    ))
    self.subscription.withLock { $0 = subscription }
  }

  /// The key as swift-sharing names it in reports about its continuations: `'MyKey()'`, its
  /// description, not its module-qualified reflection.
  var keyName: String { backing.key.map { "\($0)" } ?? "" }

  /// How the reference reads in descriptions: its key, or `nil` for `Shared(value:)`.
  var keyDescription: String? {
    backing.key.map { String(reflecting: $0) }
  }

  /// Stops listening to the key, releasing what the subscription holds.
  func disconnect() {
    subscription.withLock { $0.take() }?.cancel()
  }

  var root: AnyObject { self }

  @inlinable
  var liveValue: Value {
    lock.withLock { storage }
  }

  /// NB: Inlinable for the same reason as `withLock`: a read is an atomic load and a lock.
  @inlinable
  var value: Value {
    announcer.access(self, keyPath: valueKeyPath)
    if SharedChangeTracker.isAnyActive, let snapshot = trackedSnapshot() {
      return snapshot
    }
    return liveValue
  }

  /// The snapshot an asserting tracker holds, if any.
  @usableFromInline
  func trackedSnapshot() -> Value? {
    guard let active = SharedChangeTracker.active, active.isAsserting else { return nil }
    return active.tracker.snapshot(of: self, as: Value.self)
  }

  func snapshot(in tracker: SharedChangeTracker) -> Value? {
    tracker.snapshot(of: self, as: Value.self)
  }

  /// Records the outcome of handing a mutation to the key: a failure sets `saveError`, a success
  /// clears it.
  @usableFromInline
  func persisted(_ outcome: Result<Void, any Error>) {
    status.withLock { status in
      switch outcome {
      case .success:
        // NB: a value stored successfully supersedes a failed load, as in swift-sharing.
        status.saveError = nil
        status.loadError = nil
      case .failure(let error): status.saveError = error
      }
    }
  }

  /// Replaces the value with one loaded from outside, without saving it back.
  private func replace(with newValue: Value, loadError: (any Error)?) {
    lock.withLock {
      storage = newValue
      generation &+= 1
    }
    status.withLock { $0.loadError = loadError }
    announce()
  }

  /// Replaces the value with one loaded from outside if `condition` holds under the lock.
  private func replace(with newValue: Value, if condition: () -> Bool) -> Bool {
    let replaced = lock.withLock { () -> Bool in
      guard condition() else { return false }
      storage = newValue
      generation &+= 1
      return true
    }
    guard replaced else { return false }
    status.withLock { $0.loadError = nil }
    announce()
    return true
  }

  /// The key the value is stored by, or the value itself when it has none: `value: 0`.
  var description: String {
    keyDescription ?? "value: \(String(reflecting: liveValue))"
  }

  var isLoading: Bool {
    announcer.access(self, keyPath: isLoadingKeyPath)
    return status.withLock { $0.isLoading }
  }
  var loadError: (any Error)? { status.withLock { $0.loadError } }
  var saveError: (any Error)? { status.withLock { $0.saveError } }

  /// Sets `isLoading`, telling its observers when it changes.
  private func setLoading(_ isLoading: Bool) {
    let changed = status.withLock { status in
      defer { status.isLoading = isLoading }
      return status.isLoading != isLoading
    }
    guard changed else { return }
    announcer.announce(self, keyPath: isLoadingKeyPath)
  }

  /// Takes in what a key loaded or yielded: a value replaces the current one, `nil` resets it to
  /// the initial value (or, for the first load, keeps it), an error sets `loadError`.
  private func finishLoad(_ result: Result<Value?, any Error>, resetsToInitialValue: Bool) {
    switch result {
    case .success(let value?):
      replace(with: value, loadError: nil)
    case .success(nil):
      if resetsToInitialValue {
        replace(with: initialValue, loadError: nil)
      } else {
        status.withLock { $0.loadError = nil }
      }
    case .failure(let error):
      status.withLock { $0.loadError = error }
    }
    setLoading(false)
  }

  func load() async throws {
    guard let key = backing.key else { return }
    setLoading(true)
    let keyName = self.keyName
    let result = await withCheckedContinuation { (waiter: CheckedContinuation<Result<Value?, any Error>, Never>) in
      key.load(context: .userInitiated, continuation: LoadContinuation(keyName) { waiter.resume(returning: $0) })
    }
    finishLoad(result, resetsToInitialValue: true)
    if case .failure(let error) = result { throw error }
  }

  func save() async throws {
    guard let key = backing.savingKey else { return }
    let value = liveValue
    let keyName = self.keyName
    let result = await withCheckedContinuation { (waiter: CheckedContinuation<Result<Void, any Error>, Never>) in
      let continuation = SaveContinuation(keyName) { waiter.resume(returning: $0.map { _ in () }) }
      key.save(value, context: .userInitiated, continuation: continuation)
    }
    persisted(result)
    try result.get()
  }

  func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    let unsubscribe = announcer.subscribe(to: valueKeyPath) { [weak self] in
      guard let self else { return }
      onChange(self.liveValue)
    }
    return SharedSubscription(unsubscribe)
  }
}

/// Whether a ``RootReference`` is loading, and the errors its last load and save met.
struct ReferenceStatus {
  var isLoading = false
  var loadError: (any Error)?
  var saveError: (any Error)?
}
