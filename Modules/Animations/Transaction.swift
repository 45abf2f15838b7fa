/// The context SwiftUI would apply a change in — chiefly its animation — as a value.
///
/// As ``Animation`` is, a transaction here is inert: code that sends an action in one
/// (`await send(.tick, transaction: Transaction(animation: .linear))`) compiles unchanged, and
/// the action is sent as it would be without it.
public struct Transaction: Sendable {
  /// The animation the change would be made with; `nil` for none.
  public var animation: Animation?

  /// Whether animations that views attach to their values would be turned off for the change.
  public var disablesAnimations = false

  /// Whether the change is one of a continuous series, as a drag makes.
  public var isContinuous = false

  /// A transaction with no animation.
  public init() {}

  /// A transaction with `animation`.
  public init(animation: Animation?) {
    self.animation = animation
  }
}

/// Runs `body`, as SwiftUI runs it in `transaction`; off Apple platforms there is nothing to
/// animate, and `body`'s changes are made as they would be outside one.
public func withTransaction<Result>(
  _ transaction: Transaction,
  _ body: () throws -> Result
) rethrows -> Result {
  try body()
}

/// Runs `body`, as SwiftUI runs it with `animation`; off Apple platforms there is nothing to
/// animate, and `body`'s changes are made as they would be without one.
public func withAnimation<Result>(
  _ animation: Animation? = .default,
  _ body: () throws -> Result
) rethrows -> Result {
  try withTransaction(Transaction(animation: animation), body)
}
