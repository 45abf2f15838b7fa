import Dispatch
import Locking
import Persistence

#if canImport(Glibc)
  import Glibc
#endif

/// A watch on one directory, calling `onChange` on `queue` when a file named in `names` is
/// created, written, renamed into place or deleted.
///
/// A registration with the process's one inotify instance (`InotifyHub`, in Persistence,
/// which file storage's watches share): registrations of the same directory share its inotify
/// watch, removed once the last of them is cancelled. ``cancel()`` ends this watch at once;
/// `onChange` is not called after it returns, except by a call that had already begun.
final class DirectoryWatch: Sendable {
  /// What a database's watch is told of: a commit SQLite writes into a file it keeps open
  /// (`IN_MODIFY`: no close follows), a commit another process announces once it is published
  /// (`IN_ATTRIB`, ``CommitAnnouncer``), a file closed after writing, created, deleted or renamed
  /// into or out of place.
  ///
  /// NB: wider than file storage's events, which leave out `IN_MODIFY` and `IN_CREATE`: the hub
  ///     watches a directory both watch with the union, and tells each only of its own.
  static let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)

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
      let token = hub.add(directory: directory, names: names, mask: Self.mask, queue: queue, onChange: onChange)
    else { return nil }
    self.descriptor = hub.descriptor
    self.hub = hub
    self.token = Lock(token)
  }

  /// Stops the kernel making the events of the files in the directory that only this watch asks
  /// for — `IN_MODIFY` and `IN_ATTRIB`, when no other database of the directory is watched —
  /// until ``unquiet()``; returns whether it did.
  ///
  /// For the commits of this process and their announcements, while it holds the database's
  /// write lock, and a moment after the last (``CommitAnnouncer``): the writes to the log are
  /// then its own, and the kernel would otherwise make an event of each, in the writing thread,
  /// for the hub to read, and this process's watcher to read the version at, to find its own
  /// commit. What another connection commits while it is quiet is looked for by reading the
  /// version: at the end of each commit of this process, and once the watch hears again.
  func quiet() -> Bool {
    token.withLock { token in token.map { hub.quiet($0, UInt32(IN_MODIFY | IN_ATTRIB)) } ?? false }
  }

  /// Lets the kernel make the events ``quiet()`` stopped again.
  func unquiet() {
    token.withLock { token in token.map { hub.unquiet($0) } }
  }

  /// Stops watching; the directory's inotify watch is removed if this was its last. Calling it
  /// again does nothing.
  func cancel() {
    if let token = token.withLock({ $0.take() }) { hub.remove(token) }
  }

  deinit { cancel() }
}
