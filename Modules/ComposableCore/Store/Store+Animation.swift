import Animations

extension Store {
  /// Sends an action to the store with an animation.
  ///
  /// Off Apple platforms the animation is inert: the action is sent, reduced and its effects run
  /// exactly as ``send(_:)`` does it.
  ///
  /// - Returns: The tree of asynchronous work the action started.
  #if ComposableArchitecture2Deprecations
    @available(*, deprecated, message: "Use 'withAnimation { _ = store.send(action) }' instead")
  #else
    @available(iOS, deprecated: 9999, message: "Use 'withAnimation { _ = store.send(action) }' instead")
    @available(macOS, deprecated: 9999, message: "Use 'withAnimation { _ = store.send(action) }' instead")
    @available(tvOS, deprecated: 9999, message: "Use 'withAnimation { _ = store.send(action) }' instead")
    @available(watchOS, deprecated: 9999, message: "Use 'withAnimation { _ = store.send(action) }' instead")
  #endif
  @discardableResult
  public func send(_ action: Action, animation: Animation?) -> StoreTask {
    withAnimation(animation) { send(action) }
  }

  /// Sends an action to the store in a transaction.
  ///
  /// Off Apple platforms the transaction is inert: the action is sent, reduced and its effects
  /// run exactly as ``send(_:)`` does it.
  ///
  /// - Returns: The tree of asynchronous work the action started.
  #if ComposableArchitecture2Deprecations
    @available(*, deprecated, message: "Use 'withTransaction(transaction) { _ = store.send(action) }' instead")
  #else
    @available(iOS, deprecated: 9999, message: "Use 'withTransaction(transaction) { _ = store.send(action) }' instead")
    @available(macOS, deprecated: 9999, message: "Use 'withTransaction(transaction) { _ = store.send(action) }' instead")
    @available(tvOS, deprecated: 9999, message: "Use 'withTransaction(transaction) { _ = store.send(action) }' instead")
    @available(watchOS, deprecated: 9999, message: "Use 'withTransaction(transaction) { _ = store.send(action) }' instead")
  #endif
  @discardableResult
  public func send(_ action: Action, transaction: Transaction) -> StoreTask {
    withTransaction(transaction) { send(action) }
  }
}
