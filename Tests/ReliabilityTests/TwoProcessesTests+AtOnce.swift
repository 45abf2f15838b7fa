import Foundation
import TemporaryFiles
import Testing

extension TwoProcessesTests {
  /// How many todos each app adds in a round of ``twoAppsAddingAtOnceLoseNothingAndKeepNothingAside()``.
  static let addsPerApp = 20

  /// How many times, in the database's order, a todo of one app follows one of the other: 1 when
  /// one app's adds all committed before the other's, more when their writes crossed.
  static func alternations(_ titles: [String]) -> Int {
    let sides = titles.map { $0.hasSuffix("from A") }
    return zip(sides, sides.dropFirst()).filter { $0 != $1 }.count
  }

  /// Not in turns: in each round two fresh apps start on a data directory with no database yet
  /// (so both make it at once), get their adds at once and quit, so their writes cross. SQLite's
  /// locks serialise the transactions (a writer waits up to the 5-second busy timeout for the
  /// other's): every todo of both must be in the database, no app may say a change could not be
  /// saved, and no file may be kept aside.
  @Test func twoAppsAddingAtOnceLoseNothingAndKeepNothingAside() async throws {
    let rounds = reliabilityRounds(default: 6) / 2 + 1
    var (added, lost, asides, refused, crossed) = (0, 0, 0, 0, 0)
    for round in 0..<rounds {
      let directory = try TemporaryDirectory()
      let arguments = ["--data-dir", directory.path, "--numbers-api", "http://127.0.0.1:9"]
      let apps = [try Child(Child.executable("app"), arguments), try Child(Child.executable("app"), arguments)]
      var titles: [String] = []
      for (side, app) in zip(["A", "B"], apps) {
        let mine = (0..<Self.addsPerApp).map { "racing \(round).\($0) from \(side)" }
        app.send(mine.map { "add \($0)" }.joined(separator: "\n"))
        titles += mine
      }
      for app in apps { app.closeInput() }
      for app in apps {
        await app.waitForExit()
        #expect(app.process.terminationStatus == 0, "round \(round): \(app.errors)")
        #expect(app.errors.isEmpty, "round \(round): \(app.errors)")
        let alerts = app.output.filter { $0.contains("Could not save") }
        refused += alerts.count
        #expect(alerts.isEmpty, "round \(round): \(alerts)")
      }
      let stored = try Self.storedTitles(in: directory)
      let missing = Set(titles).subtracting(stored)
      #expect(missing.isEmpty, "round \(round): lost \(missing.sorted())")
      #expect(stored.count == titles.count, "round \(round): the database holds \(stored.count) todos, \(titles.count) were added")
      let strays = try directory.names().filter { !Self.dataFiles.contains($0) }
      #expect(strays.isEmpty, "round \(round): \(strays)")
      added += titles.count
      lost += missing.count
      asides += strays.count
      if Self.alternations(stored) > 1 { crossed += 1 }
    }
    reportCounts(
      "two-processes-racing rounds=\(rounds) todos-added=\(added) todos-lost=\(lost) files-aside=\(asides) "
        + "could-not-save=\(refused) rounds-with-crossing-writes=\(crossed)"
    )
  }
}
