import IdentifiedCollections
import OrderedCollections

/// What the `_modify` accessor `@ObservableState` generates keeps of a member while the member
/// is modified in place, to tell afterwards whether its identity changed: the identity alone,
/// never the member's value when the identity can be had without it.
///
/// A copy of the value would share its storage with the member being modified, and every
/// collection in it would then be copied whole at its first change: an append to an array of a
/// hundred thousand items would copy them all. The identities kept here share no storage with
/// the elements, so the member is modified where it lies.
///
/// NB: Not generic over the member: an enum with a generic payload is destroyed through its
///     value witness, even where the member's type is known, on every modification of every
///     member.
public enum _ModifiedIdentity {
  /// A value that is not observable state: never identical to another, so every modification
  /// is announced.
  case none
  /// Observable state's `_$id`, or a presentation's (`nil` when nothing is presented).
  case state(ObservableStateID?)
  /// The ids of an identified collection or a stack of observable state, in order.
  case ids(_ModifiedIDs)
  /// The identities of the elements of a collection of observable state that is not
  /// identified, in order.
  case elements([ObservableStateID])
  /// A value whose type leaves open whether it holds observable state (an existential, a
  /// class), compared by `_$isIdentityEqual` once modified.
  case value(Any)

  /// Whether the member kept `self` as its identity before the modification and `after` after
  /// it, so the modification need not be announced.
  @inlinable
  public func isIdentical(to after: Self) -> Bool {
    switch self {
    case .none:
      return false
    case .state(let before):
      guard case .state(let after) = after else { return false }
      return before == after
    case .ids(let before):
      guard case .ids(let after) = after else { return false }
      return before.isIdentical(to: after)
    case .elements(let before):
      guard case .elements(let after) = after else { return false }
      return before == after
    case .value(let before):
      guard case .value(let after) = after else { return false }
      return _$isIdentityEqual(before, after)
    }
  }
}

/// The identity of observable state.
@inlinable
public func _$modifiedIdentity<T: ObservableState>(of value: T) -> _ModifiedIdentity {
  .state(value._$id)
}

/// The identity of optional observable state; none while it is `nil`, so that a modification
/// that leaves it `nil` or makes it so is announced.
@inlinable
public func _$modifiedIdentity<T: ObservableState>(of value: T?) -> _ModifiedIdentity {
  value.map { .state($0._$id) } ?? .none
}

/// The ids of an identified array of observable state, which share no storage with its elements.
@inlinable
public func _$modifiedIdentity<ID: Hashable, T: ObservableState>(
  of value: IdentifiedArray<ID, T>
) -> _ModifiedIdentity {
  .ids(_ModifiedIDs(value.ids))
}

/// The identity of what a presentation presents, `nil` when it presents nothing.
///
/// NB: Read through the box where the child lies: through `wrappedValue`, the child would be
///     copied (through its type's witnesses, as a state holding a presentation is address-only)
///     and destroyed, before and after every modification of the presentation.
@inlinable
public func _$modifiedIdentity<T: ObservableState>(
  of value: PresentationState<T>
) -> _ModifiedIdentity {
  .state(value.storage.state?._$id)
}

/// The ids of a stack's screens, in order.
@inlinable
public func _$modifiedIdentity<T: ObservableState>(
  of value: StackState<T>
) -> _ModifiedIdentity {
  .ids(_ModifiedIDs(value.ids))
}

/// The identities of a collection of observable state that is not identified, in order.
@inlinable
public func _$modifiedIdentity<C: Collection>(of value: C) -> _ModifiedIdentity
where C.Element: ObservableState {
  .elements(value.map(\._$id))
}

/// Strings are values, never identities.
@inlinable
public func _$modifiedIdentity(of value: String) -> _ModifiedIdentity {
  .none
}

/// Any other value: what its type, or at run time its value, makes of it. A value that is not,
/// and holds no, observable state has no identity, and nothing of it is kept.
@inlinable
public func _$modifiedIdentity<T>(of value: T) -> _ModifiedIdentity {
  switch _IdentityShape(of: T.self) {
  case .none:
    return .none
  case .observable, .collection, .dynamic:
    if let state = value as? any ObservableState { return .state(state._$id) }
    return _carriesIdentity(value) ? .value(value) : .none
  }
}
