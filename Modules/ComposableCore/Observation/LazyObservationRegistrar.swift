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

  private let made = AtomicLazyReference<Made>()

  @usableFromInline
  init() {}

  /// The registrar, made now if no read made it yet.
  @usableFromInline
  var registrar: ObservationRegistrar {
    if let made = made.load() { return made.registrar }
    return made.storeIfNil(Made()).registrar
  }

  /// The registrar, if a read made it: `nil` when no reader can be waiting.
  @usableFromInline
  var registrarIfMade: ObservationRegistrar? {
    made.load()?.registrar
  }
}
