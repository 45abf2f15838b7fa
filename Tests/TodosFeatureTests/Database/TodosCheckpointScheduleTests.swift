import Testing

@testable import TodosFeature

/// When a commit starts a checkpoint of the todos database's log: once it passes the threshold,
/// then each time it grows by the threshold again while commits keep it from starting over — not
/// at every commit past it, which opened a connection and synced the disk twice per command.
struct TodosCheckpointScheduleTests {
  let threshold = TodosCheckpoint.threshold

  @Test func aLogPastTheThresholdStartsOneCheckpointNotOnePerCommit() {
    var schedule = TodosCheckpoint.Schedule(step: threshold)
    let whileRunning = [threshold - 1, threshold + 15, threshold + 30].map { schedule.starts(atLogLength: $0) }
    #expect(whileRunning == [false, true, false])
    schedule.ended()
    let afterIt = [threshold + 45, 2 * threshold + 14, 2 * threshold + 15].map { schedule.starts(atLogLength: $0) }
    #expect(afterIt == [false, false, true])
  }

  @Test func aLogStartedAgainIsMeasuredFromItsBeginning() {
    var schedule = TodosCheckpoint.Schedule(step: threshold)
    #expect([3 * threshold].map { schedule.starts(atLogLength: $0) } == [true])
    schedule.ended()
    let again = [12, threshold - 1, threshold].map { schedule.starts(atLogLength: $0) }
    #expect(again == [false, false, true])
  }

  @Test func aCheckpointThatCouldNotRunIsStartedAgainAtTheNextCommit() {
    var schedule = TodosCheckpoint.Schedule(step: threshold)
    #expect([threshold + 5].map { schedule.starts(atLogLength: $0) } == [true])
    schedule.ended(done: false)
    #expect([threshold + 9].map { schedule.starts(atLogLength: $0) } == [true])
  }
}
