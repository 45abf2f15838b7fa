import Foundation
@testable import SharingGRDB
import TemporaryFiles
import Testing

/// Keys are watched however many there are and however fast they come and go: Linux allows a
/// user 128 inotify instances by default, and these tests would take more than that were each
/// watch an instance of its own — a key subscribed and cancelled a thousand times in a tight
/// loop, and keys on two hundred databases held at once.
@Suite(.timeLimit(.minutes(5)))
struct ManyWatchesTests {
  @Test func aKeySubscribedAndCancelledInATightLoopIsWatchedEachTime() throws {
    let directory = try TemporaryDirectory()
    let database = try DatabasePool(path: directory.file("items.sqlite").path)
    try migrate(database)
    let key: FetchKey<[Item]> = .fetch(FetchAllRequest(sql: "SELECT * FROM items", arguments: []), database: database)
    let subscriber = SharedSubscriber<[Item]>(callback: { _ in })
    var unwatched: [Int] = []
    // NB: as a key made and dropped each time a list scrolls: nothing waits for a cancelled
    //     key's watch to be torn down before the key is subscribed again.
    for index in 0..<1_000 {
      let subscription = key.subscribe(context: .initialValue([]), subscriber: subscriber)
      let descriptor = ExternalCommitWatcher.watcher(for: database)?.descriptor
      if descriptor.map({ inotifyWatches($0, directory: directory.path) }) != true { unwatched.append(index) }
      subscription.cancel()
    }
    #expect(unwatched == [])
    #expect(ExternalCommitWatcher.watcher(for: database) == nil)
  }

  @Test func keysOnManyDatabasesInOneDirectoryAreWatchedAtOnce() throws {
    let directory = try TemporaryDirectory()
    let subscriber = SharedSubscriber<[Item]>(callback: { _ in })
    var databases: [DatabaseQueue] = []
    var subscriptions: [SharedSubscription] = []
    for index in 0..<200 {
      let database = try DatabaseQueue(path: directory.file("items-\(index).sqlite").path)
      try migrate(database)
      let key: FetchKey<[Item]> = .fetch(FetchAllRequest(sql: "SELECT * FROM items", arguments: []), database: database)
      subscriptions.append(key.subscribe(context: .initialValue([]), subscriber: subscriber))
      databases.append(database)
    }
    let unwatched = databases.indices.filter { index in
      let descriptor = ExternalCommitWatcher.watcher(for: databases[index])?.descriptor
      return descriptor.map { inotifyWatches($0, directory: directory.path) } != true
    }
    #expect(unwatched == [])
    let descriptor = try #require(ExternalCommitWatcher.watcher(for: databases[0])?.descriptor)
    for subscription in subscriptions.dropLast() { subscription.cancel() }
    #expect(inotifyWatches(descriptor, directory: directory.path))
    subscriptions.last?.cancel()
    #expect(!inotifyWatches(descriptor, directory: directory.path))
    #expect(databases.allSatisfy { ExternalCommitWatcher.watcher(for: $0) == nil })
  }
}
