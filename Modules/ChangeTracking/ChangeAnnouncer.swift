import Locking
import Observation
import Synchronization

/// The one thing a change is announced to: every `@ObservableState` state's registrar, every
/// store's root and every shared value holds one, and a write tells it once.
///
/// From that one announcement each party learns what it needs:
/// - a ``ReadRecord`` (a terminal frame, the style) sees the count move on, member by member
///   for observable state;
/// - Swift's `ObservationRegistrar`, made at the first read or subscription so that state
///   never read pays nothing for it (neither time nor memory), tells `withObservationTracking`;
/// - the subscribers to a member (a shared value's publisher) are called;
/// - for a shared value that was read or subscribed to, ``SharedChangeListeners`` (a typed
///   program, which draws a change made outside a send at its idle prompt).
///
/// A read is noted the same way, once: ``access(_:keyPath:)`` for the whole object,
/// ``accessMember(_:keyPath:)`` for one member.
@usableFromInline
package final class ChangeAnnouncer: @unchecked Sendable {
  /// What an announcer needs once something reads or subscribes to it: Swift's registrar and
  /// the subscribers. Made then, so that a state never read (one of a million decoded rows)
  /// carries none of it.
  @usableFromInline
  final class Made: Sendable {
    @usableFromInline
    let registrar = ObservationRegistrar()
    @usableFromInline
    let subscriberCount = Atomic<Int>(0)
    let subscribers = Lock<(lastToken: Int, byToken: [Int: (member: Member, onChange: @Sendable () -> Void)])>((0, [:]))

    @usableFromInline
    init() {}
  }

  // NB: Not an `AtomicLazyReference`, whose generic `load()` is not specialized across the
  //     module boundary and looks up its metadata at every read: the registrar is read at
  //     every access and write of an observable member.
  @usableFromInline let made = Atomic<Unmanaged<Made>?>(nil)
  @usableFromInline let changes = Atomic<UInt>(0)
  /// Whether a member was read alone: until then a change is counted once, for the whole.
  @usableFromInline let isReadMemberwise = Atomic<Bool>(false)
  /// The count of each member's last change, once a member was read alone.
  private let memberChanges = Lock<[Member: UInt]>([:])
  /// Whether a change is told to ``SharedChangeListeners``: a shared value's is.
  @usableFromInline let tellsSharedChangeListeners: Bool

  /// An announcer; one for a shared value (`tellsSharedChangeListeners`) also tells the
  /// listeners to every shared value of its changes, once it has been read or subscribed to.
  @inlinable
  package init(tellsSharedChangeListeners: Bool = false) {
    self.tellsSharedChangeListeners = tellsSharedChangeListeners
  }

  deinit {
    made.load(ordering: .acquiring)?.release()
  }

  // MARK: - Reads

  /// Notes a read of the whole object, for a ``ReadRecord`` and for observation.
  @inlinable
  package func access<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
    ReadRecord.noteRead(of: self)
    registrar.access(subject, keyPath: keyPath)
  }

  /// Notes a read of one member: a change to another member is not a change to what was read.
  @inlinable
  package func accessMember<Subject: Observable, Member>(
    _ subject: Subject, keyPath: KeyPath<Subject, Member>
  ) {
    if ReadRecord.activeCount.load(ordering: .relaxed) > 0 {
      if !isReadMemberwise.load(ordering: .relaxed) { isReadMemberwise.store(true, ordering: .relaxed) }
      ReadRecord.noteRead(of: self, at: keyPath)
    }
    registrar.access(subject, keyPath: keyPath)
  }

  // MARK: - Changes

  /// Announces a change to the member at `keyPath` that has been made: counted, then told to
  /// observation, the member's subscribers and, for a shared value read, the listeners.
  @inlinable
  package func announce<Subject: Observable, Member>(
    _ subject: @autoclosure () -> Subject, keyPath: KeyPath<Subject, Member>
  ) {
    count(keyPath)
    // NB: Nothing read it or subscribed to it: nothing else is told.
    guard let made = made.load(ordering: .acquiring)?.takeUnretainedValue() else { return }
    made.registrar.withMutation(of: subject(), keyPath: keyPath) {}
    if tellsSharedChangeListeners { SharedChangeListeners.announce(self) }
    if made.subscriberCount.load(ordering: .relaxed) > 0 { notify(keyPath, made) }
  }

  /// Announces a change to the member at `keyPath` about to be made (a `willSet`): counted and
  /// told to observation; returns the registrar that ``didChange(_:keyPath:_:)`` hands the
  /// change to once made, if observation has one.
  ///
  /// NB: Counted before the change, as `@ObservableState` members are written on the thread
  ///     that makes their frames: a frame is never made between the two.
  @inlinable
  package func willChange<Subject: Observable, Member>(
    _ subject: @autoclosure () -> Subject, keyPath: KeyPath<Subject, Member>
  ) -> ObservationRegistrar? {
    count(keyPath)
    guard let registrar = registrarIfMade else { return nil }
    registrar.willSet(subject(), keyPath: keyPath)
    return registrar
  }

  /// Ends the announcement ``willChange(_:keyPath:)`` began.
  @inlinable
  package func didChange<Subject: Observable, Member>(
    _ subject: @autoclosure () -> Subject, keyPath: KeyPath<Subject, Member>,
    _ registrar: ObservationRegistrar?
  ) {
    registrar?.didSet(subject(), keyPath: keyPath)
  }

  // MARK: - Subscribers

  /// Calls `onChange` after every change announced to the member at `keyPath`, on the thread
  /// that made it, until the returned closure is called.
  package func subscribe(to keyPath: AnyKeyPath, _ onChange: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    let made = self.parts
    let member = Member(keyPath: keyPath)
    let token = made.subscribers.withLock { subscribers in
      subscribers.lastToken += 1
      subscribers.byToken[subscribers.lastToken] = (member, onChange)
      return subscribers.lastToken
    }
    made.subscriberCount.add(1, ordering: .releasing)
    return { [weak made] in
      guard let made, made.subscribers.withLock({ $0.byToken.removeValue(forKey: token) }) != nil else { return }
      made.subscriberCount.subtract(1, ordering: .releasing)
    }
  }

  @usableFromInline
  func notify(_ keyPath: AnyKeyPath, _ made: Made) {
    let member = Member(keyPath: keyPath)
    let subscribers = made.subscribers.withLock { $0.byToken.values.filter { $0.member == member } }
    for subscriber in subscribers { subscriber.onChange() }
  }

  // MARK: - Counting

  /// How many changes have been announced so far.
  @inlinable
  package var changeCount: UInt { changes.load(ordering: .acquiring) }

  /// Whether a change announced after the `count`th was a change to the member at `keyPath`:
  /// asked of an object read member by member once its count has moved on.
  package func hasChanged(_ keyPath: AnyKeyPath, since count: UInt) -> Bool {
    memberChanges.withLock { ($0[Member(keyPath: keyPath)] ?? 0) > count }
  }

  @inlinable
  func count(_ keyPath: AnyKeyPath) {
    guard isReadMemberwise.load(ordering: .relaxed) else {
      changes.add(1, ordering: .releasing)
      return
    }
    countMemberChange(keyPath)
  }

  @usableFromInline
  func countMemberChange(_ keyPath: AnyKeyPath) {
    let member = Member(keyPath: keyPath)
    memberChanges.withLock { $0[member] = changes.add(1, ordering: .releasing).newValue }
  }

  // MARK: - The registrar and the subscribers

  /// Swift's registrar, made now if no read made it yet.
  @inlinable
  var registrar: ObservationRegistrar { parts.registrar }

  /// Swift's registrar, if a read made it: until then nothing can observe a change.
  @inlinable
  package var registrarIfMade: ObservationRegistrar? {
    made.load(ordering: .acquiring)?.takeUnretainedValue().registrar
  }

  /// The registrar and the subscribers, made now if nothing made them yet.
  @inlinable
  var parts: Made {
    if let made = made.load(ordering: .acquiring) { return made.takeUnretainedValue() }
    return makeParts()
  }

  @usableFromInline
  func makeParts() -> Made {
    let new = Unmanaged.passRetained(Made())
    let (exchanged, original) = made.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
    guard !exchanged, let original else { return new.takeUnretainedValue() }
    new.release()
    return original.takeUnretainedValue()
  }

  /// A member, by its key path: key paths are immutable, so sent between threads safely.
  struct Member: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
  }
}
