import Dispatch
import Locking

/// A watch on one directory, calling `onChange` on `queue` when a file named in `names` is
/// created, written, renamed into place or deleted.
///
/// A handle on the process's one inotify instance (``InotifyHub``): watches of the same
/// directory share its inotify watch, removed once the last of them is cancelled. ``cancel()``
/// ends this watch at once; `onChange` is not called after it returns, except by a call that
/// had already begun.
final class DirectoryWatch: Sendable {
  /// The inotify descriptor the events are read from: the hub's, shared by every watch and open
  /// for as long as the process runs.
  let descriptor: Int32
  /// The hub this watch is registered with.
  private let hub: InotifyHub
  /// The registration's token, until cancelled.
  private let token: Lock<Int?>

  /// Starts watching `directory`, or returns `nil` if inotify cannot watch it.
  init?(directory: String, names: Set<String>, queue: DispatchQueue, onChange: @escaping @Sendable () -> Void) {
    guard
      let hub = InotifyHub.shared,
      let token = hub.add(directory: directory, names: names, queue: queue, onChange: onChange)
    else { return nil }
    self.descriptor = hub.descriptor
    self.hub = hub
    self.token = Lock(token)
  }

  /// Stops watching; the directory's inotify watch is removed if this was its last. Calling it
  /// again does nothing.
  func cancel() {
    if let token = token.withLock({ $0.take() }) { hub.remove(token) }
  }

  deinit { cancel() }
}
