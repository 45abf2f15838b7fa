import Foundation
import Locking

/// The one JSON key–value file holding every `.appStorage` value of a process.
///
/// When another writer changes the file, its values are taken for every key except the ones this
/// process changed and has not written yet: those are re-applied on top, so both sides' changes
/// survive (merged key by key).
final class AppStorageFile: Sendable {
  struct Observer {
    let onValue: @Sendable (AppStorageValue?) -> Void
    let onLoadError: @Sendable (any Error) -> Void
    let onSave: @Sendable ((any Error)?) -> Void
  }

  private struct State {
    var values: [String: AppStorageValue] = [:]
    /// Keys changed here and not yet written.
    var dirty: Set<String> = []
    /// Keys holding a default stored here because nothing was, not yet written: another writer's
    /// value for one of them wins.
    var defaulted: Set<String> = []
    var loadError: FileStorageError?
    /// Where the file was copied after a value in it was found of the wrong type, until it changes.
    var copy: URL?
    /// The file as last read from disk, so the copy kept for a value of the wrong type is the file
    /// as found, even after a default stored since rewrote it.
    var lastRead: Data?
    var nextToken = 0
    var observers: [String: [Int: Observer]] = [:]

    /// Takes in another writer's values, as read in `read`: theirs for every key, except the
    /// keys in `dirty` (changed here, not yet written) and the defaults in `defaulted` they do
    /// not have, which stay ours. Returns the observers of each key that changed, with its value.
    mutating func takeIn(
      _ theirs: [String: AppStorageValue],
      read: Data?,
      keeping dirty: Set<String>,
      _ defaulted: Set<String>
    ) -> [(AppStorageValue?, [Observer])] {
      loadError = nil
      copy = nil
      lastRead = read
      var merged = theirs
      for name in dirty { merged[name] = values[name] }
      // NB: another writer's value for a key holding a default of ours wins.
      self.defaulted = self.defaulted.filter { merged[$0] == nil }
      for name in defaulted where merged[name] == nil { merged[name] = values[name] }
      let names = Set(merged.keys).union(values.keys).filter { merged[$0] != values[$0] }
      values = merged
      return names.map { name in (merged[name], observers[name].map { Array($0.values) } ?? []) }
    }
  }

  private let file: StoredFile
  private let state = Lock(State())
  private let watch = Lock<SharedSubscription?>(nil)

  init(url: URL, storage: FileStorage) {
    file = StoredFile(url: url, storage: storage)
    do {
      var read: Data?
      let values = try file.load { data in
        read = data
        return try JSONDecoder().decode([String: AppStorageValue].self, from: data)
      }
      state.withLock { [read] in
        $0.values = values ?? [:]
        $0.lastRead = read
      }
    } catch let error as FileStorageError {
      state.withLock { $0.loadError = error }
    } catch {}
    file.report(to: StoredFile.Reporter(
      loadError: { [weak self] error in self?.forEachObserver { $0.onLoadError(error) } },
      saveResult: { [weak self] error in self?.forEachObserver { $0.onSave(error) } }
    ))
    let subscription = file.watch { [weak self] in self?.externalChange() }
    watch.withLock { $0 = subscription }
  }

  var url: URL { file.url }

  /// Stops taking in changes made by other writers: for a file made for a path that another
  /// one already serves.
  func stopWatching() {
    watch.withLock { $0.take() }?.cancel()
  }

  /// The value stored under `name`; throws the file's load error, if any, until the file is good
  /// again (written by this process or changed by another), so every key read from a bad file
  /// reports it, whichever is read first.
  func value(_ name: String) throws -> AppStorageValue? {
    try state.withLock { state in
      if let error = state.loadError { throw error }
      return state.values[name]
    }
  }

  /// Reports that the value under `name` is not of the type it is read as, keeping one copy of the
  /// file (per version of it) before a write replaces that value.
  func mismatched(_ name: String) -> FileStorageError {
    let copy = state.withLock { state -> URL? in
      if let copy = state.copy { return copy }
      state.copy = file.copyAside(contents: state.lastRead)
      return state.copy
    }
    return file.keptAside(.mismatchedValue(url: url, key: name, copiedTo: copy))
  }

  /// Stores `value` under `name` (`nil` removes it), written with the file's coalescing.
  func set(_ name: String, _ value: AppStorageValue?, now: Bool) throws {
    state.withLock { state in
      state.values[name] = value
      state.dirty.insert(name)
      // NB: Most often empty, once the first write is made: the name is then not hashed again.
      if !state.defaulted.isEmpty { state.defaulted.remove(name) }
      state.loadError = nil
      state.copy = nil
    }
    // NB: A write already waiting takes the values when it runs, this one among them: a burst of
    //     changes (a counter pressed ten thousand times) schedules one write, not one per change.
    if !now, file.writer.hasPendingWrite { return }
    try scheduleWrite(now: now)
  }

  /// Stores `value` under `name` only if the file holds nothing there (and was read cleanly); a
  /// value another writer stores for it before ours is written takes its place.
  func storeDefault(_ name: String, _ value: AppStorageValue) {
    let isStored = state.withLock { state in
      guard state.loadError == nil, state.values[name] == nil else { return false }
      state.values[name] = value
      state.defaulted.insert(name)
      return true
    }
    if isStored { try? scheduleWrite(now: false) }
  }

  private func scheduleWrite(now: Bool) throws {
    // NB: what this write takes as ours, for a merge with a version it finds and has not taken in.
    let written = Lock<(dirty: Set<String>, defaulted: Set<String>)>(([], []))
    try file.save({ [self] in
      let values = state.withLock { state in
        defer {
          state.dirty = []
          state.defaulted = []
        }
        written.withLock { $0 = (state.dirty, state.defaulted) }
        return state.values
      }
      return try Self.encode(values)
    }, now: now, merge: { [weak self] theirs in
      self?.merge(theirs, over: written.withLock { $0 })
    })
  }

  private static func encode(_ values: [String: AppStorageValue]) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encode(values)
  }

  /// What a write of ours puts in place of another writer's version it has not taken in yet:
  /// their values, with the keys we changed (and defaults they do not have) on top, as a change
  /// read from them would have merged them. Observers hear of their values once the write's
  /// locks are released. `nil` when their file cannot be read as values: it is kept aside.
  private func merge(_ data: Data, over ours: (dirty: Set<String>, defaulted: Set<String>)) -> Data? {
    guard let theirs = try? JSONDecoder().decode([String: AppStorageValue].self, from: data) else { return nil }
    let (merged, changes) = state.withLock { state in
      let changes = state.takeIn(
        theirs, read: data, keeping: ours.dirty.union(state.dirty), ours.defaulted.union(state.defaulted)
      )
      return (state.values, changes)
    }
    OutsideLocks.run { Self.tell(changes) }
    return try? Self.encode(merged)
  }

  /// Tells each observer of a changed key its new value.
  private static func tell(_ changes: [(AppStorageValue?, [Observer])]) {
    for (value, observers) in changes {
      for observer in observers { observer.onValue(value) }
    }
  }

  func observe(_ name: String, _ observer: Observer) -> SharedSubscription {
    let token = state.withLock { state in
      defer { state.nextToken += 1 }
      state.observers[name, default: [:]][state.nextToken] = observer
      return state.nextToken
    }
    return SharedSubscription { [weak self] in
      self?.state.withLock { _ = $0.observers[name]?.removeValue(forKey: token) }
    }
  }

  private func forEachObserver(_ body: (Observer) -> Void) {
    let observers = state.withLock { $0.observers.values.flatMap(\.values) }
    observers.forEach(body)
  }

  private func externalChange() {
    let theirs: [String: AppStorageValue]
    guard let change = file.externalChange(evenIfPending: true) else { return }
    file.takeAlways(change)
    switch change.contents {
    case .missing:
      theirs = [:]
    case .data(let data) where data.isEmpty:
      theirs = [:]
    case .data(let data):
      do {
        theirs = try JSONDecoder().decode([String: AppStorageValue].self, from: data)
      } catch {
        let error = file.moveAsideCorrupt(error)
        forEachObserver { $0.onLoadError(error) }
        return
      }
    }
    let read: Data? = if case .data(let data) = change.contents { data } else { nil }
    let changes = state.withLock { state in
      state.takeIn(theirs, read: read, keeping: state.dirty, state.defaulted)
    }
    Self.tell(changes)
  }
}
