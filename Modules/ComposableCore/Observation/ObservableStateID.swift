import Synchronization

/// The identity of an ``ObservableState`` value: equal for a value and its unmodified copies,
/// different after the value is replaced or modified in place. For a state enum, the identity of
/// the case's state tagged with the case's position, so two cases never share an identity.
///
/// It also carries the state's *version*, which is not part of its identity: a number renewed
/// by every write to a member of the state (``_$noteWrite()``), unique across all states. Two
/// copies of a state with the same version hold the same values, so whoever kept a copy can tell
/// whether the state changed since without comparing what it holds
/// (``_$hasSameVersion(as:)``): a terminal redraw keeps a feature's frame that way.
///
/// NB: A location number and a list of tags, not a class or an indirect enum: renewing the
/// identity, which every in-place modification of child state does, allocates nothing.
public struct ObservableStateID: Hashable, Sendable {
  private var location: UInt64
  private var tags: [Int]
  private var version: UInt64

  /// A new, unique identity.
  public init() {
    location = Self.nextLocation()
    tags = []
    version = location
  }

  /// Identities are equal by location and tags; the version is not part of them.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.location == rhs.location && lhs.tags == rhs.tags
  }

  /// Hashes the location and the tags.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(location)
    hasher.combine(tags)
  }

  /// Whether `other` is this identity at the same version: the same state, with no member
  /// written since (for a state enum, the same case, its state unwritten since).
  public func _$hasSameVersion(as other: Self) -> Bool {
    self == other && version == other.version
  }

  /// Gives this identity a new version: a member of its state was written.
  public mutating func _$noteWrite() {
    version = Self.nextLocation()
  }

  /// The identity of `value` if it is observable state, otherwise a new unique identity.
  @inlinable
  public static func _$id<T>(for value: T) -> Self {
    (value as? any ObservableState)?._$id ?? Self()
  }

  /// The identity of `value`.
  @inlinable
  public static func _$id(for value: some ObservableState) -> Self {
    value._$id
  }

  /// This identity, marked as belonging to the enum case at position `tag`.
  public func _$tag(_ tag: Int) -> Self {
    var tagged = self
    tagged.tags.append(tag)
    return tagged
  }

  /// Gives this identity a new location, keeping its tags.
  public mutating func _$willModify() {
    location = Self.nextLocation()
  }

  private static let locations = Atomic<UInt64>(0)

  private static func nextLocation() -> UInt64 {
    locations.add(1, ordering: .relaxed).newValue
  }
}
