import CustomDump
import Dependencies
import Persistence
import Testing

/// swift-sharing's change-tracker tests.
struct PortedSharedChangeTrackerTests {
  struct Flags: Equatable, Sendable {
    var first = false
    var second = false
  }

  @Test func aTrackedChangeIsUnequalUntilAsserted() {
    @Shared(value: 0) var count
    let tracker = SharedChangeTracker()
    tracker.track { $count.withLock { $0 += 1 } }
    tracker.assert {
      #expect($count != $count)
      #expect(
        diff($count, $count) == """
          - 0
          + 1
          """
      )
      $count.withLock { $0 = 1 }
      #expect($count == $count)
    }
  }

  @Test func independentReferences() {
    @Shared(value: 0) var first
    @Shared(value: 0) var second
    #expect($first == $second)
    let tracker = SharedChangeTracker()
    tracker.track { $first.withLock { $0 += 1 } }
    tracker.assert {
      #expect($first != $first)
      #expect($first == $second)
      #expect($second == $second)
      $first.withLock { $0 = 1 }
      #expect($first == $first)
      #expect($first != $second)
    }
  }

  @Test func projectionsOfOneReference() {
    @Shared(value: Flags()) var flags
    #expect($flags.first == $flags.second)
    let tracker = SharedChangeTracker()
    tracker.track { $flags.first.withLock { $0.toggle() } }
    tracker.assert {
      #expect($flags.first != $flags.first)
      #expect($flags.first == $flags.second)
      #expect($flags.second == $flags.second)
      $flags.first.withLock { $0.toggle() }
      #expect($flags.first == $flags.first)
      #expect($flags.first != $flags.second)
      #expect($flags == $flags)
    }
  }

  @Test func anAssertionsMutationTellsNoObserver() {
    @Shared(value: 0) var count
    let seen = LockIsolated<[Int]>([])
    let subscription = $count.onChange { value in seen.withValue { $0.append(value) } }
    defer { subscription.cancel() }
    let tracker = SharedChangeTracker()
    tracker.track { $count.withLock { $0 += 1 } }
    tracker.assert {
      #expect($count != $count)
      $count.withLock { $0 = 1 }
      #expect($count == $count)
    }
    #expect(seen.value == [1])
  }

  @Test func releasedWithAnUnassertedChange() {
    @Shared(value: 0) var count
    withKnownIssue {
      do {
        let tracker = SharedChangeTracker()
        tracker.track { $count.withLock { $0 += 1 } }
      }
    } matching: {
      $0.description.hasSuffix("Tracked unasserted changes to 'Shared<Int>(value: 1)': 0 → 1")
    }
  }

  @Test func releasedQuietlyWhenAskedTo() {
    @Shared(value: 0) var count
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.track { $count.withLock { $0 += 1 } }
  }

  @Test func anUnwrappedReferenceReportsItsRoot() {
    let optional = Shared<Int?>(value: 1)
    let unwrapped = Shared(optional)!
    withKnownIssue {
      do {
        let tracker = SharedChangeTracker()
        tracker.track { unwrapped.withLock { $0 += 1 } }
      }
    } matching: {
      $0.description.hasSuffix(
        "Tracked unasserted changes to 'Shared<Int?>(value: Optional(2))': Optional(1) → Optional(2)"
      )
    }
  }
}
