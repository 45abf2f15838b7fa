import ComposableCore
import Persistence
import Testing
import TerminalUI

@testable import TerminalRuntime

/// A change a send makes to a shared value is drawn by the redraw after the send, typed as
/// piped: no redraw is scheduled for it at the idle prompt, where it would find nothing left to
/// draw.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TerminalProgramRedrawTests {
  @Test func aSharedWriteInASendSchedulesNoRedraw() async {
    let written = LockIsolated<[String]>([])
    let output = TerminalOutput(output: { text in written.withValue { $0.append(text) } }, error: { _ in })
    let store = Store(initialState: Log.State()) { Log() }
    let program = TerminalProgram(
      store: store, view: LogView(), configuration: .init(isInteractive: true), output: output
    )
    var lines = ["note milk", "note eggs", "note bread"][...]
    let status = await program.run(.queue(TerminalInput { lines.popFirst().map { .line($0) } ?? .end }))
    #expect(status == 0)
    #expect(store.entries == ["milk", "eggs", "bread"])
    #expect(written.value.joined().contains("3 notes: milk, eggs, bread\n"))
    #expect(program.redraws.scheduledRedraws == 0)
  }

  /// Typed, a write made outside a send (an effect's, another process's) schedules the redraw
  /// that draws it at the idle prompt.
  @Test func aSharedWriteOutsideASendSchedulesTheRedrawThatDrawsIt() async {
    let written = LockIsolated<[String]>([])
    let output = TerminalOutput(output: { text in written.withValue { $0.append(text) } }, error: { _ in })
    let store = Store(initialState: Log.State()) { Log() }
    let program = TerminalProgram(
      store: store, view: LogView(), configuration: .init(isInteractive: true), output: output
    )
    var turn = 0
    let status = await program.run(.queue(TerminalInput {
      turn += 1
      switch turn {
      case 1:
        return .line("note milk")
      case 2:
        store.state.$entries.withLock { $0.append("tea") }
        // NB: The idle prompt: the main actor is free for the scheduled redraw.
        while !written.value.joined().contains("2 notes: milk, tea\n") { await Task.yield() }
        return .end
      default:
        return nil
      }
    }))
    #expect(status == 0)
    #expect(program.redraws.scheduledRedraws == 1)
  }

  /// A log of notes kept in a shared value, written by the reducer.
  @Reducer
  struct Log {
    @ObservableState
    struct State {
      @Shared(.inMemory("redraw-tests-log")) var entries: [String] = []
    }
    enum Action {
      case note(String)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .note(let text):
          state.$entries.withLock { $0.append(text) }
          return .none
        }
      }
    }
  }

  struct LogView: TerminalView {
    let commands = [Command("note", arguments: "<text>", summary: "Keep a note")]

    func interpret(_ invocation: Invocation, state: Log.State) throws(ArgumentError) -> CommandOutcome<Log.Action> {
      .send(.note(invocation.arguments.joined(separator: " ")))
    }

    func render(_ state: Log.State, style: TextStyle) -> [String] {
      ["\(state.entries.count) notes: \(state.entries.joined(separator: ", "))"]
    }
  }
}
