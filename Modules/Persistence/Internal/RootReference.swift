import Foundation
import Synchronization

/// The one object holding a shared value: created once per key (or per `Shared(value:)`).
final class RootReference<Value: Sendable>: MutableReference, @unchecked Sendable {
  // NB: `value` is only touched while `lock` is held; the attribute skips the dynamic
  //     exclusivity check that would otherwise cost a few nanoseconds per access.
  @exclusivity(unchecked) private var storage: Value
  private let lock = Mutex<Void>(())
  private let initialValue: Value
  private let status = Mutex<Status>(Status())
  private let observers = Observers<Value>()
  /// Hands every mutation to the key; called under the lock so writes keep mutation order.
  private let persist: (@Sendable (Value) -> Void)?
  /// Tells a ``LazilySavingKey`` that the value changed; called after the lock is released.
  private let persistLazily: (@Sendable () -> Void)?
  private let loader: (@Sendable (Value) throws -> Value?)?
  private let saver: (@Sendable (Value) throws -> Void)?
  private var subscription: SharedSubscription?

  struct Status {
    var isLoading = false
    var loadError: (any Error)?
    var saveError: (any Error)?
  }

  init(value: Value) {
    self.storage = value
    self.initialValue = value
    self.persist = nil
    self.persistLazily = nil
    self.loader = nil
    self.saver = nil
  }

  init<Key: SharedReaderKey<Value>>(initialValue: Value, key: Key) {
    self.storage = initialValue
    self.initialValue = initialValue
    self.loader = { try key.load(initialValue: $0) }
    let box = WeakBox<RootReference>()
    if let key = key as? any LazilySavingKey<Value> {
      self.persist = nil
      self.persistLazily = { key.scheduleSave { box.object?.liveValue } }
      self.saver = { try key.save($0, context: .userInitiated) }
    } else if let key = key as? any SharedKey<Value> {
      self.persist = { value in try? key.save(value, context: .didSet) }
      self.persistLazily = nil
      self.saver = { try key.save($0, context: .userInitiated) }
    } else {
      self.persist = nil
      self.persistLazily = nil
      self.saver = nil
    }
    box.object = self
    do {
      if let loaded = try key.load(initialValue: initialValue) { storage = loaded }
    } catch {
      status.withLock { $0.loadError = error }
    }
    subscription = key.subscribe(initialValue: initialValue, subscriber: SharedSubscriber(
      yield: { [weak self] in self?.replace(with: $0, loadError: nil) },
      yieldInitialValue: { [weak self] in self.map { $0.replace(with: $0.initialValue, loadError: nil) } },
      yieldError: { [weak self] error in self?.status.withLock { $0.loadError = error } },
      reportSave: { [weak self] error in self?.status.withLock { $0.saveError = error } }
    ))
  }

  var root: AnyObject { self }

  var liveValue: Value {
    lock.withLock { _ in storage }
  }

  var value: Value {
    if SharedChangeTracker.activeCount.load(ordering: .relaxed) > 0,
      let active = SharedChangeTracker.active, active.isAsserting,
      let snapshot = active.tracker.snapshot(of: self, as: Value.self)
    {
      return snapshot
    }
    return liveValue
  }

  func snapshot(in tracker: SharedChangeTracker) -> Value? {
    tracker.snapshot(of: self, as: Value.self)
  }

  func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    if SharedChangeTracker.activeCount.load(ordering: .relaxed) > 0, let active = SharedChangeTracker.active {
      if active.isAsserting {
        return try active.tracker.mutateSnapshot(of: self, live: liveValue, body)
      }
      // NB: the snapshot is a copy taken before `body` runs, never inside its `inout` access.
      active.tracker.record(self, snapshot: liveValue)
    }
    var result: R?
    try lock.withLock { _ throws(E) in
      result = try body(&storage)
      persist?(storage)
    }
    persistLazily?()
    if observers.isActive { observers.notify(liveValue) }
    return result!
  }

  /// Replaces the value with one loaded from outside, without saving it back.
  private func replace(with newValue: Value, loadError: (any Error)?) {
    lock.withLock { _ in storage = newValue }
    status.withLock { $0.loadError = loadError }
    if observers.isActive { observers.notify(liveValue) }
  }

  var isLoading: Bool { status.withLock { $0.isLoading } }
  var loadError: (any Error)? { status.withLock { $0.loadError } }
  var saveError: (any Error)? { status.withLock { $0.saveError } }

  func load() throws {
    guard let loader else { return }
    status.withLock { $0.isLoading = true }
    defer { status.withLock { $0.isLoading = false } }
    do {
      let loaded = try loader(initialValue)
      replace(with: loaded ?? initialValue, loadError: nil)
    } catch {
      status.withLock { $0.loadError = error }
      throw error
    }
  }

  func save() throws {
    guard let saver else { return }
    do {
      try saver(liveValue)
      status.withLock { $0.saveError = nil }
    } catch {
      status.withLock { $0.saveError = error }
      throw error
    }
  }

  func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) -> SharedSubscription {
    observers.add(onChange)
  }
}
