import Observation

/// A value type whose reads and writes can be observed, property by property: the state of a
/// feature marked `@ObservableState`.
///
/// The macro conforms the type and writes these requirements; nothing here is implemented by
/// hand. A store whose state is observable is read directly — `store.count` — and a read made
/// inside `withObservationTracking` is told when that property changes.
public protocol ObservableState: Observable {
  /// The identity of this value: it changes when the value is replaced by another, or
  /// modified in place through its parent, and is what parents compare before notifying.
  var _$id: ObservableStateID { get }

  /// Gives this value a new identity before it is modified in place.
  mutating func _$willModify()
  /// The accessors of the member at `keyPath`, as a `_StateAccessor<Self, Value>`, when
  /// the macro tracks that member; `nil` for any other path.
  static func _$accessor(for keyPath: AnyKeyPath) -> Any?
}

extension ObservableState {
  /// No accessors: a conformance written by hand is reached through key paths.
  public static func _$accessor(for keyPath: AnyKeyPath) -> Any? {
    nil
  }
}
