import Synchronization

/// The identity of an ``ObservableState`` value: equal for a value and its unmodified copies,
/// different after the value is replaced or modified in place. For a state enum, the identity of
/// the case's state tagged with the case's position, so two cases never share an identity.
public struct ObservableStateID: Hashable, Sendable {
  private var value: Value

  private init(value: Value) {
    self.value = value
  }

  /// A new, unique identity.
  public init() {
    self.init(value: .location(Self.nextLocation()))
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
    Self(value: .tagged(tag, value))
  }

  /// Replaces the innermost location with a new one, keeping the tags.
  public mutating func _$willModify() {
    value = value.relocated(to: Self.nextLocation())
  }

  private indirect enum Value: Hashable, Sendable {
    case location(UInt64)
    case tagged(Int, Value)

    func relocated(to location: UInt64) -> Self {
      switch self {
      case .location:
        return .location(location)
      case .tagged(let tag, let inner):
        return .tagged(tag, inner.relocated(to: location))
      }
    }
  }

  private static let locations = Atomic<UInt64>(0)

  private static func nextLocation() -> UInt64 {
    locations.add(1, ordering: .relaxed).newValue
  }
}
