import Foundation
@testable import Persistence
import Synchronization
import Testing

/// A value the persistence module lets go of is released after the lock it was held under: its
/// `deinit` is the user's code, and may read the shared value it lived in.
struct DeinitReentryTests {
  /// Runs `onDeinit` when released.
  final class Probe: Sendable {
    let onDeinit = Mutex<(@Sendable () -> Void)?>(nil)
    deinit { onDeinit.withLock { $0.take() }?() }
  }

  struct Payload: Equatable, Sendable {
    let name: String
    let probe: Probe
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name && lhs.probe === rhs.probe }
  }

  @Test func aValueAnUnwrappedReferenceLetsGoOfMayReadItFromItsDeinit() throws {
    // NB: not the initial value, which the reference keeps.
    @Shared(value: nil) var optional: Payload?
    $optional.withLock { $0 = Payload(name: "first", probe: Probe()) }
    let unwrapped = try #require(Shared($optional))
    let seen = Mutex<String?>(nil)
    do {
      let first = try #require(optional)
      first.probe.onDeinit.withLock { $0 = { seen.withLock { $0 = unwrapped.wrappedValue.name } } }
    }
    $optional.withLock { $0 = Payload(name: "second", probe: Probe()) }

    #expect(unwrapped.wrappedValue.name == "second")
    #expect(seen.withLock { $0 } == "second")
  }

  @Test func aSnapshotATrackerLetsGoOfMayReadItsValueFromItsDeinit() {
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    @Shared(value: Payload(name: "initial", probe: Probe())) var payload
    $payload.withLock { $0 = Payload(name: "before", probe: Probe()) }
    let shared = $payload
    let seen = Mutex<String?>(nil)
    payload.probe.onDeinit.withLock { $0 = { seen.withLock { $0 = shared.wrappedValue.name } } }

    tracker.track { $payload.withLock { $0 = Payload(name: "after", probe: Probe()) } }
    // Only the tracker's snapshot holds "before" now; asserting replaces it.
    tracker.assert { $payload.withLock { $0 = Payload(name: "expected", probe: Probe()) } }

    #expect(seen.withLock { $0 } == "expected")
    #expect(payload.name == "after")
  }
}
