import Foundation
import Locking
import SharingGRDB
import TemporaryFiles
import Testing
import TodosFeature
import TodosTesting

/// Opening `todos.sqlite` from two apps at once, tried on many fresh directories.
@Suite(.timeLimit(.minutes(5)))
struct TodosOpeningRaceTests {
  let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// Two apps making the database at once: the one that finds a migration applied by the other
  /// after it read which were applied does not fail; both open the same migrated file. The race
  /// is run on many fresh directories, since one pair rarely meets it.
  ///
  /// NB: each pair opens on two threads of its own, and the rounds run one after the other off
  ///     the cooperative pool: the whole suite shares the pool, and a test that waited on it
  ///     several times a round ran as long as the suite did, past its time limit.
  @Test func twoAppsMakingTheDatabaseAtOnceBothOpenIt() async throws {
    let rounds = try await offThePool { [now] in
      try (0..<40).map { _ in
        let directory = try TemporaryDirectory()
        let openings = Lock<[Result<TodosDatabase.Opening, any Error>]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
          let opening = Result { try TodosDatabase.open(in: directory.url, now: now) }
          openings.withLock { $0.append(opening) }
        }
        return try openings.withLock { $0 }.map { opening in
          let opening = try opening.get()
          return (reports: opening.reports, migrated: try opening.database.read { try TodosSchema.migrator.hasCompletedMigrations($0) })
        }
      }
    }
    for openings in rounds {
      #expect(openings.flatMap(\.reports).isEmpty)
      #expect(openings.allSatisfy { $0.migrated })
    }
  }
}
