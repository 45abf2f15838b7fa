import ComposableCore

/// The effects a program's sends started and that may still run: tracked, waited for, or
/// cancelled, as the program's mode and its ending ask.
@MainActor
final class RunningEffects {
  private var tasks: [StoreTask] = []

  /// Whether any tracked effect still runs.
  var areRunning: Bool { tasks.contains { !$0._isFinished } }

  /// Tracks `task` without waiting for it (a person keeps typing).
  func track(_ task: StoreTask) {
    tasks.removeAll { $0._isFinished }
    tasks.append(task)
  }

  /// Tracks `task` and waits for it to finish (a script's next line waits).
  func finish(_ task: StoreTask) async {
    // NB: A command whose effects are all done (most are) is not awaited: awaiting would hop
    //     off the main actor and back for nothing, two thread wake-ups per piped line.
    guard !task._isFinished else { return }
    tasks.append(task)
    await task.finish()
    tasks.removeAll { $0._isFinished }
  }

  /// Waits until every tracked effect has finished, cancelling none, even when the waiting task
  /// is cancelled (it then still waits; the effects run on).
  ///
  /// NB: `StoreTask.finish()` cancels the work when the task awaiting it is cancelled; a waiter
  ///     that gives up must not stop the effects it was watching.
  func finishAllWithoutCancelling() async {
    for task in tasks where !task._isFinished {
      await Task { await task.finish() }.value
    }
  }

  /// Cancels every effect; returns whether any was still running.
  @discardableResult
  func cancelAll() -> Bool {
    let wereRunning = areRunning
    for task in tasks { task.cancel() }
    tasks.removeAll { $0._isFinished }
    return wereRunning
  }

  /// Lets the effects finish, up to `timeout`, then cancels the rest and forgets them all.
  func finishAll(within timeout: Duration) async {
    let running = tasks.filter { !$0._isFinished }
    if !running.isEmpty {
      await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          for task in running { await task.finish() }
          return true
        }
        group.addTask {
          try? await Task.sleep(for: timeout)
          return false
        }
        _ = await group.next()
        group.cancelAll()
      }
    }
    for task in tasks { task.cancel() }
    tasks.removeAll()
  }
}
