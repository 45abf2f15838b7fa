/// Runs `apply`, noting what it read that announces its changes: the members of
/// `@ObservableState` state, a store's state, shared values. The record returned says, when
/// asked (``ReadRecord/hasChanged``), whether any of them has changed since.
///
/// A terminal program keeps each feature's frame until its reads have changed, the way SwiftUI
/// keeps a view's body until observation says something it read changed. Nothing is installed
/// and no observer is told: asking costs a load per value read, and a change made on another
/// thread while `apply` runs (a file watcher taking another process's write) is seen, the count
/// being taken before the read.
package func withReadsRecorded<Result>(_ apply: () -> Result) -> (Result, ReadRecord) {
  ReadRecord.recording(apply)
}

/// Calls `listener`, from the thread that made it, at every change to a shared value that was
/// read: how a program learns of a change made outside a send (another process's write). Returns
/// a token for ``stopListeningToSharedChanges(_:)``.
package func listenToSharedChanges(_ listener: @escaping @Sendable () -> Void) -> Int {
  SharedChangeListeners.add(listener)
}

/// Stops calling the listener `token` names.
package func stopListeningToSharedChanges(_ token: Int) {
  SharedChangeListeners.remove(token)
}
