#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which root store's send the current thread is processing, if any: a store with observers
/// notes it around its reducers, so that a front end that hears of a change made on this thread
/// (a reducer's write to a shared value) can tell that the redraw after the send, when the store
/// calls its observers, will draw it (see ``RedrawSchedule``).
///
/// NB: A value a store keeps (``notes``), made once per store: the thread-specific key it holds is
///     made once per process, and reading a `static let` costs a call to the runtime's one-time
///     initialization at every read, twice per send.
@usableFromInline
package struct SendProcessing: Sendable {
  /// The thread-specific key the root being processed is noted under.
  let key: pthread_key_t

  /// The key, made once per process.
  private static let processKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// What a root store notes its sends with.
  package static var notes: SendProcessing {
    SendProcessing(key: processKey)
  }

  private init(key: pthread_key_t) {
    self.key = key
  }

  /// Notes that this thread processes a send of the root store `root`; returns what was noted
  /// before, for ``end(restoring:)``.
  @usableFromInline
  package func begin(_ root: AnyObject) -> UnsafeMutableRawPointer? {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(root).toOpaque())
    return previous
  }

  /// Notes that the send ``begin(_:)`` noted is processed.
  @usableFromInline
  package func end(restoring previous: UnsafeMutableRawPointer?) {
    pthread_setspecific(key, previous)
  }

  /// Whether this thread is processing a send of the root store `sender` names: its observers
  /// are called once it is done.
  package static func isProcessing(_ sender: StoreSender) -> Bool {
    pthread_getspecific(processKey).map { UInt(bitPattern: $0) } == sender.address
  }
}

/// Names the root store whose sends a store's sends are (its own, or its parent's for a scoped
/// store), on any thread: see ``SendProcessing/isProcessing(_:)``.
package struct StoreSender: Sendable, Equatable {
  /// The root's address, compared only.
  let address: UInt

  /// Names the root store `root`.
  package init(root: AnyObject) {
    address = UInt(bitPattern: Unmanaged.passUnretained(root).toOpaque())
  }
}
