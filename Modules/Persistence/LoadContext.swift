/// Why a key is asked to load: to give a new reference its first value, or because `load()` was
/// called.
public enum LoadContext<Value> {
  /// A reference is being created with this default; the key returns it when nothing is stored.
  case initialValue(Value)
  /// `load()` was called explicitly.
  case userInitiated

  /// The default the reference was created with, when loading for a new reference.
  public var initialValue: Value? {
    if case .initialValue(let value) = self { return value }
    return nil
  }
}

extension LoadContext: Sendable where Value: Sendable {}
extension LoadContext: Equatable where Value: Equatable {}
extension LoadContext: Hashable where Value: Hashable {}
