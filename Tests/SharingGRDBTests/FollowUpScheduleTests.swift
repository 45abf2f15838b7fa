import Dispatch
import Testing
@testable import SharingGRDB

/// After a burst of file events the data version is read again until it changes: soon at first,
/// then never more than a second apart, for about six and a half seconds. A commit the other
/// process publishes late — its last write made, its shared memory not yet — is seen within a
/// second of being published, not after a wait that doubled to three seconds.
struct FollowUpScheduleTests {
  @Test func theReadsAreNeverMoreThanASecondApartAndStopAfterAboutSixAndAHalfSeconds() {
    let delays = ExternalCommitWatcher.followUps
    #expect(delays.first == 50)
    #expect(delays.max() == 1_000)
    #expect(delays.reduce(0, +) == 6_550)
    #expect(delays == delays.sorted(), "the spacing only grows")
  }
}

/// One timer serves every burst: a burst while it is set moves the next read rather than setting
/// another, the reads follow the delays from the last burst, and they stop at the end of them or
/// once no longer wanted.
struct FollowUpScheduleTimerTests {
  let start = DispatchTime(uptimeNanoseconds: 1_000_000_000)

  func at(_ milliseconds: Int) -> DispatchTime {
    start + .milliseconds(milliseconds)
  }

  @Test func burstsWhileTheTimerIsSetSetNoOther() {
    var schedule = FollowUpSchedule(delays: [50, 100, 200])
    #expect(schedule.burst(at: at(0)) == at(50))
    for milliseconds in 1...1_000 {
      #expect(schedule.burst(at: at(milliseconds)) == nil)
    }
    #expect(schedule.isTimerSet)
  }

  @Test func aLaterBurstMovesTheNextReadAndTheTimerWaitsForIt() {
    var schedule = FollowUpSchedule(delays: [50, 100, 200])
    #expect(schedule.burst(at: at(0)) == at(50))
    #expect(schedule.burst(at: at(30)) == nil)
    #expect(schedule.timerFired(at: at(50), isWanted: true) == .wait(until: at(80)))
    #expect(schedule.timerFired(at: at(80), isWanted: true) == .read)
    #expect(schedule.read(isWanted: true) == at(180))
  }

  @Test func theReadsFollowTheDelaysThenStop() {
    var schedule = FollowUpSchedule(delays: [50, 100, 200])
    #expect(schedule.burst(at: at(0)) == at(50))
    #expect(schedule.timerFired(at: at(50), isWanted: true) == .read)
    #expect(schedule.read(isWanted: true) == at(150))
    #expect(schedule.timerFired(at: at(151), isWanted: true) == .read)
    #expect(schedule.read(isWanted: true) == at(350))
    #expect(schedule.timerFired(at: at(350), isWanted: true) == .read)
    #expect(schedule.read(isWanted: true) == nil)
    #expect(!schedule.isTimerSet)
    #expect(schedule.burst(at: at(400)) == at(450), "the next burst sets the timer again")
  }

  @Test func readsNoLongerWantedStopAndTheNextBurstSetsTheTimerAgain() {
    var schedule = FollowUpSchedule(delays: [50, 100, 200])
    #expect(schedule.burst(at: at(0)) == at(50))
    #expect(schedule.timerFired(at: at(50), isWanted: false) == .stop)
    #expect(!schedule.isTimerSet)
    #expect(schedule.burst(at: at(60)) == at(110))
    #expect(schedule.timerFired(at: at(110), isWanted: true) == .read)
    #expect(schedule.read(isWanted: false) == nil)
    #expect(!schedule.isTimerSet)
  }
}
