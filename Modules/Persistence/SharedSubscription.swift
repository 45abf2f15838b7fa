import Locking

/// A cancellable token: for an observation of a shared value, or a key's subscription to changes.
///
/// Cancelled when ``cancel()`` is called or when the token is released.
public final class SharedSubscription: Sendable {
  private let onCancel: Lock<(@Sendable () -> Void)?>

  /// Creates a token that runs `onCancel` once, when cancelled or released.
  public init(_ onCancel: @escaping @Sendable () -> Void) {
    self.onCancel = Lock(onCancel)
  }

  /// Stops the subscription. Calling it again does nothing.
  public func cancel() {
    let onCancel = self.onCancel.withLock { value in
      defer { value = nil }
      return value
    }
    onCancel?()
  }

  deinit { cancel() }
}
