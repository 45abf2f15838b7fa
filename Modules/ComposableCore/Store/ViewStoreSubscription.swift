/// Keeps a ``ViewStore/onChange(_:)`` callback alive; cancelling or releasing it stops the
/// callback.
@MainActor
public final class ViewStoreSubscription {
  private var onCancel: (@MainActor () -> Void)?

  init(onCancel: @escaping @MainActor () -> Void) {
    self.onCancel = onCancel
  }

  isolated deinit {
    cancel()
  }

  /// Stops the callback.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }
}
