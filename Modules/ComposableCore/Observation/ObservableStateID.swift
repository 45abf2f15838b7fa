import Synchronization

/// The identity of an ``ObservableState`` value: equal for a value and its unmodified copies,
/// different after the value is replaced or modified in place. For a state enum, the identity of
/// the case's state tagged with the case's position, so two cases never share an identity.
///
/// NB: A location number and a list of tags, not a class or an indirect enum: renewing the
/// identity, which every in-place modification of child state does, allocates nothing.
public struct ObservableStateID: Hashable, Sendable {
  private var location: UInt64
  private var tags: [Int]

  /// A new, unique identity.
  public init() {
    location = Self.nextLocation()
    tags = []
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
