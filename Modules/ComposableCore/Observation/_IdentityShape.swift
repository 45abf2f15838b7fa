/// What a type says about whether its values can carry an observable state's identity, so
/// `_$isIdentityEqual` and `_carriesIdentity` cast a value only when the type leaves it open.
///
/// NB: A struct, an enum other than `Optional`, a tuple or a function is exactly its static
/// type, so its conformances decide, and the runtime caches them. An optional, an existential or
/// a class can hold a value of another type: those values are cast, as before.
@usableFromInline
enum _IdentityShape {
  /// No value of the type is, or holds, observable state.
  case none
  /// Every value of the type is observable state.
  case observable
  /// Every value of the type is a collection of observable state.
  case collection
  /// The value decides.
  case dynamic

  /// The shape of `type`.
  @inlinable
  init<T>(of type: T.Type) {
    if _isPOD(T.self) {
      self = .none
    } else if !_hasStaticType(T.self) {
      self = .dynamic
    } else if T.self is any ObservableState.Type {
      self = .observable
    } else if let collection = T.self as? any Collection.Type {
      self = _elementsAreObservableState(collection) ? .collection : .none
    } else {
      self = .none
    }
  }
}

/// Whether the elements of a collection type are observable state.
@usableFromInline
func _elementsAreObservableState<C: Collection>(_: C.Type) -> Bool {
  C.Element.self is any ObservableState.Type
}

/// Whether every value of `type` has exactly that type: its metadata is a struct's, an enum's
/// (not `Optional`'s), a tuple's or a function's.
@usableFromInline
func _hasStaticType(_ type: Any.Type) -> Bool {
  // NB: The first word of a type's metadata is its kind: 0x200 a struct, 0x201 an enum, 0x202
  // an optional, 0x301 a tuple, 0x302 a function.
  switch unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) {
  case 0x200, 0x201, 0x301, 0x302: return true
  default: return false
  }
}
