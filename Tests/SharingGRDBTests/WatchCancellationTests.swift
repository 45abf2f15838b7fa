import AsyncWaiting
import ConcurrencyExtras
import Foundation
@testable import SharingGRDB
import TemporaryFiles
import Testing

/// Cancelling a key's last subscription stops its file watch: the watcher goes away and the
/// process's inotify instance, which stays open, no longer watches the database's directory.
@Suite(.timeLimit(.minutes(5)))
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
    #expect(inotifyWatches(descriptor, directory: directory.path))
    first.cancel()
    #expect(ExternalCommitWatcher.watcher(for: database) != nil)
    second.cancel()
    #expect(ExternalCommitWatcher.watcher(for: database) == nil)
    // NB: removed as the last key leaves, not later: a key joining at once watches it anew.
    #expect(!inotifyWatches(descriptor, directory: directory.path))
    #expect(await waitUntil { watcher == nil })
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
      #expect(descriptor.map { inotifyWatches($0, directory: directory.path) } == true)
      joining.value?.cancel()
      #expect(descriptor.map { !inotifyWatches($0, directory: directory.path) } == true)
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
}
