#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// Which thread processes a send of one root store, if any: a store with observers notes it
/// around its reducers, so that a front end that hears of a change made on this thread (a
/// reducer's write to a shared value) can tell that the redraw after the send, when the store
/// calls its observers, will draw it (see ``RedrawSchedule``).
///
/// NB: One per root store, holding the processing thread's id in an atomic word: noting a send is
///     two plain stores and a read of the thread's id, where a thread-specific key set and
///     restored around every send took three calls into the threads library. A send of another
///     root made inside this one's (a reducer sending to another store) is noted on its own.
@usableFromInline
package final class SendProcessing: Sendable {
  /// The id of the thread processing a send of the root, or 0.
  @usableFromInline let thread = Atomic<UInt>(0)

  /// Nothing processed yet.
  package init() {}

  /// Notes that this thread processes a send of the root; returns what was noted before, for
  /// ``end(restoring:)``.
  @inlinable
  package func begin() -> UInt {
    let previous = thread.load(ordering: .relaxed)
    thread.store(Self.currentThread(), ordering: .relaxed)
    return previous
  }

  /// Notes that the send ``begin()`` noted is processed.
  @inlinable
  package func end(restoring previous: UInt) {
    thread.store(previous, ordering: .relaxed)
  }

  /// Whether this thread is processing a send of the root: its observers are called once it is
  /// done.
  ///
  /// NB: Read on any thread. Only the thread that noted itself can find its own id: relaxed
  ///     ordering is enough, another thread reads some other id or 0.
  package var isProcessingOnThisThread: Bool {
    thread.load(ordering: .relaxed) == Self.currentThread()
  }

  /// The current thread's id, never 0.
  @inlinable
  static func currentThread() -> UInt {
    #if canImport(Glibc)
      UInt(pthread_self())
    #else
      UInt(bitPattern: pthread_self())
    #endif
  }
}

/// Names the root store whose sends a store's sends are (its own, or its parent's for a scoped
/// store), on any thread: see ``SendProcessing/isProcessingOnThisThread``.
package struct StoreSender: Sendable {
  /// What the root notes its sends with.
  package let processing: SendProcessing

  /// Names the root store that notes its sends with `processing`.
  package init(processing: SendProcessing) {
    self.processing = processing
  }

  /// Whether this thread is processing a send of the root store: its observers are called once
  /// it is done.
  package var isProcessingOnThisThread: Bool {
    processing.isProcessingOnThisThread
  }
}
