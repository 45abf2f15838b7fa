import ChangeTracking
import Locking
import Observation
import Synchronization

/// The observation registrar of one ``ObservableState`` value and its copies, made the first
/// time one of them is read: a state that is never read records no reader and announces
/// nothing, and costs one small object instead of a registrar.
///
/// NB: A registrar is three allocations (about 150 bytes); a list of 100,000 todos read a page
///     at a time would hold 100,000 of them for the 20 ever read. A write to a state nobody
///     read skips the registrar altogether: no reader can be waiting to hear of it.
@usableFromInline
final class LazyObservationRegistrar: ChangeCounting {
  @usableFromInline
  final class Made: Sendable {
    @usableFromInline
    let registrar = ObservationRegistrar()

    @usableFromInline
    init() {}
  }

  // NB: Not an `AtomicLazyReference`, whose generic `load()` is not specialized across the
  //     module boundary and looks up its metadata at every read: the registrar is read at
  //     every access and write of an observable member.
  @usableFromInline let made = Atomic<Unmanaged<Made>?>(nil)

  /// How many writes to the state's members were announced (see `ReadRecord`).
  @usableFromInline let changes = Atomic<UInt>(0)
  /// Whether a member was read where its reads are recorded: from then on, the count at which
  /// each member last changed is kept.
  @usableFromInline let isRecorded = Atomic<Bool>(false)
  /// The count at which each member written since a recorded read last changed.
  private let memberChanges = Lock<[Member: UInt]>([:])

  @usableFromInline
  init() {}

  deinit {
    made.load(ordering: .acquiring)?.release()
  }

  /// The registrar, made now if no read made it yet.
  @inlinable
  var registrar: ObservationRegistrar {
    if let made = made.load(ordering: .acquiring) { return made.takeUnretainedValue().registrar }
    return makeRegistrar()
  }

  /// The registrar, if a read made it: `nil` when no reader can be waiting.
  @inlinable
  var registrarIfMade: ObservationRegistrar? {
    made.load(ordering: .acquiring)?.takeUnretainedValue().registrar
  }

  /// How many writes to the state's members were announced.
  @usableFromInline
  var changeCount: UInt { changes.load(ordering: .acquiring) }

  /// Counts a write to the member at `keyPath` that its readers must hear of.
  @inlinable
  func countChange(_ keyPath: AnyKeyPath) {
    guard isRecorded.load(ordering: .relaxed) else {
      changes.add(1, ordering: .releasing)
      return
    }
    countMemberChange(keyPath)
  }

  /// Counts the write and notes the count for the member, under one lock: one who sees the new
  /// count and asks about the member waits for the note.
  @usableFromInline
  func countMemberChange(_ keyPath: AnyKeyPath) {
    memberChanges.withLock { $0[Member(keyPath: keyPath)] = changes.add(1, ordering: .releasing).newValue }
  }

  /// Records a read of the member at `keyPath`, where reads are recorded.
  @inlinable
  func noteRead(_ keyPath: AnyKeyPath) {
    guard ReadRecord.activeCount.load(ordering: .relaxed) > 0 else { return }
    if !isRecorded.load(ordering: .relaxed) { isRecorded.store(true, ordering: .relaxed) }
    ReadRecord.noteRead(of: self, at: keyPath)
  }

  /// Whether the member at `keyPath` changed after the `count`th change.
  @usableFromInline
  func hasChanged(_ keyPath: AnyKeyPath, since count: UInt) -> Bool {
    memberChanges.withLock { ($0[Member(keyPath: keyPath)] ?? 0) > count }
  }

  /// Makes the registrar, unless another thread's read just did.
  @usableFromInline
  func makeRegistrar() -> ObservationRegistrar {
    let new = Unmanaged.passRetained(Made())
    let (exchanged, original) = made.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
    guard !exchanged, let original else { return new.takeUnretainedValue().registrar }
    new.release()
    return original.takeUnretainedValue().registrar
  }

  /// A member, by its key path: key paths are immutable, so sent between threads safely.
  private struct Member: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
  }
}
