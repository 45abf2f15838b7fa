@_spi(Reflection) import CasePaths
import IssueReporting

/// Optional child state that a parent presents: a sheet, an alert, a screen of its own.
///
/// Hold it with `@Presents var destination: Destination.State?` (or, in the older style,
/// `@PresentationState`), and integrate the child with
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` on the projected value:
/// `.ifLet(\.$destination, action: \.destination) { Destination() }`. Setting the state
/// presents the child, `nil` dismisses it and cancels its effects.
///
/// The state is kept in a box shared by copies until one of them changes, so a recursive
/// feature (a destination presenting another of its kind) has a finite size.
@dynamicMemberLookup
@propertyWrapper
public struct PresentationState<State> {
  // NB: Inlinable, with the accessors below, so that a presentation reducer reads and writes
  //     the box specialized for the feature's types rather than through generic code.
  //     Its state is unchecked for exclusivity: only the accessors below reach it, and the
  //     `_modify` that yields it makes the box unique first, so no other access can overlap.
  @usableFromInline
  final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var state: State?
    /// Whether `state` is not `nil`, kept at every write.
    ///
    /// NB: Asking an optional whether it is `nil` copies it first when its type is
    ///     address-only, as a state holding a presentation is (an identity's `id` is an
    ///     existential): kept here, the question costs a load at every read, and at the end
    ///     of every write through ``PresentationState/wrappedValue`` it is asked of the child
    ///     where it lies (``isStatePresent``).
    @exclusivity(unchecked) @usableFromInline var isPresenting: Bool

    @usableFromInline init(state: State?) {
      self.state = state
      self.isPresenting = false
      isPresenting = isStatePresent
    }

    /// Whether `state` is not `nil`, read where it lies (``isPresent(at:)``): `state != nil`
    /// would copy the child and destroy the copy.
    @inlinable
    var isStatePresent: Bool {
      withUnsafePointer(to: &state) { isPresent(at: $0) }
    }
  }

  @usableFromInline var storage: Storage

  /// The presentation `ifLet` last saw, whose effects it runs: another reducer may since have
  /// dismissed or replaced it, and `ifLet` cancels its effects when it next runs. Not part of
  /// the value: equality, hashing, coding and dumps ignore it.
  @usableFromInline var presentedIdentity: PresentedIdentity? {
    didSet { hasPresentedIdentity = presentedIdentity != nil }
  }

  /// Whether `ifLet` last saw something presented, kept at every write of the identity: asking
  /// the optional identity itself copies it first, and its `id` is an existential the compiler
  /// copies through its type's witnesses.
  @usableFromInline var hasPresentedIdentity = false

  /// Child state, presented when not `nil`.
  @inlinable
  public init(wrappedValue: State?) {
    self.storage = Storage(state: wrappedValue)
  }

  /// The presented child's state, or `nil` when nothing is presented.
  @inlinable
  public var wrappedValue: State? {
    get { storage.state }
    set {
      if isKnownUniquelyReferenced(&storage) {
        storage.state = newValue
        storage.isPresenting = storage.isStatePresent
      } else {
        storage = Storage(state: newValue)
      }
    }
    // NB: In place: a box shared with a copy of the presentation is copied first, so the child
    //     is modified where it lies in a box of its own.
    _modify {
      if !isKnownUniquelyReferenced(&storage) {
        storage = Storage(state: storage.state)
      }
      defer { storage.isPresenting = storage.isStatePresent }
      yield &storage.state
    }
  }

  /// The wrapper itself, for `ifLet(\.$destination, …)`.
  @inlinable
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    _modify { yield &self }
  }

  /// The presentation narrowed to one case of enum state: `$destination.alert`.
  public subscript<Case>(dynamicMember keyPath: CaseKeyPath<State, Case>) -> PresentationState<Case>
  where State: CasePathable {
    PresentationState<Case>(wrappedValue: wrappedValue.flatMap { $0[case: keyPath] })
  }

  /// The presentation narrowed to a property of the state.
  public subscript<Member>(dynamicMember keyPath: KeyPath<State, Member>) -> PresentationState<Member> {
    PresentationState<Member>(wrappedValue: wrappedValue?[keyPath: keyPath])
  }

  /// The presented state in one case of enum state, or `nil` when it is in another case or
  /// nothing is presented. Setting it while the state is in another case is reported and
  /// changes nothing.
  public subscript<Case>(
    case path: CaseKeyPath<State, Case>
  ) -> Case? where State: CasePathable {
    get { wrappedValue.flatMap { $0[case: path] } }
    set {
      guard let current = wrappedValue, current[case: path] != nil else {
        let name = wrappedValue.flatMap { caseName(of: $0) }
        reportIssue(
          "Can't modify unrelated case\(name.map { " \($0.debugDescription)" } ?? "")"
        )
        return
      }
      wrappedValue = newValue.map { path($0) }
    }
  }

  /// Whether anything is presented, without a copy of the child (``Storage/isPresenting``).
  @inlinable
  var isPresenting: Bool {
    storage.isPresenting
  }

  @inlinable
  func sharesStorage(with other: Self) -> Bool {
    storage === other.storage
  }
}

/// The name of the case `value` is in, when it is an enum.
func caseName<Root>(of value: Root) -> String? {
  guard let metadata = EnumMetadata(Root.self) else { return nil }
  return metadata.caseName(forTag: metadata.tag(of: value))
}

extension PresentationState: Equatable where State: Equatable {
  /// Whether both present equal state (or nothing).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sharesStorage(with: rhs) || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented state.
  public func hash(into hasher: inout Hasher) {
    wrappedValue.hash(into: &hasher)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the presented state, or `nil`.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try State?(from: decoder))
  }
}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the presented state, or `nil`.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension PresentationState: CustomReflectable {
  /// Reflects as the presented state, so dumps and test diffs show the child, not the box.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}
