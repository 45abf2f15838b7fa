import ComposableCore

extension Store {
  /// Waits until the store's state satisfies `predicate`, checked now and after every send the
  /// store processes (an effect's included).
  func wait(until predicate: @escaping (State) -> Bool) async {
    let waiter = Waiter()
    let token = addSendObserver { [unowned self] in
      if predicate(self.state) { waiter.resume() }
    }
    defer { removeSendObserver(token) }
    guard !predicate(state) else { return }
    await waiter.wait()
  }
}

/// A wait on the main actor that ends at its first ``resume()``.
@MainActor
private final class Waiter {
  private var continuation: CheckedContinuation<Void, Never>?
  private var isResumed = false

  /// Returns once ``resume()`` has been called, at once if it has been already.
  func wait() async {
    guard !isResumed else { return }
    await withCheckedContinuation { continuation = $0 }
  }

  /// Ends the wait; calling it again does nothing.
  func resume() {
    guard !isResumed else { return }
    isResumed = true
    continuation.take()?.resume()
  }
}
