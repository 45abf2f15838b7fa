import Foundation
import SharingGRDB
import TemporaryFiles
import Testing
import TodosFeature
import TodosTesting

/// Opening `todos.sqlite` from two apps at once, tried on many fresh directories.
@Suite(.timeLimit(.minutes(1)))
struct TodosOpeningRaceTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// Two apps making the database at once: the one that finds a migration applied by the other
  /// after it read which were applied does not fail; both open the same migrated file. The race
  /// is run on many fresh directories, since one pair rarely meets it.
  @Test func twoAppsMakingTheDatabaseAtOnceBothOpenIt() async throws {
    for _ in 0..<40 {
      let directory = try TemporaryDirectory()
      async let first = offThePool { [now, url = directory.url] in try TodosDatabase.open(in: url, now: now) }
      async let second = offThePool { [now, url = directory.url] in try TodosDatabase.open(in: url, now: now) }
      let openings = try await [first, second]
      #expect(openings.flatMap(\.reports).isEmpty)
      for opening in openings {
        let migrated = try await opening.database.read { try TodosSchema.migrator.hasCompletedMigrations($0) }
        #expect(migrated)
      }
    }
  }
}
