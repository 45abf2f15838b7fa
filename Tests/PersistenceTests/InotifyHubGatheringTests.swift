import AsyncWaiting
import ConcurrencyExtras
import Foundation
@testable import Persistence
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Woken by an event, the hub rests before it reads, and what arrived meanwhile is read with it:
/// a burst of writes (a database's commit) wakes it once, not once a write.
@Suite(.timeLimit(.minutes(5)))
struct InotifyHubGatheringTests {
  /// The hubs the tests made: an instance is never closed, as the process's is not, so each is
  /// kept for as long as the process runs.
  static let kept = LockIsolated<[InotifyHub]>([])

  @Test func writesMadeWhileTheHubRestsAreReadWithTheFirstAndToldOnce() async throws {
    // NB: the test ends each rest itself, so what is read in one go is not a matter of timing.
    let rests = LockIsolated<[@Sendable () -> Void]>([])
    let hub = try #require(
      InotifyHub { queue, read in rests.withValue { $0.append { queue.async(execute: read) } } }
    )
    Self.kept.withValue { $0.append(hub) }
    let directory = try TemporaryDirectory()
    let file = directory.file("todos.sqlite-wal")
    try Data().write(to: file)
    let calls = LockIsolated(0)
    let token = try #require(
      hub.add(
        directory: directory.url.path, names: [file.lastPathComponent], mask: UInt32(IN_MODIFY),
        queue: DispatchQueue(label: "InotifyHubGatheringTests")
      ) { calls.withValue { $0 += 1 } }
    )
    defer { hub.remove(token) }
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }

    // The first write wakes the hub, which rests before reading it.
    try handle.write(contentsOf: Data("0".utf8))
    #expect(await waitUntil { rests.value.count == 1 })
    // Twenty more writes while it rests: each a `write(2)`, each an event.
    for index in 1...20 {
      try handle.write(contentsOf: Data("\(index)".utf8))
    }
    #expect(calls.value == 0)
    rests.value[0]()
    // One read finds all twenty-one: one call.
    #expect(await waitUntil { calls.value == 1 })

    // The next write wakes it again: one more rest, one more call, and no other.
    try handle.write(contentsOf: Data("21".utf8))
    #expect(await waitUntil { rests.value.count == 2 })
    rests.value[1]()
    #expect(await waitUntil { calls.value == 2 })
    #expect(rests.value.count == 2)
  }
}
