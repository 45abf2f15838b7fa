import ComposableCore
import TerminalUI

/// A list of pages, each opened on a screen of its own pushed on a stack, and its terminal
/// views: `open <n>` pushes, the page's `write <text>` edits it, `back` pops.
struct Notebook: Reducer {
  struct State: Equatable {
    var pages = ["cover", "contents"]
    var path = StackState<Page.State>()
  }
  @CasePathable enum Action {
    case open(Int)
    case path(StackActionOf<Page>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open(let number):
        state.path.append(Page.State(number: number, text: state.pages[number - 1]))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Page() }
  }
}

/// One page: its text, rewritten by `write`; `tear` asks before tearing it out.
struct Page: Reducer {
  struct State: Equatable {
    var number: Int
    var text: String
    @PresentationState var alert: AlertState<Action.Alert>?
  }
  @CasePathable enum Action {
    case alert(PresentationAction<Alert>)
    case tearButtonTapped
    case write(String)
    @CasePathable enum Alert { case confirmTear }
  }
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmTear)):
        return .run { _ in await dismiss() }
      case .alert:
        return .none
      case .tearButtonTapped:
        state.alert = AlertState {
          TextState("Tear out page \(state.number)?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmTear) { TextState("Tear") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      case .write(let text):
        state.text = text
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

struct NotebookView: TerminalView {
  var commands: [Command] {
    [Command("open", arguments: "<n>", summary: "Open page n")]
  }

  func interpret(_ invocation: Invocation, state: Notebook.State) throws(ArgumentError) -> CommandOutcome<Notebook.Action> {
    .send(.open(try invocation.integer(at: 0, named: "n", in: 1...state.pages.count)))
  }

  func render(_ state: Notebook.State, style: TextStyle) -> [String] {
    state.pages.enumerated().map { "\($0 + 1). \($1)" }
  }

  func screen(for state: Notebook.State) -> TerminalScreen<Notebook.Action>? {
    guard let id = state.path.ids.last, let page = state.path[id: id] else { return nil }
    return TerminalScreen(
      PageView(),
      state: page,
      breadcrumb: ["notebook"] + state.path.map { "page \($0.number)" },
      back: .path(.popFrom(id: id))
    ) {
      .path(.element(id: id, action: $0))
    }
  }
}

struct PageView: TerminalView {
  var commands: [Command] {
    [Command("write", arguments: "<text>", summary: "Rewrite the page"), Command("tear", summary: "Tear the page out")]
  }

  func interpret(_ invocation: Invocation, state: Page.State) throws(ArgumentError) -> CommandOutcome<Page.Action> {
    switch invocation.command.name {
    case "write": .send(.write(try invocation.text(named: "text")))
    default: .send(.tearButtonTapped)
    }
  }

  func question(for state: Page.State) -> TerminalQuestion<Page.Action>? {
    state.alert.map { alert in
      TerminalQuestion(alert: alert) { answer in .alert(answer.map { .presented($0) } ?? .dismiss) }
    }
  }

  func render(_ state: Page.State, style: TextStyle) -> [String] {
    ["text: \(state.text)"]
  }
}
