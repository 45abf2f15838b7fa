/// An object that counts the changes it announces: a shared value, an observable state's
/// registrar, a store's root.
@usableFromInline
package protocol ChangeCounting: AnyObject, Sendable {
  /// How many changes it has announced so far.
  var changeCount: UInt { get }

  /// Whether a change announced after the `count`th was a change to the member at `keyPath`:
  /// asked of an object read member by member once its count has moved on.
  func hasChanged(_ keyPath: AnyKeyPath, since count: UInt) -> Bool
}

extension ChangeCounting {
  /// Any change is a change to every member.
  @usableFromInline
  package func hasChanged(_ keyPath: AnyKeyPath, since count: UInt) -> Bool { true }
}
