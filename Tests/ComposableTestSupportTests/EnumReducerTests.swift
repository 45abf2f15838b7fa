import ComposableTestSupport
import Testing

/// `@Reducer enum` destinations as TCA apps write them: one optional destination presenting an
/// alert or a feature, integrated with `ifLet` and no reducer, scoped and switched over in views.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct EnumReducerTests {
  @Reducer
  struct Editor {
    @ObservableState
    struct State: Equatable {
      var title = ""
    }
    enum Action: Equatable {
      case saveButtonTapped
      case titleChanged(String)
    }
    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .saveButtonTapped:
          return .run { _ in await dismiss() }
        case .titleChanged(let title):
          state.title = title
          return .none
        }
      }
    }
  }

  @Reducer
  struct Note {
    @Reducer
    enum Destination {
      case alert(AlertState<Alert>)
      case edit(Editor)

      @CasePathable
      enum Alert: Equatable { case delete }
    }

    @ObservableState
    struct State: Equatable {
      var title = "Milk"
      var isDeleted = false
      @Presents var destination: Destination.State?
    }
    enum Action: Equatable {
      case deleteButtonTapped
      case destination(PresentationAction<Destination.Action>)
      case editButtonTapped
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .deleteButtonTapped:
          state.destination = .alert(AlertState { TextState("Delete?") } actions: {
            ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
          })
          return .none
        case .destination(.presented(.alert(.delete))):
          state.isDeleted = true
          return .none
        case .destination(.dismiss):
          if case .edit(let editor) = state.destination { state.title = editor.title }
          return .none
        case .destination:
          return .none
        case .editButtonTapped:
          state.destination = .edit(Editor.State(title: state.title))
          return .none
        }
      }
      .ifLet(\.$destination, action: \.destination)
    }
  }

  @Test func aFeatureCaseRunsItsReducerAndDismissesItself() async {
    let store = TestStore(initialState: Note.State()) { Note() }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(Editor.State(title: "Milk"))
    }
    await store.send(\.destination.edit.titleChanged, "Oat milk") {
      $0.destination?.modify(\.edit) { $0.title = "Oat milk" }
    }
    await store.send(\.destination.edit.saveButtonTapped)
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
      $0.title = "Oat milk"
    }
  }

  @Test func anAlertCaseDismissesOnItsButton() async {
    let store = TestStore(initialState: Note.State()) { Note() }
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(AlertState { TextState("Delete?") } actions: {
        ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
      })
    }
    await store.send(\.destination.alert.delete) {
      $0.destination = nil
      $0.isDeleted = true
    }
  }

  @Test func aStoreScopesIntoTheCaseAndSwitchesOverIt() {
    let store = Store(initialState: Note.State()) { Note() }
    #expect(store.scope(state: \.destination?.edit, action: \.destination.edit) == nil)
    store.send(.editButtonTapped)
    // NB: Typed, as in TCA: without a type, the store of the optional state whole is made.
    let editor: StoreOf<Editor>? = store.scope(state: \.destination?.edit, action: \.destination.edit)
    editor?.send(.titleChanged("Bread"))
    #expect(editor?.title == "Bread")
    let destination: StoreOf<Note.Destination>? = store.scope(state: \.destination, action: \.destination.presented)
    guard case .edit(let scoped)? = destination?.case else {
      Issue.record("expected the edit case")
      return
    }
    #expect(scoped.title == "Bread")
  }

  @Test func readersOfThePresentedFeatureAreToldOfItsChanges() {
    let store = Store(initialState: Note.State()) { Note() }
    store.send(.editButtonTapped)
    let editor: StoreOf<Editor>? = store.scope(state: \.destination?.edit, action: \.destination.edit)
    let fired = LockIsolated(0)
    withObservationTracking { _ = editor?.title } onChange: { fired.withValue { $0 += 1 } }
    editor?.send(.titleChanged("Bread"))
    #expect(fired.value == 1)
  }
}

extension EnumReducerTests.Note.Destination.State: Equatable {}
extension EnumReducerTests.Note.Destination.Action: Equatable {}
