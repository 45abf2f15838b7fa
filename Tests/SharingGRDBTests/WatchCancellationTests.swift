import AsyncWaiting
import ConcurrencyExtras
import Foundation
@testable import SharingGRDB
import TemporaryFiles
import Testing

/// Cancelling a key's subscription stops its file watch: the watcher goes away and its inotify
/// descriptor is closed.
@Suite(.timeLimit(.minutes(1)))
struct WatchCancellationTests {
  @Test func cancellingTheLastSubscriptionStopsTheWatch() async throws {
    let directory = try TemporaryDirectory()
    let database = try DatabasePool(path: directory.file("items.sqlite").path)
    try migrate(database)
    let key: FetchKey<[Item]> = .fetch(FetchAllRequest(sql: "SELECT * FROM items", arguments: []), database: database)
    let subscriber = SharedSubscriber<[Item]>(callback: { _ in })
    let first = key.subscribe(context: .initialValue([]), subscriber: subscriber)
    let second = key.subscribe(context: .initialValue([]), subscriber: subscriber)
    weak let watcher = ExternalCommitWatcher.watcher(for: database)
    let descriptor = try #require(watcher?.descriptor)
    #expect(Self.inotifyWatches(descriptor, directory: directory.path))
    first.cancel()
    #expect(ExternalCommitWatcher.watcher(for: database) != nil)
    second.cancel()
    #expect(ExternalCommitWatcher.watcher(for: database) == nil)
    #expect(await waitUntil { watcher == nil })
    #expect(await waitUntil { !Self.inotifyWatches(descriptor, directory: directory.path) })
  }

  @Test func aKeyJoiningAsTheLastOneLeavesIsStillWatched() throws {
    let directory = try TemporaryDirectory()
    let database = try DatabasePool(path: directory.file("items.sqlite").path)
    try migrate(database)
    let key: FetchKey<[Item]> = .fetch(FetchAllRequest(sql: "SELECT * FROM items", arguments: []), database: database)
    let subscriber = SharedSubscriber<[Item]>(callback: { _ in })
    for _ in 0..<100 {
      let leaving = key.subscribe(context: .initialValue([]), subscriber: subscriber)
      let joining = LockIsolated<SharedSubscription?>(nil)
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
          leaving.cancel()
        } else {
          joining.setValue(key.subscribe(context: .initialValue([]), subscriber: subscriber))
        }
      }
      let descriptor = ExternalCommitWatcher.watcher(for: database)?.descriptor
      #expect(descriptor.map { Self.inotifyWatches($0, directory: directory.path) } == true)
      joining.value?.cancel()
    }
    #expect(ExternalCommitWatcher.watcher(for: database) == nil)
  }

  @Test func anInMemoryDatabaseIsNotWatched() throws {
    let database = try itemsDatabase()
    let key: FetchKey<[Item]> = .fetch(FetchAllRequest(sql: "SELECT * FROM items", arguments: []), database: database)
    let subscription = key.subscribe(context: .initialValue([]), subscriber: SharedSubscriber(callback: { _ in }))
    #expect(ExternalCommitWatcher.watcher(for: database) == nil)
    subscription.cancel()
  }

  /// Whether descriptor `fd` of this process is an inotify instance watching `directory`.
  ///
  /// NB: compared by the directory's inode, so a descriptor number reused by another test's
  ///     watch of another directory does not count.
  static func inotifyWatches(_ fd: Int32, directory: String) -> Bool {
    guard
      let attributes = try? FileManager.default.attributesOfItem(atPath: directory),
      let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
      let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(fd)", encoding: .utf8)
    else { return false }
    return info.contains("inotify wd:") && info.contains(" ino:\(String(inode, radix: 16)) ")
  }
}
