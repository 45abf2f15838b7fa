import Animations

// NB: TCA deprecates these three for `send(_:animation:)` and `send(_:transaction:)` from a
//     `run` effect; they are here, deprecated as there, so a feature that still uses them
//     compiles unchanged. Their animations are inert, as every animation is off Apple platforms.
extension Effect {
  /// An effect that feeds an action straight back into the store, with an animation.
  ///
  /// The animation is inert: the effect is ``send(_:)``'s.
  @available(
    *,
    deprecated,
    message: """
      Use 'send(_:animation:)' from a 'run' effect instead:

          return .run { send in
            await send(.response, animation: .default)
          }
      """
  )
  public static func send(_ action: Action, animation: Animation? = nil) -> Self {
    .send(action)
  }

  /// This effect, with the actions it sends animated.
  ///
  /// The animation is inert: the effect sends its actions as it would without it.
  @available(
    *,
    deprecated,
    message: """
      Use 'send(_:animation:)' from a 'run' effect instead:

          return .run { send in
            await send(.response, animation: .default)
          }
      """
  )
  public func animation(_ animation: Animation? = .default) -> Self {
    self
  }

  /// This effect, with the actions it sends made in a transaction.
  ///
  /// The transaction is inert: the effect sends its actions as it would without it.
  @available(
    *,
    deprecated,
    message: """
      Use 'send(_:transaction:)' from a 'run' effect instead:

          return .run { send in
            await send(.response, transaction: transaction)
          }
      """
  )
  public func transaction(_ transaction: Transaction) -> Self {
    self
  }
}
