import GRDB

/// How a fetch key receives values: the first one during `start`, on the caller's thread, so a
/// reference is created with its value; later ones on the thread that fetched them, at once.
struct ImmediateScheduler: ValueObservationScheduler, Hashable {
  func immediateInitialValue() -> Bool { true }

  func schedule(_ action: @escaping @Sendable () -> Void) {
    action()
  }
}
