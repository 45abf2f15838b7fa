import Dependencies
import Foundation
import Persistence
import Testing

/// A `@Shared` made while a dependency is being built elsewhere does not wait for it.
///
/// swift-sharing resolves a dependency after computing a reference's default, and
/// swift-dependencies holds its cache lock while it builds a dependency; so there, a `@Shared`
/// whose default is done while another thread builds a dependency (whose `init` makes the same
/// key's reference and then changes it) waits for that `init` to end, and reads its change
/// (swift-sharing's `lockingOrderWithDependencies` reads 1). Here it takes the reference the
/// dependency registered as it stands (0), and never waits on an unrelated dependency's
/// construction: no user code runs under a lock a `@Shared` needs.
struct DependencyBuildOrderTests {
  final class Signals: Sendable {
    let defaultStarted = DispatchSemaphore(value: 0)
    let registered = DispatchSemaphore(value: 0)
    let read = DispatchSemaphore(value: 0)
  }

  struct Counting: TestDependencyKey {
    static let signals = Signals()
    @Shared(.inMemory("build-order-count")) var count = 0

    init() {
      Self.signals.registered.signal()
      // NB: Here, `b` reads without waiting for this init; under swift-sharing's lock order it
      //     would wait for it, and this bound would end a deadlock rather than wait for a time.
      _ = Self.signals.read.wait(timeout: .now() + .seconds(10))
      $count.withLock { $0 += 1 }
    }

    static var testValue: Counting { Counting() }
  }

  @Test func aSharedMadeWhileADependencyIsBuiltTakesTheReferenceAsItStands() async {
    let signals = Counting.signals
    // NB: As in swift-sharing's test, nothing is overridden: both threads resolve their
    //     dependencies (the dependency, the references' registry) through the shared cache.
    let a = Thread.waiting { () -> Int in
      signals.defaultStarted.wait()
      @Dependency(Counting.self) var counting
      return counting.count
    }
    let b = Thread.waiting { () -> Int in
      @Shared(.inMemory("build-order-count")) var count: Int = {
        signals.defaultStarted.signal()
        signals.registered.wait()
        return 2
      }()
      let seen = count
      signals.read.signal()
      return seen
    }
    #expect(await b.value == 0)
    #expect(await a.value == 1)
  }
}
