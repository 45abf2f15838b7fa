import IdentifiedCollections
import OrderedCollections

// The identity comparisons `@ObservableState`'s accessors pass to the registrar: a write is
// announced only when the new value is not the old one under another name. Observable state
// compares by `_$id`, collections of it by their elements' ids, everything else is never
// identical, so its writes are announced unless the values are equal.

/// Whether two observable states are the same instance of state.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(_ lhs: T, _ rhs: T) -> Bool {
  lhs._$id == rhs._$id
}

/// Whether two identified arrays of observable state hold the same elements, by id, in order.
@inlinable
public func _$isIdentityEqual<ID: Hashable, T: ObservableState>(
  _ lhs: IdentifiedArray<ID, T>,
  _ rhs: IdentifiedArray<ID, T>
) -> Bool {
  lhs.ids == rhs.ids
}

/// Whether two presentations present the same instance of state, or both nothing.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: PresentationState<T>,
  _ rhs: PresentationState<T>
) -> Bool {
  lhs.wrappedValue?._$id == rhs.wrappedValue?._$id
}

/// Whether two stacks hold the same elements, by stack element id, in order.
@inlinable
public func _$isIdentityEqual<T: ObservableState>(
  _ lhs: StackState<T>,
  _ rhs: StackState<T>
) -> Bool {
  lhs.ids == rhs.ids
}

/// Whether two collections of observable state hold the same instances, in order.
@inlinable
public func _$isIdentityEqual<C: Collection>(_ lhs: C, _ rhs: C) -> Bool
where C.Element: ObservableState {
  lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0._$id == $1._$id }
}

/// Strings are values, never identities; this overload keeps them off the collection path.
@inlinable
public func _$isIdentityEqual(_ lhs: String, _ rhs: String) -> Bool {
  false
}

/// Optional values: identical when both hold values that are identical.
@inlinable
public func _$isIdentityEqual<Wrapped>(_ lhs: Wrapped?, _ rhs: Wrapped?) -> Bool {
  guard let lhs, let rhs else { return false }
  return _$isIdentityEqual(lhs, rhs)
}

/// Any other value: identical only if it turns out, at run time, to be observable state (or a
/// collection of it) with the same identity.
@inlinable
public func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  switch _IdentityShape(of: T.self) {
  case .none:
    return false
  case .observable, .dynamic:
    if let lhs = lhs as? any ObservableState, let rhs = rhs as? any ObservableState {
      return lhs._$id == rhs._$id
    }
    if let lhs = lhs as? any Collection {
      return _isCollectionIdentityEqual(lhs, rhs)
    }
    return false
  case .collection:
    guard let lhs = lhs as? any Collection else { return false }
    return _isCollectionIdentityEqual(lhs, rhs)
  }
}

@usableFromInline
func _isCollectionIdentityEqual<C: Collection>(_ lhs: C, _ rhs: Any) -> Bool {
  guard C.Element.self is any ObservableState.Type, let rhs = rhs as? C else { return false }
  return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { _$isIdentityEqual($0, $1) }
}

/// Whether `value` is, or holds, observable state: state with a registrar its readers
/// registered with.
@inlinable
public func _carriesIdentity<T>(_ value: T) -> Bool {
  switch _IdentityShape(of: T.self) {
  case .none: return false
  case .observable, .collection: return true
  case .dynamic:
    if value is any ObservableState { return true }
    if let collection = value as? any Collection {
      return _holdsObservableState(collection)
    }
    return false
  }
}

@usableFromInline
func _holdsObservableState<C: Collection>(_ collection: C) -> Bool {
  C.Element.self is any ObservableState.Type
}

/// Does nothing: a value that is not observable state has no identity to renew.
@inlinable
public func _$willModify<T>(_: inout T) {}

/// Gives observable state a new identity before it is modified in place.
@inlinable
public func _$willModify<T: ObservableState>(_ value: inout T) {
  value._$willModify()
}
