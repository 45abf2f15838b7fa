import ComposableCore
import TerminalUI
import Testing

/// The question and the pushed screen a view scopes from its feature's `@Presents` and
/// `StackState` fields: the actions they send are the ones the feature's reducer handles, with
/// no action embedded by the view.
struct ScopedNavigationTests {
  struct Feature {
    struct State {
      var alert: AlertState<Action.Alert>?
      var dialog: ConfirmationDialogState<Action.Alert>?
      var path = StackState<Note.State>()
    }

    @CasePathable
    enum Action: Equatable {
      case alert(PresentationAction<Alert>)
      case dialog(PresentationAction<Alert>)
      case path(StackAction<Note.State, Note.Action>)
      enum Alert: Equatable { case confirm }
    }
  }

  enum Note {
    struct State: Equatable { var title: String }
    enum Action: Equatable { case rename(String) }
  }

  struct NoteView: TerminalView {
    var commands: [Command] { [Command("rename", arguments: "<title>", summary: "Rename the note")] }

    func interpret(_ invocation: Invocation, state: Note.State) throws(ArgumentError) -> CommandOutcome<Note.Action> {
      .send(.rename(try invocation.text(named: "title")))
    }

    func render(_ state: Note.State, style: TextStyle) -> [String] {
      ["note: \(state.title)"]
    }
  }

  static let confirmation = AlertState<Feature.Action.Alert> {
    TextState("Delete everything?")
  } actions: {
    ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
    ButtonState(role: .cancel) { TextState("Cancel") }
  }

  @Test func aPresentedAlertAsksAndItsAnswersArePresentationActions() throws {
    var state = Feature.State()
    #expect(TerminalQuestion<Feature.Action>.alert(state, state: \.alert, action: \.alert) == nil)
    state.alert = Self.confirmation
    let question = try #require(TerminalQuestion<Feature.Action>.alert(state, state: \.alert, action: \.alert))
    #expect(question.lines(style: .plain) == ["Delete everything? [y/N]"])
    #expect(question.answer("y") == .alert(.presented(.confirm)))
    #expect(question.answer("n") == .alert(.dismiss))
    #expect(question.answer("") == .alert(.dismiss))
  }

  @Test func aPresentedDialogAsksAndItsAnswersArePresentationActions() throws {
    var state = Feature.State()
    state.dialog = ConfirmationDialogState(titleVisibility: .hidden) {
      TextState("Delete everything?")
    } actions: {
      ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    let question = try #require(TerminalQuestion<Feature.Action>.confirmationDialog(state, state: \.dialog, action: \.dialog))
    #expect(question.lines(style: .plain) == ["Delete everything? [y/N]"])
    #expect(question.answer("y") == .dialog(.presented(.confirm)))
    #expect(question.answer("n") == .dialog(.dismiss))
  }

  @Test func theStacksTopIsPushedWithABreadcrumbAndItsActionsReachTheStack() throws {
    var state = Feature.State()
    func screen() -> TerminalScreen<Feature.Action>? {
      .stack(state, state: \.path, action: \.path, root: "notes", title: { "“\($0.title)”" }) { NoteView() }
    }
    #expect(screen() == nil)
    state.path.append(Note.State(title: "Groceries"))
    state.path.append(Note.State(title: "Milk"))
    let top = try #require(state.path.ids.last)
    let pushed = try #require(screen())
    #expect(pushed.title == "notes › “Groceries” › “Milk”")
    #expect(pushed.render(style: .plain) == ["notes › “Groceries” › “Milk”", "note: Milk"])
    #expect(pushed.back == .path(.popFrom(id: top)))
    #expect(try pushed.parse("rename Oat milk").commandOutcome() == .send(.path(.element(id: top, action: .rename("Oat milk")))))
    guard case .back = pushed.parse("back") else {
      Issue.record("back should pop the screen")
      return
    }
  }

  @Test func aScreenWithAnotherBreadcrumbIsAnotherScreenOnly() throws {
    var state = Feature.State()
    state.path.append(Note.State(title: "Milk"))
    let top = try #require(state.path.ids.last)
    let pushed = try #require(
      TerminalScreen<Feature.Action>.stack(state, state: \.path, action: \.path, root: "notes", title: { $0.title }) { NoteView() }
    )
    var renamed = pushed
    renamed.breadcrumb = ["lists", "Milk"]
    #expect(pushed.title == "notes › Milk")
    #expect(renamed.title == "lists › Milk")
    #expect(renamed.render(style: .plain) == ["lists › Milk", "note: Milk"])
    #expect(renamed.commands.map(\.name) == pushed.commands.map(\.name))
    #expect(renamed.back == .path(.popFrom(id: top)))
    #expect(try renamed.parse("rename Oat milk").commandOutcome() == .send(.path(.element(id: top, action: .rename("Oat milk")))))
  }

  /// A view is asked for its screen and its question at every frame it makes; a case key path
  /// literal is built anew at each use. It is made only when there is something to show.
  @Test func theCaseKeyPathIsMadeOnlyWhenAScreenOrAQuestionIsShown() {
    var made = 0
    func path() -> CaseKeyPath<Feature.Action, StackAction<Note.State, Note.Action>> {
      made += 1
      return \.path
    }
    func alert() -> CaseKeyPath<Feature.Action, PresentationAction<Feature.Action.Alert>> {
      made += 1
      return \.alert
    }
    var state = Feature.State()
    #expect(TerminalScreen.stack(state, state: \.path, action: path(), root: "notes", title: \.title) { NoteView() } == nil)
    #expect(TerminalQuestion.alert(state, state: \.alert, action: alert()) == nil)
    #expect(made == 0)
    state.path.append(Note.State(title: "Milk"))
    state.alert = Self.confirmation
    #expect(TerminalScreen.stack(state, state: \.path, action: path(), root: "notes", title: \.title) { NoteView() } != nil)
    #expect(TerminalQuestion.alert(state, state: \.alert, action: alert()) != nil)
    #expect(made == 2)
  }
}
