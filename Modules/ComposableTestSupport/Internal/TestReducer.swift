import ComposableCore
import Dependencies
import Persistence

/// Wraps the reducer under test: runs it with the test store's current dependencies, records
/// what happens, and turns the actions its effects send into received actions.
struct TestReducer<State, Action>: Reducer {
  let base: _PreparedReducer<State, Action>
  let recorder: TestRecorder<State, Action>
  let sharedChangeTracker: SharedChangeTracker

  func reduce(into state: inout State, action: TestAction<Action>) -> Effect<TestAction<Action>> {
    let recorder = self.recorder
    let effects = withDependencies {
      $0 = recorder.dependencies
      // NB: A feature tested on its own can dismiss itself, as when presented: the test store
      //     is then dismissed, and the effects still running are no longer the test's concern.
      let dismiss = $0.dismiss
      $0.dismiss = DismissEffect {
        if dismiss.isAvailable { dismiss.run() }
        recorder.isDismissed = true
        recorder.cancelInFlightEffects()
      }
    } operation: {
      sharedChangeTracker.track { base.reduce(into: &state, action: action.action) }
    }
    switch action.origin {
    case .send:
      recorder.sentState = state
    case .receive:
      recorder.receive(action.action, state: state)
    }
    guard !effects.isNone else { return .none }
    let location = action.location
    return effects
      .map { TestAction(origin: .receive, action: $0, location: location) }
      ._observed(by: EffectTracker(recorder: recorder, action: action.action, location: location))
  }
}
