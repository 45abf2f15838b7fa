import AsyncWaiting
import ConcurrencyExtras
import Foundation
@testable import SharingGRDB
import TemporaryFiles
import Testing

/// Watches share the process's one inotify instance and each directory's one inotify watch, and
/// each is told only of its own files.
@Suite(.timeLimit(.minutes(5)))
struct DirectoryWatchTests {
  @Test func watchesOfOneDirectoryShareItsWatchUntilTheLastIsCancelled() async throws {
    let directory = try TemporaryDirectory()
    let calls = LockIsolated<[String]>([])
    let queue = DispatchQueue(label: "DirectoryWatchTests")
    let first = try #require(Self.watch(directory.path, "a", queue: queue, calls: calls))
    let second = try #require(Self.watch(directory.path, "b", queue: queue, calls: calls))
    #expect(first.descriptor == second.descriptor)
    #expect(inotifyWatches(first.descriptor, directory: directory.path))
    first.cancel()
    // NB: cancelled twice: the directory's count goes down once.
    first.cancel()
    #expect(inotifyWatches(second.descriptor, directory: directory.path))
    try Data().write(to: directory.file("b"))
    #expect(await waitUntil { calls.value.contains("b") })
    second.cancel()
    #expect(!inotifyWatches(second.descriptor, directory: directory.path))
  }

  @Test func aWatchIsToldOfItsOwnFilesOnly() async throws {
    let directory = try TemporaryDirectory()
    let other = try TemporaryDirectory()
    let calls = LockIsolated<[String]>([])
    let queue = DispatchQueue(label: "DirectoryWatchTests")
    let watches = try [
      #require(Self.watch(directory.path, "a", queue: queue, calls: calls)),
      #require(Self.watch(directory.path, "b", queue: queue, calls: calls)),
      #require(Self.watch(directory.path, "c", queue: queue, calls: calls)),
      #require(Self.watch(other.path, "a", queue: queue, calls: calls, label: "other a")),
    ]
    try Data().write(to: directory.file("a"))
    // NB: "c", written after "a", is the barrier: its watch shares the queue, so a call for "a"
    //     to a watch it should not reach is made before the call for "c" (unless both files'
    //     events are read at once, when it may come after and go unseen: never a false failure).
    try Data().write(to: directory.file("c"))
    #expect(await waitUntil { calls.value.contains("c") })
    #expect(calls.value.contains("a"))
    #expect(!calls.value.contains("b"))
    #expect(!calls.value.contains("other a"))
    for watch in watches { watch.cancel() }
  }

  @Test func aCancelledWatchIsNotTold() async throws {
    let directory = try TemporaryDirectory()
    let calls = LockIsolated<[String]>([])
    let queue = DispatchQueue(label: "DirectoryWatchTests")
    let cancelled = try #require(Self.watch(directory.path, "a", queue: queue, calls: calls))
    let barrier = try #require(Self.watch(directory.path, "c", queue: queue, calls: calls))
    cancelled.cancel()
    try Data().write(to: directory.file("a"))
    try Data().write(to: directory.file("c"))
    #expect(await waitUntil { calls.value.contains("c") })
    #expect(!calls.value.contains("a"))
    barrier.cancel()
  }

  @Test func aDirectoryThatDoesNotExistIsNotWatched() throws {
    let directory = try TemporaryDirectory()
    let watch = DirectoryWatch(directory: directory.file("missing").path, names: ["a"], queue: .main) {}
    #expect(watch == nil)
  }

  /// A watch of `name` in `directory` that appends `label` (the name, unless given) to `calls`.
  static func watch(
    _ directory: String,
    _ name: String,
    queue: DispatchQueue,
    calls: LockIsolated<[String]>,
    label: String? = nil
  ) -> DirectoryWatch? {
    DirectoryWatch(directory: directory, names: [name], queue: queue) {
      calls.withValue { $0.append(label ?? name) }
    }
  }
}
