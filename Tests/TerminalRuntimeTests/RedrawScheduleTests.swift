import ComposableCore
import Dispatch
import Testing
@testable import TerminalRuntime

/// Observation reports a stale screen from any thread, once per change; the session draws once
/// per burst.
@MainActor
@Suite(.timeLimit(.minutes(1)))
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
    // The scheduled redraw found the screen drawn; a flush draws nothing more either.
    schedule.flushIfStale()
    await Task.yield()
    #expect(redraws == 1)
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
}
