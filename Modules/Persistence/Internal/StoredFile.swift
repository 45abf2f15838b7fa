import Foundation
import Locking

/// One file behind a file-backed key: what was last read from or written to it, its writer, and
/// the rules that keep other writers' data.
final class StoredFile: Sendable {
  let url: URL
  let system: any FileSystem
  let writer: ThrottledWriter
  private let asideReports: FileStorage.AsideReports
  /// The bytes this process last read or wrote; a change to anything else came from outside.
  private let knownData = Lock<FileDigest?>(nil)
  /// Where deferred outcomes go: a conflict (as a load error) and each save's result.
  private let reporter = Lock<Reporter?>(nil)

  struct Reporter {
    let loadError: @Sendable (any Error) -> Void
    let saveResult: @Sendable ((any Error)?) -> Void
    /// A write made the file good again without keeping another's aside: a load error is over.
    var wroteCleanly: @Sendable () -> Void = {}
  }

  /// A file of `storage`, written through a writer of its own (see ``ThrottledWriter``).
  init(url: URL, storage: FileStorage) {
    self.url = url
    self.system = storage.system
    self.writer = storage.makeWriter()
    self.asideReports = storage.asideReports
  }

  func report(to reporter: Reporter) {
    self.reporter.withLock { $0 = reporter }
  }

  /// Stops reporting: lets go of the reporter, and of the reference its subscriber holds (the
  /// reference holds this file through its key, so keeping the reporter kept both forever).
  func stopReporting() {
    reporter.withLock { $0 = nil }
  }

  /// Schedules `data`'s write; `encode` runs only when the write actually happens.
  ///
  /// `merge`, when given, takes a version of the file written by another writer and not yet
  /// taken in, and returns what to write in its place (theirs and ours together), or `nil` to
  /// keep theirs aside as usual.
  func save(
    _ encode: @escaping @Sendable () throws -> Data,
    now: Bool,
    merge: (@Sendable (Data) -> Data?)? = nil
  ) throws {
    writer.schedule { [self] in
      let reporter = self.reporter.withLock { $0 }
      do {
        var keptAside = false
        try write(try encode(), merge: merge) {
          keptAside = true
          reporter?.loadError($0)
        }
        if !keptAside { reporter?.wroteCleanly() }
        reporter?.saveResult(nil)
      } catch {
        reporter?.saveResult(error)
        throw error
      }
    }
    if now { try writer.flush() }
  }

  enum Contents {
    case missing
    case data(Data)
  }

  /// Reads the file for a load. A file that fails `decode` is moved aside and reported; the
  /// error thrown is the report, or with `throwsDecoderErrors`, the decoder's own error saying
  /// so (``FileStorageError/loadError(decoding:keptAside:)``), as a file-storage key's
  /// `loadError` is in swift-sharing.
  ///
  /// A file that exists but cannot be read is moved aside too, so a later write never replaces
  /// data the process could not see. Temporary files left by writers killed mid-write are removed.
  func load<Value>(_ decode: (Data) throws -> Value, throwsDecoderErrors: Bool = false) throws -> Value? {
    system.removeLeftovers(of: url)
    let data: Data?
    do {
      data = try system.read(url)
    } catch {
      throw moveAsideUnreadable(error)
    }
    guard let data, !data.isEmpty else {
      knownData.withLock { $0 = data.digest }
      return nil
    }
    do {
      let value = try decode(data)
      let digest = FileDigest(data)
      knownData.withLock { $0 = digest }
      return value
    } catch {
      knownData.withLock { $0 = nil }
      let report = moveAsideCorrupt(error)
      throw throwsDecoderErrors ? FileStorageError.loadError(decoding: error, keptAside: report) : report
    }
  }

  /// A change read from the file after a notification, not yet taken in.
  struct Change {
    let contents: Contents
    fileprivate let activity: ThrottledWriter.Activity
    /// What the file holds now, as a digest: worked out once, before any lock is taken.
    fileprivate let digest: FileDigest?
  }

  /// Reads the file after a change notification. Returns `nil` when nothing changed that the
  /// process does not already know, or when a write of ours overlapped the read: while one is in
  /// flight the file may be briefly missing (a conflicting file moved aside), and what its events
  /// show is ours. Unless `evenIfPending`, a pending write also makes the change wait: that write
  /// will keep the other writer's file aside (see ``write(_:onConflict:)``).
  ///
  /// The change counts as known only once ``take(_:)`` says so: until then a write of ours still
  /// treats the file as another writer's and keeps it aside. A change ``take(_:)`` refuses is
  /// handed to ``ThrottledWriter/noteMissedChange()``, once the value's lock is released.
  ///
  /// A change set aside because a write of ours overlapped it is looked at again once the writer
  /// is idle (see ``watch(_:)``): a write of ours that started before the other writer's rename
  /// does not see their file, and no notification comes after it.
  func externalChange(evenIfPending: Bool = false) -> Change? {
    guard let before = writer.idleActivityOrNoteMissed(allowingPending: evenIfPending) else { return nil }
    let data: Data?
    do { data = try system.read(url) } catch { return nil }
    guard writer.idleActivity(allowingPending: evenIfPending) == before else {
      writer.noteMissedChange()
      return nil
    }
    let digest = data.digest
    let known = knownData.withLock { $0 }
    guard known != digest else { return nil }
    system.noteExternalChange(url, contents: data)
    return Change(contents: data.map { .data($0) } ?? .missing, activity: before, digest: digest)
  }

  /// Takes `change` in, if nothing of ours happened since it was read: no write, and no change
  /// of the value waiting to be written (see ``ThrottledWriter/noteChange()``). Call it while
  /// holding the value's lock, so no change of ours can slip in between.
  func take(_ change: Change) -> Bool {
    guard writer.idleActivity(allowingPending: false) == change.activity else { return false }
    let digest = change.digest
    knownData.withLock { $0 = digest }
    return true
  }

  /// Calls `onChange` after every change to the file, and again after a write of ours that
  /// overlapped a change (see ``externalChange(evenIfPending:)``); then once at once, for a
  /// change made between the file's load and this watch.
  ///
  /// Cancelling the subscription lets go of `onChange` both ways: it may hold what holds this file.
  func watch(_ onChange: @escaping @Sendable () -> Void) -> SharedSubscription {
    writer.onChangeMissed(onChange)
    let subscription = system.watch(url, onChange)
    onChange()
    return SharedSubscription { [writer] in
      writer.onChangeMissed(nil)
      subscription.cancel()
    }
  }

  /// Takes `change` in whatever happened since (app storage merges instead).
  func takeAlways(_ change: Change) {
    let digest = change.digest
    knownData.withLock { $0 = digest }
  }

  /// Moves the file aside after it failed to decode, and returns the error saying where it went.
  func moveAsideCorrupt(_ error: any Error) -> FileStorageError {
    let aside = url.asideURL("corrupt")
    let moved = (try? system.move(url, to: aside)) != nil
    knownData.withLock { $0 = nil }
    return keptAside(.corruptFile(url: url, movedTo: moved ? aside : nil, reason: FileStorageError.reason(error)))
  }

  /// Copies the file aside (it stays in place), e.g. before a value in it that could not be read
  /// is written over; returns where the copy went. `contents` is the file as it was read, when it
  /// may have been written since.
  func copyAside(contents: Data? = nil) -> URL? {
    guard let data = contents ?? (try? system.read(url)) else { return nil }
    let aside = url.asideURL("corrupt")
    return (try? system.write(data, to: aside)) != nil ? aside : nil
  }

  /// Tells the file storage's listeners (see ``FileStorage/onFileKeptAside(_:)``), and returns `error`.
  func keptAside(_ error: FileStorageError) -> FileStorageError {
    asideReports.report(error)
    return error
  }

  /// Moves the file aside after it could not be read, and returns the error saying where it went.
  func moveAsideUnreadable(_ error: any Error) -> FileStorageError {
    let aside = url.asideURL("unreadable")
    let moved = (try? system.move(url, to: aside)) != nil
    knownData.withLock { $0 = nil }
    return keptAside(.unreadableFile(url: url, movedTo: moved ? aside : nil, reason: FileStorageError.reason(error)))
  }

  /// Writes `data` atomically. If the file holds something this process neither read nor wrote,
  /// another writer got there first: their file is kept aside and `onConflict` told where. A file
  /// that cannot be read is kept aside the same way.
  ///
  /// With `merge`, another writer's version is merged with ours instead (see ``save(_:now:merge:)``).
  func write(
    _ data: Data,
    merge: (@Sendable (Data) -> Data?)? = nil,
    onConflict: (FileStorageError) -> Void
  ) throws {
    // NB: between reading the file and renaming ours over it, another process must not rename
    //     its own in: both follow this rule under one lock, so neither replaces unseen data.
    try system.withExclusiveAccess(to: url) { try writeExclusively(data, merge: merge, onConflict: onConflict) }
  }

  private func writeExclusively(
    _ data: Data,
    merge: (@Sendable (Data) -> Data?)?,
    onConflict: (FileStorageError) -> Void
  ) throws {
    var data = data
    let known = knownData.withLock { $0 }
    let current: Data?
    do {
      current = try system.read(url)
    } catch {
      // NB: a file that cannot be read is never written over: it goes aside first, or the write fails.
      let aside = url.asideURL("unreadable")
      try system.move(url, to: aside)
      onConflict(keptAside(.unreadableFile(url: url, movedTo: aside, reason: FileStorageError.reason(error))))
      current = nil
    }
    if let current, !current.isEmpty, FileDigest(current) != known, current != data {
      if let merged = merge?(current) {
        data = merged
      } else {
        let aside = url.asideURL("conflict")
        try system.move(url, to: aside)
        onConflict(keptAside(.conflictingWrite(url: url, theirsMovedTo: aside)))
      }
    }
    let digest = FileDigest(data)
    knownData.withLock { $0 = digest }
    do {
      try system.write(data, to: url)
    } catch {
      knownData.withLock { $0 = known }
      throw error
    }
  }
}
