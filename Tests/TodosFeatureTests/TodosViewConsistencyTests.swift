import ComposableTestSupport
import Foundation
import Persistence
import Synchronization
import TerminalUI
import Testing
import TodosFeature

/// The shared list can be replaced at any moment by another process's change (the file watcher
/// runs on a thread of its own): the view reads it once for a frame, and once for a command.
struct TodosViewConsistencyTests {
  let view = TodosView()

  /// A list that grows by one todo after it has been read `readsBeforeGrowing` times: a change
  /// from another process landing between two reads of one frame or command.
  struct GrowingList: Sendable {
    final class Reads: Sendable {
      let count = Mutex(0)
    }
    let reads = Reads()
    let readsBeforeGrowing: Int
    let before: IdentifiedArrayOf<Todo.State> = IdentifiedArray(
      uniqueElements: (1...9).reversed().map { Todo.State(id: UUID($0), description: "todo \($0)") }
    )

    var todos: IdentifiedArrayOf<Todo.State> {
      get {
        let read = reads.count.withLock { count in
          defer { count += 1 }
          return count
        }
        guard read >= readsBeforeGrowing else { return before }
        var after = before
        after.insert(Todo.State(id: UUID(10), description: "todo 10"), at: 0)
        return after
      }
      set {}
    }
  }

  func state(growingAfter reads: Int) -> Todos.State {
    let list = Shared(value: GrowingList(readsBeforeGrowing: reads))
    return Todos.State(todos: list.todos, sortCompleted: SharedReader(value: false))
  }

  @Test(arguments: 1...3)
  func aFramesHeaderCountsTheRowsBelowIt(readsBeforeGrowing: Int) {
    let lines = view.render(state(growingAfter: readsBeforeGrowing), style: .plain)
    let header = lines[0]
    let counts = header.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
    #expect(counts.reduce(0, +) == lines.count - 1, "\(lines)")
  }

  @Test(arguments: 1...3)
  func aPositionIsCheckedInTheListItNames(readsBeforeGrowing: Int) {
    let state = state(growingAfter: readsBeforeGrowing)
    switch view.parse("done 10", state: state) {
    case .rejected(let message):
      #expect(message == "no todo 10: the list shows 9")
    default:
      Issue.record("done 10 was accepted in a list of 9")
    }
  }
}
