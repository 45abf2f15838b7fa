import AsyncWaiting
import ConcurrencyExtras
import Foundation
@testable import Persistence
@testable import SharingGRDB
import TemporaryFiles
import Testing

/// File storage's watches and the databases' watches share the process's one inotify instance,
/// even on one directory, and each is told only of the events it asked for: file storage never
/// of a write not yet closed, a database watch of every write.
@Suite(.timeLimit(.minutes(5)))
struct OneInotifyInstanceTests {
  @Test func fileStorageAndDatabaseWatchesAreServedByOneInstance() throws {
    let files = try TemporaryDirectory()
    let databases = try TemporaryDirectory()
    let fileWatch = LiveFileSystem().watch(files.file("facts.json")) {}
    let databaseWatch = try #require(
      DirectoryWatch(directory: databases.path, names: ["todos.sqlite"], queue: DispatchQueue(label: "OneInotifyInstanceTests")) {}
    )
    // NB: every inotify instance of the process is looked at, so a second one watching either
    //     directory is found, whoever made it.
    #expect(inotifyDescriptors().filter { inotifyWatches($0, directory: files.path) } == [databaseWatch.descriptor])
    #expect(inotifyDescriptors().filter { inotifyWatches($0, directory: databases.path) } == [databaseWatch.descriptor])
    fileWatch.cancel()
    databaseWatch.cancel()
    #expect(!inotifyWatches(databaseWatch.descriptor, directory: files.path))
    #expect(!inotifyWatches(databaseWatch.descriptor, directory: databases.path))
  }

  @Test func aWriteNotYetClosedReachesADatabaseWatchButNotFileStorage() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("value.json")
    // NB: made before the watches: its creation is not under test.
    try Data("1".utf8).write(to: file)
    let fileCalls = LockIsolated<[String]>([])
    let databaseCalls = LockIsolated(0)
    let system = LiveFileSystem()
    let fileWatch = system.watch(file) { fileCalls.withValue { $0.append("value.json") } }
    let barrierWatch = system.watch(directory.file("barrier")) { fileCalls.withValue { $0.append("barrier") } }
    let databaseWatch = try #require(
      DirectoryWatch(directory: directory.path, names: ["value.json"], queue: DispatchQueue(label: "OneInotifyInstanceTests")) {
        databaseCalls.withValue { $0 += 1 }
      }
    )
    #expect(inotifyDescriptors().filter { inotifyWatches($0, directory: directory.path) } == [databaseWatch.descriptor])
    let handle = try FileHandle(forWritingTo: file)
    try handle.write(contentsOf: Data("2".utf8))
    #expect(await waitUntil { databaseCalls.value > 0 })
    // NB: "barrier", written after the write was read, is told on the queue file storage's
    //     watches share, so a call for the unclosed write would have been made before it.
    try Data().write(to: directory.file("barrier"))
    #expect(await waitUntil { fileCalls.value.contains("barrier") })
    #expect(!fileCalls.value.contains("value.json"))
    try handle.close()
    #expect(await waitUntil { fileCalls.value.contains("value.json") })
    fileWatch.cancel()
    barrierWatch.cancel()
    databaseWatch.cancel()
  }

  /// Events read while a watch's call is queued and not yet started are told by that call, not
  /// by one more each: a process's own commit, many writes to its log, queues one call at a time.
  @Test func eventsReadWhileACallIsQueuedAreToldByThatCall() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("todos.sqlite-wal")
    try Data().write(to: file)
    let held = DispatchQueue(label: "OneInotifyInstanceTests.held")
    let heldCalls = LockIsolated(0)
    let freeCalls = LockIsolated(0)
    let heldWatch = try #require(
      DirectoryWatch(directory: directory.path, names: [file.lastPathComponent], queue: held) { heldCalls.withValue { $0 += 1 } }
    )
    let freeWatch = try #require(
      DirectoryWatch(directory: directory.path, names: [file.lastPathComponent], queue: DispatchQueue(label: "OneInotifyInstanceTests.free")) {
        freeCalls.withValue { $0 += 1 }
      }
    )
    // NB: the held watch's queue is kept busy until the writes are read, so its calls wait.
    let gate = DispatchSemaphore(value: 0)
    held.async { gate.wait() }
    let handle = try FileHandle(forWritingTo: file)
    for _ in 1...5 {
      let seen = freeCalls.value
      try handle.write(contentsOf: Data("x".utf8))
      // NB: the free watch is told of each write on its own, after the hub read it.
      #expect(await waitUntil { freeCalls.value > seen })
    }
    gate.signal()
    await withCheckedContinuation { continuation in held.async { continuation.resume() } }
    #expect(heldCalls.value == 1)
    try handle.close()
    heldWatch.cancel()
    freeWatch.cancel()
  }
}
