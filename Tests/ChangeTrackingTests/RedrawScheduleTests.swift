import Dispatch
import Observation
import Testing

@testable import ChangeTracking

/// Observation reports a stale display from any thread, once per change; the program draws once
/// per burst.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct RedrawScheduleTests {
  @Test func aBurstOfReportsFromManyThreadsDrawsOnce() async {
    let (drawn, drawing) = AsyncStream.makeStream(of: Void.self)
    var redraws = 0
    let schedule = RedrawSchedule {
      redraws += 1
      drawing.yield()
    }
    // NB: The main actor is held while the threads report, as it is while a change burst
    // arrives during a command; the redraw runs once it is free.
    DispatchQueue.concurrentPerform(iterations: 100) { _ in schedule.markStale() }
    var iterator = drawn.makeAsyncIterator()
    await iterator.next()
    // The scheduled redraw found the display drawn; a flush draws nothing more either.
    schedule.flushIfStale()
    await Task.yield()
    #expect(redraws == 1)
  }

  /// A change reported from inside another task's task-local scope (a test's, a tracker's)
  /// schedules a redraw that keeps none of that task's values alive: the scope's values are
  /// released when it ends, not when the redraw runs.
  @Test func aScheduledRedrawKeepsNothingOfTheTaskThatReportedTheChange() async {
    let schedule = RedrawSchedule {}
    weak var witness: Witness?
    do {
      let lent = Witness()
      witness = lent
      Witness.$current.withValue(lent) { schedule.markStale() }
    }
    #expect(witness == nil)
    await Task.yield()
  }

  @Test func aFlushDrawsAtOnceAndTheScheduledRedrawFindsNothingToDo() async {
    var redraws = 0
    let schedule = RedrawSchedule { redraws += 1 }
    schedule.markStale()
    schedule.flushIfStale()
    #expect(redraws == 1)
    schedule.flushIfStale()
    #expect(redraws == 1)
  }

  @Test func reportsTheProgramFlushesAfterEachLineScheduleOneRedrawBetweenThem() async {
    let (drawn, drawing) = AsyncStream.makeStream(of: Void.self)
    var redraws = 0
    let schedule = RedrawSchedule {
      redraws += 1
      drawing.yield()
    }
    // NB: As piped lines are handled: each send's change is reported, then drawn by the flush
    //     after the send, without the main actor being given up in between.
    for _ in 1...100 {
      schedule.markStale()
      schedule.flushIfStale()
    }
    #expect(redraws == 100)
    #expect(schedule.scheduledRedraws == 1)
    // A change reported while that redraw is pending is drawn by it.
    schedule.markStale()
    var iterator = drawn.makeAsyncIterator()
    for _ in 1...101 { await iterator.next() }
    #expect(redraws == 101)
    #expect(schedule.scheduledRedraws == 1)
  }
}

extension RedrawScheduleTests {
  /// While it listens, a change to a shared value that was read marks the display stale; after,
  /// nothing does.
  @Test func aListeningScheduleHearsASharedValueChangeUntilItStops() {
    let value = SharedValue()
    value.read()
    let schedule = RedrawSchedule(schedulesRedraws: false) {}
    schedule.startListening()
    value.change()
    #expect(schedule.isStale)
    schedule.flush()
    schedule.stopListening()
    value.change()
    #expect(!schedule.isStale)
  }
}

/// A value announced as a shared value is.
private final class SharedValue: Observable, @unchecked Sendable {
  let announcer = ChangeAnnouncer(tellsSharedChangeListeners: true)
  var count = 0

  func read() { announcer.access(self, keyPath: \.count) }
  func change() { announcer.announce(self, keyPath: \.count) }
}

/// A value lent to a task-local scope, whose release a test watches.
private final class Witness: Sendable {
  @TaskLocal static var current: Witness?
}
