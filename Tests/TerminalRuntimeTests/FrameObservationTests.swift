import ComposableCore
import Persistence
import Synchronization
import TerminalUI
import Testing

/// A kept frame of `@ObservableState` state is kept until observation announces a write to
/// something it read, not by comparing what the state holds: a redraw after a change elsewhere
/// compares no row of a long list, and a write, or an older copy put back, makes the frame again.
@MainActor
struct FrameObservationTests {
  /// A row that counts how often it is compared.
  struct Row: Equatable {
    static let comparisons = Atomic<Int>(0)
    var title: String
    static func == (lhs: Row, rhs: Row) -> Bool {
      comparisons.add(1, ordering: .relaxed)
      return lhs.title == rhs.title
    }
  }

  @ObservableState
  struct ListState: Equatable {
    var rows: [Row]
    var filter = "all"
  }

  struct ListView: TerminalView {
    let commands: [Command] = []
    func interpret(_ invocation: Invocation, state: ListState) throws(ArgumentError) -> CommandOutcome<Never> {
      throw ArgumentError("no commands")
    }
    func render(_ state: ListState, style: TextStyle) -> [String] {
      ["\(state.rows.count) rows (\(state.filter))", state.rows.first?.title ?? "none"]
    }
  }

  @Test func aMillionRowsAreNotComparedToKeepTheFrame() {
    let cache = TerminalFrameCache()
    let state = ListState(rows: (0..<1_000_000).map { Row(title: "row \($0)") })
    let view = ListView()
    _ = view.frame(for: state, style: .plain, cache: cache)
    let copy = state
    let before = Row.comparisons.load(ordering: .relaxed)
    #expect(view.frame(for: copy, style: .plain, cache: cache).lines == ["1000000 rows (all)", "row 0"])
    #expect(Row.comparisons.load(ordering: .relaxed) == before)
    #expect(cache.made == 1)
    // NB: A list written again equal changes nothing the state holds (its setter compares it,
    //     as observation does): the frame is kept, and the cache compares no row either.
    var rebuilt = state
    rebuilt.rows = rebuilt.rows.map { $0 }
    let afterWrite = Row.comparisons.load(ordering: .relaxed)
    _ = view.frame(for: rebuilt, style: .plain, cache: cache)
    #expect(Row.comparisons.load(ordering: .relaxed) == afterWrite)
    #expect(cache.made == 1)
    rebuilt.rows[0].title = "changed"
    #expect(view.frame(for: rebuilt, style: .plain, cache: cache).lines == ["1000000 rows (all)", "changed"])
    #expect(Row.comparisons.load(ordering: .relaxed) == afterWrite)
    #expect(cache.made == 2)
  }

  @Test func aWriteMakesTheFrameAgain() {
    let cache = TerminalFrameCache()
    var state = ListState(rows: [Row(title: "a")])
    let view = ListView()
    _ = view.frame(for: state, style: .plain, cache: cache)
    state.filter = "active"
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["1 rows (active)", "a"])
    state.rows[0].title = "b"
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["1 rows (active)", "b"])
    #expect(cache.made == 3)
  }

  /// A parent holding the list, as a feature's state holds a child's.
  @ObservableState
  struct Holder {
    var list: ListState
  }

  @Test func anOlderCopyPutBackMakesTheFrameAgain() {
    let cache = TerminalFrameCache()
    var holder = Holder(list: ListState(rows: [Row(title: "a")]))
    let older = holder.list
    let view = ListView()
    // NB: Modified in place, the child state gets a new identity (TCA's `_$willModify`), so
    //     the older copy put back is another state, not this one unchanged.
    holder.list.rows.append(Row(title: "b"))
    #expect(view.frame(for: holder.list, style: .plain, cache: cache).lines == ["2 rows (all)", "a"])
    holder.list = older
    #expect(view.frame(for: holder.list, style: .plain, cache: cache).lines == ["1 rows (all)", "a"])
    #expect(cache.made == 2)
  }

  /// A program learns of such a change through `SharedChangeListeners` (see
  /// `TypedProgramChangeWindowTests`); the frame is made again when asked for.
  @Test func aChangeAnnouncedFromAnotherThreadMakesTheFrameAgain() async {
    let cache = TerminalFrameCache()
    let state = SharedListState(rows: Shared(value: ["a"]))
    let view = SharedListView()
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["a"])
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["a"])
    #expect(cache.made == 1)
    await Task.detached { state.$rows.withLock { $0.append("b") } }.value
    #expect(view.frame(for: state, style: .plain, cache: cache).lines == ["a", "b"])
    #expect(cache.made == 2)
  }

  /// A list held in a shared value.
  @ObservableState
  struct SharedListState {
    @Shared var rows: [String]
  }

  struct SharedListView: TerminalView {
    let commands: [Command] = []
    func interpret(_ invocation: Invocation, state: SharedListState) throws(ArgumentError) -> CommandOutcome<Never> {
      throw ArgumentError("no commands")
    }
    func render(_ state: SharedListState, style: TextStyle) -> [String] {
      state.rows
    }
  }
}
