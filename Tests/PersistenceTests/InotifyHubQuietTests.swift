import ConcurrencyExtras
import Dispatch
import Foundation
import Testing

@testable import Persistence

#if canImport(Glibc)
  import Glibc
#endif

/// `InotifyHub.quiet(_:_:)`: a registration alone in asking for some events stops the kernel
/// making them in its directory, until it lets them be made again. What the kernel makes is read
/// from its own account of the watch (`/proc/self/fdinfo`), not inferred from events.
struct InotifyHubQuietTests {
  let modify = UInt32(IN_MODIFY)
  let attrib = UInt32(IN_ATTRIB)
  let closeWrite = UInt32(IN_CLOSE_WRITE)

  @Test func quietingStopsTheKernelMakingTheEventsUntilUnquieted() throws {
    let (hub, directory) = try made()
    let database = try register(hub, directory, modify | attrib)
    let storage = try register(hub, directory, closeWrite)
    defer { hub.remove(storage) }
    defer { hub.remove(database) }
    #expect(try masks(hub) == [modify | attrib | closeWrite])

    #expect(hub.quiet(database, modify))
    #expect(try masks(hub) == [attrib | closeWrite])
    #expect(!hub.quiet(database, modify), "quieted twice")

    hub.unquiet(database)
    #expect(try masks(hub) == [modify | attrib | closeWrite])
    hub.unquiet(database)
    #expect(try masks(hub) == [modify | attrib | closeWrite])
  }

  @Test func eventsAnotherRegistrationAsksForAreNotQuieted() throws {
    let (hub, directory) = try made()
    let first = try register(hub, directory, modify | attrib)
    let second = try register(hub, directory, modify)
    defer { hub.remove(second) }
    defer { hub.remove(first) }

    #expect(!hub.quiet(first, modify))
    #expect(!hub.quiet(second, modify))
    #expect(try masks(hub) == [modify | attrib])
    // Others' events only: the storage's `IN_CLOSE_WRITE` is no one else's business.
    #expect(hub.quiet(first, attrib))
    #expect(try masks(hub) == [modify])
    hub.unquiet(second)
    #expect(try masks(hub) == [modify], "a registration that quieted nothing unquiets nothing")
    hub.unquiet(first)
    #expect(try masks(hub) == [modify | attrib])
  }

  @Test func theQuietingRegistrationLeavingMakesTheEventsAgain() throws {
    let (hub, directory) = try made()
    let database = try register(hub, directory, modify | attrib)
    let storage = try register(hub, directory, closeWrite)
    defer { hub.remove(storage) }
    #expect(hub.quiet(database, modify))
    hub.remove(database)
    #expect(try masks(hub) == [closeWrite])
    hub.remove(storage)
    #expect(try masks(hub) == [])
  }

  // MARK: - Helpers

  /// A hub of its own (kept for as long as the process runs, as every hub is) and a directory.
  private func made() throws -> (InotifyHub, TemporaryDirectory) {
    let hub = try #require(InotifyHub())
    InotifyHubGatheringTests.kept.withValue { $0.append(hub) }
    return (hub, try TemporaryDirectory())
  }

  private func register(_ hub: InotifyHub, _ directory: TemporaryDirectory, _ mask: UInt32) throws -> Int {
    try #require(
      hub.add(
        directory: directory.url.path, names: ["todos.sqlite-wal"], mask: mask,
        queue: DispatchQueue(label: "InotifyHubQuietTests")
      ) {}
    )
  }

  /// The mask of each of the hub's watches, as the kernel keeps them.
  private func masks(_ hub: InotifyHub) throws -> [UInt32] {
    try String(contentsOfFile: "/proc/self/fdinfo/\(hub.descriptor)", encoding: .utf8)
      .split(separator: "\n")
      .filter { $0.hasPrefix("inotify ") }
      .compactMap { line in
        line.split(separator: " ").first { $0.hasPrefix("mask:") }.flatMap { UInt32($0.dropFirst(5), radix: 16) }
      }
  }
}
