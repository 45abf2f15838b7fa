import ComposableTestSupport
import Testing

/// The operators TCA deprecated for taking case paths (`AnyCasePath`) or closures: an action sent
/// through each reaches its child and changes its state as through the case-key-path form.
/// Deprecated, as the operators are.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct CasePathOperatorTests {
  @available(*, deprecated)
  typealias Parent = CallSiteShapeTests.CasePathParent
  @available(*, deprecated)
  typealias Switch = CallSiteShapeTests.CasePathSwitch
  typealias Tapper = CallSiteShapeTests.Tapper

  @available(*, deprecated)
  @Test func scopeToAFieldByACasePath() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.child(.tap)) { $0.child.taps = 1 }
    await store.send(.child(.tap)) { $0.child.taps = 2 }
  }

  @available(*, deprecated)
  @Test func ifLetByACasePath() async {
    let store = TestStore(initialState: Parent.State(optional: Tapper.State())) { Parent() }
    await store.send(.optional(.tap)) { $0.optional?.taps = 1 }
  }

  @available(*, deprecated)
  @Test func ifLetByACasePathReportsAnActionForAbsentState() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await withKnownIssue {
      await store.send(.optional(.tap))
    } matching: {
      $0.message.contains("An \"ifLet\" at")
    }
  }

  @available(*, deprecated)
  @Test func forEachByACasePathToAnIDAndAction() async {
    let rows: IdentifiedArrayOf<Tapper.State> = [Tapper.State(id: 1), Tapper.State(id: 2)]
    let store = TestStore(initialState: Parent.State(rows: rows)) { Parent() }
    await store.send(.row(id: 2, action: .tap)) { $0.rows[id: 2]?.taps = 1 }
    await store.send(.row(id: 1, action: .tap)) { $0.rows[id: 1]?.taps = 1 }
  }

  @available(*, deprecated)
  @Test func forEachOverAStackByACasePath() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.path(.push(id: 0, state: Tapper.State()))) {
      $0.path[id: 0] = Tapper.State()
    }
    await store.send(.path(.element(id: 0, action: .tap))) { $0.path[id: 0]?.taps = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path[id: 0] = nil }
  }

  @available(*, deprecated)
  @Test func ifLetOverPresentationStateByACasePath() async {
    let store = TestStore(initialState: Parent.State(destination: Tapper.State())) { Parent() }
    await store.send(.destination(.presented(.tap))) { $0.destination?.taps = 1 }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @available(*, deprecated)
  @Test func alertsAndDialogsByACasePathAreDismissedByTheirActions() async {
    let alert = AlertState<Parent.AlertAction> {
      TextState("Saved")
    } actions: {
      ButtonState(action: .ok) { TextState("OK") }
    }
    let dialog = ConfirmationDialogState<Parent.AlertAction> {
      TextState("Save?")
    } actions: {
      ButtonState(action: .ok) { TextState("OK") }
    }
    let store = TestStore(initialState: Parent.State(alert: alert, dialog: dialog)) { Parent() }
    await store.send(.alert(.presented(.ok))) { $0.alert = nil }
    await store.send(.dialog(.ok)) { $0.dialog = nil }
  }

  @available(*, deprecated)
  @Test func scopeAndIfCaseLetToAnEnumCaseByCasePaths() async {
    for byIfCaseLet in [false, true] {
      let store = TestStore(initialState: Switch.State.tapper(Tapper.State())) {
        Switch(byIfCaseLet: byIfCaseLet)
      }
      await store.send(.tapper(.tap)) { $0 = .tapper(Tapper.State(taps: 1)) }
    }
  }

  @available(*, deprecated)
  @Test func scopeToAnEnumCaseByACasePathReportsAnActionForAnotherCase() async {
    let store = TestStore(initialState: Switch.State.idle) { Switch(byIfCaseLet: false) }
    await withKnownIssue {
      await store.send(.tapper(.tap))
    } matching: {
      $0.message.contains("received a child action when child state was set to a different case")
    }
  }

  @available(*, deprecated)
  @Test func aStoreScopedByClosuresReadsAndSendsThroughItsParent() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: { $0.child }, action: { .child($0) })
    child.send(.tap)
    #expect(store.withState(\.child.taps) == 1)
    store.send(.child(.tap))
    #expect(child.withState(\.taps) == 2)
  }
}
