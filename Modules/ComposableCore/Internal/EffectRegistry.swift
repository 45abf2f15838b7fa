/// A root store's running tasks, indexed by the cancel ids they answer to.
@MainActor
final class EffectRegistry {
  private struct Entry {
    let handle: EffectHandle
    let cancelIDs: [CancelID]
    let observers: [any _EffectObserver]
  }

  private var entries: [Int: Entry] = [:]
  private var tasksByCancelID: [CancelID: Set<Int>] = [:]
  private var lastID = 0

  /// The number of running tasks, and of cancel ids with running tasks.
  var count: (tasks: Int, cancelIDs: Int) {
    (entries.count, tasksByCancelID.count)
  }

  func makeID() -> Int {
    lastID &+= 1
    return lastID
  }

  func insert(_ handle: EffectHandle, context: EffectContext) {
    entries[handle.id] = Entry(handle: handle, cancelIDs: context.cancelIDs, observers: context.observers)
    for cancelID in context.cancelIDs {
      tasksByCancelID[cancelID, default: []].insert(handle.id)
    }
    for observer in context.observers {
      observer.effectDidStart(handle)
    }
  }

  func finish(_ id: Int) {
    guard let entry = entries.removeValue(forKey: id) else { return }
    for cancelID in entry.cancelIDs {
      guard var ids = tasksByCancelID[cancelID] else { continue }
      ids.remove(id)
      tasksByCancelID[cancelID] = ids.isEmpty ? nil : ids
    }
    for observer in entry.observers {
      observer.effectDidFinish(entry.handle)
    }
  }

  /// Cancels every task registered under `cancelID`. A cancelled task counts as finished at
  /// once: it leaves the registry, and anything it sends later is dropped.
  ///
  /// NB: With no work registered under any id (a feature that cancels a request at every
  ///     keystroke, most often with none in flight), the id is not hashed.
  func cancel(_ cancelID: CancelID) {
    guard !tasksByCancelID.isEmpty, let ids = tasksByCancelID.removeValue(forKey: cancelID) else { return }
    for id in ids.sorted() {
      entries[id]?.handle.cancel()
      finish(id)
    }
  }

  /// Cancels the work of every element of `elements` (a `forEach`'s collection, at `path`)
  /// with work running, whose id `isKept` refuses. Looks only at the cancel ids with work
  /// running, never at the collection.
  func cancelElements(
    of elements: NavigationID,
    under path: [AnyHashableSendable],
    unless isKept: (AnyHashable) -> Bool
  ) {
    let removed = tasksByCancelID.keys.filter { cancelID in
      guard cancelID.id == nil, cancelID.path.count == path.count + 1,
        let element = cancelID.path.last?.base as? NavigationID,
        element.keyPath == elements.keyPath, let id = element.id,
        cancelID.path.dropLast().elementsEqual(path)
      else { return false }
      return !isKept(id)
    }
    // NB: In the order their work started, so that a run cancels alike every time.
    let ordered = removed.sorted { tasksByCancelID[$0]?.min() ?? 0 < tasksByCancelID[$1]?.min() ?? 0 }
    for cancelID in ordered {
      cancel(cancelID)
    }
  }

  func cancelAll() {
    for entry in entries.values {
      entry.handle.cancel()
    }
  }
}
