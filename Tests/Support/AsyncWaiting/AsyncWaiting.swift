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

/// Whether `condition` holds within `timeout`, checked after each yield; the timeout only guards
/// against a hang when the behaviour under test is broken.
public func waitUntil(timeout: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: timeout)
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    await Task.yield()
  }
  return true
}
