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
