import ChangeTracking
import Observation
import Persistence

/// The registrar `@ObservableState` adds to a state struct: it records reads and announces
/// writes, skipping writes that keep a member's identity or its value.
///
/// Copies of a state share their registrar, so a view that read a store's state is told of a
/// change made to the store's copy. Equal, hashed and coded as nothing, so it never affects a
/// state's equality, hash or encoding.
public struct ObservationStateRegistrar: Sendable {
  /// The identity of the state that holds this registrar.
  public private(set) var id = ObservableStateID()

  /// What a read is noted with and a write announced to, once (see `ChangeAnnouncer`).
  @usableFromInline
  let announcer = ChangeAnnouncer()

  /// A registrar with a new identity.
  public init() {}

  /// Gives the holding state a new identity.
  public mutating func _$willModify() {
    id._$willModify()
  }

  /// Records a read of `keyPath` on `subject`.
  @inlinable
  public func access<Subject: Observable, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    announcer.accessMember(subject, keyPath: keyPath)
  }

  /// Called before `newValue` is stored over `value`, the member at `keyPath`: unless the new
  /// value has the old one's identity, or `shouldNotifyObservers` says it is the same and it
  /// carries no identity of its own, counts the write and tells the readers observation tracks
  /// that it is about to happen. Hand the result to ``didSet(_:keyPath:_:)`` once it is stored.
  ///
  /// NB: The state and the member are read, never borrowed `inout` together: a call handed both
  ///     `self` and `&member` would copy the whole state for every write. The state is taken
  ///     as an autoclosure, read only when observation has readers to tell: an accessor that
  ///     hands over `self` while modifying it copies it. So is the key path, which the runtime
  ///     hands out at each use of its literal: a write that changes nothing (`nil` over `nil`)
  ///     makes none.
  ///
  /// NB: An equal observable state under a new identity is announced: it comes with a registrar
  ///     of its own, and the readers of the old one must read again to hear of its next change.
  @inlinable
  public func willSet<Subject: Observable, Member, Value>(
    _ subject: @autoclosure () -> Subject,
    keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ value: Value,
    _ newValue: Value,
    _ isIdentityEqual: (Value, Value) -> Bool,
    _ shouldNotifyObservers: (Value, Value) -> Bool = { _, _ in true }
  ) -> ObservationRegistrar? {
    announcement(
      subject(), keyPath: keyPath(), value, newValue, isIdentityEqual, shouldNotifyObservers,
      carriesIdentity: _carriesIdentity
    )
  }

  /// Called before an optional `newValue` is stored over `value`, as the general overload is;
  /// `nil` is known not to carry an identity without asking the runtime. `nil` written over
  /// `nil` is announced, as any write of a value that cannot be compared (TCA's `@Presents`
  /// announces it too).
  @inlinable
  public func willSet<Subject: Observable, Member, Wrapped>(
    _ subject: @autoclosure () -> Subject,
    keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ value: Wrapped?,
    _ newValue: Wrapped?,
    _ isIdentityEqual: (Wrapped?, Wrapped?) -> Bool,
    _ shouldNotifyObservers: (Wrapped?, Wrapped?) -> Bool = { _, _ in true }
  ) -> ObservationRegistrar? {
    announcement(
      subject(), keyPath: keyPath(), value, newValue, isIdentityEqual, shouldNotifyObservers,
      carriesIdentity: { $0.map(_carriesIdentity) ?? false }
    )
  }

  /// Called after a write that `willSet` announced (its result, `announcement`): tells
  /// the readers it has happened.
  @inlinable
  public func didSet<Subject: Observable, Member>(
    _ subject: @autoclosure () -> Subject,
    keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ announcement: ObservationRegistrar?
  ) {
    if case .none = announcement { return }
    announcer.didChange(subject(), keyPath: keyPath(), announcement)
  }

  /// What both `willSet`s do, given how to tell whether the new value carries an identity.
  @inlinable
  func announcement<Subject: Observable, Member, Value>(
    _ subject: @autoclosure () -> Subject,
    keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ value: Value,
    _ newValue: Value,
    _ isIdentityEqual: (Value, Value) -> Bool,
    _ shouldNotifyObservers: (Value, Value) -> Bool,
    carriesIdentity: (Value) -> Bool
  ) -> ObservationRegistrar? {
    // NB: The same observable state announces its own members' writes through its own
    //     registrar; a value the same as the old one changes nothing a reader saw.
    guard !isIdentityEqual(value, newValue),
      shouldNotifyObservers(value, newValue) || carriesIdentity(newValue)
    else { return nil }
    return announcer.willChange(subject(), keyPath: keyPath())
  }

  /// Called before a member is modified in place; returns the member as it is then.
  @inlinable
  public func willModify<Member>(_ member: inout Member) -> Member {
    member
  }

  /// Called before observable state is modified in place: gives it a new identity first, so a
  /// modification that replaces it is told apart from one that changes it.
  @inlinable
  public func willModify<Member: ObservableState>(_ member: inout Member) -> Member {
    member._$willModify()
    return member
  }

  /// Called after `member`, at `keyPath`, was modified in place: announces the change to the
  /// readers of `keyPath` when the member's identity changed.
  @inlinable
  public func didModify<Subject: Observable, Member>(
    _ subject: @autoclosure () -> Subject,
    keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    _ oldValue: Member,
    _ member: Member,
    _ isIdentityEqual: (Member, Member) -> Bool
  ) {
    guard !isIdentityEqual(oldValue, member) else { return }
    announcer.announce(subject(), keyPath: keyPath())
  }

  /// Called after the member at `keyPath` was modified in place: announces the change to the
  /// readers of `keyPath` unless the member kept its identity, `before` as the modification
  /// began and `after` once it ended (`_$modifiedIdentity(of:)`): of the member, or of a
  /// presentation's wrapper, whose changes its wrapped member's readers hear.
  ///
  /// NB: The accessor keeps the member's identity rather than a copy of it, so the member is
  ///     modified where it lies: a copy would share the storage of every collection in it.
  @inlinable
  public func didModify<Subject: Observable, Member>(
    _ subject: @autoclosure () -> Subject,
    keyPath: @autoclosure () -> KeyPath<Subject, Member>,
    from before: _ModifiedIdentity,
    to after: _ModifiedIdentity
  ) {
    guard !before.isIdentical(to: after) else { return }
    announcer.announce(subject(), keyPath: keyPath())
  }
}

extension ObservationStateRegistrar: Equatable, Hashable, Codable {
  /// Registrars never differ: state equality ignores them.
  public static func == (_: Self, _: Self) -> Bool { true }

  /// Adds nothing to the hash.
  public func hash(into hasher: inout Hasher) {}

  /// A new registrar; nothing is decoded.
  public init(from decoder: any Decoder) throws {
    self.init()
  }

  /// Encodes nothing.
  public func encode(to encoder: any Encoder) throws {}
}
