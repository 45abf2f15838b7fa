import ComposableTestSupport
import Testing

/// TCA's presentation behaviour, after its `PresentationReducerTests`: presenting, dismissing
/// from the parent and from the child, effects cancelled on dismissal and on replacement,
/// alerts that dismiss themselves, enum destinations.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PresentationTests {
  /// A child that counts, ticks on a clock, and can close itself.
  struct Child: Reducer {
    struct State: Equatable, Identifiable {
      var id = 0
      var count = 0
    }
    @CasePathable enum Action: Equatable {
      case closeButtonTapped
      case increment
      case startTimer
      case tick
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .closeButtonTapped:
        return .run { _ in await dismiss() }
      case .increment:
        state.count += 1
        return .none
      case .startTimer:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.count += 1
        return .none
      }
    }
  }

  /// A parent presenting a child, and an alert asking to delete.
  struct Parent: Reducer {
    struct State: Equatable {
      @PresentationState var child: Child.State?
      @PresentationState var alert: AlertState<Action.Alert>?
      var deleted = false
    }
    @CasePathable enum Action: Equatable {
      case alert(PresentationAction<Alert>)
      case child(PresentationAction<Child.Action>)
      case deleteButtonTapped
      case presentChild(id: Int)
      @CasePathable enum Alert: Equatable { case confirmDeletion }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .alert(.presented(.confirmDeletion)):
          state.deleted = true
          return .none
        case .alert, .child:
          return .none
        case .deleteButtonTapped:
          state.alert = AlertState {
            TextState("Delete?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          }
          return .none
        case .presentChild(let id):
          state.child = Child.State(id: id)
          return .none
        }
      }
      .ifLet(\.$child, action: \.child) { Child() }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  @Test func theParentDismisses() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.presentChild(id: 1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.increment))) { $0.child?.count = 1 }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func theChildDismissesItself() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.presentChild(id: 1)) { $0.child = Child.State(id: 1) }
    await store.send(\.child.closeButtonTapped)
    await store.receive(\.child.dismiss) { $0.child = nil }
  }

  @Test func dismissalCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) { Parent() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChild(id: 1)) { $0.child = Child.State(id: 1) }
    await store.send(\.child.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(\.child.tick) { $0.child?.count = 1 }
    await store.send(.child(.dismiss)) { $0.child = nil }
    // NB: The timer was cancelled with the child: the test store has no effect left to wait on.
    await clock.advance(by: .seconds(5))
  }

  @Test func replacingTheChildWithAnotherIdentityCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) { Parent() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.presentChild(id: 1)) { $0.child = Child.State(id: 1) }
    await store.send(\.child.startTimer)
    await store.send(.presentChild(id: 2)) { $0.child = Child.State(id: 2) }
    await clock.advance(by: .seconds(5))
  }

  @Test func anAlertDismissesItselfWhenAnswered() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.deleteButtonTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      }
    }
    await store.send(\.alert.confirmDeletion) {
      $0.alert = nil
      $0.deleted = true
    }
  }

  @Test func aPresentationActionWithNothingPresentedIsReported() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await withKnownIssue {
      await store.send(.child(.presented(.increment)))
    } matching: { issue in
      String(describing: issue).contains(
        #"received a presentation action when destination state was absent."#
      )
    }
  }

  @Test func dismissOutsideAPresentationIsReported() async {
    let store = Store(initialState: Child.State()) { Child() }
    await withKnownIssue {
      await store.send(.closeButtonTapped).finish()
    } matching: { issue in
      String(describing: issue).contains(#"but couldn't be dismissed."#)
    }
  }

  @Test func aFeatureTestedAloneCanDismissItsTestStore() async {
    let store = TestStore(initialState: Child.State()) { Child() }
    #expect(!store.isDismissed)
    await store.send(.closeButtonTapped)
    #expect(store.isDismissed)
    await withKnownIssue {
      await store.send(.increment)
    } matching: { String(describing: $0).contains("Can't send action to dismissed test store.") }
  }

  /// Records whether it runs presented.
  struct Probe: Reducer {
    struct State: Equatable { var isPresented: Bool? }
    @CasePathable enum Action: Equatable { case check }
    @Dependency(\.isPresented) var isPresented
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.isPresented = isPresented
      return .none
    }
  }
  /// Presents a probe.
  struct Host: Reducer {
    struct State: Equatable { @PresentationState var probe: Probe.State? = Probe.State() }
    @CasePathable enum Action: Equatable { case probe(PresentationAction<Probe.Action>) }
    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.$probe, action: \.probe) { Probe() }
    }
  }

  @Test func aPresentedChildSeesIsPresented() async {
    let host = TestStore(initialState: Host.State()) { Host() }
    await host.send(\.probe.check) { $0.probe?.isPresented = true }
    let root = Store(initialState: Probe.State()) { Probe() }
    root.send(.check)
    #expect(root.state.isPresented == false)
    // NB: As in TCA, a feature tested on its own can dismiss itself, so it reads as presented.
    let alone = TestStore(initialState: Probe.State()) { Probe() }
    await alone.send(.check) { $0.isPresented = true }
  }

  /// An enum destination: a child or an alert, one at a time.
  struct Destination: Reducer {
    @CasePathable enum State: Equatable {
      case alert(AlertState<Action.Alert>)
      case child(Child.State)
    }
    @CasePathable enum Action: Equatable {
      case alert(Alert)
      case child(Child.Action)
      @CasePathable enum Alert: Equatable { case ok }
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: \.child) { Child() }
    }
  }

  struct Navigator: Reducer {
    struct State: Equatable { @PresentationState var destination: Destination.State? }
    @CasePathable enum Action: Equatable {
      case destination(PresentationAction<Destination.Action>)
      case showAlert
      case showChild
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .destination:
          return .none
        case .showAlert:
          state.destination = .alert(AlertState { TextState("Hello") } actions: {
            ButtonState(action: .ok) { TextState("OK") }
          })
          return .none
        case .showChild:
          state.destination = .child(Child.State())
          return .none
        }
      }
      .ifLet(\.$destination, action: \.destination) { Destination() }
    }
  }

  @Test func anEnumDestinationRunsItsCaseAndAnAlertCaseDismissesItself() async {
    let clock = TestClock()
    let store = TestStore(initialState: Navigator.State()) { Navigator() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showChild) { $0.destination = .child(Child.State()) }
    await store.send(\.destination.child.increment) {
      $0.$destination[case: \.child]?.count = 1
    }
    await store.send(\.destination.child.startTimer)
    // Another case is another presentation: the child's timer is cancelled.
    await store.send(.showAlert) {
      $0.destination = .alert(AlertState { TextState("Hello") } actions: {
        ButtonState(action: .ok) { TextState("OK") }
      })
    }
    await clock.advance(by: .seconds(3))
    await store.send(\.destination.alert.ok) { $0.destination = nil }
  }

  @Test func presentationStateReadsAndWritesOneCase() {
    var state = Navigator.State(destination: .child(Child.State(id: 3)))
    #expect(state.$destination[case: \.child]?.id == 3)
    #expect(state.$destination[case: \.alert] == nil)
    state.$destination[case: \.child]?.count = 2
    #expect(state.destination == .child(Child.State(id: 3, count: 2)))
    withKnownIssue {
      state.$destination[case: \.alert] = AlertState { TextState("No") }
    } matching: { String(describing: $0).contains(#"Can't modify unrelated case "child""#) }
    #expect(state.destination == .child(Child.State(id: 3, count: 2)))
  }
}
