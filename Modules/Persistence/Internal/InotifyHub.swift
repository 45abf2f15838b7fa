import Dispatch
import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// The process's one inotify instance: file storage's watches (``LiveFileSystem``) and
/// SharingGRDB's database watches register with it, and it hands each event to the watches of
/// the directory the event happened in that asked for that kind of event on that file.
///
/// Linux limits the inotify instances of a user (`/proc/sys/fs/inotify/max_user_instances`,
/// 128 by default), not the watches of an instance, so the instance is made once, the first
/// time a directory is watched, and never closed. One dispatch source reads it on a queue of its
/// own when it has events: no thread waits on it and nothing polls.
///
/// Woken by an event, the hub rests for ``gathering`` before it reads, so that a burst of events
/// (a database's commit is tens of writes to its log, each an event) is read in one go, not one
/// wakeup an event. It rests on a timer, not by sleeping: no thread is held.
///
/// Each watched directory has one inotify watch (a watch descriptor, `wd`), shared by all the
/// registrations of that directory and removed with `inotify_rm_watch` when the last of them
/// leaves. Its mask is the union of theirs: each registration adds its own to it
/// (`IN_MASK_ADD`), and each is told only of events in its own mask.
///
/// A registration alone in asking for some events may quiet them for a while (``quiet(_:_:)``):
/// the kernel then makes none, rather than making each for the hub to drop. A database's watch
/// quiets `IN_MODIFY` while its own process commits (SharingGRDB's `CommitAnnouncer`), whose
/// writes to its log are otherwise an event each.
package final class InotifyHub: Sendable {
  /// The inotify descriptor, open for as long as the process runs.
  package let descriptor: Int32
  /// The registrations and the directories they watch.
  ///
  /// NB: not private: quieting (`InotifyHub+Quiet.swift`) reads and sets it too.
  let state = Lock(State())
  /// The source reading the descriptor, kept for as long as the hub (the process) lives.
  ///
  /// NB: corelibs-dispatch does not mark its sources `Sendable`; after `init` this one is only
  ///     suspended by ``gather()`` on ``queue``, and resumed there once it has read.
  private let source: UncheckedSource
  /// The queue the source reads on.
  private let queue: DispatchQueue
  /// Calls its second argument on the queue it is given once the hub has rested: after
  /// ``gathering`` in the process's hub.
  private let rest: @Sendable (DispatchQueue, @escaping @Sendable () -> Void) -> Void

  /// How long the hub rests between being woken by an event and reading. Events that arrive
  /// meanwhile wait in the kernel's queue, which merges each with an identical one before it,
  /// and are read with the first: a commit's events take one read instead of one each (read one
  /// by one, they cost a piped `add` a fifth of its system time, and twice the context switches).
  /// A watch hears of an event at most this much later.
  package static let gathering = DispatchTimeInterval.microseconds(200)

  /// The hub, once made; `nil` until a directory is first watched.
  ///
  /// NB: not a `static let`: should `inotify_init1` fail (the user's instances all taken by other
  ///     processes), the next watch tries again rather than the process never watching anything.
  private static let instance = Lock<InotifyHub?>(nil)

  /// A dispatch source that may be stored in a `Sendable` class.
  private struct UncheckedSource: @unchecked Sendable {
    /// The source.
    let value: any DispatchSourceRead
  }

  /// One registration: the events and file names it cares about, and where to tell it of them.
  struct Watcher {
    /// The events (`IN_CLOSE_WRITE`, `IN_MODIFY`…) it is told of.
    let mask: UInt32
    /// The names, in the watched directory, of the files whose events it is told of.
    let names: Set<String>
    /// The queue `onChange` is called on.
    let queue: DispatchQueue
    /// Called on `queue` after a read of events in `mask` that named one of `names`.
    let onChange: @Sendable () -> Void
  }

  /// A directory's descriptor, open for as long as it is watched, and its name under
  /// `/proc/self/fd`, made once: a database's watch sets its mask twice per commit.
  struct DirectoryHandle {
    /// The directory's descriptor.
    let descriptor: Int32
    /// `/proc/self/fd/<descriptor>`.
    let path: String

    /// The handle of the directory open as `descriptor`.
    init(descriptor: Int32) {
      self.descriptor = descriptor
      self.path = "/proc/self/fd/\(descriptor)"
    }
  }

  /// The hub's mutable state, under ``state``.
  struct State {
    /// The token the next registration gets.
    var nextToken = 0
    /// The inotify watch descriptor of each registration's directory, by token.
    var directories: [Int: Int32] = [:]
    /// The registrations of each watched directory, by watch descriptor, then by token: how many
    /// there are is the directory's reference count.
    var watchers: [Int32: [Int: Watcher]] = [:]
    /// The registrations with a call of `onChange` queued that has not started: events read
    /// meanwhile are told by that call, not another.
    var queued: Set<Int> = []
    /// A descriptor of each watched directory, by watch descriptor: its mask is set again
    /// through `/proc/self/fd`, which names the directory watched even once renamed.
    var handles: [Int32: DirectoryHandle] = [:]
    /// The events quieted in each directory, by watch descriptor, and the registration that
    /// quieted them.
    var quieted: [Int32: (token: Int, events: UInt32)] = [:]
  }

  /// The hub, made now if it has not been; `nil` if inotify cannot make an instance.
  package static var shared: InotifyHub? {
    instance.withLock { instance in
      if let hub = instance { return hub }
      instance = InotifyHub()
      return instance
    }
  }

  /// A hub of its own instance, resting before each read for as long as `rest` takes to call
  /// back (``gathering`` for the process's hub); `nil` if inotify cannot make an instance.
  ///
  /// NB: the process has one (``shared``); tests make others to hold the rest themselves.
  package init?(
    rest: @escaping @Sendable (DispatchQueue, @escaping @Sendable () -> Void) -> Void = { queue, resume in
      queue.asyncAfter(deadline: .now() + InotifyHub.gathering, execute: resume)
    }
  ) {
    let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard fd >= 0 else { return nil }
    descriptor = fd
    let queue = DispatchQueue(label: "Persistence.InotifyHub")
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    self.queue = queue
    self.rest = rest
    self.source = UncheckedSource(value: source)
    // NB: unowned: the process's hub is held by `instance` for as long as the process runs; a
    //     test keeps its hubs for as long as the process runs too.
    source.setEventHandler { [unowned self] in self.gather() }
    source.resume()
  }

  /// Watches `directory` for `onChange`, called on `queue` when an event in `mask` happens to a
  /// file named in `names` (or the kernel's queue overflowed); returns the token that ends the
  /// watch (``remove(_:)``), or `nil` if inotify cannot watch it.
  package func add(
    directory: String,
    names: Set<String>,
    mask: UInt32,
    queue: DispatchQueue,
    onChange: @escaping @Sendable () -> Void
  ) -> Int? {
    state.withLock { state in
      // NB: added under the lock, with the count: a directory's last watch leaving removes the
      //     inotify watch under it too, so one joining at that moment either finds it counted and
      //     kept, or adds it again after it was removed, never in between. Another path to the
      //     same directory (a symbolic link) gets the same watch descriptor, and is counted with it.
      // NB: `IN_MASK_ADD` widens the directory's mask to the union of the registrations' masks;
      //     without it, a registration asking for fewer events would take them from the others.
      //     A union left wider when a registration leaves is kept rather than narrowed: narrowing
      //     means adding the watch again by path, which may name another directory by then, and
      //     the events no registration asks for are only read and dropped.
      let wd = inotify_add_watch(descriptor, directory, mask | UInt32(IN_MASK_ADD))
      guard wd >= 0 else { return nil }
      if state.watchers[wd] == nil {
        let handle = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if handle >= 0 { state.handles[wd] = DirectoryHandle(descriptor: handle) }
      }
      let token = state.nextToken
      state.nextToken += 1
      state.directories[token] = wd
      state.watchers[wd, default: [:]][token] = Watcher(mask: mask, names: names, queue: queue, onChange: onChange)
      return token
    }
  }

  /// Ends the watch `token`; the directory's inotify watch is removed with its last one. Removing
  /// a token again does nothing.
  package func remove(_ token: Int) {
    state.withLock { state in
      guard let wd = state.directories.removeValue(forKey: token) else { return }
      state.watchers[wd]?[token] = nil
      state.queued.remove(token)
      if state.quieted[wd]?.token == token { loud(wd, &state) }
      guard state.watchers[wd]?.isEmpty == true else { return }
      state.watchers[wd] = nil
      if let handle = state.handles.removeValue(forKey: wd) { close(handle.descriptor) }
      // NB: fails (EINVAL) if the kernel removed the watch already, the directory having been
      //     deleted; nothing is left to undo then. Events it queued before the removal arrive
      //     with a descriptor no longer listed and are dropped: the kernel hands out watch
      //     descriptors in increasing order (`idr_alloc_cyclic`), so a later watch does not
      //     reuse this one and receive them.
      _ = inotify_rm_watch(descriptor, wd)
    }
  }

  /// Marks the call of `token`'s `onChange` queued by ``drain()`` as started; returns whether
  /// the watch has not been removed.
  private func start(_ token: Int) -> Bool {
    state.withLock { state in
      state.queued.remove(token)
      return state.directories[token] != nil
    }
  }

  /// Rests, then reads what arrived meanwhile (``gathering``): the source is suspended until
  /// then, so the events that arrive meanwhile wake nothing. Events read, it listens again.
  ///
  /// Called on the hub's queue by the source.
  private func gather() {
    source.value.suspend()
    rest(queue) { [self] in
      drain()
      source.value.resume()
    }
  }

  /// Reads every pending event, then tells each registration whose events they were, once; a
  /// registration whose last call has not started yet is told by that call.
  ///
  /// NB: a process's own writes to a file it watches (a database's commit is many writes to
  ///     its log) wake the hub many times in a row. Calls are not queued behind one another for
  ///     them: a call reads the state as it is when it runs, after every event read before it.
  ///
  /// Called on the hub's queue by ``gather()``.
  private func drain() {
    let capacity = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    defer { buffer.deallocate() }
    var changed: [Int: Watcher] = [:]
    while true {
      let count = read(descriptor, buffer, capacity)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      var offset = 0
      // NB: each event is a 16-byte `inotify_event` header (wd, mask, cookie, len) followed by
      //     `len` bytes of name, padded with NULs.
      while offset + 16 <= count {
        let wd = buffer.load(fromByteOffset: offset, as: Int32.self)
        let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
        let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
        let name = length > 0 ? String(cString: (buffer + offset + 16).assumingMemoryBound(to: CChar.self)) : ""
        offset += 16 + length
        state.withLock { state in
          if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // NB: the kernel's queue overflowed and events were lost: any watch may have missed
            //     its own, so every one is told, whatever its mask.
            for watchers in state.watchers.values { changed.merge(watchers) { old, _ in old } }
            return
          }
          // NB: IN_IGNORED says a watch was removed; events for a watch descriptor no longer
          //     listed were queued before its last watch left.
          guard mask & UInt32(IN_IGNORED) == 0, let watchers = state.watchers[wd] else { return }
          // NB: the directory's mask is the union of its registrations' masks, so an event one
          //     asked for reaches the others too: each is told only of its own.
          for (token, watcher) in watchers where watcher.mask & mask != 0 && watcher.names.contains(name) {
            changed[token] = watcher
          }
        }
      }
    }
    let calls = state.withLock { state in changed.filter { state.queued.insert($0.key).inserted } }
    for (token, watcher) in calls {
      // NB: marked started before `onChange` runs, so an event read from then on queues another
      //     call. A watch cancelled after the read but before its queue runs this is not called.
      watcher.queue.async { [self] in
        if start(token) { watcher.onChange() }
      }
    }
  }
}
