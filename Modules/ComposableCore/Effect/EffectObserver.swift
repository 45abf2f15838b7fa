/// Hooks into the lifetime of the tasks an effect starts. `TestStore` uses it to know which
/// effects are still running; applications have no need for it. A store calls it on the main
/// actor.
public protocol _EffectObserver: AnyObject, Sendable {
  /// A task of the observed effect started; `handle` can cancel it.
  func effectDidStart(_ handle: EffectHandle)
  /// A task of the observed effect finished, by completing or by being cancelled.
  func effectDidFinish(_ handle: EffectHandle)
}

extension Effect {
  /// Reports every task this effect starts, and its end, to `observer`.
  public func _observed(by observer: any _EffectObserver) -> Self {
    if isNone { return self }
    return Self(operation: .observed(self, observer))
  }
}
