import ComposableTestSupport
import Foundation
import Testing

/// Enum destinations and alerts presented with `ifLet`, after TCA's `PresentationReducerTests`:
/// when a destination keeps its effects, when it loses them, and when an alert goes away.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PresentationDestinationTests {
  typealias Tally = PresentationReducerTests.Tally

  /// Presents an alert or a tally, one at a time.
  @Reducer
  struct Navigator {
    @Reducer
    enum Destination {
      case alert(AlertState<Alert>)
      case tally(PresentationReducerTests.Tally)

      @CasePathable
      enum Alert: Equatable { case delete }
    }
    struct State: Equatable {
      @PresentationState var destination: Destination.State?
      var isDeleted = false
    }
    enum Action: Equatable {
      case destination(PresentationAction<Destination.Action>)
      case presentAlert
      case presentTally(id: UUID? = nil)
    }
    @Dependency(\.uuid) var uuid

    static let alert = AlertState<Destination.Alert> {
      TextState("Uh oh!")
    } actions: {
      ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .destination(.presented(.alert(.delete))):
          state.isDeleted = true
          return .none
        case .destination:
          return .none
        case .presentAlert:
          state.destination = .alert(Self.alert)
          return .none
        case .presentTally(let id):
          state.destination = .tally(Tally.State(id: id ?? uuid()))
          return .none
        }
      }
      .ifLet(\.$destination, action: \.destination)
    }
  }

  @Test func aDestinationKeepsItsEffectsUntilItsIdentityChanges() async {
    let clock = TestClock()
    let store = TestStore(initialState: Navigator.State()) { Navigator() } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.presentTally()) { $0.destination = .tally(Tally.State(id: UUID(0))) }
    await store.send(\.destination.tally.startTicking)
    await clock.advance(by: .seconds(2))
    await store.receive(\.destination.tally.tick) { $0.destination?.modify(\.tally) { $0.count = 1 } }
    await store.receive(\.destination.tally.tick) { $0.destination?.modify(\.tally) { $0.count = 2 } }
    await store.send(\.destination.tally.closeTapped)
    await store.receive(\.destination.dismiss) { $0.destination = nil }

    // A new presentation starts with no effects of the old one.
    await store.send(.presentTally()) { $0.destination = .tally(Tally.State(id: UUID(1))) }
    await clock.advance(by: .seconds(2))
    await store.send(\.destination.tally.startTicking)
    await clock.advance(by: .seconds(2))
    await store.receive(\.destination.tally.tick) { $0.destination?.modify(\.tally) { $0.count = 1 } }
    await store.receive(\.destination.tally.tick) { $0.destination?.modify(\.tally) { $0.count = 2 } }

    // Presenting the same identity again keeps the timer going.
    await store.send(.presentTally(id: UUID(1))) { $0.destination?.modify(\.tally) { $0.count = 0 } }
    await clock.advance(by: .seconds(2))
    await store.receive(\.destination.tally.tick) { $0.destination?.modify(\.tally) { $0.count = 1 } }
    await store.receive(\.destination.tally.tick) { $0.destination?.modify(\.tally) { $0.count = 2 } }

    // Another case is another presentation: the timer stops.
    await store.send(.presentAlert) { $0.destination = .alert(Navigator.alert) }
    await store.send(\.destination.alert.delete) {
      $0.destination = nil
      $0.isDeleted = true
    }
  }

  /// A child that can give itself a new identity, and answers a tap a second later.
  @Reducer
  struct Badge {
    struct State: Equatable, Identifiable {
      var id: UUID
      var count = 0
    }
    enum Action: Equatable {
      case answer
      case renew
      case tap
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.uuid) var uuid
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .answer:
          state.count = 999
          return .none
        case .renew:
          state.id = uuid()
          state.count = 0
          return .none
        case .tap:
          state.count += 1
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.answer)
          }
        }
      }
    }
  }

  /// Presents one of two badges.
  @Reducer
  struct BadgeHolder {
    @Reducer
    enum Destination {
      case first(Badge)
      case second(Badge)
    }
    struct State: Equatable {
      @PresentationState var destination: Destination.State?
    }
    enum Action: Equatable {
      case destination(PresentationAction<Destination.Action>)
      case presentFirst
    }
    @Dependency(\.uuid) var uuid
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .presentFirst = action {
          state.destination = .first(Badge.State(id: uuid()))
        }
        return .none
      }
      .ifLet(\.$destination, action: \.destination)
    }
  }

  @Test func aChildGivingItselfANewIdentityLosesItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: BadgeHolder.State()) { BadgeHolder() } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.presentFirst) { $0.destination = .first(Badge.State(id: UUID(0))) }
    await store.send(\.destination.first.tap) { $0.destination?.modify(\.first) { $0.count = 1 } }
    await store.send(\.destination.first.renew) {
      $0.destination?.modify(\.first) {
        $0.id = UUID(1)
        $0.count = 0
      }
    }
    // NB: The old identity's sleep, had it survived, would end now and send `answer`, which the
    //     store would report. Not `clock.run(timeout:)`: it races its yields against a sleep on
    //     the wall clock, which a suite run under load outlasted.
    await clock.advance(by: .seconds(1))
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  /// Shows an alert or a dialog, each able to switch to the other.
  @Reducer
  struct Chooser {
    @Reducer
    enum Destination {
      case alert(AlertState<Choice>)
      case dialog(ConfirmationDialogState<Choice>)

      enum Choice: Equatable {
        case alert
        case dialog
      }
    }
    struct State: Equatable {
      @PresentationState var destination: Destination.State?
    }
    enum Action: Equatable {
      case destination(PresentationAction<Destination.Action>)
      case showAlert
      case showDialog
    }

    static let alert = AlertState<Destination.Choice> {
      TextState("Choose")
    } actions: {
      ButtonState(action: .alert) { TextState("Show alert") }
      ButtonState(action: .dialog) { TextState("Show dialog") }
    }
    static let dialog = ConfirmationDialogState<Destination.Choice> {
      TextState("Choose")
    } actions: {
      ButtonState(action: .alert) { TextState("Show alert") }
      ButtonState(action: .dialog) { TextState("Show dialog") }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .destination(.presented(.alert(.dialog))):
          state.destination = .dialog(ConfirmationDialogState { TextState("Hello!") } actions: {})
          return .none
        case .destination(.presented(.dialog(.alert))):
          state.destination = .alert(AlertState { TextState("Hello!") })
          return .none
        case .destination:
          return .none
        case .showAlert:
          state.destination = .alert(Self.alert)
          return .none
        case .showDialog:
          state.destination = .dialog(Self.dialog)
          return .none
        }
      }
      .ifLet(\.$destination, action: \.destination)
    }
  }

  @Test func anAlertAnsweredWithADialogLeavesTheDialogAndBack() async {
    let store = TestStore(initialState: Chooser.State()) { Chooser() }
    await store.send(.showAlert) { $0.destination = .alert(Chooser.alert) }
    await store.send(.destination(.presented(.alert(.dialog)))) {
      $0.destination = .dialog(ConfirmationDialogState { TextState("Hello!") } actions: {})
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }

    await store.send(.showDialog) { $0.destination = .dialog(Chooser.dialog) }
    await store.send(.destination(.presented(.dialog(.alert)))) {
      $0.destination = .alert(AlertState { TextState("Hello!") })
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  /// An alert with no buttons of its own, integrated with an empty destination reducer.
  @Reducer
  struct Notice {
    struct State: Equatable {
      @PresentationState var alert: AlertState<Action.Alert>?
    }
    enum Action: Equatable {
      case alert(PresentationAction<Alert>)
      case warn

      enum Alert: Equatable {}
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .warn = action {
          state.alert = AlertState { TextState("Uh oh!") }
        }
        return .none
      }
      .ifLet(\.$alert, action: \.alert) {}
    }
  }

  @Test func anAlertNeedsNoReducerToBePresentedAndDismissed() async {
    let store = TestStore(initialState: Notice.State()) { Notice() }
    await store.send(.warn) { $0.alert = AlertState { TextState("Uh oh!") } }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  /// Presents an alert or a tally through a destination reducer written by hand.
  @Reducer
  struct Mixed {
    struct Destination: Reducer {
      @CasePathable
      enum State: Equatable {
        case alert(AlertState<Action.Alert>)
        case tally(Tally.State)
      }
      @CasePathable
      enum Action: Equatable {
        case alert(Alert)
        case tally(Tally.Action)

        enum Alert: Equatable { case delete }
      }
      /// Where the tally's `Scope` is, for the issue it reports.
      static let tallyScopeLine: UInt = #line + 4

      var body: some ReducerOf<Self> {
        Scope(state: \.alert, action: \.alert) {}
        Scope(state: \.tally, action: \.tally) { Tally() }
      }
    }
    struct State: Equatable {
      @PresentationState var destination: Destination.State?
    }
    enum Action: Equatable {
      case destination(PresentationAction<Destination.Action>)
      case presentAlert
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .presentAlert = action {
          state.destination = .alert(AlertState { TextState("Uh oh!") })
        }
        return .none
      }
      .ifLet(\.$destination, action: \.destination) { Destination() }
    }
  }

  @Test func anAlertStaysForAnActionOfAnotherCase() async {
    let store = TestStore(initialState: Mixed.State()) { Mixed() }
    await store.send(.presentAlert) { $0.destination = .alert(AlertState { TextState("Uh oh!") }) }
    await withKnownIssue {
      await store.send(.destination(.presented(.tally(.decrement))))
    } matching: {
      $0.message.contains(
        """
        A "Scope" at "\(#fileID):\(Mixed.Destination.tallyScopeLine)" received a child action \
        when child state was set to a different case.
        """
      )
    }
  }
}

extension PresentationDestinationTests.Navigator.Destination.State: Equatable {}
extension PresentationDestinationTests.Navigator.Destination.Action: Equatable {}
extension PresentationDestinationTests.BadgeHolder.Destination.State: Equatable {}
extension PresentationDestinationTests.BadgeHolder.Destination.Action: Equatable {}
extension PresentationDestinationTests.Chooser.Destination.State: Equatable {}
extension PresentationDestinationTests.Chooser.Destination.Action: Equatable {}
