import Dependencies
import ComposableCore

/// What the test store's reducer records as the store runs: the state after each sent action,
/// each action received from an effect with the state after it, and the effects still running.
///
/// NB: Used on the main actor only — by the store's reducer, which a store runs on the main
/// actor, and by the test store — but not isolated to it, because a reducer is not.
final class TestRecorder<State, Action>: @unchecked Sendable {
  struct InFlightEffect {
    let handle: EffectHandle
    let action: Action
    let location: SourceLocation
  }

  var dependencies: DependencyValues
  /// The state right after the last action the test sent, before the actions it fed back.
  var sentState: State?
  var receivedActions: [(action: Action, state: State)] = []
  /// Whether the feature dismissed itself with `@Dependency(\.dismiss)`.
  var isDismissed = false
  private(set) var inFlightEffects: [Int: InFlightEffect] = [:]
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(dependencies: DependencyValues) {
    self.dependencies = dependencies
  }

  /// The effects still running, oldest first.
  var sortedInFlightEffects: [InFlightEffect] {
    inFlightEffects.sorted { $0.key < $1.key }.map(\.value)
  }

  func receive(_ action: Action, state: State) {
    receivedActions.append((action, state))
    signal()
  }

  func effectDidStart(_ handle: EffectHandle, action: Action, location: SourceLocation) {
    inFlightEffects[handle.id] = InFlightEffect(handle: handle, action: action, location: location)
  }

  func effectDidFinish(_ handle: EffectHandle) {
    inFlightEffects[handle.id] = nil
    signal()
  }

  /// Cancels every running effect and forgets it.
  @MainActor
  func cancelInFlightEffects() {
    for effect in inFlightEffects.values {
      effect.handle.cancel()
    }
    inFlightEffects.removeAll()
  }

  /// Forgets every running effect without cancelling it: the test no longer waits for it.
  func stopTrackingInFlightEffects() {
    inFlightEffects.removeAll()
    signal()
  }

  /// Wakes every ``wait(timeout:until:)`` so it checks its condition again.
  private func signal() {
    let waiters = self.waiters
    self.waiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until `isDone` holds, checking after every recorded change, or until `timeout`
  /// passes. Returns whether `isDone` held.
  @MainActor
  func wait(timeout: Duration, until isDone: () -> Bool) async -> Bool {
    if isDone() { return true }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    // NB: The timer only bounds the wait; changes wake it as they happen.
    let timer = Task { @MainActor [weak self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      self?.signal()
    }
    defer { timer.cancel() }
    while !isDone() {
      guard ContinuousClock.now < deadline else { return await catchUp(until: isDone) }
      await withCheckedContinuation { waiters.append($0) }
    }
    return true
  }

  /// Gives the effects their turns on the executors before a timeout is reported, and returns
  /// whether `isDone` then holds.
  ///
  /// NB: A timeout measured on the wall clock also counts the time an effect ready to go on
  ///     spends queued behind other work, and on a busy machine (a test suite running in
  ///     parallel on two cores) the global executor's queue can hold a ready job for longer than
  ///     a second. Each turn queues a job behind everything queued on the global executor at the
  ///     test's priority, which its effects inherit, then one behind everything queued on the
  ///     main actor: an effect whose work was ready when the timeout ended goes on as far as it
  ///     would have gone had its jobs not waited. A `.run` effect takes a few hops between the two executors from
  ///     its operation's last suspension to its end (six for an operation on the main actor);
  ///     sixteen turns allow for chains more than twice that long. Without a queue they take
  ///     microseconds.
  @MainActor
  private func catchUp(until isDone: () -> Bool) async -> Bool {
    for _ in 1...Self.catchUpTurns {
      await Task.detached(priority: Task.currentPriority) {}.value
      if isDone() { return true }
    }
    return false
  }

  /// How many turns on the executors ``catchUp(until:)`` gives the effects.
  private static var catchUpTurns: Int { 16 }
}
