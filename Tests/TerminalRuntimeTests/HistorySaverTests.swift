import Foundation
import Locking
import Testing

@testable import TerminalRuntime

/// The line editor's history is saved off the editor's thread: a save asked for while another is
/// waiting for the disk returns at once and is coalesced with the next, an error is told once,
/// and a flush waits for the last save.
@Suite(.timeLimit(.minutes(5)))
struct HistorySaverTests {
  /// A disk whose first write waits until the test lets it go.
  final class SlowDisk: Sendable {
    let writes = Lock<[[String]]>([])
    let started = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let isFirst = Lock(true)

    func write(_ lines: [String]) {
      let first = isFirst.withLock { isFirst in
        defer { isFirst = false }
        return isFirst
      }
      if first {
        started.signal()
        release.wait()
      }
      writes.withLock { $0.append(lines) }
    }
  }

  @Test func aSaveAskedForWhileTheDiskIsSlowReturnsAtOnceAndTheLatestLinesAreSaved() {
    let disk = SlowDisk()
    let saver = HistorySaver(write: disk.write, report: { _ in })
    saver.save(["inc"])
    disk.started.wait()
    // NB: the first save is stuck in the disk: a saver that wrote on the caller's thread would
    //     not return from these, and the suite's time limit would fail the test.
    saver.save(["inc", "add milk"])
    saver.save(["inc", "add milk", "todos"])
    disk.release.signal()
    saver.flush()
    #expect(disk.writes.withLock { $0 } == [["inc"], ["inc", "add milk", "todos"]])
  }

  @Test func aFailedSaveIsToldOnce() {
    struct DiskFull: Error, CustomStringConvertible {
      var description: String { "disk full" }
    }
    let reports = Lock<[String]>([])
    let saver = HistorySaver(write: { _ in throw DiskFull() }, report: { line in reports.withLock { $0.append(line) } })
    saver.save(["inc"])
    saver.flush()
    saver.save(["inc", "dec"])
    saver.flush()
    #expect(reports.withLock { $0.count } == 1)
    #expect(reports.withLock { $0.first?.hasPrefix("Could not save the command history: ") } == true)
  }

  @Test func aFlushWaitsForTheLastSaveToReachTheFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-saver-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let history = LineHistory(file: directory.appendingPathComponent("history"))
    let saver = HistorySaver(write: history.save, report: { _ in })
    saver.save(["inc"])
    saver.save(["inc", "add milk"])
    saver.flush()
    #expect(history.load() == ["inc", "add milk"])
  }
}
