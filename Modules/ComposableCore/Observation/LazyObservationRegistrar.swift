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
final class LazyObservationRegistrar: Sendable {
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

  /// Makes the registrar, unless another thread's read just did.
  @usableFromInline
  func makeRegistrar() -> ObservationRegistrar {
    let new = Unmanaged.passRetained(Made())
    let (exchanged, original) = made.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
    guard !exchanged, let original else { return new.takeUnretainedValue().registrar }
    new.release()
    return original.takeUnretainedValue().registrar
  }
}
