import Foundation
import TemporaryFiles
import Testing

/// Item 1 of the reliability suite: a child process appends to a file-backed `@Shared` value
/// as fast as it can and is killed with `SIGKILL` at a random moment, round after round.
struct CrashSafetyTests {
  /// What one item in the file looks like (the child's `StressItem`).
  struct Item: Decodable, Equatable {
    var id: Int
    var title: String
  }

  static func title(for id: Int) -> String {
    "item \(id) " + String(repeating: "abcdefghij", count: 20)
  }

  /// The number of items in `file` (0 when missing), after checking it holds a value the child
  /// wrote: items 1…n, each with its own title — never a torn mix of two writes.
  static func writtenCount(_ file: URL) throws -> Int {
    guard let data = FileManager.default.contents(atPath: file.path) else { return 0 }
    let items = try JSONDecoder().decode([Item].self, from: data)
    for (index, item) in items.enumerated() {
      guard item.id == index + 1, item.title == title(for: item.id) else {
        throw TornValue(index: index)
      }
    }
    return items.count
  }

  struct TornValue: Error { let index: Int }

  @Test func aKilledWriterLeavesAWrittenValueAndLosesNothingFlushed() async throws {
    let rounds = reliabilityRounds(default: 12)
    let directory = try TemporaryDirectory()
    let file = directory.file("todos.json")
    var random = SystemRandomNumberGenerator()
    var (flushes, killedMidWrite, killedBeforeLoad, restarts, lost) = (0, 0, 0, 0, 0)
    var seenTemporaries: Set<String> = []
    for round in 1...rounds {
      var before = try Self.writtenCount(file)
      if before > 1_500 {
        // NB: start the sequence again so writes stay small and rounds stay quick.
        try FileManager.default.removeItem(at: file)
        before = 0
        restarts += 1
      }
      let child = try Child(Child.executable("shared-stress"), [file.path, "\(UInt64.random(in: 1...UInt64.max, using: &random))"])
      // NB: the sleep is the random moment of the kill, not a wait for anything.
      try await Task.sleep(for: .milliseconds(Int.random(in: 0...400, using: &random)))
      child.kill()
      await child.waitForExit()
      #expect(child.wasKilled, "round \(round): the child ended on its own: \(child.errors)")
      #expect(child.errors.isEmpty, "round \(round): \(child.errors)")
      let output = child.output
      #expect(output.allSatisfy { $0.hasPrefix("loaded ") || $0.hasPrefix("flushed ") }, "round \(round): \(output.suffix(3))")
      if let loaded = output.first.flatMap({ Int($0.dropFirst("loaded ".count)) }) {
        #expect(loaded == before, "round \(round): loaded \(loaded) items, the file held \(before)")
      } else {
        killedBeforeLoad += 1
      }
      let flushed = output.compactMap { $0.hasPrefix("flushed ") ? Int($0.dropFirst("flushed ".count)) : nil }
      flushes += flushed.count
      let temporaries = Set(try directory.names().filter { $0.hasPrefix(".todos.json.") && $0.hasSuffix(".tmp") })
      if !temporaries.subtracting(seenTemporaries).isEmpty { killedMidWrite += 1 }
      seenTemporaries = temporaries
      let after: Int
      do {
        after = try Self.writtenCount(file)
      } catch {
        Issue.record("round \(round): the file is not a value that was written: \(error)")
        return
      }
      let promised = max(before, flushed.last ?? 0)
      if after < promised {
        lost += promised - after
        Issue.record("round \(round): \(promised) items were flushed, the file holds \(after)")
      }
    }
    let strays = try directory.names().filter { $0.hasSuffix(".tmp") }
    let last = try await Self.restartCleansUp(file, directory: directory)
    let left = try directory.names().filter { $0.hasSuffix(".tmp") && !$0.hasPrefix(".todos.json.\(last)-") }
    #expect(left.isEmpty, "temporary files left behind: \(left), before the last child: \(strays)")
    reportCounts(
      "crash-safety rounds=\(rounds) kills=\(rounds) flushes-reported=\(flushes) kills-mid-write=\(killedMidWrite) "
        + "kills-before-load=\(killedBeforeLoad) sequence-restarts=\(restarts) torn-files=0 items-lost=\(lost)"
    )
  }

  /// A last child that loads the file and is killed: by then it has removed the temporary
  /// files earlier children left when they were killed mid-write. Returns its process id (it
  /// may leave a temporary file of its own).
  static func restartCleansUp(_ file: URL, directory: TemporaryDirectory) async throws -> Int32 {
    let child = try Child(Child.executable("shared-stress"), [file.path, "1"])
    _ = await child.waitForLine { $0.hasPrefix("flushed ") }
    child.kill()
    await child.waitForExit()
    return child.process.processIdentifier
  }
}
