import Locking

#if canImport(Glibc)
  import Glibc
#endif

/// Quieting: a registration alone in asking for some events stops the kernel making them in its
/// directory for a while, rather than have the hub read each and drop it.
extension InotifyHub {
  /// Stops the kernel making the `events` of `token`'s directory until ``unquiet(_:)``; returns
  /// whether it did. It does not when another registration of the directory asks for any of
  /// them, or when they are already quieted.
  ///
  /// NB: the events of every file of the directory are quieted, `token`'s or not: only a
  ///     registration alone in asking for them may, for as long as it knows none that it needs
  ///     can happen (a database's own commit, which holds the database's write lock), or looks
  ///     itself for what they would have told (a database's version, read again).
  package func quiet(_ token: Int, _ events: UInt32) -> Bool {
    state.withLock { state in
      guard
        let wd = state.directories[token], state.quieted[wd] == nil, let watchers = state.watchers[wd],
        !watchers.contains(where: { $0.key != token && $0.value.mask & events != 0 })
      else { return false }
      let mask = watchers.values.reduce(0) { $0 | $1.mask } & ~events
      guard setMask(mask, of: wd, through: state.handles[wd]) else { return false }
      state.quieted[wd] = (token, events)
      return true
    }
  }

  /// Lets the kernel make the events ``quiet(_:_:)`` stopped again; nothing if `token` quieted
  /// none.
  package func unquiet(_ token: Int) {
    state.withLock { state in
      guard let wd = state.directories[token], state.quieted[wd]?.token == token else { return }
      loud(wd, &state)
    }
  }

  /// Sets the mask of `wd` back to the union of its registrations'.
  func loud(_ wd: Int32, _ state: inout State) {
    state.quieted[wd] = nil
    let mask = state.watchers[wd]?.values.reduce(0) { $0 | $1.mask } ?? 0
    // NB: should it fail (the directory deleted: its watch is gone), nothing is left to set.
    _ = setMask(mask, of: wd, through: state.handles[wd])
  }

  /// Sets the mask of the watch `wd` to `mask`, through its directory's descriptor `handle`;
  /// whether the kernel did, on that watch.
  private func setMask(_ mask: UInt32, of wd: Int32, through handle: DirectoryHandle?) -> Bool {
    guard mask != 0, let handle else { return false }
    let set = inotify_add_watch(descriptor, handle.path, mask)
    // NB: another descriptor means the kernel had removed the watch (its directory deleted) and
    //     made a new one: it is removed again, as no registration asked for it.
    if set >= 0, set != wd { _ = inotify_rm_watch(descriptor, set) }
    return set == wd
  }
}
