import Foundation

/// The first element of `stream` satisfying `predicate`, or `nil` if none arrives within `timeout`
/// of the time the cooperative pool gives this wait (see ``PoolTimeBudget``). The timeout only
/// guards against a hang when the behaviour under test is broken.
public func first<Element: Sendable>(
  _ stream: AsyncStream<Element>,
  timeout: Duration = .seconds(30),
  where predicate: @escaping @Sendable (Element) -> Bool = { _ in true }
) async -> Element? {
  await withTaskGroup(of: Element?.self) { group in
    group.addTask {
      for await element in stream where predicate(element) { return element }
      return nil
    }
    group.addTask {
      var budget = PoolTimeBudget(timeout)
      while await budget.sleepStep() {}
      return nil
    }
    let result = await group.next() ?? nil
    group.cancelAll()
    return result
  }
}

/// Whether `condition` holds within `timeout` of the time the cooperative pool gives this wait
/// (see ``PoolTimeBudget``); the timeout only guards against a hang when the behaviour under test
/// is broken.
///
/// The condition is checked after each of the first yields, which is enough when what it waits
/// for runs on the cooperative pool, then once every 100 µs: what it waits for on a thread of its
/// own (a dispatch queue, a file event, another process) gets the core this task would otherwise
/// spin on. The whole suite runs at once on two cores, and a task that yields in a loop is
/// scheduled again at once: each such wait took a core from the tests beside it.
public func waitUntil(timeout: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
  var budget = PoolTimeBudget(timeout, step: .microseconds(100))
  var checks = 0
  while !condition() {
    checks += 1
    if checks <= 100 {
      await Task.yield()
    } else if !(await budget.sleepStep()) {
      return condition()
    }
  }
  return true
}

/// A wait's time, counted as the cooperative pool gives it: each step's sleep counts for what it
/// took, but never more than twice its length.
///
/// The suite's tests all run at once on a pool of one thread per core. A task that wakes goes to
/// the back of the pool's queue, behind every test that is ready to run, and a suite run under
/// load has left a 50 ms sleep waiting 20 s there. What a test waits for goes through that queue
/// too, often more than once (an `AsyncStream` hands each element over by resuming its reader,
/// a load hops to an actor and back), so a timer measured on the wall clock could end while the
/// awaited event still waited its turn behind it. Counted this way, a step the pool kept waiting
/// costs no more than one it ran on time: a wait still ends after `timeout` when nothing comes,
/// but only after the pool gave it that much time.
public struct PoolTimeBudget: Sendable {
  private var remaining: Duration
  private let step: Duration

  /// A budget of `timeout`, slept in steps of `step` (at most a tenth of the timeout).
  public init(_ timeout: Duration, step: Duration = .milliseconds(100)) {
    self.remaining = timeout
    self.step = min(step, timeout / 10)
  }

  /// Sleeps one step and counts it; `false` once the budget is spent or the task is cancelled.
  public mutating func sleepStep() async -> Bool {
    guard remaining > .zero else { return false }
    let start = ContinuousClock.now
    do {
      try await Task.sleep(for: step)
    } catch {
      return false
    }
    remaining -= min(ContinuousClock.now - start, step * 2)
    return remaining > .zero
  }
}
