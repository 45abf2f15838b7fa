import ChangeTracking
import IssueReporting
import Locking
import Synchronization

// MARK: - A mutation: the closure on a copy, then stored, saved and announced

extension RootReference {
  /// Runs `body` on a copy of the value under the lock, then stores, saves and announces the
  /// change (``MutableReference/withLock(_:)``).
  @inlinable
  func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    if SharedChangeTracker.isAnyActive {
      if let result = try withTrackerLock(body) { return result }
    }
    let result = try lock.withLock { () throws(E) -> R in
      // NB: `body` mutates a copy, as swift-sharing's does (its value is a property with a
      //     `willSet`, which `inout` reaches through a temporary): a read of the value inside
      //     `body`, on this thread, sees it as it was before, never a value `body` is halfway
      //     through changing.
      let generation = self.generation
      let before = storage
      var value = before
      let result = try body(&value)
      if generation == self.generation {
        commit(value)
      } else {
        // NB: a nested `withLock` on this thread (or a change a key yielded to it) replaced the
        //     value while `body` ran; `value` was copied before that.
        commitAfterNestedChange(value, before: before)
      }
      return result
    }
    didMutate()
    return result
  }

  /// Stores a mutated value and hands it to the key. Called under the lock.
  @inlinable
  func commit(_ value: Value) {
    storage = value
    generation &+= 1
    switch backing {
    case .value, .inMemory, .reader: break
    case .saving(let key): key.save(storage, context: .didSet, continuation: didSetContinuation())
    // NB: told under the lock, so a change read from outside cannot replace this one before it
    //     is scheduled.
    case .lazilySaving(let key): key.noteChange()
    }
  }

  /// Stores what an outer `withLock` made of the value after a nested one on the same thread
  /// changed it. Called under the lock.
  ///
  /// An outer closure that left its copy as it found it keeps the nested change, and one whose
  /// nested `withLock` left the value as it was is stored as usual. When both changed it, the
  /// outer copy replaces the nested change, as swift-sharing's does, and the change it replaced
  /// is reported: swift-sharing drops it silently.
  @usableFromInline
  func commitAfterNestedChange(_ value: Value, before: Value) {
    guard !isEqual(value, before) else { return }
    let replaced = storage
    commit(value)
    guard !isEqual(replaced, before), !isEqual(replaced, value) else { return }
    reportIssue(
      """
      A "withLock" on \(keyDescription ?? "a shared value") changed it while a nested "withLock" \
      (or a change from its key) on the same thread had already changed it; the outer change \
      replaced the nested one.

        Replaced: \(String(reflecting: replaced))
        Stored:   \(String(reflecting: value))

      Make every change in one "withLock", or change the value only in the nested one.
      """
    )
  }

  /// Runs `body` under the active tracker, if any: records the snapshot (a copy taken before
  /// `body` runs, never inside its `inout` access), or in assertion mode mutates the snapshot and
  /// returns the result.
  @usableFromInline
  func withTrackerLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R? {
    guard let active = SharedChangeTracker.active else { return nil }
    if active.isAsserting {
      return .some(try active.tracker.mutateSnapshot(of: self, live: liveValue, body))
    }
    active.tracker.record(self, snapshot: liveValue)
    return nil
  }

  /// What a key resumes after saving a mutation: its outcome sets or clears `saveError`.
  @usableFromInline
  func didSetContinuation() -> SaveContinuation {
    SaveContinuation(savedTo: self)
  }

  /// Lets the key and whatever reads or observes the value know it changed.
  ///
  /// NB: Inlinable so that a mutation nobody reads, observes or saves lazily costs a count and
  ///     two atomic loads, not a call.
  @inlinable
  func didMutate() {
    if case .lazilySaving = backing { scheduleLazySave() }
    announce()
  }

  /// Hands the key a way to read the value it will save.
  @usableFromInline
  func scheduleLazySave() {
    if case .lazilySaving(let key) = backing { key.scheduleSave { [self] in liveValue } }
  }

  /// Announces that the value changed, once, to its announcer: what was made from a read of it
  /// is no longer current (see `ReadRecord`), and observation, the value's subscribers and the
  /// listeners to every shared value learn it from there.
  @inlinable
  func announce() {
    announcer.announce(self, keyPath: valueKeyPath)
  }
}

extension RootReference: SaveOutcomeReceiver {}
