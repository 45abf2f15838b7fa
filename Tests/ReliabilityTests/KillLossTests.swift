import Foundation
import TemporaryFiles
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a `kill -9` loses of the changes an app made and never flushed, measured: a child
/// appends an item every 1 to 5 ms to a file-backed `@Shared` value, as a person changing the
/// app would, and the storage writes on its own (the first change of a burst at once, then at
/// most once a second). Killed at a random moment, it must leave a value it wrote, holding
/// everything the file held before and nothing it did not append; the items it lost, and how
/// long before the kill the oldest of them was made, are counted and reported.
struct KillLossTests {
  /// One `appended <n> <µs>` line of the child.
  struct Append {
    var count: Int
    var time: Int
  }

  @Test func aKillLosesOnlyTheNewestChanges() async throws {
    let rounds = reliabilityRounds(default: 4)
    let directory = try TemporaryDirectory()
    let file = directory.file("items.json")
    var random = SystemRandomNumberGenerator()
    var (appendedInAll, lostInAll, roundsLosing) = (0, 0, 0)
    var oldestLost: [Int] = []
    for round in 1...rounds {
      let before = try CrashSafetyTests.writtenCount(file)
      let child = try Child(Child.executable("shared-stress"), [file.path, "\(UInt64.random(in: 1...UInt64.max, using: &random))", "--paced"])
      #expect(await child.waitForLine { $0.hasPrefix("loaded ") } == "loaded \(before)", "round \(round): \(child.errors)")
      // NB: the sleep is the random moment of the kill, not a wait for anything.
      try await Task.sleep(for: .milliseconds(Int.random(in: 100...2_500, using: &random)))
      let killedAt = Self.monotonicMicroseconds()
      child.kill()
      await child.waitForExit()
      #expect(child.wasKilled, "round \(round): the child ended on its own: \(child.errors)")

      let appends = child.output.compactMap(Self.append)
      let last = appends.last?.count ?? before
      let after: Int
      do {
        after = try CrashSafetyTests.writtenCount(file)
      } catch {
        Issue.record("round \(round): the file is not a value that was written: \(error)")
        return
      }
      #expect(after >= before, "round \(round): the file held \(before) items and holds \(after)")
      #expect(after <= last, "round \(round): the file holds \(after) items, \(last) were appended")
      appendedInAll += last - before
      let lost = last - after
      lostInAll += lost
      if lost > 0, let first = appends.first(where: { $0.count == after + 1 }) {
        roundsLosing += 1
        oldestLost.append((killedAt - first.time) / 1_000)
      }
    }
    oldestLost.sort()
    reportCounts(
      "kill-loss rounds=\(rounds) appended=\(appendedInAll) lost=\(lostInAll) rounds-losing=\(roundsLosing) "
        + "oldest-lost-ms-median=\(oldestLost.isEmpty ? 0 : oldestLost[oldestLost.count / 2]) oldest-lost-ms-max=\(oldestLost.last ?? 0)"
    )
  }

  static func append(_ line: String) -> Append? {
    let parts = line.split(separator: " ")
    guard parts.count == 3, parts[0] == "appended", let count = Int(parts[1]), let time = Int(parts[2]) else { return nil }
    return Append(count: count, time: time)
  }

  static func monotonicMicroseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1_000_000 + Int(now.tv_nsec) / 1_000
  }
}
