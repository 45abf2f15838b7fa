import ComposableCore

/// Tells a test store's recorder when the effects of one action start and finish.
///
/// NB: Made by the test store's reducer and called by the store, both on the main actor only.
final class EffectTracker<State, Action>: _EffectObserver, @unchecked Sendable {
  private weak var recorder: TestRecorder<State, Action>?
  private let action: Action
  private let location: SourceLocation

  init(recorder: TestRecorder<State, Action>, action: Action, location: SourceLocation) {
    self.recorder = recorder
    self.action = action
    self.location = location
  }

  func effectDidStart(_ handle: EffectHandle) {
    recorder?.effectDidStart(handle, action: action, location: location)
  }

  func effectDidFinish(_ handle: EffectHandle) {
    recorder?.effectDidFinish(handle)
  }
}
