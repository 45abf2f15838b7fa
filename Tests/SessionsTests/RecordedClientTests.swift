import ComposableCore
import Foundation
import Persistence
import Sessions
import Synchronization
import TemporaryFiles
import TerminalRuntime
import TerminalUI
import Testing

/// A feature author adds a client that answers from outside (here a die) and records it as the
/// app records its own clients: its answers are in the session, and the replay gives them back
/// without calling the live client, which would answer otherwise.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct RecordedClientTests {
  @Test func aClientAddedTheWayTheAppAddsItsOwnIsReplayedWithItsAnswers() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let url = directory.file("roll.session")

    let recorder = try SessionRecorder(file: url, header: SessionHeader(feature: "roller", isInteractive: false), dataDirectory: nil)
    let recordedStore = Store(initialState: Roller.State()) {
      Roller().recorded(by: recorder)
    } withDependencies: {
      $0.dice = .recorded(DiceClient { 4 }, by: recorder)
    }
    let written = Written()
    let program = TerminalProgram(
      store: recordedStore, view: RollerView(), configuration: .init(isInteractive: false),
      output: TerminalOutput(output: { written.append($0) }, error: { _ in })
    )
    program.tap = recorder
    let (events, input) = AsyncStream.makeStream(of: TerminalEvent.self)
    input.yield(.line("roll"))
    input.yield(.line("roll"))
    input.finish()
    recorder.finish(status: await program.run(.events(events)))
    #expect(written.text == "rolled: 4\nrolled: 8\n")

    let session = try SessionFile(contentsOf: url)
    #expect(session.events.contains(.answer(dependency: "dice", call: 2, value: "4")))
    let replay = SessionReplay<Roller.State, Roller.Action>(session)
    let data = URL(fileURLWithPath: "/replayed/data", isDirectory: true)
    let storage = FileStorage.inMemory(files: [:], clock: ReplayClock.writeDelays(cursor: replay.cursor))
    let replayedStore = Store(initialState: Roller.State()) {
      Roller().replayed(by: replay)
    } withDependencies: {
      $0.replay(by: replay.cursor, storage: storage, directory: data)
      $0.dice = .replayed(by: replay.cursor)
    }
    let result = await replay.run(RollerView(), over: replayedStore, storage: storage, dataDirectory: data)
    #expect(result.verdict == .identical, "\(result.report)")
    #expect(replayedStore.state.total == 8)
  }
}

/// A die that answers from outside the program, as a feature author writes a client.
private struct DiceClient: Sendable {
  var roll: @Sendable () async throws -> Int
}

extension DiceClient {
  /// `base`, each roll recorded by `recorder` — the two lines the app writes for each of its
  /// clients (see `NumberFactClient.recorded(_:by:)`).
  static func recorded(_ base: DiceClient, by recorder: SessionRecorder) -> Self {
    Self { try await recorder.answer(of: "dice", encode: { "\($0)" }) { try await base.roll() } }
  }

  /// The rolls a recorded run was given, each when the replay reaches it.
  static func replayed(by cursor: ReplayCursor) -> Self {
    Self { Int(try await cursor.answer(of: "dice")) ?? 0 }
  }
}

private enum DiceKey: DependencyKey {
  static let liveValue = DiceClient { Int.random(in: 1...6) }
  static let testValue = DiceClient { 6 }
}

extension DependencyValues {
  fileprivate var dice: DiceClient {
    get { self[DiceKey.self] }
    set { self[DiceKey.self] = newValue }
  }
}

/// A feature that adds up what the die rolls.
private struct Roller: Reducer {
  struct State: Equatable { var total = 0 }
  enum Action { case roll, rolled(Int) }
  @Dependency(\.dice) var dice

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .roll:
      return .run { [dice] send in await send(.rolled(try await dice.roll())) }
    case .rolled(let number):
      state.total += number
      return .none
    }
  }
}

/// Its view: `roll` in, the running total out.
private struct RollerView: TerminalView {
  var commands: [Command] { [Command("roll", summary: "Roll the die")] }

  func interpret(_ invocation: Invocation, state: Roller.State) throws(ArgumentError) -> CommandOutcome<Roller.Action> {
    .send(.roll)
  }

  func render(_ state: Roller.State, style: TextStyle) -> [String] {
    state.total == 0 ? [] : ["rolled: \(state.total)"]
  }
}

/// What a program wrote.
private final class Written: Sendable {
  private let lines = Mutex("")
  func append(_ text: String) { lines.withLock { $0 += text } }
  var text: String { lines.withLock { $0 } }
}
