import ComposableTestSupport
import Testing

/// The issues `ifLet` and the test store report about presentations, word for word as TCA's
/// `PresentationReducerTests` expect them.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PresentationIssueTests {
  /// A child that starts work that never ends.
  @Reducer
  struct Spinner {
    struct State: Equatable {}
    enum Action: Equatable { case spin }
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .run { _ in try await Task.never() } }
    }
  }

  /// Presents a spinner, and does nothing else.
  @Reducer
  struct Lobby {
    struct State: Equatable {
      @PresentationState var spinner: Spinner.State?
    }
    enum Action: Equatable {
      case present
      case spinner(PresentationAction<Spinner.Action>)
    }
    /// Where the `ifLet` is, for the issues it reports.
    static let ifLetLine: UInt = #line + 7

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .present = action { state.spinner = Spinner.State() }
        return .none
      }
      .ifLet(\.$spinner, action: \.spinner) { Spinner() }
    }
  }

  /// TCA's explanation of an action that reached an `ifLet` with nothing presented.
  private func absentDestinationMessage(action: String) -> String {
    """
    An "ifLet" at "\(#fileID):\(Lobby.ifLetLine)" received a presentation action when \
    destination state was absent.

      Action:
        \(action)

    This is generally considered an application logic error, and can happen for a few reasons:

    A parent reducer set destination state to "nil" before this reducer ran. This reducer \
    must run before any other reducer sets destination state to "nil". This ensures that \
    destination reducers can handle their actions while their state is still present.

    This action was sent to the store while destination state was "nil". Make sure that \
    actions for this reducer can only be sent from a store when state is present, or \
    from effects that start from this reducer.
    """
  }

  @Test func dismissingWhatIsNotPresentedIsReported() async {
    let store = TestStore(initialState: Lobby.State()) { Lobby() }
    let expected = absentDestinationMessage(
      action: "PresentationIssueTests.Lobby.Action.spinner(.dismiss)"
    )
    await withKnownIssue {
      await store.send(.spinner(.dismiss))
    } matching: { $0.message.hasSuffix(expected) }
  }

  @Test func anActionForWhatIsNotPresentedIsReported() async {
    let store = TestStore(initialState: Lobby.State()) { Lobby() }
    let expected = absentDestinationMessage(
      action: "PresentationIssueTests.Lobby.Action.spinner(.presented(.spin))"
    )
    await withKnownIssue {
      await store.send(.spinner(.presented(.spin)))
    } matching: { $0.message.hasSuffix(expected) }
  }

  @Test func aPresentedChildsWorkStillRunningFailsTheTest() async {
    let line: UInt = #line + 4
    await withKnownIssue {
      let store = TestStore(initialState: Lobby.State()) { Lobby() }
      await store.send(.present) { $0.spinner = Spinner.State() }
      await store.send(.spinner(.presented(.spin)))
    } matching: { issue in
      issue.sourceLocation?.line == Int(line)
        && issue.message.hasSuffix(
          """
          An effect returned for this action is still running. It must complete before the end \
          of the test.

          To fix, inspect any effects the reducer returns for this action and ensure that all of \
          them complete by the end of the test. There are a few reasons why an effect may not \
          have completed:

          If using async/await in your effect, it may need a little bit of time to properly \
          finish. To fix you can simply perform "await store.finish()" at the end of your test.

          If an effect uses a clock (or scheduler, via "receive(on:)", "delay", "debounce", \
          etc.), make sure that you wait enough time for it to perform the effect. If you are \
          using a test clock/scheduler, advance it so that the effects may complete, or consider \
          using an immediate clock/scheduler to immediately perform the effect instead.

          If you are returning a long-living effect (timers, notifications, subjects, etc.), \
          then make sure those effects are torn down by marking the effect ".cancellable" and \
          returning a corresponding cancellation effect ("Effect.cancel") from another action, \
          or, if your effect is driven by a Combine subject, send it a completion.

          If you do not wish to assert on these effects, perform "await \
          store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
          "store.exhaustivity = .off".
          """
        )
    }
  }
}
