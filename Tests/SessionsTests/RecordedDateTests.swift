import ComposableCore
import Foundation
import Persistence
import Sessions
import TemporaryFiles
import TerminalRuntime
import TerminalUI
import Testing

/// A feature that reads `@Dependency(\.date)` in its reducer: the recording has each date the run
/// read, to the last bit, and the replay gives those back rather than the live date; a date the
/// recording lacks is a divergence.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct RecordedDateTests {
  /// A date whose seconds since the reference date need every digit `Double` has.
  static let recordedDate = Date(timeIntervalSinceReferenceDate: 798_951_234.123_456_78)

  /// Replays `session` through the stamper, with the dependencies every replay sets.
  private func replay(_ session: SessionFile) async -> (result: SessionReplayResult, state: Stamper.State) {
    let replay = SessionReplay<Stamper.State, Stamper.Action>(session, patience: .seconds(3600))
    let data = URL(fileURLWithPath: "/replayed/data", isDirectory: true)
    let storage = FileStorage.inMemory(files: [:], clock: ReplayClock.writeDelays(cursor: replay.cursor))
    let store = Store(initialState: Stamper.State()) {
      Stamper().replayed(by: replay)
    } withDependencies: {
      $0.replay(by: replay.cursor, storage: storage, directory: data)
    }
    let result = await replay.run(StamperView(), over: store, storage: storage, dataDirectory: data)
    return (result, store.state)
  }

  @Test func theDatesARunReadAreRecordedExactlyAndReplayed() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("stamp.session")

    let recorder = try SessionRecorder(file: url, header: SessionHeader(feature: "stamper", isInteractive: false), dataDirectory: nil)
    let recordedStore = Store(initialState: Stamper.State()) {
      Stamper().recorded(by: recorder)
    } withDependencies: {
      $0.date = .recorded(.constant(Self.recordedDate), by: recorder)
    }
    let program = TerminalProgram(
      store: recordedStore, view: StamperView(), configuration: .init(isInteractive: false),
      output: TerminalOutput(output: { _ in }, error: { _ in })
    )
    program.tap = recorder
    let (events, input) = AsyncStream.makeStream(of: TerminalEvent.self)
    input.yield(.line("stamp"))
    input.yield(.line("stamp"))
    input.finish()
    recorder.finish(status: await program.run(.events(events)))
    #expect(recordedStore.state.stamps == [Self.recordedDate, Self.recordedDate])

    let session = try SessionFile(contentsOf: url)
    #expect(session.events.contains(.answer(dependency: "date", call: 1, value: "798951234.1234568")))
    #expect(session.events.contains(.answer(dependency: "date", call: 2, value: "798951234.1234568")))
    let (result, state) = await replay(session)
    #expect(result.verdict == .identical, "\(result.report)")
    #expect(state.stamps == [Self.recordedDate, Self.recordedDate])
  }

  @Test func aDateTheRecordingLacksIsADivergenceNotTheLiveDate() async throws {
    let session = try SessionFile(
      data: Data(
        ([
          #"{"session":1,"feature":"stamper","interactive":false}"#,
          #"{"line":"stamp"}"#,
          #"{"action":"Stamper.Action.stamp","from":"line"}"#,
          #"{"output":"stamps: 1\n"}"#,
          #"{"exit":0}"#,
        ].map { $0 + "\n" }.joined()).utf8
      ),
      name: "stamper.session"
    )
    let (result, state) = await replay(session)
    guard case .diverged(let divergence) = result.verdict else {
      Issue.record("a date the recording lacks was not a divergence: \(result.report)")
      return
    }
    #expect(divergence.kind == .call(dependency: "date", number: 1))
    #expect(state.stamps == [Date(timeIntervalSinceReferenceDate: 0)])
  }
}

/// A feature that keeps the date of each `stamp`.
private struct Stamper: Reducer {
  struct State: Equatable { var stamps: [Date] = [] }
  enum Action { case stamp }
  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.stamps.append(date.now)
    return .none
  }
}

/// Its view: `stamp` in, how many stamps out.
private struct StamperView: TerminalView {
  var commands: [Command] { [Command("stamp", summary: "Keep the date now")] }

  func interpret(_ invocation: Invocation, state: Stamper.State) throws(ArgumentError) -> CommandOutcome<Stamper.Action> {
    .send(.stamp)
  }

  func render(_ state: Stamper.State, style: TextStyle) -> [String] {
    ["stamps: \(state.stamps.count)"]
  }
}
