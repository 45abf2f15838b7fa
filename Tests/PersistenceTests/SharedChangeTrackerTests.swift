import CustomDump
import Persistence
import Testing

struct SharedChangeTrackerTests {
  struct State: Equatable {
    @Shared var count: Int
    var title = "Counter"
  }

  @Test func unassertedChangeIsUnequalWithADiff() {
    let tracker = SharedChangeTracker()
    let state = State(count: Shared(value: 0))
    let expected = state
    tracker.track { state.$count.withLock { $0 = 1 } }
    #expect(tracker.hasChanges)
    tracker.assert {
      #expect(expected != state)
      #expect(
        diff(expected, state) == """
            SharedChangeTrackerTests.State(
          -   _count: 0,
          +   _count: 1,
              title: "Counter"
            )
          """
      )
    }
  }

  /// An optional shared value the action did not change reads as itself under an assertion,
  /// not as `nil`: a missing snapshot is not a snapshot of `nil`.
  @Test func anUnchangedOptionalValueReadsAsItselfWhileAsserting() {
    struct Titled: Equatable {
      @Shared var title: String?
      var count = 0
    }
    let tracker = SharedChangeTracker()
    var state = Titled(title: Shared(value: "Buy milk"))
    let expected = state
    tracker.track { state.count = 1 }
    tracker.assert {
      #expect(expected.title == "Buy milk")
      var expected = expected
      expected.count = 1
      #expect(expected == state)
    }
  }

  @Test func assertedChangeIsEqual() {
    let tracker = SharedChangeTracker()
    let state = State(count: Shared(value: 0))
    let expected = state
    tracker.track { state.$count.withLock { $0 += 1 } }
    tracker.assert {
      expected.$count.withLock { $0 = 1 }
      #expect(expected == state)
      #expect(diff(expected, state) == nil)
    }
    #expect(state.count == 1)
  }

  @Test func assertingAChangeTheReducerDidNotMakeIsUnequal() {
    let tracker = SharedChangeTracker()
    let state = State(count: Shared(value: 0))
    let expected = state
    tracker.assert {
      expected.$count.withLock { $0 = 5 }
      #expect(expected != state)
    }
    #expect(state.count == 0)
  }

  @Test func resetMakesTheLiveValueTheBaseline() {
    let tracker = SharedChangeTracker()
    let state = State(count: Shared(value: 0))
    let expected = state
    tracker.track { state.$count.withLock { $0 = 1 } }
    tracker.reset()
    #expect(!tracker.hasChanges)
    tracker.assert {
      #expect(expected == state)
      #expect(state.count == 1)
    }
  }

  @Test func assertionModeReadsAndMutatesTheSnapshot() {
    let tracker = SharedChangeTracker()
    let count = Shared(value: 0)
    tracker.track { count.withLock { $0 = 2 } }
    tracker.assert {
      #expect(count.wrappedValue == 0)
      count.withLock { $0 = 2 }
      #expect(count.wrappedValue == 2)
    }
    #expect(count.wrappedValue == 2)
    #expect(!tracker.hasChanges)
  }

  @Test func derivedReferencesAreTrackedThroughTheirRoot() {
    struct Parent: Equatable { @Shared var settings: Settings }
    let tracker = SharedChangeTracker()
    let state = Parent(settings: Shared(value: Settings()))
    let expected = state
    tracker.track { state.$settings.factKind.withLock { $0 = "math" } }
    tracker.assert {
      #expect(expected != state)
      expected.$settings.factKind.withLock { $0 = "math" }
      #expect(expected == state)
    }
  }

  @Test func mutationsOutsideATrackerAreNotRecorded() {
    let tracker = SharedChangeTracker()
    let count = Shared(value: 0)
    count.withLock { $0 = 1 }
    #expect(!tracker.hasChanges)
    tracker.assert { #expect(count.wrappedValue == 1) }
  }
}
