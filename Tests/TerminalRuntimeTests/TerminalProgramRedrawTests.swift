import ChangeTracking
import Foundation
import ComposableCore
import Persistence
import Testing
import TerminalUI

@testable import TerminalRuntime

/// A change a send makes to a shared value is drawn by the redraw after the send, typed as
/// piped: no redraw is scheduled for it at the idle prompt, where it would find nothing left to
/// draw.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct TerminalProgramRedrawTests {
  /// A change reported while the program's store processes a send, on the thread processing it
  /// (a reducer's write), schedules nothing: the redraw after the send draws it. One reported
  /// outside a send schedules one redraw.
  ///
  /// NB: Asked of the schedule alone: the listeners a program hears shared values through are
  ///     the process's, and other tests' writes reach them.
  @Test func aChangeReportedInASendSchedulesNoRedraw() async {
    let holder = ScheduleHolder()
    let store = holder.reportingStore()
    let schedule = RedrawSchedule(sender: store.sender) {}
    holder.schedule = schedule
    // NB: As the program observes its store, to redraw after each send.
    var sendsObserved = 0
    let observing = store.addSendObserver { sendsObserved += 1 }
    store.send(())
    store.send(())
    #expect(store.state == 2)
    #expect(sendsObserved == 2)
    #expect(schedule.scheduledRedraws == 0)
    #expect(schedule.isStale)
    schedule.markStale()
    #expect(schedule.scheduledRedraws == 1)
    store.removeSendObserver(observing)
  }

  /// A store nobody observes has no redraw after its sends to leave a change to.
  @Test func aChangeReportedInASendOfAStoreNobodyObservesSchedulesARedraw() async {
    let holder = ScheduleHolder()
    let store = holder.reportingStore()
    let schedule = RedrawSchedule(sender: store.sender) {}
    holder.schedule = schedule
    store.send(())
    #expect(schedule.scheduledRedraws == 1)
  }

  /// A change another store's send reports is not this store's to draw.
  @Test func aChangeReportedInAnotherStoresSendSchedulesARedraw() async {
    let holder = ScheduleHolder()
    let other = holder.reportingStore()
    let store = Store(initialState: 0) { EmptyReducer<Int, Void>() }
    let schedule = RedrawSchedule(sender: store.sender) {}
    holder.schedule = schedule
    other.send(())
    #expect(schedule.scheduledRedraws == 1)
  }

  /// A change reported on another thread while the program's store processes a send on this one
  /// is not the send's: the redraw after it may come before the change, so one is scheduled.
  @Test func aChangeReportedOnAnotherThreadDuringASendSchedulesARedraw() async {
    let holder = ScheduleHolder()
    let store = Store(initialState: 0) {
      Reduce<Int, Void> { [holder] count, _ in
        count += 1
        let schedule = holder.schedule
        let reported = DispatchSemaphore(value: 0)
        Thread {
          schedule?.markStale()
          reported.signal()
        }.start()
        reported.wait()
        return .none
      }
    }
    let schedule = RedrawSchedule(sender: store.sender) {}
    holder.schedule = schedule
    let observing = store.addSendObserver {}
    store.send(())
    #expect(schedule.scheduledRedraws == 1)
    store.removeSendObserver(observing)
  }

  /// A change reported in the send of another store made inside the program's store's send (a
  /// reducer sending to another store) is drawn by the redraw after the program's send.
  @Test func aChangeReportedInAnotherStoresSendInsideThisStoresSendSchedulesNoRedraw() async {
    let holder = ScheduleHolder()
    let other = holder.reportingStore()
    let otherObserving = other.addSendObserver {}
    let store = Store(initialState: 0) {
      Reduce<Int, Void> { count, _ in
        count += 1
        other.send(())
        return .none
      }
    }
    let schedule = RedrawSchedule(sender: store.sender) {}
    holder.schedule = schedule
    let observing = store.addSendObserver {}
    store.send(())
    #expect(other.state == 1)
    #expect(schedule.scheduledRedraws == 0)
    #expect(schedule.isStale)
    store.removeSendObserver(observing)
    other.removeSendObserver(otherObserving)
  }

  /// Typed, a write made outside a send (an effect's, another process's) schedules the redraw
  /// that draws it at the idle prompt.
  @Test func aSharedWriteOutsideASendSchedulesTheRedrawThatDrawsIt() async {
    let (written, writing) = AsyncStream.makeStream(of: String.self)
    let output = TerminalOutput(output: { writing.yield($0) }, error: { _ in })
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
        for await text in written where text.contains("2 notes: milk, tea\n") { break }
        return .end
      default:
        return nil
      }
    }))
    #expect(status == 0)
  }

  /// Where a reducer finds the schedule it reports to.
  @MainActor
  final class ScheduleHolder {
    var schedule: RedrawSchedule?

    /// A store whose every send counts and reports a change to the schedule, from its reducer.
    func reportingStore() -> StoreOf<Reduce<Int, Void>> {
      Store(initialState: 0) {
        Reduce<Int, Void> { [self] count, _ in
          count += 1
          schedule?.markStale()
          return .none
        }
      }
    }
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
