import Foundation

/// The first element of `stream` satisfying `predicate`, or `nil` if none arrives within `timeout`.
/// The timeout only guards against a hang when the behaviour under test is broken.
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
      try? await Task.sleep(for: timeout)
      return nil
    }
    let result = await group.next() ?? nil
    group.cancelAll()
    return result
  }
}

/// Whether `condition` holds within `timeout`; the timeout only guards against a hang when the
/// behaviour under test is broken.
///
/// The condition is checked after each of the first yields, which is enough when what it waits
/// for runs on the cooperative pool, then once every 100 µs: what it waits for on a thread of its
/// own (a dispatch queue, a file event, another process) gets the core this task would otherwise
/// spin on. The whole suite runs at once on two cores, and a task that yields in a loop is
/// scheduled again at once: each such wait took a core from the tests beside it.
public func waitUntil(timeout: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: timeout)
  var checks = 0
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    checks += 1
    if checks <= 100 {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .microseconds(100))
    }
  }
  return true
}
