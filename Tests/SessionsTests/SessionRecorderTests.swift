import ComposableCore
import Foundation
import Sessions
import Synchronization
import TemporaryFiles
import TerminalRuntime
import TerminalUI
import TestClocks
import Testing

/// Recording a run: each event in the file as soon as it happens, in the order it happened.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct SessionRecorderTests {
  let directory: TemporaryDirectory
  let url: URL

  init() throws {
    directory = try TemporaryDirectory()
    url = directory.file("run.session")
  }

  func lines() throws -> [String] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func aRunIsInTheFileEventByEventAsItHappens() async throws {
    let recorder = try SessionRecorder(file: url, header: SessionHeader(feature: "ledger", isInteractive: false), dataDirectory: directory.url)
    let clock = SleepCountingClock()
    let store = Store(initialState: Ledger.State()) {
      Ledger().recorded(by: recorder)
    } withDependencies: {
      $0.continuousClock = RecordingClock(clock, recorder: recorder)
      $0.uuid = .recorded(.incrementing, by: recorder)
    }
    let program = TerminalProgram(
      store: store, view: LedgerView(), configuration: .init(isInteractive: false),
      output: TerminalOutput(output: { _ in }, error: { _ in })
    )
    program.tap = recorder
    let (events, input) = AsyncStream.makeStream(of: TerminalEvent.self)
    let run = Task { await program.run(.events(events)) }
    input.yield(.line("add 2"))
    input.yield(.line("nope"))
    input.yield(.line("settle"))
    await clock.waitForSleeps(1)

    // NB: The run is asleep; what it did so far is in the file without finishing it.
    recorder.flush()
    #expect(try lines() == [
      #"{"session":1,"feature":"ledger","interactive":false}"#,
      #"{"line":"add 2"}"#,
      #"{"action":"Ledger.Action.add(2)","from":"line"}"#,
      #"{"output":"total: 2\n"}"#,
      #"{"line":"nope"}"#,
      #"{"error":"unknown command \"nope\" — type help\n"}"#,
      #"{"line":"settle"}"#,
      #"{"action":"Ledger.Action.settle","from":"line"}"#,
      "",
    ])

    await clock.advance(by: .seconds(1))
    input.yield(.end)
    input.finish()
    let status = await run.value
    #expect(status == 0)
    #expect(recorder.finish(status: status) == nil)
    #expect(recorder.finish(status: 1) == nil)
    #expect(try lines().dropFirst(8) == [
      #"{"answer":"sleep","call":1,"value":"1.000"}"#,
      #"{"answer":"uuid","call":1,"value":"00000000-0000-0000-0000-000000000000"}"#,
      #"{"action":"Ledger.Action.settled(UUID(00000000-0000-0000-0000-000000000000))","from":"effect"}"#,
      #"{"output":"settled: 1\n"}"#,
      #"{"input":"end"}"#,
      #"{"exit":0}"#,
      "",
    ])
    let session2 = try SessionFile(contentsOf: url)
    #expect(!session2.isCutShort)
    #expect(session2.events.count == 13)
  }

  @Test func answersAndFailuresAreRecordedAsTheRunSawThemAndCancelledCallsNot() async throws {
    struct Offline: LocalizedError {
      var errorDescription: String? { "The network is offline." }
    }
    let recorder = try SessionRecorder(file: url, header: SessionHeader(feature: "ledger", isInteractive: false), dataDirectory: nil)
    let encode: @Sendable (Int) -> String = { "\($0)" }
    let fact = try await recorder.answer(of: "fact", encode: encode) { @Sendable in 42 }
    #expect(fact == 42)
    await #expect(throws: SessionFailure(message: "The network is offline.")) {
      try await recorder.answer(of: "fact", encode: encode) { @Sendable () async throws -> Int in throw Offline() }
    }
    let cancelled = Task {
      try await recorder.answer(of: "fact", encode: encode) { @Sendable () async throws -> Int in
        try await Task.never()
      }
    }
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    let sleep = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await RecordingClock(ImmediateClock(), recorder: recorder).sleep(for: .seconds(2))
    }
    await #expect(throws: CancellationError.self) { try await sleep.value }
    try await RecordingClock(ImmediateClock(), recorder: recorder).sleep(for: .milliseconds(1500))
    recorder.finish(status: 0)
    #expect(try lines() == [
      #"{"session":1,"feature":"ledger","interactive":false}"#,
      #"{"answer":"fact","call":1,"value":"42"}"#,
      #"{"answer":"fact","call":2,"error":"The network is offline."}"#,
      #"{"answer":"sleep","call":2,"value":"1.500"}"#,
      #"{"exit":0}"#,
      "",
    ])
  }

  /// Another thread may record as the run finishes (a dependency answering late, a file changed
  /// by another process): what it records is before the `exit` event or not at all, so a run that
  /// ended is never read back as cut short.
  @Test func theExitEventIsLastWhileOtherThreadsStillRecord() async throws {
    for round in 0..<8 {
      let url = directory.file("run-\(round).session")
      let recorder = try SessionRecorder(file: url, header: SessionHeader(feature: "ledger", isInteractive: false), dataDirectory: nil)
      // NB: Each thread records a bounded number of events, so that the test loads the machine
      //     for a moment only; it finishes the run while they still record.
      let recorded = Atomic<Int>(0)
      let threads = (0..<2).map { _ in
        Thread {
          for _ in 0..<5_000 {
            recorder.record(.line("late"))
            recorded.add(1, ordering: .relaxed)
          }
        }
      }
      threads.forEach { $0.start() }
      while recorded.load(ordering: .relaxed) < 100 { await Task.yield() }
      recorder.finish(status: 0)
      let session = try SessionFile(contentsOf: url)
      #expect(session.events.last == .exit(status: 0), "round \(round)")
      #expect(!session.isCutShort, "round \(round)")
    }
  }

  @Test func aFileThatCannotBeCreatedSaysWhereAndWhy() {
    let path = directory.file("no such folder/run.session").path
    do {
      _ = try SessionRecorder(file: URL(fileURLWithPath: path), header: SessionHeader(feature: "app", isInteractive: false), dataDirectory: nil)
      Issue.record("a session was recorded into a folder that does not exist")
    } catch {
      #expect(error.path == path)
      #expect(error.reason == "No such file or directory")
      #expect(error.description == "Cannot record the session to \(path): No such file or directory")
    }
  }
}
