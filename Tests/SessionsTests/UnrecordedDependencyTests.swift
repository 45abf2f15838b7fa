import ComposableCore
import Foundation
import Persistence
import Sessions
import TerminalUI
import Testing

/// A feature author adds a client the app does not record: its replay must not pass unnoticed.
/// Replayed, the dependencies are the test context's, so the read is reported, and the test
/// replaying it fails (swift-dependencies then answers with the live die).
@MainActor
struct UnrecordedDependencyTests {
  @Test func aClientTheReplayDoesNotAnswerFailsTheReplayInsteadOfRunningLive() async throws {
    let session = try SessionFile(
      data: Data(
        ([
          #"{"session":1,"feature":"roller","interactive":false}"#,
          #"{"line":"roll"}"#,
          #"{"action":"Roller.Action.roll","from":"line"}"#,
          #"{"output":"rolled: 4\n"}"#,
          #"{"exit":0}"#,
        ].map { $0 + "\n" }.joined()).utf8
      ),
      name: "roller.session"
    )
    let replay = SessionReplay<Roller.State, Roller.Action>(session, patience: .seconds(3600))
    let directory = URL(fileURLWithPath: "/replayed/data", isDirectory: true)
    let storage = FileStorage.inMemory(files: [:], clock: ReplayClock.writeDelays(cursor: replay.cursor))
    let store = Store(initialState: Roller.State()) {
      Roller().replayed(by: replay)
    } withDependencies: {
      $0.replay(by: replay.cursor, storage: storage, directory: directory)
    }
    await withKnownIssue {
      _ = await replay.run(RollerView(), over: store, storage: storage, dataDirectory: directory)
    } matching: { issue in
      issue.description.contains("@Dependency(\\.dice) has no test implementation")
    }
  }
}

/// A die: live only, as a client someone adds and forgets to record would be.
private enum DiceKey: DependencyKey {
  static let liveValue: @Sendable () -> Int = { Int.random(in: 1...6) }
}

extension DependencyValues {
  fileprivate var dice: @Sendable () -> Int {
    get { self[DiceKey.self] }
    set { self[DiceKey.self] = newValue }
  }
}

/// A feature that rolls the die.
private struct Roller: Reducer {
  struct State: Equatable { var rolled = 0 }
  enum Action { case roll }
  @Dependency(\.dice) var dice

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.rolled = dice()
    return .none
  }
}

/// Its view: `roll` in, the last roll out.
private struct RollerView: TerminalView {
  var commands: [Command] { [Command("roll", summary: "Roll the die")] }

  func interpret(_ invocation: Invocation, state: Roller.State) throws(ArgumentError) -> CommandOutcome<Roller.Action> {
    .send(.roll)
  }

  func render(_ state: Roller.State, style: TextStyle) -> [String] {
    ["rolled: \(state.rolled)"]
  }
}
