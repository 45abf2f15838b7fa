import Observation

/// The calls TCA's `@ObservableState` expansion makes, for code written against them (an
/// accessor written by hand as TCA's macro writes it). This library's macros call `willSet`,
/// `didSet` and the `didModify` that compares identities (`_ModifiedIdentity`) instead: these
/// take the state and its member `inout` together, which makes Swift copy the whole state at
/// every write, and `willModify` returns a copy of the member, which makes its modification copy
/// every collection in it.
extension ObservationStateRegistrar {
  /// Stores `newValue` in `value`, announcing the write to the readers of `keyPath` unless the
  /// new value has the old one's identity, or `shouldNotifyObservers` says it is the same and it
  /// carries no identity of its own.
  @inlinable
  public func mutate<Subject: Observable, Member, Value>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ value: inout Value,
    _ newValue: Value,
    _ isIdentityEqual: (Value, Value) -> Bool,
    _ shouldNotifyObservers: (Value, Value) -> Bool = { _, _ in true }
  ) {
    let announcement = willSet(subject, keyPath: keyPath, value, newValue, isIdentityEqual, shouldNotifyObservers)
    value = newValue
    didSet(subject, keyPath: keyPath, announcement)
  }

  /// Called before a member is modified in place; returns the member as it is then.
  @inlinable
  public func willModify<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ member: inout Member
  ) -> Member {
    willModify(&member)
  }

  /// Called before observable state is modified in place: gives it a new identity first, so a
  /// modification that replaces it is told apart from one that changes it.
  @inlinable
  public func willModify<Subject: Observable, Member: ObservableState>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ member: inout Member
  ) -> Member {
    willModify(&member)
  }

  /// Called after a member was modified in place: announces the change to the readers of
  /// `keyPath` when the member's identity changed.
  @inlinable
  public func didModify<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ member: inout Member,
    _ oldValue: Member,
    _ isIdentityEqual: (Member, Member) -> Bool,
    _ shouldNotifyObservers: (Member, Member) -> Bool = { _, _ in true }
  ) {
    didModify(subject, keyPath: keyPath, oldValue, member, isIdentityEqual)
  }
}
